/*
 * fx.h: money between currencies: the USD->INR rate in force on a day,
 * conversions at it, and the bound every total of money is held within.
 * Days follow local time.
 */
#ifndef GPULOG_FX_H
#define GPULOG_FX_H

#include <stddef.h>
#include <stdint.h>

/* One dated USD->INR rate. */
struct fx_point {
	int64_t day;            /* days since 1970-01-01 of its date */
	int64_t usd_inr_micro;  /* INR per USD, millionths */
	int64_t modified;       /* when it was set; 0 = the catalog */
};

/*
 * The rate in force on day: the latest dated on or before it, else the
 * earliest known.  fx is sorted by day.  Returns 0 when fx is empty.
 */
int64_t fx_rate_on(const struct fx_point *fx, size_t n, int64_t day);

/*
 * A total of money (a month's spend, a plan's) is held within
 * +-MONEY_TOTAL_MAX minor units, 10^15 (10,000,000,000,000.00): every
 * amount kept is at most MONEY_MAX_MINOR (core/model.h), so a month would
 * need 10,000 of the largest to reach it, and its sums and percentages
 * stay far inside 64 bits.  money_hold() returns v held so.
 */
#define MONEY_TOTAL_MAX INT64_C(1000000000000000)
int64_t money_hold(int64_t v);

/*
 * Converts minor units of from into to at the rate in force on the local
 * date of t.  Same currency returns minor unchanged.  Without a rate the
 * amount is returned unconverted and *missing (if not NULL) is set to 1.
 * The result is held by money_hold().
 */
int64_t fx_convert(int64_t minor, const char *from, const char *to, int64_t t,
    const struct fx_point *fx, size_t n, int *missing);

/* fx_convert() on a local date given as its day number. */
int64_t fx_convert_on(int64_t minor, const char *from, const char *to,
    int64_t day, const struct fx_point *fx, size_t n, int *missing);

/*
 * A total in one currency of amounts each converted at its own day's rate:
 * each is added exactly (in millionths of a minor unit: a dollar amount
 * in rupees is exact, a rupee amount in dollars exact to a millionth of a
 * cent), and the sum is rounded once to the minor unit, halves away from
 * zero, and held by money_hold().  Zeroed, it is an empty total.
 */
__extension__ typedef __int128 fx_wide;
struct fx_total {
	fx_wide micro;
};

/* Adds minor of from, converted into to at day's rate as fx_convert_on()
 * converts (unconverted without a rate, *missing then set), to t; returns
 * the total so far (fx_total_minor()). */
int64_t fx_total_add(struct fx_total *t, int64_t minor, const char *from,
    const char *to, int64_t day, const struct fx_point *fx, size_t n,
    int *missing);

/* The total rounded once to the minor unit and held. */
int64_t fx_total_minor(const struct fx_total *t);

#endif
