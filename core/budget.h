/*
 * budget.h: exchange rates, the plan's months and phases, and the month's
 * spend against the phase's budget.  The budget month follows local time.
 */
#ifndef GPULOG_BUDGET_H
#define GPULOG_BUDGET_H

#include <stddef.h>
#include <stdint.h>

struct phase;

#define PLAN_MONTHS 13

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

/* Days since the epoch of the local date of t. */
int64_t local_day_number(int64_t t);

/*
 * The plan month holding now, counting month 1 from start (a local
 * midnight): 0 before the start, PLAN_MONTHS + 1 or more after the end.
 * Month m runs from plan_month_start(start, m) to the next month's start.
 */
int plan_month(int64_t start, int64_t now);

/* The local midnight starting plan month m (1-based): the start's day of
 * the month, or the last day of a month too short for it. */
int64_t plan_month_start(int64_t start, int m);

/* The phase holding month m, or NULL. */
const struct phase *plan_phase(const struct phase *ph, size_t n, int m);

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
	int pct;               /* spent * 100 / max */
	int64_t projected;     /* by me: spent, plus the recent pace for
	                          the rest of the month, plus coming
	                          (budget_finish()) */
	int64_t coming;        /* the subscriptions' payments after now and
	                          before me; the caller fills it */
	int64_t recent;        /* run spend in [now - BUDGET_PACE_DAYS, now),
	                          each run's part in it; the caller fills it */
	int history;           /* 1 when the first run started a day or more
	                          before now; the caller fills it */
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
 * this month (coming: known, so counted whatever the pace).  Under a day of
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
