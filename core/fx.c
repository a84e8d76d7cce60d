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

/* Rounds a/b to the nearest integer, halves away from zero. */
static int64_t
div_round(int64_t a, int64_t b)
{
	return a >= 0 ? (a + b / 2) / b : -((-a + b / 2) / b);
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
	int64_t r, p;

	if (from[0] == '\0' || strcmp(from, to) == 0 || minor == 0)
		return minor;
	r = fx_rate_on(fx, n, day);
	if (r <= 0) {
		if (missing != NULL)
			*missing = 1;
		return minor;
	}
	if (strcmp(from, "USD") == 0 && strcmp(to, "INR") == 0)
		return money_hold(__builtin_mul_overflow(minor, r, &p) ?
		    (minor > 0 ? INT64_MAX : -INT64_MAX) :
		    div_round(p, 1000000));
	if (strcmp(from, "INR") == 0 && strcmp(to, "USD") == 0)
		return money_hold(__builtin_mul_overflow(minor, 1000000, &p) ?
		    (minor > 0 ? INT64_MAX : -INT64_MAX) : div_round(p, r));
	if (missing != NULL)
		*missing = 1;
	return minor;
}
