/*
 * test-budget.c: core/budget.c: dated USD->INR rates and conversion at the
 * rate of an amount's local date, the plan's months and phases, and the
 * month's spend against the phase's range (the month follows local time).
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/budget.h"
#include "core/catalog.h"
#include "core/clock.h"
#include "core/fx.h"
#include "core/model.h"
#include "core/plan.h"
#include "tests/unit/t.h"

#define DAYN(y, m, d) (t_utc((y), (m), (d), 0, 0, 0) / 86400)

static void
set_tz(const char *tz)
{
	setenv("TZ", tz, 1);
	tzset();
}

static void
test_rate_on(void)
{
	const struct fx_point fx[] = {
		{ 100, 80000000, 0 },
		{ 200, 83000000, 0 },
		{ 300, 85000000, 0 },
	};

	/* Before any rate: the earliest. */
	CHECK_EQ_INT(fx_rate_on(fx, 3, 50), 80000000);
	CHECK_EQ_INT(fx_rate_on(fx, 3, 99), 80000000);
	/* On a rate's day, that rate; between two, the earlier. */
	CHECK_EQ_INT(fx_rate_on(fx, 3, 100), 80000000);
	CHECK_EQ_INT(fx_rate_on(fx, 3, 199), 80000000);
	CHECK_EQ_INT(fx_rate_on(fx, 3, 200), 83000000);
	CHECK_EQ_INT(fx_rate_on(fx, 3, 250), 83000000);
	CHECK_EQ_INT(fx_rate_on(fx, 3, 300), 85000000);
	CHECK_EQ_INT(fx_rate_on(fx, 3, 100000), 85000000);
	CHECK_EQ_INT(fx_rate_on(fx, 1, 0), 80000000);
	CHECK_EQ_INT(fx_rate_on(fx, 1, 1000), 80000000);
	CHECK_EQ_INT(fx_rate_on(fx, 2, 250), 83000000);
	CHECK_EQ_INT(fx_rate_on(fx, 0, 250), 0);
	CHECK_EQ_INT(fx_rate_on(NULL, 0, 250), 0);
}

static void
test_convert(void)
{
	/* 80.00 from 2026-06-01, 83.50 from 2026-07-01. */
	const struct fx_point fx[] = {
		{ DAYN(2026, 6, 1), 80000000, 0 },
		{ DAYN(2026, 7, 1), 83500000, 0 },
	};
	int64_t jul15 = t_utc(2026, 7, 15, 12, 0, 0);
	/* 2026-06-30 20:00Z: still June in UTC, 01:30 on July 1 in India. */
	int64_t edge = t_utc(2026, 6, 30, 20, 0, 0);
	int missing = 0;

	CHECK_EQ_INT(DAYN(2026, 7, 1), 20635);
	set_tz("UTC");
	/* $3.20 at 83.50 = ₹267.20. */
	CHECK_EQ_INT(fx_convert(320, "USD", "INR", jul15, fx, 2, &missing),
	    26720);
	/* and back. */
	CHECK_EQ_INT(fx_convert(26720, "INR", "USD", jul15, fx, 2, &missing),
	    320);
	/* ₹500 / 83.50 = $5.988 -> 599 cents; ₹1 = 1.198 cents -> 1. */
	CHECK_EQ_INT(fx_convert(50000, "INR", "USD", jul15, fx, 2, &missing),
	    599);
	CHECK_EQ_INT(fx_convert(100, "INR", "USD", jul15, fx, 2, &missing),
	    1);
	/* Halves round away from zero: 1 cent = 83.5 paise -> 84; 3 cents
	 * = 250.5 -> 251; a refund of 3 cents -> -251. */
	CHECK_EQ_INT(fx_convert(1, "USD", "INR", jul15, fx, 2, &missing), 84);
	CHECK_EQ_INT(fx_convert(3, "USD", "INR", jul15, fx, 2, &missing),
	    251);
	CHECK_EQ_INT(fx_convert(-3, "USD", "INR", jul15, fx, 2, &missing),
	    -251);
	/* A product past 2^63 is exact: $10^11 (10^13 cents) at 83.50 is
	 * 8.35 x 10^20 before the division, 8.35 x 10^14 paise after; and
	 * back.  Past the totals' limit (10^15) it is held there. */
	CHECK_EQ_INT(fx_convert(INT64_C(10000000000000), "USD", "INR", jul15,
	    fx, 2, &missing), INT64_C(835000000000000));
	CHECK_EQ_INT(fx_convert(INT64_C(835000000000000), "INR", "USD", jul15,
	    fx, 2, &missing), INT64_C(10000000000000));
	CHECK_EQ_INT(fx_convert(-INT64_C(10000000000000), "USD", "INR", jul15,
	    fx, 2, &missing), -INT64_C(835000000000000));
	CHECK_EQ_INT(fx_convert(INT64_C(100000000000000), "USD", "INR", jul15,
	    fx, 2, &missing), MONEY_TOTAL_MAX);
	/* A total adds exact amounts and rounds once: ₹1.00 three times is
	 * 3 x 1.1976 cents = 3.59 cents, $0.04 (each rounded: 3 cents);
	 * dollars into rupees are exact; a refund takes away exactly. */
	{
		struct fx_total tot;
		int day = (int)DAYN(2026, 7, 15);

		memset(&tot, 0, sizeof tot);
		CHECK_EQ_INT(fx_total_add(&tot, 100, "INR", "USD", day, fx, 2,
		    &missing), 1);
		CHECK_EQ_INT(fx_total_add(&tot, 100, "INR", "USD", day, fx, 2,
		    &missing), 2);
		CHECK_EQ_INT(fx_total_add(&tot, 100, "INR", "USD", day, fx, 2,
		    &missing), 4);
		CHECK_EQ_INT(fx_total_add(&tot, 7, "USD", "USD", day, fx, 2,
		    &missing), 11);
		CHECK_EQ_INT(fx_total_add(&tot, -300, "INR", "USD", day, fx, 2,
		    &missing), 7);
		memset(&tot, 0, sizeof tot);
		/* 1 cent = 83.5 paise, twice: 167, where each rounded is 168. */
		fx_total_add(&tot, 1, "USD", "INR", day, fx, 2, &missing);
		CHECK_EQ_INT(fx_total_add(&tot, 1, "USD", "INR", day, fx, 2,
		    &missing), 167);
		CHECK_EQ_INT(fx_total_minor(&tot), 167);
		CHECK_EQ_INT(missing, 0);
	}
	/* June's rate for a June date: $1.00 = ₹80.00. */
	CHECK_EQ_INT(fx_convert(100, "USD", "INR", t_utc(2026, 6, 15, 0, 0, 0),
	    fx, 2, &missing), 8000);
	/* Before any rate, the earliest. */
	CHECK_EQ_INT(fx_convert(100, "USD", "INR", t_utc(2026, 1, 1, 0, 0, 0),
	    fx, 2, &missing), 8000);
	/* Same currency, and free (no currency): unchanged. */
	CHECK_EQ_INT(fx_convert(12345, "INR", "INR", jul15, fx, 2, &missing),
	    12345);
	CHECK_EQ_INT(fx_convert(12345, "USD", "USD", jul15, fx, 2, &missing),
	    12345);
	CHECK_EQ_INT(fx_convert(12345, "", "INR", jul15, fx, 2, &missing),
	    12345);
	CHECK_EQ_INT(missing, 0);

	/* The rate is that of the amount's LOCAL date. */
	CHECK_EQ_INT(fx_convert(100, "USD", "INR", edge, fx, 2, &missing),
	    8000);
	CHECK_EQ_INT(local_day_number(edge), DAYN(2026, 6, 30));
	set_tz("Asia/Kolkata");
	CHECK_EQ_INT(fx_convert(100, "USD", "INR", edge, fx, 2, &missing),
	    8350);
	CHECK_EQ_INT(local_day_number(edge), DAYN(2026, 7, 1));
	CHECK_EQ_INT(missing, 0);

	/* No rate at all: unconverted, and said so. */
	CHECK_EQ_INT(fx_convert(320, "USD", "INR", jul15, fx, 0, &missing),
	    320);
	CHECK_EQ_INT(missing, 1);
	CHECK_EQ_INT(fx_convert(320, "USD", "INR", jul15, NULL, 0, NULL), 320);
	/* A currency it cannot convert. */
	missing = 0;
	CHECK_EQ_INT(fx_convert(1200, "EUR", "INR", jul15, fx, 2, &missing),
	    1200);
	CHECK_EQ_INT(missing, 1);
}

/* The first plan month m (1..14) where plan_month() disagrees with
 * plan_month_start() about where m begins; 0 when they agree. */
static int
first_disagreement(int64_t start)
{
	int m;

	for (m = 1; m <= PLAN_MONTHS + 1; m++) {
		int64_t ms = plan_month_start(start, m);

		if (plan_month(start, ms) != m || plan_month(start, ms - 1) !=
		    m - 1)
			return m;
	}
	return 0;
}

static void
test_plan_month(void)
{
	int64_t start, mid;

	set_tz("UTC");
	start = t_utc(2026, 7, 1, 0, 0, 0);
	CHECK_EQ_INT(plan_month(start, start - 1), 0);
	CHECK_EQ_INT(plan_month(start, start - 40 * DAY_S), 0);
	CHECK_EQ_INT(plan_month(start, start), 1);
	CHECK_EQ_INT(plan_month(start, t_utc(2026, 7, 31, 23, 59, 59)), 1);
	CHECK_EQ_INT(plan_month(start, t_utc(2026, 8, 1, 0, 0, 0)), 2);
	CHECK_EQ_INT(plan_month(start, t_utc(2026, 12, 31, 12, 0, 0)), 6);
	CHECK_EQ_INT(plan_month(start, t_utc(2027, 1, 1, 0, 0, 0)), 7);
	CHECK_EQ_INT(plan_month(start, t_utc(2027, 7, 31, 23, 0, 0)), 13);
	/* After the plan's 13 months. */
	CHECK_EQ_INT(plan_month(start, t_utc(2027, 8, 1, 0, 0, 0)), 14);
	CHECK_EQ_INT(plan_month(start, t_utc(2027, 8, 20, 0, 0, 0)),
	    PLAN_MONTHS + 1);
	CHECK_EQ_INT(plan_month(start, t_utc(2028, 8, 1, 0, 0, 0)), 26);

	/* Starting mid-month, on the 15th: a month runs to the 14th. */
	mid = t_utc(2026, 7, 15, 0, 0, 0);
	CHECK_EQ_INT(plan_month(mid, t_utc(2026, 7, 31, 0, 0, 0)), 1);
	CHECK_EQ_INT(plan_month(mid, t_utc(2026, 8, 14, 23, 59, 59)), 1);
	CHECK_EQ_INT(plan_month(mid, t_utc(2026, 8, 15, 0, 0, 0)), 2);
	CHECK_EQ_INT(plan_month(mid, t_utc(2027, 1, 14, 12, 0, 0)), 6);
	CHECK_EQ_INT(plan_month(mid, t_utc(2027, 1, 15, 0, 0, 0)), 7);
	CHECK_EQ_INT(plan_month(mid, t_utc(2027, 8, 14, 0, 0, 0)), 13);
	CHECK_EQ_INT(plan_month(mid, t_utc(2027, 8, 15, 0, 0, 0)), 14);

	CHECK_EQ_INT(plan_month_start(start, 1), start);
	CHECK_EQ_INT(plan_month_start(start, 7), t_utc(2027, 1, 1, 0, 0, 0));
	CHECK_EQ_INT(plan_month_start(start, 14), t_utc(2027, 8, 1, 0, 0, 0));
	CHECK_EQ_INT(plan_month_start(mid, 3), t_utc(2026, 9, 15, 0, 0, 0));
	CHECK_EQ_INT(plan_month_start(mid, 7), t_utc(2027, 1, 15, 0, 0, 0));

	/* The two functions agree on every month boundary, whatever day the
	 * plan starts on.  For a start on 2026-01-30 or -31 there is no
	 * February 30/31: plan_month_start(start, 2) normalises "Feb 31" to
	 * March 3 (Mar 2 for the 30th), while plan_month() already counts
	 * March 1 as month 2, so month 2 begins on two different days. */
	CHECK_EQ_INT(first_disagreement(start), 0);
	CHECK_EQ_INT(first_disagreement(mid), 0);
	CHECK_EQ_INT(first_disagreement(t_utc(2026, 1, 28, 0, 0, 0)), 0);
	CHECK_EQ_INT(first_disagreement(t_utc(2026, 1, 29, 0, 0, 0)), 0);
	CHECK_EQ_INT(first_disagreement(t_utc(2026, 1, 30, 0, 0, 0)), 0);
	CHECK_EQ_INT(first_disagreement(t_utc(2026, 1, 31, 0, 0, 0)), 0);

	/* In India the plan's local midnight is 18:30Z the day before. */
	set_tz("Asia/Kolkata");
	start = t_utc(2026, 6, 30, 18, 30, 0);
	CHECK_EQ_INT(plan_month(start, start - 1), 0);
	CHECK_EQ_INT(plan_month(start, start), 1);
	CHECK_EQ_INT(plan_month(start, t_utc(2026, 7, 31, 18, 29, 59)), 1);
	CHECK_EQ_INT(plan_month(start, t_utc(2026, 7, 31, 18, 30, 0)), 2);
	CHECK_EQ_INT(plan_month_start(start, 2),
	    t_utc(2026, 7, 31, 18, 30, 0));
	CHECK_EQ_INT(first_disagreement(start), 0);
}

static void
test_phase(void)
{
	const struct phase *p;

	CHECK_EQ_INT(catalog_nphases, 5);
	CHECK(plan_phase(catalog_phases, catalog_nphases, 0) == NULL);
	if (CHECK((p = plan_phase(catalog_phases, catalog_nphases, 1)) !=
	    NULL))
		CHECK_EQ_STR(p->name, "Foundations");
	if (CHECK((p = plan_phase(catalog_phases, catalog_nphases, 3)) !=
	    NULL))
		CHECK_EQ_STR(p->name, "Foundations");
	if (CHECK((p = plan_phase(catalog_phases, catalog_nphases, 4)) !=
	    NULL)) {
		CHECK_EQ_STR(p->name, "Deep Learning");
		CHECK_EQ_STR(p->platforms, "kaggle,colab-pro");
	}
	if (CHECK((p = plan_phase(catalog_phases, catalog_nphases, 9)) !=
	    NULL)) {
		CHECK_EQ_STR(p->name, "Systems & NLP");
		CHECK_EQ_INT(p->budget_min_minor, 89900);   /* ₹899 */
		CHECK_EQ_INT(p->budget_max_minor, 200000);  /* ₹2,000 */
	}
	if (CHECK((p = plan_phase(catalog_phases, catalog_nphases, 10)) !=
	    NULL))
		CHECK_EQ_STR(p->name, "Fine-tuning LLMs");
	if (CHECK((p = plan_phase(catalog_phases, catalog_nphases, 13)) !=
	    NULL))
		CHECK_EQ_STR(p->name, "Capstone Projects");
	CHECK(plan_phase(catalog_phases, catalog_nphases, 14) == NULL);
	CHECK(plan_phase(catalog_phases, 0, 1) == NULL);
}

static void
test_budget_init(void)
{
	struct budget_status b;
	/* 2026-07-31 20:00Z: July in UTC, 01:30 on August 1 in India. */
	int64_t now = t_utc(2026, 7, 31, 20, 0, 0);

	set_tz("UTC");
	memset(&b, 0x5a, sizeof b);
	budget_init(&b, "INR", now);
	CHECK_EQ_INT(b.ms, t_utc(2026, 7, 1, 0, 0, 0));
	CHECK_EQ_INT(b.me, t_utc(2026, 8, 1, 0, 0, 0));
	CHECK_EQ_STR(b.currency, "INR");
	CHECK_EQ_INT(b.spent, 0);
	CHECK_EQ_INT(b.max, -1);
	CHECK_EQ_INT(b.fx_missing, 0);

	set_tz("Asia/Kolkata");
	budget_init(&b, "USD", now);
	CHECK_EQ_INT(b.ms, t_utc(2026, 7, 31, 18, 30, 0));
	CHECK_EQ_INT(b.me, t_utc(2026, 8, 31, 18, 30, 0));
	CHECK_EQ_STR(b.currency, "USD");
	/* A second before India's midnight it is still July there. */
	budget_init(&b, "INR", t_utc(2026, 7, 31, 18, 29, 59));
	CHECK_EQ_INT(b.ms, t_utc(2026, 6, 30, 18, 30, 0));
	CHECK_EQ_INT(b.me, t_utc(2026, 7, 31, 18, 30, 0));
	/* New Year in India, still December in UTC. */
	budget_init(&b, "INR", t_utc(2026, 12, 31, 19, 0, 0));
	CHECK_EQ_INT(b.ms, t_utc(2026, 12, 31, 18, 30, 0));
	CHECK_EQ_INT(b.me, t_utc(2027, 1, 31, 18, 30, 0));
	set_tz("UTC");
}

static void
test_budget_finish(void)
{
	struct budget_status b;
	/* July 2026 has 31 days; now is 10 days in. */
	int64_t now = t_utc(2026, 7, 11, 0, 0, 0);

	set_tz("UTC");
	budget_init(&b, "INR", now);
	b.min = 0;
	b.max = 89900;

	/* ₹300 spent, ₹70 of it in the last 7 days: ₹10 a day for the
	 * 21 days left (11 Jul to 1 Aug) is ₹300 + ₹210 = ₹510 by the end. */
	/* The pace marker: 10 of 31 days gone, of ₹899. */
	CHECK_EQ_INT(budget_even(&b, now), 89900 * 10 / 31);
	CHECK_EQ_INT(budget_even(&b, b.ms - 1), 0);
	CHECK_EQ_INT(budget_even(&b, b.me), 89900);
	b.max = -1;
	CHECK_EQ_INT(budget_even(&b, now), -1);
	b.max = 89900;

	b.spent = 30000;
	b.recent = 7000;
	b.history = BUDGET_PACE_DAYS;
	budget_finish(&b, now);
	CHECK_EQ_INT(b.remaining, 59900);
	CHECK_EQ_INT(b.pct, 33);
	CHECK_EQ_INT(b.basis, 1);
	CHECK_EQ_INT(b.projected, 51000);
	CHECK_EQ_INT(b.state, BS_WITHIN);

	/* 80% of ₹899 is ₹719.20: a warning from there. */
	b.spent = 71920;
	budget_finish(&b, now);
	CHECK_EQ_INT(b.pct, 80);
	CHECK_EQ_INT(b.state, BS_WARN);
	b.spent = 71919;
	budget_finish(&b, now);
	CHECK_EQ_INT(b.pct, 79);
	CHECK_EQ_INT(b.state, BS_WITHIN);
	/* 90% of it is near, all of it still near; past it, over. */
	b.spent = 80910;
	budget_finish(&b, now);
	CHECK_EQ_INT(b.state, BS_NEAR);
	b.spent = 89900;
	budget_finish(&b, now);
	CHECK_EQ_INT(b.remaining, 0);
	CHECK_EQ_INT(b.pct, 100);
	CHECK_EQ_INT(b.state, BS_NEAR);
	b.spent = 90000;
	budget_finish(&b, now);
	CHECK_EQ_INT(b.remaining, -100);
	CHECK_EQ_INT(b.pct, 100);               /* 100.11 rounded down */
	CHECK_EQ_INT(b.state, BS_OVER);
	CHECK_EQ_INT(b.projected, 111000);
	/* A percentage past 32 bits is kept whole: a top of 1 paisa and
	 * ₹1,000,000,000 spent is 10^13 %. */
	{
		int64_t max = b.max;

		b.max = 1;
		b.spent = INT64_C(100000000000);
		budget_finish(&b, now);
		CHECK_EQ_INT(b.pct, INT64_C(10000000000000));
		b.max = max;
	}

	/* Below a range's low end: phase 3 is ₹899 to ₹2,000. */
	b.min = 89900;
	b.max = 200000;
	b.spent = 50000;
	budget_finish(&b, now);
	CHECK_EQ_INT(b.pct, 25);
	CHECK_EQ_INT(b.state, BS_UNDER);
	b.spent = 89900;
	budget_finish(&b, now);
	CHECK_EQ_INT(b.state, BS_WITHIN);

	/* Projection rounds to the nearest: 100 spent, 1 in the last 7
	 * days, 25 days left from 7 Jul: 100 + 25/7 = 103.57 -> 104. */
	b.spent = 100;
	b.recent = 1;
	budget_finish(&b, t_utc(2026, 7, 7, 0, 0, 0));
	CHECK_EQ_INT(b.projected, 104);
	/* The month's last instant: nothing left to project. */
	budget_finish(&b, b.me);
	CHECK_EQ_INT(b.projected, 100);
	/* Nothing run in the last 7 days: the spend itself, on that basis. */
	b.recent = 0;
	budget_finish(&b, now);
	CHECK_EQ_INT(b.basis, 1);
	CHECK_EQ_INT(b.projected, 100);
	/* Under a day of history: nothing projected, whatever the pace. */
	b.recent = 5000;
	b.history = 0;
	budget_finish(&b, now);
	CHECK_EQ_INT(b.basis, 0);
	CHECK_EQ_INT(b.projected, 100);
	b.history = BUDGET_PACE_DAYS;

	/* Three days of history: the pace is the spend of those days over
	 * 3, not 7.  ₹300 spent, ₹70 of it in the 3 days: ₹23.33 a day for
	 * the 21 days left is ₹490, ₹790 by the end (₹510 over 7 days). */
	{
		struct budget_status h;

		budget_init(&h, "INR", now);
		h.min = 0;
		h.max = 89900;
		h.spent = 30000;
		h.recent = 7000;
		h.history = 3;
		budget_finish(&h, now);
		CHECK_EQ_INT(h.pace_days, 3);
		CHECK_EQ_INT(h.projected, 79000);
		h.history = 9;
		budget_finish(&h, now);
		CHECK_EQ_INT(h.pace_days, BUDGET_PACE_DAYS);
		CHECK_EQ_INT(h.projected, 51000);
	}

	/* A lump sum (a subscription) is counted once and is no pace: 899
	 * paid and 100 of runs, the runs' 100 all in the last 7 days, with
	 * 25 days left: 999 + 100 x 25/7 = 999 + 357.14 -> 1,356. */
	b.spent = 999;
	b.lump = 899;
	b.recent = 100;
	budget_finish(&b, t_utc(2026, 7, 7, 0, 0, 0));
	CHECK_EQ_INT(b.projected, 1356);
	b.lump = 0;
	b.recent = 7000;

	/* A zero budget: anything spent is over. */
	b.min = 0;
	b.max = 0;
	b.spent = 0;
	budget_finish(&b, now);
	CHECK_EQ_INT(b.state, BS_WITHIN);
	b.spent = 1;
	budget_finish(&b, now);
	CHECK_EQ_INT(b.state, BS_OVER);
	CHECK_EQ_INT(b.pct, 100);

	/* No range at all. */
	b.min = 0;
	b.max = -1;
	b.spent = 5000;
	budget_finish(&b, now);
	CHECK_EQ_INT(b.state, BS_WITHIN);
	CHECK_EQ_INT(b.remaining, 0);
	CHECK_EQ_INT(b.pct, 0);
	CHECK_EQ_INT(b.projected, 26000);
}

int
main(void)
{
	test_rate_on();
	test_convert();
	test_plan_month();
	test_phase();
	test_budget_init();
	test_budget_finish();
	return t_done();
}
