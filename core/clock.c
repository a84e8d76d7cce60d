/* clock.c: the one door to the clock, calendar arithmetic, and local wall
 * times resolved with the offset in force at their instant. */
#include "core/clock.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/err.h"

static int now_pinned;
static int64_t now_value;

int64_t
core_now(void)
{
	if (now_pinned)
		return now_value;
	return (int64_t)time(NULL);
}

void
core_pin_now(int64_t t)
{
	now_pinned = 1;
	now_value = t;
}

void
core_unpin_now(void)
{
	now_pinned = 0;
}

int64_t
floor_div(int64_t a, int64_t b)
{
	int64_t q = a / b;

	if ((a % b != 0) && ((a < 0) != (b < 0)))
		q--;
	return q;
}

/* After Howard Hinnant's days_from_civil: eras of 400 years. */
int64_t
days_from_civil(int64_t y, int m, int d)
{
	int64_t era, yoe, doy, doe;

	y -= m <= 2;
	era = floor_div(y, 400);
	yoe = y - era * 400;
	doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
	doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
	return era * 146097 + doe - 719468;
}

void
civil_from_days(int64_t z, int64_t *y, int *m, int *d)
{
	int64_t era, doe, yoe, doy, mp;

	z += 719468;
	era = floor_div(z, 146097);
	doe = z - era * 146097;
	yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
	doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
	mp = (5 * doy + 2) / 153;
	*d = (int)(doy - (153 * mp + 2) / 5 + 1);
	*m = (int)(mp < 10 ? mp + 3 : mp - 9);
	*y = yoe + era * 400 + (*m <= 2);
}

int
weekday_from_days(int64_t days)
{
	/* 1970-01-01 was a Thursday. */
	return (int)(((days % 7) + 11) % 7);
}

int
days_in_month(int64_t y, int m)
{
	static const int n[] = { 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30,
		31 };
	int leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;

	return m == 2 ? 28 + leap : n[m - 1];
}

void
local_parts(int64_t t, struct lt *out)
{
	time_t tt = (time_t)t;
	struct tm tm;

	localtime_r(&tt, &tm);
	out->year = tm.tm_year + 1900;
	out->mon = tm.tm_mon + 1;
	out->mday = tm.tm_mday;
	out->hour = tm.tm_hour;
	out->min = tm.tm_min;
	out->sec = tm.tm_sec;
	out->wday = tm.tm_wday;
	/* tm_gmtoff is not POSIX: derive the offset portably. */
	out->gmtoff = (long)(days_from_civil(out->year, out->mon, out->mday) *
	    DAY_S + out->hour * 3600 + out->min * 60 + out->sec - t);
}

/* Seconds east of UTC in force at the instant t. */
static long
offset_at(int64_t t)
{
	struct lt l;

	local_parts(t, &l);
	return l.gmtoff;
}

/* The zone's name for a message: TZ as set (without POSIX's leading ':'),
 * if it is plain printable text, else "local time". */
static const char *
zone_name(void)
{
	const char *z = getenv("TZ");
	const char *p;

	if (z != NULL && *z == ':')
		z++;
	if (z == NULL || *z == '\0' || strlen(z) > 64)
		return "local time";
	for (p = z; *p != '\0'; p++)
		if (!isalnum((unsigned char)*p) && strchr("/_+-.,:<>", *p) ==
		    NULL)
			return "local time";
	return z;
}

/* "HH:MM", or "HH:MM:SS" when the seconds are not zero, of a wall time
 * counted in seconds since the epoch as if it were UTC. */
static void
wall_clock(char *b, size_t n, int64_t w)
{
	int64_t s = w - floor_div(w, DAY_S) * DAY_S;

	if (s % 60 != 0)
		snprintf(b, n, "%02d:%02d:%02d", (int)(s / 3600),
		    (int)(s % 3600 / 60), (int)(s % 60));
	else
		snprintf(b, n, "%02d:%02d", (int)(s / 3600),
		    (int)(s % 3600 / 60));
}

/*
 * The rule of local_time(), on the wall time w counted as if it were UTC.
 * The offsets in force a day either side of w, at w and at the instant w
 * first seems to be are the ones that can hold near it; each offset o
 * whose instant w - o really has offset o is an occurrence of w, and the
 * earliest wins.  When none is, the clocks skipped w: the jump lies between
 * the instants w would be under the larger and under the smaller offset,
 * and is found by halving; *t is then the instant of the jump.
 */
static int
resolve(int year, int mon, int mday, int hour, int min, int sec, int64_t *t,
    struct err *e)
{
	int64_t ym = (int64_t)year * 12 + (mon - 1), y, w, lo, hi, best = 0;
	long cand[4], off_lo;
	int m, d, i, found = 0;

	tzset();
	y = floor_div(ym, 12);
	m = (int)(ym - y * 12) + 1;
	w = (days_from_civil(y, m, 1) + mday - 1) * DAY_S +
	    (int64_t)hour * 3600 + (int64_t)min * 60 + sec;
	cand[0] = offset_at(w - DAY_S);
	cand[1] = offset_at(w);
	cand[2] = offset_at(w + DAY_S);
	cand[3] = offset_at(w - cand[1]);
	/* One offset all round (most days): the loop below would find the
	 * same instant, asking the zone four times more. */
	if (cand[0] == cand[1] && cand[2] == cand[1] && cand[3] == cand[1]) {
		*t = w - cand[1];
		return 0;
	}
	for (i = 0; i < 4; i++) {
		if (offset_at(w - cand[i]) != cand[i])
			continue;
		if (!found || w - cand[i] < best)
			best = w - cand[i];
		found = 1;
	}
	if (found) {
		*t = best;
		return 0;
	}
	/* A gap: under the larger offset w comes before the jump, under the
	 * smaller one after it. */
	lo = hi = w - cand[0];
	for (i = 1; i < 4; i++) {
		if (w - cand[i] < lo)
			lo = w - cand[i];
		if (w - cand[i] > hi)
			hi = w - cand[i];
	}
	off_lo = offset_at(lo);
	/* The first instant in (lo, hi] whose offset is not lo's. */
	while (hi - lo > 1) {
		int64_t mid = lo + (hi - lo) / 2;

		if (offset_at(mid) == off_lo)
			lo = mid;
		else
			hi = mid;
	}
	*t = hi;
	if (e != NULL) {
		char at[16], from[16], to[16];

		civil_from_days(floor_div(w, DAY_S), &y, &m, &d);
		wall_clock(at, sizeof at, w);
		wall_clock(from, sizeof from, hi + off_lo);
		wall_clock(to, sizeof to, hi + offset_at(hi));
		err_set(e, "%04lld-%02d-%02d %s does not exist in %s: clocks "
		    "went from %s to %s", (long long)y, m, d, at,
		    zone_name(), from, to);
	}
	return -1;
}

int
local_time(int year, int mon, int mday, int hour, int min, int sec,
    int64_t *t, struct err *e)
{
	int64_t x;

	if (resolve(year, mon, mday, hour, min, sec, &x, e) < 0)
		return -1;
	*t = x;
	return 0;
}

int64_t
local_make(int year, int mon, int mday, int hour, int min, int sec)
{
	int64_t t;

	resolve(year, mon, mday, hour, min, sec, &t, NULL);
	return t;
}

int64_t
local_day_start(int64_t t)
{
	struct lt l;

	local_parts(t, &l);
	return local_make(l.year, l.mon, l.mday, 0, 0, 0);
}

size_t
local_day_starts(int64_t since, int64_t until, int64_t *at, size_t max)
{
	int64_t d = local_day_start(since);
	size_t n = 0;

	/* A day is 23 to 25 hours long: 36 hours on is in the next. */
	while (n < max && (d = local_day_start(d + 36 * 3600)) < until)
		at[n++] = d;
	return n;
}

int
local_at(int64_t day, int secs, int64_t *t, struct err *e)
{
	struct lt l;

	/* Hours, minutes and seconds on the clock, so that a day with a
	 * daylight-saving jump still puts 04:00 at 04:00. */
	local_parts(day, &l);
	return local_time(l.year, l.mon, l.mday, secs / 3600,
	    secs % 3600 / 60, secs % 60, t, e);
}

int64_t
local_month_start(int64_t t)
{
	return local_month_add(t, 0);
}

int64_t
local_month_add(int64_t t, int n)
{
	struct lt l;

	local_parts(t, &l);
	return local_make(l.year, l.mon + n, 1, 0, 0, 0);
}

int64_t
local_month_same_day(int64_t t, int n)
{
	struct lt l;
	int y, mon, d;

	local_parts(t, &l);
	y = l.year + (l.mon - 1 + n) / 12;
	mon = (l.mon - 1 + n) % 12 + 1;
	d = l.mday;
	if (d > days_in_month(y, mon))
		d = days_in_month(y, mon);
	return local_make(y, mon, d, l.hour, l.min, l.sec);
}

int64_t
local_month_same_day_after(int64_t t, int64_t after)
{
	int64_t next;
	int n = 1;

	while ((next = local_month_same_day(t, n)) <= after)
		n++;
	return next;
}

int64_t
local_week_start(int64_t t)
{
	struct lt l;
	int back;

	local_parts(t, &l);
	back = (l.wday + 6) % 7; /* days since Monday */
	return local_make(l.year, l.mon, l.mday - back, 0, 0, 0);
}

int64_t
local_day_number(int64_t t)
{
	struct lt l;

	local_parts(t, &l);
	return days_from_civil(l.year, l.mon, l.mday);
}
