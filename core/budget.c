/* budget.c: exchange, the plan calendar and budget arithmetic. */
#include "core/budget.h"

#include <string.h>

#include "core/alerts.h"
#include "core/clock.h"
#include "core/model.h"

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

int64_t
local_day_number(int64_t t)
{
	struct lt l;

	local_parts(t, &l);
	return days_from_civil(l.year, l.mon, l.mday);
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

int64_t
plan_month_start(int64_t start, int m)
{
	/* Month m starts on the start's day of the month, or on the last
	 * day of a month too short for it (a plan from Jan 31 has its second
	 * month from Feb 28): local_month_same_day()'s rule, at midnight. */
	return local_month_same_day(local_day_start(start), m - 1);
}

int
plan_month(int64_t start, int64_t now)
{
	struct lt s, n;
	int m;

	if (now < start)
		return 0;
	local_parts(start, &s);
	local_parts(now, &n);
	/* The calendar guess, then the month whose start is the latest not
	 * after now. */
	m = (n.year - s.year) * 12 + (n.mon - s.mon) + 1;
	if (m < 1)
		m = 1;
	while (m > 1 && plan_month_start(start, m) > now)
		m--;
	while (plan_month_start(start, m + 1) <= now)
		m++;
	return m;
}

const struct phase *
plan_phase(const struct phase *ph, size_t n, int m)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (m >= ph[i].first_month && m <= ph[i].last_month)
			return &ph[i];
	return NULL;
}

void
budget_init(struct budget_status *b, const char *currency, int64_t now)
{
	memset(b, 0, sizeof *b);
	b->ms = local_month_start(now);
	b->me = local_month_add(now, 1);
	strncpy(b->currency, currency, 3);
	b->max = -1;
}

void
budget_finish(struct budget_status *b, int64_t now)
{
	int64_t left = b->me > now ? b->me - now : 0;
	double pace = 0;
	int lv;

	/* Figures held within MONEY_TOTAL_MAX, so that the percentage and
	 * the projection below stay within 64 bits. */
	b->spent = money_hold(b->spent);
	b->lump = money_hold(b->lump);
	b->recent = money_hold(b->recent);
	b->coming = money_hold(b->coming);

	b->basis = b->history;
	if (b->basis && b->recent > 0)
		pace = (double)b->recent * (double)left /
		    ((double)BUDGET_PACE_DAYS * DAY_S) + 0.5;
	b->projected = money_hold(b->spent + b->coming + (pace >
	    (double)MONEY_TOTAL_MAX ? MONEY_TOTAL_MAX : (int64_t)pace));
	if (b->max < 0) {
		b->remaining = 0;
		b->pct = 0;
		b->state = BS_WITHIN;
		return;
	}
	b->remaining = b->max - b->spent;
	b->pct = b->max > 0 ? (int)(b->spent * 100 / b->max) :
	    (b->spent > 0 ? 100 : 0);
	/* The top's thresholds are core/alerts.h's table. */
	lv = alerts_level(ALS_BUDGET, b->spent, b->max);
	if (lv == AL_OVER)
		b->state = BS_OVER;
	else if (lv == AL_NEAR)
		b->state = BS_NEAR;
	else if (lv == AL_WARN)
		b->state = BS_WARN;
	else if (b->spent < b->min)
		b->state = BS_UNDER;
	else
		b->state = BS_WITHIN;
}

int64_t
budget_even(const struct budget_status *b, int64_t now)
{
	if (b->max < 0)
		return -1;
	if (now <= b->ms || b->me <= b->ms)
		return 0;
	if (now >= b->me)
		return b->max;
	return (int64_t)((double)b->max * (double)(now - b->ms) /
	    (double)(b->me - b->ms));
}
