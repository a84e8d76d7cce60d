/* fx.c: money between currencies at the dated USD->INR rates. */
#include "core/fx.h"

#include <string.h>

#include "core/clock.h"

int64_t
fx_rate_on(const struct fx_point *fx, size_t n, int64_t day)
{
	size_t lo = 0, hi = n;

	if (n == 0)
		return 0;
	/* The first entry dated after day; the one before it is in force. */
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (fx[mid].day <= day)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo == 0 ? fx[0].usd_inr_micro : fx[lo - 1].usd_inr_micro;
}

/* a / b rounded to the nearest integer, halves away from zero. */
static fx_wide
div_round(fx_wide a, fx_wide b)
{
	return a >= 0 ? (a + b / 2) / b : -((-a + b / 2) / b);
}

/* v held within +-MONEY_TOTAL_MAX. */
static int64_t
wide_hold(fx_wide v)
{
	return v > MONEY_TOTAL_MAX ? MONEY_TOTAL_MAX : v < -MONEY_TOTAL_MAX ?
	    -MONEY_TOTAL_MAX : (int64_t)v;
}

enum way { W_NONE, W_USD_INR, W_INR_USD };

/*
 * How an amount of from goes into to on day: not at all (the same
 * currency, none, or no rate: *missing set for the last), or at *r
 * (INR per USD, millionths) one way or the other.
 */
static enum way
way_of(const char *from, const char *to, int64_t day,
    const struct fx_point *fx, size_t n, int *missing, int64_t *r)
{
	if (from[0] == '\0' || strcmp(from, to) == 0)
		return W_NONE;
	*r = fx_rate_on(fx, n, day);
	if (*r > 0 && strcmp(from, "USD") == 0 && strcmp(to, "INR") == 0)
		return W_USD_INR;
	if (*r > 0 && strcmp(from, "INR") == 0 && strcmp(to, "USD") == 0)
		return W_INR_USD;
	if (missing != NULL)
		*missing = 1;
	return W_NONE;
}

int64_t
money_hold(int64_t v)
{
	return v > MONEY_TOTAL_MAX ? MONEY_TOTAL_MAX : v < -MONEY_TOTAL_MAX ?
	    -MONEY_TOTAL_MAX : v;
}

int64_t
fx_convert(int64_t minor, const char *from, const char *to, int64_t t,
    const struct fx_point *fx, size_t n, int *missing)
{
	if (from[0] == '\0' || strcmp(from, to) == 0 || minor == 0)
		return minor;
	return fx_convert_on(minor, from, to, local_day_number(t), fx, n,
	    missing);
}

int64_t
fx_convert_on(int64_t minor, const char *from, const char *to, int64_t day,
    const struct fx_point *fx, size_t n, int *missing)
{
	int64_t r = 0;

	/* Exact in 128 bits (10^15 x 10^11 is past 2^63), rounded once. */
	if (minor == 0)
		return minor;
	switch (way_of(from, to, day, fx, n, missing, &r)) {
	case W_USD_INR:
		return wide_hold(div_round((fx_wide)minor * r, 1000000));
	case W_INR_USD:
		return wide_hold(div_round((fx_wide)minor * 1000000, r));
	default:
		return minor;
	}
}

int64_t
fx_total_add(struct fx_total *t, int64_t minor, const char *from,
    const char *to, int64_t day, const struct fx_point *fx, size_t n,
    int *missing)
{
	int64_t r = 0;

	if (minor != 0) {
		switch (way_of(from, to, day, fx, n, missing, &r)) {
		case W_USD_INR:
			t->micro += (fx_wide)minor * r;
			break;
		case W_INR_USD:
			t->micro += div_round((fx_wide)minor * 1000000 *
			    1000000, r);
			break;
		default:
			t->micro += (fx_wide)minor * 1000000;
		}
	}
	return fx_total_minor(t);
}

int64_t
fx_total_minor(const struct fx_total *t)
{
	return wide_hold(div_round(t->micro, 1000000));
}
