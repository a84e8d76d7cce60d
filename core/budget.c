/* budget.c: the month's spend against the phase's budget range. */
#include "core/budget.h"

#include <string.h>

#include "core/alerts.h"
#include "core/clock.h"
#include "core/fx.h"
#include "core/model.h"

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

	b->basis = b->history > 0;
	b->pace_days = b->history > 0 && b->history < BUDGET_PACE_DAYS ?
	    b->history : BUDGET_PACE_DAYS;
	if (b->basis && b->recent > 0)
		pace = (double)b->recent * (double)left /
		    ((double)b->pace_days * DAY_S) + 0.5;
	b->projected = money_hold(b->spent + b->coming + (pace >
	    (double)MONEY_TOTAL_MAX ? MONEY_TOTAL_MAX : (int64_t)pace));
	if (b->max < 0) {
		b->remaining = 0;
		b->pct = 0;
		b->state = BS_WITHIN;
		return;
	}
	b->remaining = b->max - b->spent;
	b->pct = b->max > 0 ? b->spent * 100 / b->max :
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
