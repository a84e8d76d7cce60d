/*
 * parse.h: what users type, turned into the model's units.  Pure functions:
 * "now" is passed in, local time follows TZ, and every failure names what was
 * wrong and what was expected in e.
 */
#ifndef GPULOG_PARSE_H
#define GPULOG_PARSE_H

#include <stdint.h>

struct err;
struct quota;

/* "2h30m", "90m", "1.5h", "45s", "1d2h", "2:30" (h:mm) to seconds > 0,
 * at most DURATION_MAX_H hours. */
int parse_duration(const char *s, int64_t *secs, struct err *e);

/* "14:00", "9:05", "14:00:30" to seconds after midnight. */
int parse_clock(const char *s, int *secs, struct err *e);

/* 1 when s names a day: today, yesterday, a weekday, YYYY-MM-DD. */
int is_day_word(const char *s);

/* A day (as is_day_word) to the local midnight starting it.  Weekdays name
 * the latest such day up to today. */
int parse_day(const char *s, int64_t now, int64_t *t, struct err *e);

/*
 * A point in time: "now", epoch seconds, ISO 8601 "2026-11-28T10:00[:SS]"
 * with "Z" or "+05:30" (otherwise local time), a day alone (its midnight),
 * "HH:MM" (today), or a day and a clock separated by a space.
 */
int parse_time(const char *s, int64_t now, int64_t *t, struct err *e);

/* parse_time() without its limits, for a reader that tries several
 * spellings and checks the one it keeps with time_check(). */
int parse_instant(const char *s, int64_t now, int64_t *t, struct err *e);

/*
 * The limits of a time: TIME_MIN to TIME_MAX (core/model.h), 1970-01-01
 * 00:00:01 to 2200-01-01 00:00:00 UTC.  Returns 0 when t is within them,
 * else -1 with e naming s, the time as written.  parse_time(),
 * parse_day() and parse_when() check what they return by it.
 */
int time_check(const char *s, int64_t t, struct err *e);

/*
 * The WHEN of `gpulog add`: day is NULL or a day word; spec is a duration
 * ending now, or a clock range "14:00-17:30" (ending after midnight when the
 * end is not after the start).  Without a day, a range whose start is still
 * to come today is taken as yesterday's.
 */
int parse_when(const char *day, const char *spec, int64_t now, int64_t *start,
    int64_t *end, struct err *e);

/*
 * Money: "250INR", "250 inr", "₹250", "Rs 250", "$3.20", "3.20USD",
 * "USD 3.20", "1,23,456.50".  A bare number takes def_cur.  The amount is
 * scaled by 10^decimals into *value; cur receives "USD" or "INR".  Negative
 * amounts are refused, and so are those past money_check()'s limit.
 */
int parse_money(const char *s, int decimals, const char *def_cur,
    int64_t *value, char cur[4], struct err *e);

/*
 * The limit of an amount v in units of 10^-decimals (decimals >= 2):
 * MONEY_MAX_MINOR hundredths, 1,000,000,000.00.  Returns 0 when v is
 * from 0 to it, else -1 with e naming s, the amount as written.
 */
int money_check(const char *s, int64_t v, int decimals, struct err *e);

/* "USD" or "INR" (any case) to the canonical code; others are refused. */
int parse_currency(const char *s, char cur[4], struct err *e);

/* A whole number in [min, max]; what names it in the message. */
int parse_int(const char *s, const char *what, int64_t min, int64_t max,
    int64_t *v, struct err *e);

/* A fixed-point decimal "83.42" scaled by 10^decimals, >= 0. */
int parse_fixed(const char *s, int decimals, const char *what, int64_t *v,
    struct err *e);

/* "30h/week", "80h/month", "100cu/month", "20h/7d": amount, unit, window
 * into q, which holds the quota it replaces.  The same kind of window
 * keeps q's reset; a new kind takes its default reset (a week: Sunday
 * 00:00 UTC; a month: the 1st at 00:00 UTC). */
int parse_quota(const char *s, struct quota *q, struct err *e);

/* "sat 00:00 UTC" (a week's reset) or "1 00:00 UTC" (a month's day). */
int parse_reset(const char *s, struct quota *q, struct err *e);

#endif
