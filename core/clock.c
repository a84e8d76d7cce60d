/* clock.c: the one door to the clock, and calendar arithmetic. */
#include "core/clock.h"

#include <time.h>

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

int64_t
local_make(int year, int mon, int mday, int hour, int min, int sec)
{
	struct tm tm = { 0 };

	tm.tm_year = year - 1900;
	tm.tm_mon = mon - 1;
	tm.tm_mday = mday;
	tm.tm_hour = hour;
	tm.tm_min = min;
	tm.tm_sec = sec;
	tm.tm_isdst = -1;
	return (int64_t)mktime(&tm);
}

int64_t
local_day_start(int64_t t)
{
	struct lt l;

	local_parts(t, &l);
	return local_make(l.year, l.mon, l.mday, 0, 0, 0);
}

int64_t
local_at(int64_t day, int secs)
{
	struct lt l;

	/* Hours, minutes and seconds on the clock, so that a day with a
	 * daylight-saving jump still puts 04:00 at 04:00. */
	local_parts(day, &l);
	return local_make(l.year, l.mon, l.mday, secs / 3600, secs % 3600 / 60,
	    secs % 60);
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
local_week_start(int64_t t)
{
	struct lt l;
	int back;

	local_parts(t, &l);
	back = (l.wday + 6) % 7; /* days since Monday */
	return local_make(l.year, l.mon, l.mday - back, 0, 0, 0);
}
