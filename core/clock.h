/*
 * clock.h: "now", civil calendar arithmetic in UTC, and local-time helpers.
 * Time is int64 seconds since the epoch, UTC.  core_now() is the one door to
 * the clock; the CLI pins it from GPULOG_NOW so that output is reproducible.
 * Local time follows TZ through the C library; nothing here does I/O.
 */
#ifndef GPULOG_CLOCK_H
#define GPULOG_CLOCK_H

#include <stddef.h>
#include <stdint.h>

struct err;

#define DAY_S  86400
#define WEEK_S (7 * DAY_S)

/* Returns the pinned time if one is set, else the system clock. */
int64_t core_now(void);

/* Pins "now" to t; core_unpin_now() returns to the system clock. */
void core_pin_now(int64_t t);
void core_unpin_now(void);

/* Days since 1970-01-01 of the proleptic Gregorian date y-m-d (m 1..12). */
int64_t days_from_civil(int64_t y, int m, int d);

/* Inverse of days_from_civil(). */
void civil_from_days(int64_t days, int64_t *y, int *m, int *d);

/* 0 = Sunday .. 6 = Saturday, of a day count from days_from_civil(). */
int weekday_from_days(int64_t days);

/* Days in month m (1..12) of year y. */
int days_in_month(int64_t y, int m);

/* Floor division and modulo for negative times. */
int64_t floor_div(int64_t a, int64_t b);

/* Local broken-down time of t (fields as struct tm, year as a full year). */
struct lt {
	int year, mon, mday; /* mon 1..12 */
	int hour, min, sec;
	int wday; /* 0 = Sunday */
	long gmtoff; /* seconds east of UTC at t */
};
void local_parts(int64_t t, struct lt *out);

/*
 * The instant of the local wall time y-mon-mday h:m:s, with the UTC offset
 * in force at that instant.  Fields may be out of range (mday 0, mon 13,
 * hour 24, sec 86400) and are normalised first, on the calendar and on the
 * clock, as if no clock ever jumped.  A wall time that occurs twice (the
 * hour a fall-back repeats) is its first occurrence, the earlier instant
 * (daylight time).  A wall time that does not exist (skipped by a
 * spring-forward) is refused: returns -1, leaves *t alone, and e (if not
 * NULL) says "2026-03-08 02:30 does not exist in America/New_York: clocks
 * went from 02:00 to 03:00", naming the zone as TZ does, else "local
 * time".  Returns 0 otherwise.  Follows TZ as mktime() does (tzset() each
 * call).
 */
int local_time(int year, int mon, int mday, int hour, int min, int sec,
    int64_t *t, struct err *e);

/*
 * local_time() for calendar arithmetic, never refused: a wall time the
 * clocks skipped is the instant they jumped (so the start of a day whose
 * midnight is skipped is its first instant).
 */
int64_t local_make(int year, int mon, int mday, int hour, int min, int sec);

/* local_time() of the wall time secs after the start of the local day
 * holding day, counted on the clock, not in elapsed seconds (secs 86400 is
 * the next day's 00:00). */
int local_at(int64_t day, int secs, int64_t *t, struct err *e);

/* Start of the local day holding t, and of the local month holding t. */
int64_t local_day_start(int64_t t);
int64_t local_month_start(int64_t t);

/* The starts of the local days after since and before until, ascending,
 * at most max of them, in at; returns how many. */
size_t local_day_starts(int64_t since, int64_t until, int64_t *at,
    size_t max);

/* Start of the local month n months after the one holding t (n may be < 0). */
int64_t local_month_add(int64_t t, int n);

/*
 * The local wall time of t, n months later (n >= 0), on t's day of the
 * month, or on the last day of a month too short for it (Jan 31 then Feb
 * 28 or 29, Mar 31, Apr 30): the one rule for a plan's months and a monthly
 * subscription's payments.
 */
int64_t local_month_same_day(int64_t t, int n);

/* The first local_month_same_day(t, n), n >= 1, after the instant after:
 * a monthly subscription's next payment. */
int64_t local_month_same_day_after(int64_t t, int64_t after);

/* Start of the local ISO week (Monday 00:00) holding t. */
int64_t local_week_start(int64_t t);

/* Days since the epoch of the local date of t. */
int64_t local_day_number(int64_t t);

#endif
