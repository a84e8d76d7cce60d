/* parse.c: durations, times, WHEN ranges, money and quotas from text. */
#include "core/parse.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "core/clock.h"
#include "core/err.h"
#include "core/model.h"

static const char *const wday_names[] = { "sun", "mon", "tue", "wed", "thu",
	"fri", "sat" };

/* Reads up to 18 digits; returns the count read. */
static int
read_digits(const char **pp, int64_t *v)
{
	const char *p = *pp;
	int n = 0;

	*v = 0;
	while (isdigit((unsigned char)*p) && n < 18) {
		*v = *v * 10 + (*p - '0');
		p++;
		n++;
	}
	*pp = p;
	return n;
}

int
parse_duration(const char *s, int64_t *secs, struct err *e)
{
	static const char expect[] = "expected a number and a unit (d, h, m "
	    "or s), as in 2h30m, 90m or 1.5h";
	const char *p = s;
	int64_t total = 0, whole, frac, scale, unit;
	int nd, nf, seen = 0, last_unit = 100000000;

	if (s == NULL || *s == '\0')
		return err_set(e, "missing duration: %s", expect);
	/* h:mm, as clocks print elapsed time. */
	if (strchr(s, ':') != NULL) {
		int64_t h, m;

		nd = read_digits(&p, &h);
		if (nd == 0 || *p != ':' || (p++, read_digits(&p, &m)) != 2 ||
		    *p != '\0' || m > 59)
			return err_set(e, "invalid duration \"%s\": expected "
			    "H:MM, as in 2:30", s);
		if (h > DURATION_MAX_H)
			goto too_long;
		total = h * 3600 + m * 60;
		goto done;
	}
	while (*p != '\0') {
		while (*p == ' ')
			p++;
		if (*p == '\0')
			break;
		nd = read_digits(&p, &whole);
		frac = 0;
		scale = 1;
		nf = 0;
		if (*p == '.') {
			p++;
			while (isdigit((unsigned char)*p)) {
				if (nf < 6) {
					frac = frac * 10 + (*p - '0');
					scale *= 10;
				}
				nf++;
				p++;
			}
		}
		if (nd == 0 && nf == 0)
			return err_set(e, "invalid duration \"%s\": unexpected "
			    "\"%c\" at position %d; %s", s, *p ? *p : ' ',
			    (int)(p - s) + 1, expect);
		switch (tolower((unsigned char)*p)) {
		case 'd': unit = DAY_S; break;
		case 'h': unit = 3600; break;
		case 'm': unit = 60; break;
		case 's': unit = 1; break;
		case '\0':
			return err_set(e, "invalid duration \"%s\": the number "
			    "has no unit; %s", s, expect);
		default:
			return err_set(e, "invalid duration \"%s\": unknown "
			    "unit \"%c\" at position %d; %s", s, *p,
			    (int)(p - s) + 1, expect);
		}
		p++;
		/* "min", "hr", "hrs", "sec" read naturally too. */
		if (unit == 60 && strncasecmp(p, "in", 2) == 0)
			p += 2;
		else if (unit == 3600 && strncasecmp(p, "rs", 2) == 0)
			p += 2;
		else if (unit == 3600 && tolower((unsigned char)*p) == 'r')
			p++;
		else if (unit == 1 && strncasecmp(p, "ec", 2) == 0)
			p += 2;
		if (unit >= last_unit)
			return err_set(e, "invalid duration \"%s\": units must "
			    "go from large to small, each once; %s", s, expect);
		last_unit = (int)unit;
		/* Each part is bounded first, so that the sum cannot
		 * overflow before the whole is. */
		if (whole > DURATION_MAX_H)
			goto too_long;
		total += whole * unit + (frac * unit + scale / 2) / scale;
		seen++;
	}
	if (seen == 0)
		return err_set(e, "missing duration: %s", expect);
done:
	if (total <= 0)
		return err_set(e, "invalid duration \"%s\": must be more than "
		    "zero", s);
	if (total > (int64_t)DURATION_MAX_H * 3600)
		goto too_long;
	*secs = total;
	return 0;
too_long:
	return err_set(e, "invalid duration \"%s\": gpulog keeps durations "
	    "up to %dh", s, DURATION_MAX_H);
}

/* Reads "HH:MM[:SS]" at *pp; returns seconds after midnight or -1. */
static int
read_clock(const char **pp)
{
	const char *p = *pp;
	int64_t h, m, sec = 0;
	int nh;

	nh = read_digits(&p, &h);
	if (nh < 1 || nh > 2 || *p != ':')
		return -1;
	p++;
	if (read_digits(&p, &m) != 2)
		return -1;
	if (*p == ':') {
		p++;
		if (read_digits(&p, &sec) != 2)
			return -1;
	}
	if (h > 24 || m > 59 || sec > 59 || (h == 24 && (m || sec)))
		return -1;
	*pp = p;
	return (int)(h * 3600 + m * 60 + sec);
}

int
parse_clock(const char *s, int *secs, struct err *e)
{
	const char *p = s;
	int v = read_clock(&p);

	if (v < 0 || *p != '\0')
		return err_set(e, "invalid time of day \"%s\": expected HH:MM "
		    "from 00:00 to 24:00, as in 14:00", s);
	*secs = v;
	return 0;
}

/* Reads "YYYY-MM-DD" at *pp into y, m, d; -1 when it isn't one, -2 when it
 * is shaped like one but no such date exists. */
static int
read_date(const char **pp, int64_t *y, int *m, int *d)
{
	const char *p = *pp;
	int64_t mm, dd;

	if (read_digits(&p, y) != 4 || *p != '-')
		return -1;
	p++;
	if (read_digits(&p, &mm) != 2 || *p != '-')
		return -1;
	p++;
	if (read_digits(&p, &dd) != 2)
		return -1;
	*pp = p;
	if (mm < 1 || mm > 12 || dd < 1 || dd > days_in_month(*y, (int)mm))
		return -2;
	*m = (int)mm;
	*d = (int)dd;
	*pp = p;
	return 0;
}

static int
wday_index(const char *s, size_t n)
{
	int i;

	if (n < 3)
		return -1;
	for (i = 0; i < 7; i++)
		if (strncasecmp(s, wday_names[i], 3) == 0)
			break;
	if (i == 7)
		return -1;
	/* "sat", "saturday", "sa" is too short; accept the full name too. */
	if (n > 3) {
		static const char *const full[] = { "sunday", "monday",
			"tuesday", "wednesday", "thursday", "friday",
			"saturday" };
		if (n != strlen(full[i]) || strncasecmp(s, full[i], n) != 0)
			return -1;
	}
	return i;
}

int
is_day_word(const char *s)
{
	const char *p = s;
	int64_t y;
	int m, d;

	if (strcasecmp(s, "today") == 0 || strcasecmp(s, "yesterday") == 0)
		return 1;
	if (wday_index(s, strlen(s)) >= 0)
		return 1;
	return read_date(&p, &y, &m, &d) != -1 && *p == '\0';
}

/* Parses a day word of length n at s. */
static int
day_start(const char *s, size_t n, int64_t now, int64_t *t, struct err *e)
{
	struct lt l;
	const char *p = s;
	int64_t y;
	int m, d, w, rc;

	local_parts(now, &l);
	if (n == 5 && strncasecmp(s, "today", 5) == 0) {
		*t = local_make(l.year, l.mon, l.mday, 0, 0, 0);
		return 0;
	}
	if (n == 9 && strncasecmp(s, "yesterday", 9) == 0) {
		*t = local_make(l.year, l.mon, l.mday - 1, 0, 0, 0);
		return 0;
	}
	if ((w = wday_index(s, n)) >= 0) {
		*t = local_make(l.year, l.mon,
		    l.mday - (l.wday - w + 7) % 7, 0, 0, 0);
		return 0;
	}
	rc = read_date(&p, &y, &m, &d);
	if (rc == -2 && (size_t)(p - s) == n)
		return err_set(e, "invalid date \"%.*s\": no such day in the "
		    "calendar", (int)n, s);
	if (rc < 0 || (size_t)(p - s) != n)
		return err_set(e, "invalid date \"%.*s\": expected YYYY-MM-DD, "
		    "today, yesterday or a weekday", (int)n, s);
	*t = local_make((int)y, m, d, 0, 0, 0);
	return 0;
}

int
time_check(const char *s, int64_t t, struct err *e)
{
	if (t >= TIME_MIN && t <= TIME_MAX)
		return 0;
	return err_set(e, "invalid time \"%s\": gpulog keeps times from "
	    "1970 to 2200", s);
}

int
parse_day(const char *s, int64_t now, int64_t *t, struct err *e)
{
	int64_t v;

	if (day_start(s, strlen(s), now, &v, e) < 0 || time_check(s, v, e) < 0)
		return -1;
	*t = v;
	return 0;
}

/* Reads "Z", "+05:30", "+0530", "-08" at p; returns 1 and the offset east
 * in seconds, 0 when there is none, -1 when malformed. */
static int
read_zone(const char **pp, long *off)
{
	const char *p = *pp;
	int64_t h, m = 0;
	int sign, n;

	if (*p == 'Z' || *p == 'z') {
		*off = 0;
		*pp = p + 1;
		return 1;
	}
	if (*p != '+' && *p != '-')
		return 0;
	sign = *p == '-' ? -1 : 1;
	p++;
	n = read_digits(&p, &h);
	if (n == 4) {
		m = h % 100;
		h /= 100;
	} else if (n == 2) {
		if (*p == ':') {
			p++;
			if (read_digits(&p, &m) != 2)
				return -1;
		}
	} else {
		return -1;
	}
	if (h > 14 || m > 59)
		return -1;
	*off = sign * (long)(h * 3600 + m * 60);
	*pp = p;
	return 1;
}

int
parse_time(const char *s, int64_t now, int64_t *t, struct err *e)
{
	int64_t v;

	if (parse_instant(s, now, &v, e) < 0 || time_check(s, v, e) < 0)
		return -1;
	*t = v;
	return 0;
}

/*
 * s exactly as an export and most platforms write a time,
 * "YYYY-MM-DDTHH:MM:SSZ", into *t, by read_date() and read_clock(); -1
 * for anything else, which the general reading below then answers.  Every
 * imported row has two to four such times: this reads them without the
 * general path's tries (now, epoch seconds, a zone).
 */
static int
read_iso_utc(const char *s, int64_t *t)
{
	const char *p = s;
	int64_t y;
	int m, d, clk;

	if (read_date(&p, &y, &m, &d) != 0 || *p != 'T')
		return -1;
	p++;
	if ((clk = read_clock(&p)) < 0 || p - s != 19 || strcmp(p, "Z") != 0)
		return -1;
	*t = days_from_civil(y, m, d) * DAY_S + clk;
	return 0;
}

int
parse_instant(const char *s, int64_t now, int64_t *t, struct err *e)
{
	static const char expect[] = "expected YYYY-MM-DDTHH:MM[:SS][Z|+HH:MM]"
	    ", a day, HH:MM, a day and HH:MM, now, or epoch seconds";
	const char *p = s, *sp;
	int64_t y, v, day;
	int m, d, rc, clk;
	long off;

	if (read_iso_utc(s, t) == 0)
		return 0;
	if (strcasecmp(s, "now") == 0) {
		*t = now;
		return 0;
	}
	/* Epoch seconds: all digits, too long to be anything else. */
	if (strlen(s) >= 6 && strspn(s, "0123456789") == strlen(s)) {
		read_digits(&p, &v);
		if (*p != '\0')
			return err_set(e, "invalid time \"%s\": %s", s, expect);
		*t = v;
		return 0;
	}
	rc = read_date(&p, &y, &m, &d);
	if (rc == -2)
		return err_set(e, "invalid time \"%s\": no such day in the "
		    "calendar", s);
	if (rc == 0) {
		if (*p == '\0') {
			*t = local_make((int)y, m, d, 0, 0, 0);
			return 0;
		}
		if (*p != 'T' && *p != 't' && *p != ' ')
			return err_set(e, "invalid time \"%s\": %s", s, expect);
		p++;
		if ((clk = read_clock(&p)) < 0)
			return err_set(e, "invalid time \"%s\": bad time of "
			    "day; %s", s, expect);
		rc = read_zone(&p, &off);
		if (rc < 0 || *p != '\0')
			return err_set(e, "invalid time \"%s\": %s", s, expect);
		if (rc == 1) {
			*t = days_from_civil(y, m, d) * DAY_S + clk - off;
			return 0;
		}
		return local_time((int)y, m, d, clk / 3600, clk % 3600 / 60,
		    clk % 60, t, e);
	}
	/* "HH:MM" today, or "DAY HH:MM". */
	p = s;
	if ((clk = read_clock(&p)) >= 0 && *p == '\0') {
		if (day_start("today", 5, now, &day, e) < 0)
			return -1;
		return local_at(day, clk, t, e);
	}
	if ((sp = strchr(s, ' ')) != NULL) {
		p = sp + 1;
		while (*p == ' ')
			p++;
		if ((clk = read_clock(&p)) < 0 || *p != '\0')
			return err_set(e, "invalid time \"%s\": %s", s, expect);
		if (day_start(s, (size_t)(sp - s), now, &day, e) < 0)
			return -1;
		return local_at(day, clk, t, e);
	}
	if (is_day_word(s))
		return day_start(s, strlen(s), now, t, e);
	return err_set(e, "invalid time \"%s\": %s", s, expect);
}

int
parse_when(const char *day, const char *spec, int64_t now, int64_t *start,
    int64_t *end, struct err *e)
{
	const char *p = spec, *dash;
	int64_t d0, dur, t;
	int a, b;

	dash = strchr(spec, '-');
	if (dash == NULL || strchr(spec, ':') == NULL) {
		if (day != NULL)
			return err_set(e, "invalid range \"%s\": after a day, "
			    "expected a clock range such as 14:00-15:30", spec);
		if (parse_duration(spec, &dur, e) < 0)
			return -1;
		if (time_check("now", now, e) < 0 ||
		    time_check(spec, now - dur, e) < 0)
			return -1;
		*end = now;
		*start = now - dur;
		return 0;
	}
	/* Spaces around the dash are Timewarrior's: 14:00 - 17:30. */
	if ((a = read_clock(&p)) < 0)
		return err_set(e, "invalid range \"%s\": expected HH:MM-HH:MM, "
		    "as in 14:00-17:30", spec);
	while (*p == ' ')
		p++;
	if (p != dash)
		return err_set(e, "invalid range \"%s\": expected HH:MM-HH:MM, "
		    "as in 14:00-17:30", spec);
	p = dash + 1;
	while (*p == ' ')
		p++;
	if ((b = read_clock(&p)) < 0 || *p != '\0')
		return err_set(e, "invalid range \"%s\": expected HH:MM-HH:MM, "
		    "as in 14:00-17:30", spec);
	if (a == b)
		return err_set(e, "invalid range \"%s\": it lasts no time",
		    spec);
	if (day != NULL) {
		if (parse_day(day, now, &d0, e) < 0)
			return -1;
	} else {
		d0 = local_day_start(now);
		/* A range that has not begun yet today means yesterday's.  A
		 * start today that the clocks skipped is refused once they
		 * have jumped (local_at() says why), and yesterday's before. */
		if (local_at(d0, a, &t, NULL) < 0) {
			struct lt l;

			local_parts(d0, &l);
			t = local_make(l.year, l.mon, l.mday, a / 3600,
			    a % 3600 / 60, a % 60);
			if (t <= now)
				return local_at(d0, a, start, e);
			d0 = local_day_start(d0 - 1);
		} else if (t > now) {
			d0 = local_day_start(d0 - 1);
		}
	}
	if (local_at(d0, a, start, e) < 0)
		return -1;
	/* An end not after the start is on the next day: 23:00-01:30. */
	if (local_at(d0, b > a ? b : b + DAY_S, end, e) < 0)
		return -1;
	if (time_check(spec, *start, e) < 0 || time_check(spec, *end, e) < 0)
		return -1;
	/* "24:00-00:00" names one instant twice. */
	if (*end <= *start)
		return err_set(e, "invalid range \"%s\": it lasts no time",
		    spec);
	return 0;
}

int
parse_currency(const char *s, char cur[4], struct err *e)
{
	if (strcasecmp(s, "USD") == 0 || strcmp(s, "$") == 0) {
		strcpy(cur, "USD");
		return 0;
	}
	if (strcasecmp(s, "INR") == 0 || strcmp(s, "\xe2\x82\xb9") == 0 ||
	    strcasecmp(s, "Rs") == 0 || strcasecmp(s, "Rs.") == 0) {
		strcpy(cur, "INR");
		return 0;
	}
	return err_set(e, "unknown currency \"%s\": expected USD ($) or INR "
	    "(\xe2\x82\xb9, Rs)", s);
}

/* Splits money text into a currency word and a number, either order. */
int
parse_money(const char *s, int decimals, const char *def_cur,
    int64_t *value, char cur[4], struct err *e)
{
	static const char expect[] = "expected an amount with its currency, "
	    "as in 250INR, \xe2\x82\xb9" "250, $3.20 or 3.20USD";
	char num[64], word[16];
	const char *p = s, *q;
	size_t nn = 0, nw = 0;
	int64_t v;

	while (*p == ' ')
		p++;
	if (*p == '-')
		return err_set(e, "invalid amount \"%s\": must not be negative",
		    s);
	/* Currency before the number. */
	q = p;
	while (*q != '\0' && !isdigit((unsigned char)*q) && *q != '.' &&
	    *q != ' ')
		q++;
	/* "Rs." ends in a dot that is not a decimal point. */
	if (q - p == 2 && strncasecmp(p, "Rs", 2) == 0 && *q == '.')
		q++;
	if (q != p) {
		nw = (size_t)(q - p);
		if (nw >= sizeof word)
			return err_set(e, "invalid amount \"%s\": %s", s,
			    expect);
		memcpy(word, p, nw);
		p = q;
		while (*p == ' ')
			p++;
	}
	while (*p != '\0' && (isdigit((unsigned char)*p) || *p == '.' ||
	    *p == ',')) {
		if (*p != ',') {
			if (nn + 1 >= sizeof num)
				return err_set(e, "invalid amount \"%s\": too "
				    "long", s);
			num[nn++] = *p;
		}
		p++;
	}
	num[nn] = '\0';
	while (*p == ' ')
		p++;
	if (*p != '\0') {
		if (nw != 0)
			return err_set(e, "invalid amount \"%s\": %s", s,
			    expect);
		nw = strlen(p);
		if (nw >= sizeof word)
			return err_set(e, "invalid amount \"%s\": %s", s,
			    expect);
		memcpy(word, p, nw);
	}
	word[nw] = '\0';
	if (nn == 0)
		return err_set(e, "invalid amount \"%s\": %s", s, expect);
	if (nw == 0) {
		if (def_cur == NULL)
			return err_set(e, "invalid amount \"%s\": no currency; "
			    "%s", s, expect);
		snprintf(cur, 4, "%s", def_cur);
	} else if (parse_currency(word, cur, e) < 0) {
		return -1;
	}
	/* More whole digits than parse_fixed() reads is past the limit. */
	q = num + strspn(num, "0");
	if (strcspn(q, ".") > 12)
		return money_check(s, -1, decimals, e);
	if (parse_fixed(num, decimals, "amount", &v, e) < 0)
		return err_set(e, "invalid amount \"%s\": %s", s,
		    decimals == 2 ? "expected at most two decimals, as in "
		    "3.20" : expect);
	if (money_check(s, v, decimals, e) < 0)
		return -1;
	*value = v;
	return 0;
}

int
money_check(const char *s, int64_t v, int decimals, struct err *e)
{
	int64_t max = MONEY_MAX_MINOR;
	int i;

	/* MONEY_MAX_MINOR is in hundredths; finer units scale it up. */
	for (i = 2; i < decimals; i++)
		max *= 10;
	if (v >= 0 && v <= max)
		return 0;
	return err_set(e, "invalid amount \"%s\": gpulog keeps amounts up "
	    "to 1,000,000,000.00", s);
}

int
parse_fixed(const char *s, int decimals, const char *what, int64_t *v,
    struct err *e)
{
	const char *p = s;
	int64_t whole, frac = 0;
	int nd, nf = 0;

	nd = read_digits(&p, &whole);
	if (*p == '.') {
		p++;
		while (isdigit((unsigned char)*p)) {
			if (++nf > decimals)
				return err_set(e, "invalid %s \"%s\": at most "
				    "%d decimals", what, s, decimals);
			frac = frac * 10 + (*p - '0');
			p++;
		}
	}
	if ((nd == 0 && nf == 0) || *p != '\0' || nd > 12)
		return err_set(e, "invalid %s \"%s\": expected a number such "
		    "as 83.50", what, s);
	for (; nf < decimals; nf++)
		frac *= 10;
	for (nd = 0; nd < decimals; nd++)
		whole *= 10;
	*v = whole + frac;
	return 0;
}

int
parse_int(const char *s, const char *what, int64_t min, int64_t max,
    int64_t *v, struct err *e)
{
	const char *p = s;
	int neg = 0;
	int64_t x;

	if (*p == '-') {
		neg = 1;
		p++;
	}
	if (read_digits(&p, &x) == 0 || *p != '\0')
		return err_set(e, "invalid %s \"%s\": expected a whole number",
		    what, s);
	if (neg)
		x = -x;
	if (x < min || x > max)
		return err_set(e, "invalid %s \"%s\": expected %lld to %lld",
		    what, s, (long long)min, (long long)max);
	*v = x;
	return 0;
}

/*
 * The meter whose suffix ends amount, cut off it: its brief ("h", "cu")
 * or, for a rated meter, its word ("credits"), the first row of the list
 * that matches (the hours meters share "h": QU_GPU_S's); else -1.
 */
static int
meter_suffix(char *amount)
{
	const struct quota_meter *m;
	size_t n = strlen(amount), k;
	int u, i;

	for (u = 0; u < QU_COUNT; u++) {
		m = quota_meter(u);
		for (i = 0; i < (m->rated ? 2 : 1); i++) {
			k = strlen(i == 0 ? m->brief : m->word);
			if (n > k && strcasecmp(amount + n - k, i == 0 ?
			    m->brief : m->word) == 0) {
				amount[n - k] = '\0';
				return u;
			}
		}
	}
	return -1;
}

/* 1 when meter u is the first of the list with its brief. */
static int
first_brief(int u)
{
	int v;

	for (v = 0; v < u && strcmp(quota_meter(v)->brief,
	    quota_meter(u)->brief) != 0; v++)
		;
	return v == u;
}

/* The suffixes meter_suffix() knows, in words: "h (GPU-hours), cu
 * (compute units) or cr (credits)", each brief once, with the name of the
 * first meter that has it. */
static void
meter_suffixes(char *buf, size_t n)
{
	size_t k;
	int u, left = 0;

	buf[0] = '\0';
	for (u = 0; u < QU_COUNT; u++)
		left += first_brief(u);
	for (u = 0; u < QU_COUNT; u++) {
		if (!first_brief(u))
			continue;
		k = strlen(buf);
		snprintf(buf + k, n - k, "%s%s (%s)", k == 0 ? "" : left == 1 ?
		    " or " : ", ", quota_meter(u)->brief, quota_meter(u)->name);
		left--;
	}
}

int
parse_quota(const char *s, struct quota *out, struct err *e)
{
	static const char expect[] = "expected AMOUNT/WINDOW, as in 30h/week, "
	    "80h/month, 100cu/month, 15cr/month or 20h/7d";
	const char *slash = strchr(s, '/');
	char amount[32];
	const char *w;
	size_t n;
	int64_t v;
	int unit;
	struct quota nq = *out;

	/* Parsed into nq, so that q is left alone on failure. */
	struct quota *q = &nq;

	if (slash == NULL || (n = (size_t)(slash - s)) == 0 ||
	    n >= sizeof amount)
		return err_set(e, "invalid quota \"%s\": %s", s, expect);
	memcpy(amount, s, n);
	amount[n] = '\0';
	if ((unit = meter_suffix(amount)) < 0) {
		char units[160];

		meter_suffixes(units, sizeof units);
		return err_set(e, "invalid quota \"%s\": the amount needs a "
		    "unit, %s; %s", s, units, expect);
	}
	/* In hundredths of the unit, then in the meter's stored scale
	 * (hours: 36 s a hundredth). */
	if (parse_fixed(amount, 2, "quota amount", &v, e) < 0)
		return -1;
	v = v * quota_meter(unit)->scale / 100;
	q->unit = unit;
	if (v <= 0)
		return err_set(e, "invalid quota \"%s\": the amount must be "
		    "more than zero", s);
	q->amount = v;
	w = slash + 1;
	if (strcasecmp(w, "week") == 0 || strcasecmp(w, "w") == 0) {
		q->window = QW_WEEK;
	} else if (strcasecmp(w, "month") == 0 || strcasecmp(w, "mo") == 0) {
		q->window = QW_MONTH;
		if (q->reset_mday < 1)
			q->reset_mday = 1;
	} else {
		const char *p = w;
		int64_t days;

		if (read_digits(&p, &days) == 0 || strcasecmp(p, "d") != 0 ||
		    days < 1 || days > 366)
			return err_set(e, "invalid quota \"%s\": unknown "
			    "window \"%s\"; %s", s, w, expect);
		q->window = QW_ROLLING;
		q->rolling_days = (int)days;
	}
	/* A new kind of window takes that kind's default reset (a week:
	 * Sunday 00:00 UTC; a month: the 1st at 00:00 UTC) until --reset
	 * says otherwise; the same kind keeps the reset it had. */
	if (q->window != out->window) {
		q->reset_wday = 0;
		q->reset_mday = 1;
		q->reset_min = 0;
	}
	*out = nq;
	return 0;
}

int
parse_reset(const char *s, struct quota *q, struct err *e)
{
	static const char expect[] = "expected a weekday and a UTC time for a "
	    "weekly quota (\"sat 00:00 UTC\") or a day of the month and a "
	    "time (\"1 00:00 UTC\")";
	char first[16];
	const char *p = s, *sp;
	size_t n;
	int clk, w;
	int64_t mday;
	long off = 0;

	while (*p == ' ')
		p++;
	if ((sp = strchr(p, ' ')) == NULL || (n = (size_t)(sp - p)) == 0 ||
	    n >= sizeof first)
		return err_set(e, "invalid reset \"%s\": %s", s, expect);
	memcpy(first, p, n);
	first[n] = '\0';
	p = sp;
	while (*p == ' ')
		p++;
	if ((clk = read_clock(&p)) < 0 || clk >= DAY_S)
		return err_set(e, "invalid reset \"%s\": %s", s, expect);
	while (*p == ' ')
		p++;
	if (strcasecmp(p, "UTC") == 0 || strcasecmp(p, "GMT") == 0) {
		off = 0;
	} else if (*p != '\0') {
		const char *z = p;

		if (strncasecmp(z, "UTC", 3) == 0)
			z += 3;
		if (read_zone(&z, &off) != 1 || *z != '\0')
			return err_set(e, "invalid reset \"%s\": unknown zone "
			    "\"%s\"; resets are given in UTC or as an offset "
			    "such as +05:30", s, p);
	} else {
		return err_set(e, "invalid reset \"%s\": name the zone, as in "
		    "\"sat 00:00 UTC\"; %s", s, expect);
	}
	if ((w = wday_index(first, n)) >= 0) {
		if (q->window != QW_WEEK)
			return err_set(e, "invalid reset \"%s\": a weekday "
			    "resets a weekly quota, and this one is not", s);
		/* Shift a local-offset reset to UTC, keeping the weekday
		 * arithmetic in whole minutes. */
		clk -= (int)off;
		w = (int)(((w + floor_div(clk, DAY_S)) % 7 + 7) % 7);
		clk = (int)(((clk % DAY_S) + DAY_S) % DAY_S);
		q->reset_wday = w;
		q->reset_min = clk / 60;
		return 0;
	}
	if (parse_int(first, "day of the month", 1, 28, &mday, NULL) == 0) {
		if (q->window != QW_MONTH)
			return err_set(e, "invalid reset \"%s\": a day of the "
			    "month resets a monthly quota, and this one is "
			    "not", s);
		if (off != 0)
			return err_set(e, "invalid reset \"%s\": a monthly "
			    "reset is given in UTC", s);
		q->reset_mday = (int)mday;
		q->reset_min = clk / 60;
		return 0;
	}
	return err_set(e, "invalid reset \"%s\": %s", s, expect);
}
