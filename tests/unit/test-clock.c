/*
 * test-clock.c: local wall times across daylight saving, in core/clock.c's
 * local_time() and in every form of core/parse.c that stands on it: the ISO
 * forms (--start, --end, --at, spend -d, --since, --until, CSV times), the
 * day-and-clock forms ("yesterday 14:00", "sun 18:00") and the WHEN ranges
 * of `gpulog add`.  A local time takes the UTC offset in force at that
 * instant; a time the clocks skipped is refused, naming the gap; a time
 * they passed twice is its first occurrence.  Expected instants come from
 * t_utc() and the zones' published transitions, never from the C library.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/clock.h"
#include "core/err.h"
#include "core/parse.h"
#include "tests/unit/t.h"

#define H 3600

static void
set_tz(const char *tz)
{
	setenv("TZ", tz, 1);
	tzset();
}

/* parse_time of s at now must give want. */
static void
time_ok(const char *s, int64_t now, int64_t want)
{
	struct err e = { "" };
	int64_t t = -1;

	if (!CHECK_EQ_INT(parse_time(s, now, &t, &e), 0))
		printf("  input \"%s\" (TZ=%s): %s\n", s, getenv("TZ"), e.msg);
	else if (!CHECK_EQ_INT(t, want))
		printf("  input \"%s\" (TZ=%s)\n", s, getenv("TZ"));
}

/* parse_time of s must be refused with exactly msg, leaving *t alone. */
static void
time_gap(const char *s, int64_t now, const char *msg)
{
	struct err e = { "" };
	int64_t t = -1;

	if (!CHECK_EQ_INT(parse_time(s, now, &t, &e), -1))
		printf("  input \"%s\" (TZ=%s)\n", s, getenv("TZ"));
	CHECK_EQ_INT(t, -1);
	if (!CHECK_EQ_STR(e.msg, msg))
		printf("  input \"%s\" (TZ=%s)\n", s, getenv("TZ"));
}

/* parse_when must give [want_s, want_e). */
static void
when_ok(const char *day, const char *spec, int64_t now, int64_t want_s,
    int64_t want_e)
{
	struct err e = { "" };
	int64_t s = -1, en = -1;

	if (CHECK_EQ_INT(parse_when(day, spec, now, &s, &en, &e), 0)) {
		if (!CHECK_EQ_INT(s, want_s) + !CHECK_EQ_INT(en, want_e))
			printf("  input %s \"%s\" (TZ=%s)\n", day ? day :
			    "-", spec, getenv("TZ"));
	} else {
		printf("  input %s \"%s\" (TZ=%s): %s\n", day ? day : "-",
		    spec, getenv("TZ"), e.msg);
	}
}

static void
when_gap(const char *day, const char *spec, int64_t now, const char *msg)
{
	struct err e = { "" };
	int64_t s = -1, en = -1;

	CHECK_EQ_INT(parse_when(day, spec, now, &s, &en, &e), -1);
	if (!CHECK_EQ_STR(e.msg, msg))
		printf("  input %s \"%s\" (TZ=%s)\n", day ? day : "-", spec,
		    getenv("TZ"));
}

/* New York: EST (-5) to EDT (-4) at 2026-03-08 02:00 (07:00Z), back at
 * 2026-11-01 02:00 EDT (06:00Z). */
static void
test_new_york(void)
{
	int64_t after = t_utc(2026, 12, 1, 12, 0, 0);
	/* Monday 2026-03-09 12:00Z, 08:00 EDT: "yesterday" is the 8th. */
	int64_t mon = t_utc(2026, 3, 9, 12, 0, 0);
	/* Monday 2026-11-02 12:00Z, 07:00 EST. */
	int64_t mon2 = t_utc(2026, 11, 2, 12, 0, 0);
	static const char gap[] = "2026-03-08 02:30 does not exist in "
	    "America/New_York: clocks went from 02:00 to 03:00";

	set_tz("America/New_York");
	/* The runs: 01:00 EST to 04:00 EDT is 2 h, ending 08:00Z;
	 * 18:00 that evening is EDT, 22:00Z. */
	time_ok("2026-03-08T01:00", after, t_utc(2026, 3, 8, 6, 0, 0));
	time_ok("2026-03-08T04:00", after, t_utc(2026, 3, 8, 8, 0, 0));
	time_ok("2026-03-08T18:00", after, t_utc(2026, 3, 8, 22, 0, 0));
	time_ok("2026-03-08 18:00", after, t_utc(2026, 3, 8, 22, 0, 0));
	time_ok("2026-03-08T18:00:30", after, t_utc(2026, 3, 8, 22, 0, 30));
	time_ok("2026-03-08T01:59:59", after, t_utc(2026, 3, 8, 6, 59, 59));
	time_ok("2026-03-08T03:00", after, t_utc(2026, 3, 8, 7, 0, 0));
	/* A day alone is its midnight, still EST. */
	time_ok("2026-03-08", after, t_utc(2026, 3, 8, 5, 0, 0));
	time_ok("2026-03-09", after, t_utc(2026, 3, 9, 4, 0, 0));
	/* The gap: 02:00 to 02:59:59 never showed on a clock. */
	time_gap("2026-03-08T02:30", after, gap);
	time_gap("2026-03-08 02:30", after, gap);
	time_gap("2026-03-08T02:00", after, "2026-03-08 02:00 does not exist "
	    "in America/New_York: clocks went from 02:00 to 03:00");
	time_gap("2026-03-08T02:59:59", after, "2026-03-08 02:59:59 does not "
	    "exist in America/New_York: clocks went from 02:00 to 03:00");
	/* Explicit offsets and Z are untouched by the gap and by TZ. */
	time_ok("2026-03-08T02:30Z", after, t_utc(2026, 3, 8, 2, 30, 0));
	time_ok("2026-03-08T02:30-05:00", after, t_utc(2026, 3, 8, 7, 30, 0));
	time_ok("2026-03-08T18:00-05:00", after, t_utc(2026, 3, 8, 23, 0, 0));
	time_ok("2026-11-01T01:30-05:00", after, t_utc(2026, 11, 1, 6, 30, 0));
	/* Day and clock. */
	time_ok("yesterday 18:00", mon, t_utc(2026, 3, 8, 22, 0, 0));
	time_ok("sun 01:00", mon, t_utc(2026, 3, 8, 6, 0, 0));
	time_ok("2026-03-08 04:00", mon, t_utc(2026, 3, 8, 8, 0, 0));
	time_gap("yesterday 02:30", mon, gap);
	time_gap("sunday 02:30", mon, gap);
	/* "HH:MM" is today. */
	time_ok("18:00", t_utc(2026, 3, 8, 23, 0, 0),
	    t_utc(2026, 3, 8, 22, 0, 0));
	time_gap("02:30", t_utc(2026, 3, 8, 23, 0, 0), gap);

	/* Fall back: 01:00-01:59 comes twice; the first is EDT. */
	time_ok("2026-11-01T01:30", after, t_utc(2026, 11, 1, 5, 30, 0));
	time_ok("2026-11-01T01:00", after, t_utc(2026, 11, 1, 5, 0, 0));
	time_ok("2026-11-01T00:59", after, t_utc(2026, 11, 1, 4, 59, 0));
	time_ok("2026-11-01T02:00", after, t_utc(2026, 11, 1, 7, 0, 0));
	/* 18:00 that day is EST, not the midnight's EDT. */
	time_ok("2026-11-01T18:00", after, t_utc(2026, 11, 1, 23, 0, 0));
	time_ok("2026-11-01", after, t_utc(2026, 11, 1, 4, 0, 0));
	time_ok("yesterday 01:30", mon2, t_utc(2026, 11, 1, 5, 30, 0));
	time_ok("sun 18:00", mon2, t_utc(2026, 11, 1, 23, 0, 0));

	/* WHEN ranges. */
	when_ok("2026-03-08", "01:00-04:00", after,
	    t_utc(2026, 3, 8, 6, 0, 0), t_utc(2026, 3, 8, 8, 0, 0));
	when_ok("yesterday", "18:00-19:30", mon,
	    t_utc(2026, 3, 8, 22, 0, 0), t_utc(2026, 3, 8, 23, 30, 0));
	/* Across the night into the jump: 23:00 EST to 03:30 EDT. */
	when_ok("2026-03-07", "23:00-03:30", after,
	    t_utc(2026, 3, 8, 4, 0, 0), t_utc(2026, 3, 8, 7, 30, 0));
	/* Without a day, on the day itself. */
	when_ok(NULL, "01:00-04:00", t_utc(2026, 3, 8, 12, 0, 0),
	    t_utc(2026, 3, 8, 6, 0, 0), t_utc(2026, 3, 8, 8, 0, 0));
	when_gap("2026-03-08", "02:30-04:00", after, gap);
	when_gap("2026-03-08", "01:00-02:30", after, gap);
	when_gap("2026-03-07", "23:00-02:30", after, gap);
	/* 01:00 EDT to 03:00 EST is 3 h. */
	when_ok("2026-11-01", "01:00-03:00", after,
	    t_utc(2026, 11, 1, 5, 0, 0), t_utc(2026, 11, 1, 8, 0, 0));
	when_ok("2026-11-01", "00:00-18:00", after,
	    t_utc(2026, 11, 1, 4, 0, 0), t_utc(2026, 11, 1, 23, 0, 0));
}

/* London: GMT to BST at 2026-03-29 01:00 (01:00Z), back at 2026-10-25
 * 02:00 BST (01:00Z). */
static void
test_london(void)
{
	int64_t after = t_utc(2026, 12, 1, 12, 0, 0);
	int64_t mon = t_utc(2026, 3, 30, 12, 0, 0);
	static const char gap[] = "2026-03-29 01:30 does not exist in "
	    "Europe/London: clocks went from 01:00 to 02:00";

	set_tz("Europe/London");
	time_ok("2026-03-29T00:30", after, t_utc(2026, 3, 29, 0, 30, 0));
	time_ok("2026-03-29T02:00", after, t_utc(2026, 3, 29, 1, 0, 0));
	time_ok("2026-03-29T18:00", after, t_utc(2026, 3, 29, 17, 0, 0));
	time_gap("2026-03-29T01:30", after, gap);
	time_gap("yesterday 01:30", mon, gap);
	time_ok("yesterday 18:00", mon, t_utc(2026, 3, 29, 17, 0, 0));
	time_ok("2026-03-29T01:30Z", after, t_utc(2026, 3, 29, 1, 30, 0));
	/* 01:00-01:59 comes twice on 2026-10-25: BST first. */
	time_ok("2026-10-25T01:30", after, t_utc(2026, 10, 25, 0, 30, 0));
	time_ok("2026-10-25T02:00", after, t_utc(2026, 10, 25, 2, 0, 0));
	time_ok("2026-10-25T18:00", after, t_utc(2026, 10, 25, 18, 0, 0));
	time_ok("2026-10-25T01:30+00:00", after,
	    t_utc(2026, 10, 25, 1, 30, 0));
	when_ok("2026-03-29", "00:30-03:00", after,
	    t_utc(2026, 3, 29, 0, 30, 0), t_utc(2026, 3, 29, 2, 0, 0));
	when_ok("2026-10-25", "00:30-02:30", after,
	    t_utc(2026, 10, 24, 23, 30, 0), t_utc(2026, 10, 25, 2, 30, 0));
	when_gap("2026-03-29", "01:30-03:00", after, gap);
}

/* Lord Howe Island shifts half an hour: +11 to +10:30 at 2026-04-05 02:00
 * (clocks back to 01:30, 15:00Z the 4th), +10:30 to +11 at 2026-10-04
 * 02:00 (clocks on to 02:30, 15:30Z the 3rd). */
static void
test_lord_howe(void)
{
	int64_t after = t_utc(2026, 12, 1, 12, 0, 0);
	int64_t mon = t_utc(2026, 10, 5, 0, 0, 0); /* Mon 10:30 or 11:00 */
	static const char gap[] = "2026-10-04 02:15 does not exist in "
	    "Australia/Lord_Howe: clocks went from 02:00 to 02:30";

	set_tz("Australia/Lord_Howe");
	/* 01:30-01:59 comes twice on 2026-04-05: +11 first. */
	time_ok("2026-04-05T01:45", after, t_utc(2026, 4, 4, 14, 45, 0));
	time_ok("2026-04-05T01:15", after, t_utc(2026, 4, 4, 14, 15, 0));
	time_ok("2026-04-05T02:00", after, t_utc(2026, 4, 4, 15, 30, 0));
	time_ok("2026-04-05T12:00", after, t_utc(2026, 4, 5, 1, 30, 0));
	time_gap("2026-10-04T02:15", after, gap);
	time_gap("2026-10-04T02:00", after, "2026-10-04 02:00 does not exist "
	    "in Australia/Lord_Howe: clocks went from 02:00 to 02:30");
	time_ok("2026-10-04T01:59", after, t_utc(2026, 10, 3, 15, 29, 0));
	time_ok("2026-10-04T02:30", after, t_utc(2026, 10, 3, 15, 30, 0));
	time_ok("2026-10-04T12:00", after, t_utc(2026, 10, 4, 1, 0, 0));
	time_ok("2026-10-04T02:15+10:30", after,
	    t_utc(2026, 10, 3, 15, 45, 0));
	time_ok("yesterday 12:00", mon, t_utc(2026, 10, 4, 1, 0, 0));
	time_gap("yesterday 02:15", mon, gap);
	when_ok("2026-10-04", "01:00-03:00", after,
	    t_utc(2026, 10, 3, 14, 30, 0), t_utc(2026, 10, 3, 16, 0, 0));
	when_gap("2026-10-04", "02:15-03:00", after, gap);
}

/* India has no daylight saving: every local time is +05:30. */
static void
test_kolkata(void)
{
	int64_t after = t_utc(2026, 12, 1, 12, 0, 0);
	int64_t mon = t_utc(2026, 3, 9, 12, 0, 0);

	set_tz("Asia/Kolkata");
	time_ok("2026-03-08T01:00", after, t_utc(2026, 3, 7, 19, 30, 0));
	time_ok("2026-03-08T02:30", after, t_utc(2026, 3, 7, 21, 0, 0));
	time_ok("2026-11-01T01:30", after, t_utc(2026, 10, 31, 20, 0, 0));
	time_ok("2026-03-08T02:30Z", after, t_utc(2026, 3, 8, 2, 30, 0));
	time_ok("yesterday 02:30", mon, t_utc(2026, 3, 7, 21, 0, 0));
	when_ok("2026-03-08", "01:00-04:00", after,
	    t_utc(2026, 3, 7, 19, 30, 0), t_utc(2026, 3, 7, 22, 30, 0));
}

static void
test_utc(void)
{
	int64_t after = t_utc(2026, 12, 1, 12, 0, 0);
	int64_t mon = t_utc(2026, 3, 9, 12, 0, 0);

	set_tz("UTC");
	time_ok("2026-03-08T02:30", after, t_utc(2026, 3, 8, 2, 30, 0));
	time_ok("2026-03-29T01:30", after, t_utc(2026, 3, 29, 1, 30, 0));
	time_ok("2026-03-08T02:30+05:30", after, t_utc(2026, 3, 7, 21, 0, 0));
	time_ok("yesterday 02:30", mon, t_utc(2026, 3, 8, 2, 30, 0));
	when_ok("2026-03-08", "01:00-04:00", after,
	    t_utc(2026, 3, 8, 1, 0, 0), t_utc(2026, 3, 8, 4, 0, 0));
}

/* local_time() and local_make() themselves. */
static void
test_local_time(void)
{
	struct err e = { "" };
	int64_t t = -1;

	set_tz("America/New_York");
	/* Out-of-range fields are normalised on the calendar and the clock
	 * before the offset is found: hour 27 of March 7 is 03:00 EDT of
	 * the 8th, month 15 of 2025 is March 2026, day 0 is the last of the
	 * month before. */
	CHECK_EQ_INT(local_time(2026, 3, 7, 27, 0, 0, &t, &e), 0);
	CHECK_EQ_INT(t, t_utc(2026, 3, 8, 7, 0, 0));
	CHECK_EQ_INT(local_time(2025, 15, 8, 18, 0, 0, &t, &e), 0);
	CHECK_EQ_INT(t, t_utc(2026, 3, 8, 22, 0, 0));
	CHECK_EQ_INT(local_time(2026, 3, 9, -6, 0, 0, &t, &e), 0);
	CHECK_EQ_INT(t, t_utc(2026, 3, 8, 22, 0, 0));
	CHECK_EQ_INT(local_time(2026, 3, 8, 0, 0, 18 * H, &t, &e), 0);
	CHECK_EQ_INT(t, t_utc(2026, 3, 8, 22, 0, 0));
	CHECK_EQ_INT(local_time(2026, 4, 0, 1, 0, 0, &t, &e), 0);
	CHECK_EQ_INT(t, t_utc(2026, 3, 31, 5, 0, 0));
	/* A gap leaves *t alone; without e it is refused all the same. */
	t = -1;
	CHECK_EQ_INT(local_time(2026, 3, 8, 2, 30, 0, &t, &e), -1);
	CHECK_EQ_INT(t, -1);
	CHECK_EQ_INT(local_time(2026, 3, 8, 2, 30, 0, &t, NULL), -1);
	CHECK_EQ_INT(t, -1);
	/* For calendar arithmetic, a skipped time is the instant of the
	 * jump. */
	CHECK_EQ_INT(local_make(2026, 3, 8, 2, 30, 0),
	    t_utc(2026, 3, 8, 7, 0, 0));
	CHECK_EQ_INT(local_make(2026, 11, 1, 1, 30, 0),
	    t_utc(2026, 11, 1, 5, 30, 0));
	/* A POSIX TZ with its leading colon is named without it. */
	set_tz(":America/New_York");
	CHECK_EQ_INT(local_time(2026, 3, 8, 2, 30, 0, &t, &e), -1);
	CHECK_EQ_STR(e.msg, "2026-03-08 02:30 does not exist in "
	    "America/New_York: clocks went from 02:00 to 03:00");
	/* So is a rule given in TZ itself. */
	set_tz("EST5EDT,M3.2.0,M11.1.0");
	CHECK_EQ_INT(local_time(2026, 3, 8, 2, 30, 0, &t, &e), -1);
	CHECK_EQ_STR(e.msg, "2026-03-08 02:30 does not exist in "
	    "EST5EDT,M3.2.0,M11.1.0: clocks went from 02:00 to 03:00");

	/* Santiago springs forward at midnight: 2026-09-06 begins at 01:00,
	 * 04:00Z, and that is where the day starts. */
	set_tz("America/Santiago");
	CHECK_EQ_INT(local_make(2026, 9, 6, 0, 0, 0),
	    t_utc(2026, 9, 6, 4, 0, 0));
	CHECK_EQ_INT(local_day_start(t_utc(2026, 9, 6, 12, 0, 0)),
	    t_utc(2026, 9, 6, 4, 0, 0));
	time_ok("2026-09-06", t_utc(2026, 12, 1, 0, 0, 0),
	    t_utc(2026, 9, 6, 4, 0, 0));
	time_gap("2026-09-06T00:30", t_utc(2026, 12, 1, 0, 0, 0),
	    "2026-09-06 00:30 does not exist in America/Santiago: clocks "
	    "went from 00:00 to 01:00");
	time_ok("2026-09-06T01:00", t_utc(2026, 12, 1, 0, 0, 0),
	    t_utc(2026, 9, 6, 4, 0, 0));
	/* And falls back at midnight: 23:00-23:59 of April 4 twice. */
	time_ok("2026-04-04T23:30", t_utc(2026, 12, 1, 0, 0, 0),
	    t_utc(2026, 4, 5, 2, 30, 0));
	CHECK_EQ_INT(local_day_start(t_utc(2026, 4, 5, 12, 0, 0)),
	    t_utc(2026, 4, 5, 4, 0, 0));
}

/* A month later on the same day, or the last day of a shorter month; the
 * wall time kept. */
static void
test_month_same_day(void)
{
	static const int want[][3] = {
		{ 2027, 1, 31 }, { 2027, 2, 28 }, { 2027, 3, 31 },
		{ 2027, 4, 30 }, { 2027, 5, 31 }, { 2027, 6, 30 },
		{ 2027, 7, 31 }, { 2027, 8, 31 }, { 2027, 9, 30 },
		{ 2027, 10, 31 }, { 2027, 11, 30 }, { 2027, 12, 31 },
		{ 2028, 1, 31 }, { 2028, 2, 29 }, { 2028, 3, 31 },
	};
	int64_t t = t_utc(2027, 1, 31, 10, 30, 0);
	int n;

	set_tz("UTC");
	for (n = 0; n < (int)(sizeof want / sizeof want[0]); n++)
		CHECK_EQ_INT(local_month_same_day(t, n), t_utc(want[n][0],
		    want[n][1], want[n][2], 10, 30, 0));
	/* The next payment after an instant: the same day, later. */
	CHECK_EQ_INT(local_month_same_day_after(t, t), t_utc(2027, 2, 28, 10,
	    30, 0));
	CHECK_EQ_INT(local_month_same_day_after(t, t_utc(2027, 2, 28, 10, 30,
	    0)), t_utc(2027, 3, 31, 10, 30, 0));
	CHECK_EQ_INT(local_month_same_day_after(t, t_utc(2027, 3, 31, 10, 29,
	    59)), t_utc(2027, 3, 31, 10, 30, 0));
	/* The 30th of a month: February's last, then the 30th again. */
	t = t_utc(2027, 1, 30, 0, 0, 0);
	CHECK_EQ_INT(local_month_same_day(t, 1), t_utc(2027, 2, 28, 0, 0, 0));
	CHECK_EQ_INT(local_month_same_day(t, 2), t_utc(2027, 3, 30, 0, 0, 0));
	/* Local wall time, across a change of clocks: 09:00 in New York on
	 * the 31st of January and on the last of March. */
	set_tz("America/New_York");
	t = t_utc(2027, 1, 31, 14, 0, 0);
	CHECK_EQ_INT(local_month_same_day(t, 2), t_utc(2027, 3, 31, 13, 0, 0));
	set_tz("UTC");
}

int
main(void)
{
	test_month_same_day();
	test_new_york();
	test_london();
	test_lord_howe();
	test_kolkata();
	test_utc();
	test_local_time();
	set_tz("UTC");
	return t_done();
}
