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

/*
 * minor * mul / div rounded to the nearest minor unit, halves away from
 * zero, computed exactly (the product in 128 bits: 10^15 * 10^11 is past
 * 2^63), then held to +-MONEY_TOTAL_MAX.
 */
static int64_t
scale_round(int64_t minor, int64_t mul, int64_t div)
{
	__extension__ typedef __int128 wide;
	wide p = (wide)minor * mul, q;

	q = p >= 0 ? (p + div / 2) / div : -((-p + div / 2) / div);
	if (q > MONEY_TOTAL_MAX)
		return MONEY_TOTAL_MAX;
	if (q < -MONEY_TOTAL_MAX)
		return -MONEY_TOTAL_MAX;
	return (int64_t)q;
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
	int64_t r;

	if (from[0] == '\0' || strcmp(from, to) == 0 || minor == 0)
		return minor;
	r = fx_rate_on(fx, n, day);
	if (r <= 0) {
		if (missing != NULL)
			*missing = 1;
		return minor;
	}
	if (strcmp(from, "USD") == 0 && strcmp(to, "INR") == 0)
		return scale_round(minor, r, 1000000);
	if (strcmp(from, "INR") == 0 && strcmp(to, "USD") == 0)
		return scale_round(minor, 1000000, r);
	if (missing != NULL)
		*missing = 1;
	return minor;
}
