/*
 * budget.h: the month's spend against the phase's budget range.  The
 * budget month follows local time.  Exchange is core/fx.h's, the plan's
 * calendar core/plan.h's.
 */
#ifndef GPULOG_BUDGET_H
#define GPULOG_BUDGET_H

#include <stddef.h>
#include <stdint.h>

enum budget_state {
	BS_UNDER,  /* below the range's low end */
	BS_WITHIN, /* within the range */
	BS_WARN,   /* 80% or more of the high end */
	BS_NEAR,   /* 90% or more of it */
	BS_OVER    /* past the high end: the levels of core/alerts.h */
};

struct budget_status {
	int64_t ms, me;        /* the local month [ms, me) */
	char currency[4];      /* everything below is in it */
	int64_t spent;         /* runs and expenses this month */
	int64_t lump;          /* the expenses among them: paid once, so
	                          never a pace */
	int64_t min, max;      /* the phase's range; max < 0 when none */
	int64_t remaining;     /* max - spent */
	int64_t pct;           /* spent * 100 / max */
	int64_t projected;     /* by me: spent, plus the recent pace for
	                          the rest of the month, plus coming
	                          (budget_finish()) */
	int64_t coming;        /* the subscriptions' payments after now and
	                          before me; the caller fills it */
	int64_t recent;        /* run spend in [now - BUDGET_PACE_DAYS, now),
	                          each run's part in it; the caller fills it */
	int history;           /* whole days since the first run started, up
	                          to BUDGET_PACE_DAYS (0 under a day); the
	                          caller fills it */
	int pace_days;         /* the pace's span: BUDGET_PACE_DAYS, or the
	                          days of history when fewer */
	int basis;             /* 1: projected on the recent pace; 0: not
	                          projected (projected is spent) */
	int state;             /* enum budget_state */
	int fx_missing;        /* 1 when an amount lacked a rate */
};

/* Starts b for the local month holding now. */
void budget_init(struct budget_status *b, const char *currency,
    int64_t now);

#define BUDGET_PACE_DAYS 7 /* the span of the budget's recent pace */

/*
 * Fills remaining, pct, projected and state once spent, recent and history
 * are filled.  The projection: what is already spent, plus the recent
 * daily pace (recent / BUDGET_PACE_DAYS: what runs cost a day over the last
 * 7 days; expenses are paid once and are no pace) for the time left in the
 * month, plus the payments of the monthly subscriptions still to come
 * this month (coming: known, so counted whatever the pace).  With fewer
 * than 7 whole days since the first run, the pace is recent over those
 * days instead (pace_days holds the span used).  Under a day of
 * history (the first run less than a day old, or none) there is no pace:
 * basis 0, projected = spent + coming.
 */
void budget_finish(struct budget_status *b, int64_t now);

/*
 * The budget's pace marker: what an even spend to the top of the range
 * would have reached by now, max times the part of the month gone
 * (rounded down; 0 before the month, max after it).  -1 when the phase
 * has no range.
 */
int64_t budget_even(const struct budget_status *b, int64_t now);

#endif
