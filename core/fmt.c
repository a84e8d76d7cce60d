/* fmt.c: formatting of durations, money and times; no I/O. */
#include "core/fmt.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/clock.h"
#include "core/model.h"
#include "core/text.h"

char *
fmt_duration(char *buf, size_t n, int64_t s)
{
	int64_t h, m;

	if (s < 0)
		s = 0;
	h = s / 3600;
	m = (s % 3600) / 60;
	if (h == 0 && m == 0)
		snprintf(buf, n, "%llds", (long long)s);
	else if (h == 0)
		snprintf(buf, n, "%lldm", (long long)m);
	else if (m == 0)
		snprintf(buf, n, "%lldh", (long long)h);
	else
		snprintf(buf, n, "%lldh%lldm", (long long)h, (long long)m);
	return buf;
}

char *
fmt_hours(char *buf, size_t n, int64_t s)
{
	int64_t tenths = (llabs(s) * 10 + 1800) / 3600;

	snprintf(buf, n, "%s%lld.%lld", s < 0 && tenths ? "-" : "",
	    (long long)(tenths / 10), (long long)(tenths % 10));
	return buf;
}

char *
fmt_relative(char *buf, size_t n, int64_t s)
{
	const char *sign = s < 0 ? "-" : "";
	int64_t a = llabs(s);
	int64_t d = a / DAY_S, h = a % DAY_S / 3600, m = a % 3600 / 60;

	if (d > 0)
		snprintf(buf, n, "%s%lldd %lldh", sign, (long long)d,
		    (long long)h);
	else if (h > 0)
		snprintf(buf, n, "%s%lldh %lldm", sign, (long long)h,
		    (long long)m);
	else
		snprintf(buf, n, "%s%lldm", sign, (long long)m);
	return buf;
}

/* Groups the digits of v: Indian style (12,34,567) or Western. */
static void
group(char *out, size_t n, int64_t v, int indian)
{
	char d[32];
	char tmp[48];
	int len, i, k = 0, pos;

	len = snprintf(d, sizeof d, "%lld", (long long)v);
	for (i = 0; i < len; i++) {
		pos = len - i; /* digits from here to the end */
		tmp[k++] = d[i];
		if (pos > 1) {
			int left = pos - 1;
			int comma = indian ? (left == 3 ||
			    (left > 3 && (left - 3) % 2 == 0)) : left % 3 == 0;
			if (comma)
				tmp[k++] = ',';
		}
	}
	tmp[k] = '\0';
	snprintf(out, n, "%s", tmp);
}

char *
fmt_money(char *buf, size_t n, int64_t minor, const char *cur, int flags)
{
	char whole[48], frac[8] = "";
	int64_t a = llabs(minor);
	const char *sign = minor < 0 ? "-" : "";
	int inr = strcmp(cur, "INR") == 0;

	group(whole, sizeof whole, a / 100, inr);
	if (!((flags & FMT_WHOLE) && a % 100 == 0))
		snprintf(frac, sizeof frac, ".%02lld", (long long)(a % 100));
	if (inr)
		snprintf(buf, n, "%s%s%s%s", sign,
		    flags & FMT_ASCII ? "Rs " : "\xe2\x82\xb9", whole, frac);
	else if (strcmp(cur, "USD") == 0 || cur[0] == '\0')
		snprintf(buf, n, "%s$%s%s", sign, whole, frac);
	else
		snprintf(buf, n, "%s%s%s %s", sign, whole, frac, cur);
	return buf;
}

char *
fmt_rate(char *buf, size_t n, int64_t micro, const char *cur, int flags)
{
	char m[48];
	int64_t minor = micro / 10000;
	int64_t rest = micro % 10000;

	fmt_money(m, sizeof m, minor, cur, rest ? flags & ~FMT_WHOLE : flags);
	/* Sub-cent precision (0.135/h) keeps its extra digits. */
	if (rest != 0) {
		char extra[8];
		int len;

		len = snprintf(extra, sizeof extra, "%04lld", (long long)rest);
		while (len > 0 && extra[len - 1] == '0')
			extra[--len] = '\0';
		snprintf(buf, n, "%s%s/h", m, extra);
	} else {
		snprintf(buf, n, "%s/h", m);
	}
	return buf;
}

char *
fmt_centi(char *buf, size_t n, int64_t c)
{
	snprintf(buf, n, "%s%lld.%02lld", c < 0 ? "-" : "",
	    (long long)(llabs(c) / 100), (long long)(llabs(c) % 100));
	return buf;
}

/* 10 to the power of p, for p of 0 to 18. */
static int64_t
pow10i(int p)
{
	int64_t v = 1;

	while (p-- > 0)
		v *= 10;
	return v;
}

char *
fmt_quota_amount(char *buf, size_t n, int unit, int64_t v)
{
	const struct quota_meter *m = quota_meter(unit);
	int64_t one = pow10i(m->places);
	int64_t u = (llabs(v) * one + m->scale / 2) / m->scale;

	if (m->places == 0)
		snprintf(buf, n, "%s%lld", v < 0 && u ? "-" : "",
		    (long long)u);
	else
		snprintf(buf, n, "%s%lld.%0*lld", v < 0 && u ? "-" : "",
		    (long long)(u / one), m->places, (long long)(u % one));
	return buf;
}

char *
fmt_quota_left(char *buf, size_t n, int unit, int64_t remaining)
{
	char a[32];

	if (remaining < 0)
		snprintf(buf, n, "over by %s %s", fmt_quota_amount(a, sizeof a,
		    unit, -remaining), quota_meter(unit)->label);
	else
		snprintf(buf, n, "%s left", fmt_quota_amount(a, sizeof a,
		    unit, remaining));
	return buf;
}

int64_t
quota_centi(int unit, int64_t v)
{
	int64_t scale = quota_meter(unit)->scale;

	return (v * 100 + (v >= 0 ? scale / 2 : -(scale / 2))) / scale;
}

int64_t
quota_exact(int unit, int64_t v, int *places)
{
	int64_t scale = quota_meter(unit)->scale;

	for (*places = 0; *places < 6; ++*places)
		if (pow10i(*places) % scale == 0)
			return v * (pow10i(*places) / scale);
	return (v * 1000000 + (v >= 0 ? scale / 2 : -(scale / 2))) / scale;
}

char *
fmt_quota_json(char *buf, size_t n, int unit, int64_t v)
{
	return fmt_centi(buf, n, quota_centi(unit, v));
}

char *
fmt_quota_limit(char *buf, size_t n, int unit, int64_t v)
{
	size_t k;

	fmt_quota_amount(buf, n, unit, v);
	k = strlen(buf);
	if (!quota_meter(unit)->rated && k > 2 &&
	    strcmp(buf + k - 2, ".0") == 0)
		buf[k - 2] = '\0';
	return buf;
}

char *
fmt_fixed6(char *buf, size_t n, int64_t v)
{
	int len;

	len = snprintf(buf, n, "%s%lld.%06lld", v < 0 ? "-" : "",
	    (long long)(llabs(v) / 1000000), (long long)(llabs(v) % 1000000));
	/* Keep at least two decimals: 83.50. */
	while (len > 0 && (size_t)len < n && buf[len - 1] == '0' &&
	    buf[len - 3] != '.')
		buf[--len] = '\0';
	return buf;
}

char *
fmt_local(char *buf, size_t n, int64_t t, const char *f)
{
	time_t tt = (time_t)t;
	struct tm tm;

	localtime_r(&tt, &tm);
	if (strftime(buf, n, f, &tm) == 0 && n > 0)
		buf[0] = '\0';
	return buf;
}

char *
fmt_when(char *buf, size_t n, int64_t t, int64_t now)
{
	return fmt_local(buf, n, t, t >= now && t - now < 6 * DAY_S ?
	    "%a %H:%M" : "%a %d %b %H:%M");
}

char *
fmt_run_label(char *buf, size_t n, const struct run *r, int64_t now)
{
	char d[32];
	char *p = text_safe(r->platform), *g = text_safe(r->gpu);

	fmt_duration(d, sizeof d, run_end_at(r, now) - r->start);
	if (*g != '\0' && r->gpus > 1)
		snprintf(buf, n, "%s %dx %s %s", p, r->gpus, g, d);
	else if (*g != '\0')
		snprintf(buf, n, "%s %s %s", p, g, d);
	else if (r->gpus > 1)
		snprintf(buf, n, "%s %dx GPU %s", p, r->gpus, d);
	else
		snprintf(buf, n, "%s %s", p, d);
	free(p);
	free(g);
	return buf;
}

char *
fmt_iso_utc(char *buf, size_t n, int64_t t)
{
	int64_t y, days = floor_div(t, DAY_S), sec = t - days * DAY_S;
	int m, d;

	civil_from_days(days, &y, &m, &d);
	snprintf(buf, n, "%04lld-%02d-%02dT%02lld:%02lld:%02lldZ",
	    (long long)y, m, d, (long long)(sec / 3600),
	    (long long)(sec % 3600 / 60), (long long)(sec % 60));
	return buf;
}

char *
fmt_iso_local(char *buf, size_t n, int64_t t)
{
	struct lt l;
	long off;

	local_parts(t, &l);
	off = l.gmtoff;
	if (off == 0) {
		snprintf(buf, n, "%04d-%02d-%02dT%02d:%02d:%02dZ", l.year,
		    l.mon, l.mday, l.hour, l.min, l.sec);
		return buf;
	}
	snprintf(buf, n, "%04d-%02d-%02dT%02d:%02d:%02d%c%02ld:%02ld", l.year,
	    l.mon, l.mday, l.hour, l.min, l.sec, off < 0 ? '-' : '+',
	    labs(off) / 3600, labs(off) % 3600 / 60);
	return buf;
}

int64_t
hours_centi(int64_t secs)
{
	return (secs * 100 + 1800) / 3600;
}

char *
fmt_hours_centi(char *buf, size_t n, int64_t secs)
{
	return fmt_centi(buf, n, hours_centi(secs));
}
