/*
 * fmt.h: the model's units as people read them.  Every function writes a
 * NUL-terminated string into buf (truncating to n) and returns buf, so calls
 * nest inside printf arguments.  Shared by the CLI and the dashboard.
 */
#ifndef GPULOG_FMT_H
#define GPULOG_FMT_H

#include <stddef.h>
#include <stdint.h>

enum {
	FMT_ASCII = 1, /* "Rs" for the rupee sign, for non-UTF-8 terminals */
	FMT_WHOLE = 2  /* drop ".00" from whole amounts */
};

/* "2h30m", "9h", "45m", "30s". */
char *fmt_duration(char *buf, size_t n, int64_t secs);

/* Hours with one decimal: "12.5". */
char *fmt_hours(char *buf, size_t n, int64_t secs);

/* A countdown: "2d 5h", "5h 10m", "12m", "0m". Negative is "-" prefixed. */
char *fmt_relative(char *buf, size_t n, int64_t secs);

/* "₹1,23,456.50" (Indian grouping), "$3,200.00".  Other codes print
 * "12.00 EUR".  flags: FMT_ASCII, FMT_WHOLE. */
char *fmt_money(char *buf, size_t n, int64_t minor, const char *cur,
    int flags);

/* A rate in millionths per GPU-hour: "$0.32/h", "₹92/h". */
char *fmt_rate(char *buf, size_t n, int64_t micro, const char *cur,
    int flags);

/* A fixed-point value in hundredths: "12.34" (compute units). */
char *fmt_centi(char *buf, size_t n, int64_t centi);

/* Seconds as hundredths of an hour, rounded half up: the one rounding of
 * every GPU-hours figure printed to a hundredth (--json, --csv, reports).
 * fmt_hours_centi() prints it as fmt_centi() does: "12.50". */
int64_t hours_centi(int64_t secs);
char *fmt_hours_centi(char *buf, size_t n, int64_t secs);

/* An amount of a quota in its unit (enum quota_unit): the stored amount
 * over its meter's scale, rounded half away from zero to its places
 * (seconds as hours to a tenth, "12.5"; compute units to a hundredth,
 * "12.34").  fmt_quota_limit() drops a whole number's ".0" of a meter
 * that counts time ("30", "12.34"). */
char *fmt_quota_amount(char *buf, size_t n, int unit, int64_t v);
char *fmt_quota_limit(char *buf, size_t n, int unit, int64_t v);

/* What a quota has left, in words: "12.5 left", or, used past its limit,
 * "over by 197.73 CU" (never a negative amount left). */
char *fmt_quota_left(char *buf, size_t n, int unit, int64_t remaining);

/* An amount v of a quota in unit as --json and --csv give it, in
 * hundredths: hours (seconds rounded to the nearest hundredth, halves
 * away from zero) or the unit itself (compute units, credits). */
int64_t quota_centi(int unit, int64_t v);

/* An amount v of a quota in unit as the export writes it, to be read
 * back exactly: in the fewest decimals (up to 6, set in *places) that
 * hold it exactly (compute units: 2), else in millionths rounded half
 * away from zero (seconds as hours: to the micro-hour). */
int64_t quota_exact(int unit, int64_t v, int *places);

/* The same as a JSON number with two decimals. */
char *fmt_quota_json(char *buf, size_t n, int unit, int64_t v);

/* A value in millionths with trailing zeros dropped: "83.5", "84.1234". */
char *fmt_fixed6(char *buf, size_t n, int64_t micro);

/* Local time of t through strftime(3) format f. */
char *fmt_local(char *buf, size_t n, int64_t t, const char *f);

/* A coming moment as people say it: "Sat 05:30" within the next six days,
 * "Fri 01 Jan 05:30" beyond (or before now), in local time. */
char *fmt_when(char *buf, size_t n, int64_t t, int64_t now);

struct run;

/* A run as one phrase: "kaggle P100 2h30m", "vast 2x RTX 4090 1h", with
 * its names escaped (they may come from an imported file); an open run's
 * length is up to now. */
char *fmt_run_label(char *buf, size_t n, const struct run *r, int64_t now);

/* UTC ISO 8601 "2026-11-28T10:00:00Z". */
char *fmt_iso_utc(char *buf, size_t n, int64_t t);

/* Local ISO 8601 with offset "2026-11-28T15:30:00+05:30". */
char *fmt_iso_local(char *buf, size_t n, int64_t t);

#endif
