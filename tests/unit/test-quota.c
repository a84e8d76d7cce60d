/*
 * test-quota.c: core/quota.c: the window holding a time (weekly with a UTC
 * reset, calendar month, rolling), what a run uses of a window (split at
 * the reset, times GPU count, open runs up to now, compute units), each
 * quota's meter (Kaggle's session hours, Lightning's GPU-hours), and the
 * status: remaining, percent, ok/warn/over and when it runs out.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/catalog.h"
#include "core/clock.h"
#include "core/err.h"
#include "core/fmt.h"
#include "core/model.h"
#include "core/parse.h"
#include "core/quota.h"
#include "tests/unit/t.h"

#define H(x) ((int64_t)(x) * 3600)

/* 30 GPU-hours a week from Saturday 00:00 UTC (Kaggle's window, metered
 * by GPU-hours: the meter has its own test). */
static struct quota
week_quota(void)
{
	struct quota q;

	memset(&q, 0, sizeof q);
	strcpy(q.platform, "kaggle");
	q.unit = QU_GPU_S;
	q.amount = H(30);
	q.window = QW_WEEK;
	q.reset_wday = 6;
	q.reset_min = 0;
	return q;
}

static struct quota
month_quota(int mday, int min)
{
	struct quota q;

	memset(&q, 0, sizeof q);
	strcpy(q.platform, "lightning");
	q.unit = QU_GPU_S;
	q.amount = H(80);
	q.window = QW_MONTH;
	q.reset_mday = mday;
	q.reset_min = min;
	return q;
}

static void
window_is(const struct quota *q, int64_t t, int64_t want_s, int64_t want_e)
{
	int64_t ws = -1, we = -1;

	quota_window(q, t, &ws, &we);
	CHECK_EQ_INT(ws, want_s);
	CHECK_EQ_INT(we, want_e);
}

static void
test_week_window(void)
{
	struct quota q = week_quota();
	/* Saturday 2026-11-28 00:00Z is a reset (day 20785, a Saturday). */
	int64_t reset = t_utc(2026, 11, 28, 0, 0, 0);

	CHECK_EQ_INT(weekday_from_days(reset / DAY_S), 6);
	/* At the reset instant, the new week; one second before, the old. */
	window_is(&q, reset, reset, reset + WEEK_S);
	window_is(&q, reset - 1, reset - WEEK_S, reset);
	window_is(&q, reset + 1, reset, reset + WEEK_S);
	/* Mid-week, Wednesday 2026-12-02 13:00Z, and the Friday before the
	 * next reset. */
	window_is(&q, t_utc(2026, 12, 2, 13, 0, 0), reset, reset + WEEK_S);
	window_is(&q, t_utc(2026, 12, 4, 23, 59, 59), reset, reset + WEEK_S);
	window_is(&q, reset + WEEK_S, reset + WEEK_S, reset + 2 * WEEK_S);

	/* A reset at Friday 18:30 UTC (Saturday 00:00 in India). */
	q.reset_wday = 5;
	q.reset_min = 18 * 60 + 30;
	window_is(&q, t_utc(2026, 11, 27, 18, 30, 0),
	    t_utc(2026, 11, 27, 18, 30, 0), t_utc(2026, 12, 4, 18, 30, 0));
	window_is(&q, t_utc(2026, 11, 27, 18, 29, 59),
	    t_utc(2026, 11, 20, 18, 30, 0), t_utc(2026, 11, 27, 18, 30, 0));
	/* Friday morning is on the reset's weekday but before its time. */
	window_is(&q, t_utc(2026, 11, 27, 10, 0, 0),
	    t_utc(2026, 11, 20, 18, 30, 0), t_utc(2026, 11, 27, 18, 30, 0));
	window_is(&q, t_utc(2026, 11, 28, 0, 0, 0),
	    t_utc(2026, 11, 27, 18, 30, 0), t_utc(2026, 12, 4, 18, 30, 0));
}

static void
test_month_window(void)
{
	struct quota q = month_quota(1, 0);
	struct quota mid = month_quota(15, 330);
	struct quota r;

	window_is(&q, t_utc(2026, 7, 15, 12, 0, 0), t_utc(2026, 7, 1, 0, 0, 0),
	    t_utc(2026, 8, 1, 0, 0, 0));
	window_is(&q, t_utc(2026, 7, 31, 23, 59, 59),
	    t_utc(2026, 7, 1, 0, 0, 0), t_utc(2026, 8, 1, 0, 0, 0));
	window_is(&q, t_utc(2026, 8, 1, 0, 0, 0), t_utc(2026, 8, 1, 0, 0, 0),
	    t_utc(2026, 9, 1, 0, 0, 0));
	/* December runs into the next year; February is short. */
	window_is(&q, t_utc(2026, 12, 31, 23, 0, 0),
	    t_utc(2026, 12, 1, 0, 0, 0), t_utc(2027, 1, 1, 0, 0, 0));
	window_is(&q, t_utc(2028, 2, 29, 12, 0, 0), t_utc(2028, 2, 1, 0, 0, 0),
	    t_utc(2028, 3, 1, 0, 0, 0));
	CHECK_EQ_INT(t_utc(2026, 3, 1, 0, 0, 0) - t_utc(2026, 2, 1, 0, 0, 0),
	    28 * DAY_S);

	/* Resetting on the 15th at 05:30 UTC: before it, the window began
	 * last month's 15th, across a year end too. */
	window_is(&mid, t_utc(2026, 7, 10, 0, 0, 0),
	    t_utc(2026, 6, 15, 5, 30, 0), t_utc(2026, 7, 15, 5, 30, 0));
	window_is(&mid, t_utc(2026, 7, 15, 5, 29, 59),
	    t_utc(2026, 6, 15, 5, 30, 0), t_utc(2026, 7, 15, 5, 30, 0));
	window_is(&mid, t_utc(2026, 7, 15, 5, 30, 0),
	    t_utc(2026, 7, 15, 5, 30, 0), t_utc(2026, 8, 15, 5, 30, 0));
	window_is(&mid, t_utc(2027, 1, 10, 0, 0, 0),
	    t_utc(2026, 12, 15, 5, 30, 0), t_utc(2027, 1, 15, 5, 30, 0));

	/* Rolling: the last N days up to t. */
	memset(&r, 0, sizeof r);
	r.unit = QU_GPU_S;
	r.amount = H(20);
	r.window = QW_ROLLING;
	r.rolling_days = 7;
	window_is(&r, t_utc(2026, 11, 28, 10, 0, 0),
	    t_utc(2026, 11, 21, 10, 0, 0), t_utc(2026, 11, 28, 10, 0, 0));
}

static struct run
mkrun(int64_t start, int64_t end, int gpus)
{
	struct run r;

	run_init(&r);
	strcpy(r.platform, "kaggle");
	r.start = start;
	r.end = end;
	r.gpus = gpus;
	return r;
}

static void
test_run_use(void)
{
	struct quota q = week_quota();
	int64_t reset = t_utc(2026, 11, 28, 0, 0, 0);
	int64_t old_s = reset - WEEK_S, new_e = reset + WEEK_S;
	int64_t now = t_utc(2026, 11, 30, 0, 0, 0);
	/* Friday 23:00 to Saturday 02:00 UTC, across the reset. */
	struct run r = mkrun(reset - H(1), reset + H(2), 1);

	CHECK_EQ_INT(quota_run_use(&q, &r, old_s, reset, now, 0), H(1));
	CHECK_EQ_INT(quota_run_use(&q, &r, reset, new_e, now, 0), H(2));
	/* Two GPUs count double on each side. */
	r.gpus = 2;
	CHECK_EQ_INT(quota_run_use(&q, &r, old_s, reset, now, 0), H(2));
	CHECK_EQ_INT(quota_run_use(&q, &r, reset, new_e, now, 0), H(4));
	r.gpus = 4;
	CHECK_EQ_INT(quota_run_use(&q, &r, reset, new_e, now, 0), H(8));

	/* Outside the window, or only touching its edge: nothing. */
	r = mkrun(reset - H(3), reset, 1);
	CHECK_EQ_INT(quota_run_use(&q, &r, reset, new_e, now, 0), 0);
	CHECK_EQ_INT(quota_run_use(&q, &r, old_s, reset, now, 0), H(3));
	r = mkrun(new_e, new_e + H(1), 1);
	CHECK_EQ_INT(quota_run_use(&q, &r, reset, new_e, now, 0), 0);

	/* An open run counts up to now: started Saturday 21:00 on the 28th,
	 * now Monday 00:00 (the 30th) is 27 h. */
	r = mkrun(reset + H(21), RUN_OPEN, 1);
	CHECK_EQ_INT(quota_run_use(&q, &r, reset, new_e, now, 0), H(27));
	CHECK_EQ_INT(quota_run_use(&q, &r, reset, new_e, reset + H(22), 0),
	    H(1));
	/* Open since Friday 22:00 before the reset: 2 h in the old week,
	 * and 48 h up to Monday 00:00 in the new one. */
	r = mkrun(reset - H(2), RUN_OPEN, 1);
	CHECK_EQ_INT(quota_run_use(&q, &r, old_s, reset, now, 0), H(2));
	CHECK_EQ_INT(quota_run_use(&q, &r, reset, new_e, now, 0), H(48));
	r.gpus = 2;
	CHECK_EQ_INT(quota_run_use(&q, &r, reset, new_e, now, 0), H(96));
	/* Not begun yet at now: nothing. */
	r = mkrun(now + H(1), RUN_OPEN, 1);
	CHECK_EQ_INT(quota_run_use(&q, &r, reset, new_e, now, 0), 0);

	CHECK_EQ_INT(overlap(0, 10, 5, 20), 5);
	CHECK_EQ_INT(overlap(5, 20, 0, 10), 5);
	CHECK_EQ_INT(overlap(0, 10, 10, 20), 0);
	CHECK_EQ_INT(overlap(0, 10, 2, 3), 1);
	CHECK_EQ_INT(overlap(0, 10, 20, 30), 0);
}

/* What a quota counts: Kaggle's session hours whatever the GPU count,
 * Lightning's GPU-hours, as the catalog sets them. */
static void
test_meter(void)
{
	struct quota k, l, q;
	struct err e = { "" };
	int64_t now = t_utc(2026, 11, 20, 13, 0, 0), ws, we;
	struct run r = mkrun(now - H(2), now - H(1), 2);
	size_t i;

	memset(&k, 0, sizeof k);
	memset(&l, 0, sizeof l);
	for (i = 0; i < catalog_nquotas; i++) {
		if (strcmp(catalog_quotas[i].platform, "kaggle") == 0)
			k = catalog_quotas[i];
		if (strcmp(catalog_quotas[i].platform, "lightning") == 0)
			l = catalog_quotas[i];
	}
	CHECK_EQ_INT(k.unit, QU_SESSION_S);
	/* Lightning's free tier is credits now; a quota in GPU-hours is
	 * what it was, and still meters so. */
	CHECK_EQ_INT(l.unit, QU_CREDIT);
	CHECK_EQ_INT(l.amount, 0);
	l.unit = QU_GPU_S;
	l.amount = H(80);
	CHECK_EQ_INT(catalog_hours_unit("kaggle"), QU_SESSION_S);
	CHECK_EQ_INT(catalog_hours_unit("lightning"), QU_GPU_S);
	CHECK_EQ_INT(catalog_hours_unit("colab-pro"), QU_GPU_S);
	CHECK_EQ_INT(catalog_hours_unit("vast"), QU_GPU_S);

	/* A T4 x2 Kaggle hour is 1.0 h of the quota; a Lightning 2-GPU
	 * hour is 2.0 GPU-h. */
	quota_window(&k, now, &ws, &we);
	CHECK_EQ_INT(quota_run_use(&k, &r, ws, we, now, 0), H(1));
	quota_window(&l, now, &ws, &we);
	CHECK_EQ_INT(quota_run_use(&l, &r, ws, we, now, 0), H(2));
	r.gpus = 4;
	quota_window(&k, now, &ws, &we);
	CHECK_EQ_INT(quota_run_use(&k, &r, ws, we, now, 0), H(1));
	/* Split at the reset like any other. */
	r = mkrun(ws - H(1), ws + H(2), 2);
	CHECK_EQ_INT(quota_run_use(&k, &r, ws, we, now, 0), H(2));
	CHECK_EQ_INT(quota_run_use(&k, &r, ws - WEEK_S, ws, now, 0), H(1));

	/* The one rule, as gpulog run's pace reads it. */
	CHECK_EQ_INT(quota_use(QU_SESSION_S, 90, 2, 0), 90);
	CHECK_EQ_INT(quota_use(QU_SESSION_S, 90, 8, 500), 90);
	CHECK_EQ_INT(quota_use(QU_GPU_S, 90, 2, 0), 180);
	CHECK_EQ_INT(quota_use(QU_CU, 3600, 2, 196), 392);

	CHECK_EQ_STR(quota_meter_name(QU_SESSION_S), "session");
	CHECK_EQ_STR(quota_meter_name(QU_GPU_S), "gpu");
	CHECK_EQ_STR(quota_meter_name(QU_CU), "units");
	CHECK_EQ_STR(quota_meter_text(QU_SESSION_S),
	    "session hours, whatever the GPU count");
	CHECK_EQ_STR(quota_meter_text(QU_GPU_S),
	    "GPU-hours (duration times GPUs)");
	CHECK_EQ_STR(quota_meter_text(QU_CU),
	    "compute units at each GPU's rate");

	/* Set as typed; the amount is kept; compute units have no other
	 * meter; a bad word leaves the quota alone. */
	q = k;
	CHECK_EQ_INT(quota_set_meter(&q, "gpu", &e), 0);
	CHECK_EQ_INT(q.unit, QU_GPU_S);
	CHECK_EQ_INT(q.amount, H(30));
	CHECK_EQ_INT(quota_set_meter(&q, "Session", &e), 0);
	CHECK_EQ_INT(q.unit, QU_SESSION_S);
	CHECK_EQ_INT(quota_set_meter(&q, "hours", &e), -1);
	CHECK(strstr(e.msg, "invalid meter \"hours\"") != NULL);
	CHECK_EQ_INT(q.unit, QU_SESSION_S);
	q.unit = QU_CU;
	CHECK_EQ_INT(quota_set_meter(&q, "session", &e), -1);
	CHECK(strstr(e.msg, "compute units") != NULL);
	CHECK_EQ_INT(q.unit, QU_CU);
}

static void
test_cu_use(void)
{
	struct quota q = month_quota(1, 0);
	int64_t ms = t_utc(2026, 12, 1, 0, 0, 0);
	int64_t me = t_utc(2027, 1, 1, 0, 0, 0);
	int64_t now = t_utc(2026, 12, 20, 0, 0, 0);
	struct run r;

	strcpy(q.platform, "colab-pro");
	q.unit = QU_CU;
	q.amount = 10000;

	/* A T4 burns 1.90 CU an hour (190 hundredths): 2 h = 380. */
	r = mkrun(ms + H(10), ms + H(12), 1);
	CHECK_EQ_INT(quota_run_use(&q, &r, ms, me, now, 190), 380);
	/* Two of them, 760; an A100 at 12.00 an hour for 2 h, 2400. */
	r.gpus = 2;
	CHECK_EQ_INT(quota_run_use(&q, &r, ms, me, now, 190), 760);
	r.gpus = 1;
	CHECK_EQ_INT(quota_run_use(&q, &r, ms, me, now, 1200), 2400);
	/* Rounded to the nearest hundredth: 1000 s at 190/h is 52.78 ->
	 * 53; 900 s at 190/h is 47.5 -> 48 (half up). */
	r = mkrun(ms, ms + 1000, 1);
	CHECK_EQ_INT(quota_run_use(&q, &r, ms, me, now, 190), 53);
	r = mkrun(ms, ms + 900, 1);
	CHECK_EQ_INT(quota_run_use(&q, &r, ms, me, now, 190), 48);

	/* The run's own figure wins, prorated to the part inside: 5.00 CU
	 * over 4 h, of which 1 h (23:00-24:00 on Nov 30) is before ms. */
	r = mkrun(ms - H(1), ms + H(3), 1);
	r.cu_centi = 500;
	CHECK_EQ_INT(quota_run_use(&q, &r, ms, me, now, 190), 375);
	CHECK_EQ_INT(quota_run_use(&q, &r, ms - 30 * DAY_S, ms, now, 190),
	    125);
	/* ... and is not multiplied by the GPU count: it is the total. */
	r.gpus = 2;
	CHECK_EQ_INT(quota_run_use(&q, &r, ms, me, now, 190), 375);
	/* A known zero is zero, not an estimate. */
	r.cu_centi = 0;
	CHECK_EQ_INT(quota_run_use(&q, &r, ms, me, now, 190), 0);
	/* An open run without a figure: 19 days x 24 h x 1.90 = 866.40
	 * CU, so 86640 hundredths. */
	r = mkrun(ms, RUN_OPEN, 1);
	CHECK_EQ_INT(quota_run_use(&q, &r, ms, me, now, 190), 86640);
}

/* A run split by a reset: its two parts sum exactly to its whole, rounded
 * once (not 0.48 + 0.48 for a whole of 0.95). */
static void
test_cu_split(void)
{
	struct quota q = month_quota(1, 0);
	int64_t ms = t_utc(2026, 12, 1, 0, 0, 0);
	int64_t me = t_utc(2027, 1, 1, 0, 0, 0);
	int64_t now = t_utc(2026, 12, 20, 0, 0, 0);
	int64_t before, after, whole;
	struct run r;

	strcpy(q.platform, "colab-pro");
	q.unit = QU_CU;
	q.amount = 10000;
	/* 30 min at 1.90 CU/h = 0.95 CU, 15 min each side of the reset. */
	r = mkrun(ms - 900, ms + 900, 1);
	whole = quota_run_use(&q, &r, ms - 30 * DAY_S, me, now, 190);
	before = quota_run_use(&q, &r, ms - 30 * DAY_S, ms, now, 190);
	after = quota_run_use(&q, &r, ms, me, now, 190);
	CHECK_EQ_INT(whole, 95);
	CHECK_EQ_INT(before, 48);
	CHECK_EQ_INT(before + after, whole);
	/* The run's own figure, 0.05 CU over the same half hour. */
	r.cu_centi = 5;
	before = quota_run_use(&q, &r, ms - 30 * DAY_S, ms, now, 190);
	after = quota_run_use(&q, &r, ms, me, now, 190);
	CHECK_EQ_INT(before + after, 5);
	/* An open run across the reset, counted up to now. */
	r = mkrun(ms - 900, RUN_OPEN, 1);
	whole = quota_run_use(&q, &r, ms - 30 * DAY_S, me, ms + 900, 190);
	before = quota_run_use(&q, &r, ms - 30 * DAY_S, ms, ms + 900, 190);
	after = quota_run_use(&q, &r, ms, me, ms + 900, 190);
	CHECK_EQ_INT(before + after, whole);
}

static void
test_status(void)
{
	struct quota q = week_quota();
	int64_t reset = t_utc(2026, 11, 28, 0, 0, 0);
	/* Two days into the week. */
	int64_t now = reset + 2 * DAY_S;
	struct quota_status st;

	quota_status_init(&st, &q, now);
	CHECK_EQ_INT(st.ws, reset);
	CHECK_EQ_INT(st.we, reset + WEEK_S);
	CHECK_EQ_INT(st.used, 0);
	CHECK_EQ_INT(st.limit, H(30));
	CHECK_EQ_INT(st.remaining, H(30));
	CHECK_EQ_INT(st.state, QS_OK);
	quota_status_finish(&st, now);
	CHECK_EQ_INT(st.pct, 0);
	CHECK_EQ_INT(st.state, QS_OK);
	CHECK_EQ_INT(st.runs_out, 0);

	/* Used, but with nothing open and no average to go on (recent and
	 * history unfilled), nothing is projected. */
	quota_status_init(&st, &q, now);
	st.used = H(20);
	quota_status_finish(&st, now);
	CHECK_EQ_INT(st.remaining, H(10));
	CHECK_EQ_INT(st.pct, 66);
	CHECK_EQ_INT(st.state, QS_OK);
	CHECK_EQ_INT(st.runs_out, 0);
	CHECK_EQ_INT(st.lasts, 0);
	CHECK_EQ_INT(st.basis, QB_NONE);

	/* 80% exactly is a warning: 24 h of 30. */
	st.used = H(24);
	quota_status_finish(&st, now);
	CHECK_EQ_INT(st.pct, 80);
	CHECK_EQ_INT(st.state, QS_WARN);
	/* One second short of 80% is not. */
	st.used = H(24) - 1;
	quota_status_finish(&st, now);
	CHECK_EQ_INT(st.pct, 79);
	CHECK_EQ_INT(st.state, QS_OK);
	quota_status_init(&st, &q, now);

	/* All used, and more. */
	st.used = H(30);
	quota_status_finish(&st, now);
	CHECK_EQ_INT(st.remaining, 0);
	CHECK_EQ_INT(st.pct, 100);
	CHECK_EQ_INT(st.state, QS_OVER);
	CHECK(st.runs_out >= st.ws && st.runs_out <= now);
	st.used = H(33);
	quota_status_finish(&st, now);
	CHECK_EQ_INT(st.remaining, -H(3));
	CHECK_EQ_INT(st.pct, 110);
	CHECK_EQ_INT(st.state, QS_OVER);
	CHECK(st.runs_out >= st.ws && st.runs_out <= now);

	CHECK_EQ_INT(st.basis, QB_NONE);
}

/*
 * The projection as store/summary.c fills it: used in the window, the
 * open runs' rate, the use of the lookback span and whether the platform's
 * first run is a day old, each by quota_run_use() and quota_burn_h().
 */
static void
project(struct quota_status *st, const struct quota *q,
    const struct run *runs, int n, int64_t now, int64_t cu)
{
	int64_t lo, first = INT64_MAX;
	int i;

	quota_status_init(st, q, now);
	lo = now - (int64_t)st->lookback_days * DAY_S;
	for (i = 0; i < n; i++) {
		st->used += quota_run_use(q, &runs[i], st->ws, st->we, now,
		    cu);
		if (runs[i].end == RUN_OPEN)
			st->burn_h += quota_burn_h(q, &runs[i], cu);
		if (runs[i].start < first)
			first = runs[i].start;
	}
	if (st->burn_h == 0) {
		for (i = 0; i < n; i++)
			st->recent += quota_run_use(q, &runs[i], lo, now,
			    now, cu);
		/* Whole days since the first run, up to the span. */
		st->history = first <= now - DAY_S ? (int)((now - first) /
		    DAY_S) : 0;
		if (st->history > st->lookback_days)
			st->history = st->lookback_days;
	}
	quota_status_finish(st, now);
}

static void
test_projection(void)
{
	struct quota q = week_quota(), kg;
	/* Kaggle's reset is Saturday 00:00 UTC (05:30 in India). */
	int64_t reset = t_utc(2026, 11, 28, 0, 0, 0);
	/* A run 03:30-08:00 IST (Friday 22:00 to Saturday 02:30 UTC),
	 * nothing running, at 03:00 UTC: 6 d 21 h left. */
	int64_t now = reset + H(3);
	struct run runs[8];
	struct quota_status st;
	char b[96];
	int i;

	/* The words name local times: UTC here. */
	setenv("TZ", "UTC", 1);
	tzset();
	kg = catalog_quotas[0];
	CHECK_EQ_STR(kg.platform, "kaggle");
	CHECK_EQ_INT(kg.unit, QU_SESSION_S);
	CHECK_EQ_INT(kg.window, QW_WEEK);
	CHECK_EQ_INT(kg.reset_wday, 6);
	CHECK_EQ_INT(kg.reset_min, 0);

	/* The issue: 2.5 of 30 h used.  The old pace (2.5 h in the 3 h
	 * since the reset) said it runs out Sunday; the run is the whole
	 * history, under a day old, so nothing is projected. */
	runs[0] = mkrun(reset - H(2), reset + H(2) + 1800, 1);
	project(&st, &kg, runs, 1, now, 0);
	CHECK_EQ_INT(st.we - now, 6 * DAY_S + H(21));
	CHECK_EQ_INT(st.used, H(2) + 1800);
	CHECK_EQ_INT(st.recent, H(4) + 1800);
	CHECK_EQ_INT(st.basis, QB_NONE);
	CHECK_EQ_INT(st.runs_out, 0);
	CHECK_EQ_INT(st.lasts, 0);
	CHECK_EQ_STR(quota_projection_text(&st, now, b, sizeof b),
	    "under a day of history");
	quota_basis_json(&st, b, sizeof b);
	CHECK_EQ_STR(b, "none");

	/* With a 2 h run on the Wednesday before, the history is 2 whole
	 * days (that run began 2 d 17 h ago), which hold 6.5 h: 3.25 h a
	 * day, not the 0.93 of 7 days, and 27.5 h at that take 8.5 days; it
	 * lasts to the reset 6 d 21 h away. */
	runs[1] = mkrun(reset - 3 * DAY_S + H(10), reset - 3 * DAY_S + H(12),
	    1);
	project(&st, &kg, runs, 2, now, 0);
	CHECK_EQ_INT(st.recent, H(6) + 1800);
	CHECK_EQ_INT(st.basis, QB_AVERAGE);
	CHECK_EQ_INT(st.runs_out, 0);
	CHECK_EQ_INT(st.lasts, 1);
	CHECK_EQ_INT(st.lookback_days, 2);
	CHECK_EQ_STR(quota_projection_text(&st, now, b, sizeof b),
	    "lasts to reset at the last 2 days' pace");
	quota_basis_json(&st, b, sizeof b);
	CHECK_EQ_STR(b, "last_2_days");

	/* Open runs burning: 2 GPUs since 01:00 on a GPU-hour quota are
	 * 4 GPU-h used and 2 an hour; 26 h left last 13 h, to 16:00. */
	runs[0] = mkrun(reset + H(1), RUN_OPEN, 2);
	project(&st, &q, runs, 1, now, 0);
	CHECK_EQ_INT(st.used, H(4));
	CHECK_EQ_INT(st.burn_h, H(2));
	CHECK_EQ_INT(st.basis, QB_OPEN);
	CHECK_EQ_INT(st.runs_out, reset + H(16));
	CHECK_EQ_INT(st.lasts, 0);
	CHECK_EQ_STR(quota_projection_text(&st, now, b, sizeof b),
	    "runs out Sat 16:00 if the open runs go on");
	quota_basis_json(&st, b, sizeof b);
	CHECK_EQ_STR(b, "open_runs");
	/* The same on Kaggle's session meter: 1 h an hour whatever the
	 * GPUs, 28 h left run out 28 h on, Sunday 07:00. */
	project(&st, &kg, runs, 1, now, 0);
	CHECK_EQ_INT(st.burn_h, H(1));
	CHECK_EQ_INT(st.runs_out, now + H(28));
	/* A second open run adds its rate: 2 + 1 GPU-h an hour; 26 - 2 =
	 * 24 h left in 8 h. */
	runs[1] = mkrun(reset + H(1), RUN_OPEN, 1);
	project(&st, &q, runs, 2, now, 0);
	CHECK_EQ_INT(st.burn_h, H(3));
	CHECK_EQ_INT(st.runs_out, now + H(8));
	/* On a 200 GPU-h quota one open GPU outlasts the reset (200 h at
	 * 1 an hour, the reset 165 h away), even after a busy week. */
	q.amount = H(200);
	runs[0] = mkrun(now - 600, RUN_OPEN, 1);
	runs[1] = mkrun(reset - 2 * DAY_S, reset - DAY_S, 1);
	project(&st, &q, runs, 2, now, 0);
	q.amount = H(30);
	CHECK_EQ_INT(st.basis, QB_OPEN);
	CHECK_EQ_INT(st.lasts, 1);
	CHECK_EQ_INT(st.runs_out, 0);
	CHECK_EQ_STR(quota_projection_text(&st, now, b, sizeof b),
	    "lasts to reset if the open runs go on");

	/* A busy week, nothing open, two days after the reset: 6 h every
	 * day for 7 days is 42 h, 6 h a day; the 12 h of this week leave
	 * 18 h, 3 days at that, before the reset 5 days away.  (The eighth
	 * run, 8 days back, makes the history a full week.) */
	now = reset + 2 * DAY_S;
	for (i = 0; i < 8; i++)
		runs[i] = mkrun(now - (i + 1) * DAY_S + H(9),
		    now - (i + 1) * DAY_S + H(15), 1);
	project(&st, &q, runs, 8, now, 0);
	CHECK_EQ_INT(st.used, H(12));
	CHECK_EQ_INT(st.recent, H(42));
	CHECK_EQ_INT(st.lookback_days, 7);
	CHECK_EQ_INT(st.basis, QB_AVERAGE);
	CHECK_EQ_INT(st.runs_out, now + 3 * DAY_S);
	CHECK_EQ_STR(quota_projection_text(&st, now, b, sizeof b),
	    "runs out Thu 00:00 at the last 7 days' pace");

	/* Under a day of history with nothing open: a run 5 h ago that
	 * started 20 h ago projects nothing. */
	runs[0] = mkrun(now - H(20), now - H(5), 1);
	project(&st, &q, runs, 1, now, 0);
	CHECK_EQ_INT(st.basis, QB_NONE);
	CHECK_EQ_INT(st.runs_out, 0);
	CHECK_EQ_INT(st.lasts, 0);
	/* No run in the span at all: nothing either. */
	runs[0] = mkrun(now - 9 * DAY_S, now - 9 * DAY_S + H(2), 1);
	project(&st, &q, runs, 1, now, 0);
	CHECK_EQ_INT(st.recent, 0);
	CHECK_EQ_INT(st.basis, QB_NONE);
	CHECK_EQ_STR(quota_projection_text(&st, now, b, sizeof b), "unused");
	/* Used up: runs_out is now, and nothing is projected. */
	runs[0] = mkrun(reset, reset + H(31), 1);
	project(&st, &q, runs, 1, now, 0);
	CHECK_EQ_INT(st.runs_out, now);
	CHECK_EQ_STR(quota_projection_text(&st, now, b, sizeof b), "used up");
}

/* A compute-unit quota: 100.00 CU a month on Colab, a T4 at 1.90 an hour
 * (hundredths of a unit throughout). */
static void
test_projection_cu(void)
{
	struct quota q = month_quota(1, 0);
	int64_t ms = t_utc(2026, 12, 1, 0, 0, 0);
	int64_t now = t_utc(2026, 12, 20, 0, 0, 0);
	struct run runs[2];
	struct quota_status st;
	char b[64];

	strcpy(q.platform, "colab-pro");
	q.unit = QU_CU;
	q.amount = 10000;

	/* Open 10 h on one T4: 19.00 used, 1.90 an hour; 81.00 left last
	 * 42.63 h, to 42 h 37 m 53 s on. */
	runs[0] = mkrun(now - H(10), RUN_OPEN, 1);
	project(&st, &q, runs, 1, now, 190);
	CHECK_EQ_INT(st.used, 1900);
	CHECK_EQ_INT(st.burn_h, 190);
	CHECK_EQ_INT(st.basis, QB_OPEN);
	CHECK_EQ_INT(st.runs_out, now + 8100 * 3600 / 190);
	/* Two T4s, twice the rate. */
	runs[0].gpus = 2;
	project(&st, &q, runs, 1, now, 190);
	CHECK_EQ_INT(st.burn_h, 380);

	/* Closed: the month's average is over 30 days, or over the whole
	 * days since the first run when there are fewer.  A run of 50.00 CU
	 * (its own figure) on the 5th and 15.00 on the 19th: 15 days of
	 * history (the 5th to the 20th) hold 65.00, 4.33 a day, where 30
	 * days would say 2.17; 35.00 left last 35 / 65 x 15 = 8.0769 days
	 * (697,846 s), to the 28th at 01:50, before the reset 12 days
	 * away. */
	runs[0] = mkrun(ms + 4 * DAY_S, ms + 4 * DAY_S + H(5), 1);
	runs[0].cu_centi = 5000;
	runs[1] = mkrun(now - DAY_S, now - DAY_S + H(1), 1);
	runs[1].cu_centi = 1500;
	project(&st, &q, runs, 2, now, 190);
	CHECK_EQ_INT(st.lookback_days, 15);
	CHECK_EQ_INT(st.used, 6500);
	CHECK_EQ_INT(st.recent, 6500);
	CHECK_EQ_INT(st.basis, QB_AVERAGE);
	CHECK_EQ_INT(st.lasts, 0);
	CHECK_EQ_INT(st.runs_out, now + 697846);
	quota_basis_json(&st, b, sizeof b);
	CHECK_EQ_STR(b, "last_15_days");
	/* At 80.00 in the 15 days (the first run 65.00), 5.33 a day: 20.00
	 * left last 3.75 days, to Wednesday 18:00. */
	runs[0].cu_centi = 6500;
	project(&st, &q, runs, 2, now, 190);
	CHECK_EQ_INT(st.recent, 8000);
	CHECK_EQ_INT(st.runs_out, now + 3 * DAY_S + H(18));
	CHECK_EQ_STR(quota_projection_text(&st, now, b, sizeof b),
	    "runs out Wed 18:00 at the last 15 days' pace");
	/* With 30 days of history the month's 30 are the span: the first
	 * run on 20 Nov, before this window, makes it 30.  The window holds
	 * the 19th's 15.00; 80.00 over 30 days is 2.67 a day, and 85.00
	 * left last 31.9 days, past the reset. */
	runs[0].start = t_utc(2026, 11, 20, 0, 0, 0);
	runs[0].end = runs[0].start + H(5);
	runs[0].cu_centi = 6500;
	project(&st, &q, runs, 2, now, 190);
	CHECK_EQ_INT(st.lookback_days, 30);
	CHECK_EQ_INT(st.used, 1500);
	CHECK_EQ_INT(st.recent, 8000);
	CHECK_EQ_INT(st.lasts, 1);
}

/* An open run burns until its session cap ends it, not for good. */
static void
test_projection_cap(void)
{
	struct quota q = week_quota();
	int64_t reset = t_utc(2026, 11, 28, 0, 0, 0), now = reset + H(3);
	struct quota_status st;

	/* 30 GPU-h, 20 used: 10 left.  One run of 1 GPU-h an hour whose cap
	 * ends it in 2 h uses 2 of them, and the rest lasts to the reset. */
	quota_status_init(&st, &q, now);
	st.used = H(20);
	quota_add_burn(&st, H(1), now + H(2));
	quota_status_finish(&st, now);
	CHECK_EQ_INT(st.basis, QB_OPEN);
	CHECK_EQ_INT(st.lasts, 1);
	CHECK_EQ_INT(st.runs_out, 0);
	/* A second, uncapped run beside it: 2 an hour for 2 h (4 used, 6
	 * left), then 1 an hour: out 6 h later, 8 h from now. */
	quota_add_burn(&st, H(1), 0);
	quota_status_finish(&st, now);
	CHECK_EQ_INT(st.lasts, 0);
	CHECK_EQ_INT(st.runs_out, now + H(8));
	/* Out before the cap: 3 GPUs at once use the 10 in 3 h 20 m. */
	quota_status_init(&st, &q, now);
	st.used = H(20);
	quota_add_burn(&st, H(3), now + H(12));
	quota_status_finish(&st, now);
	CHECK_EQ_INT(st.runs_out, now + H(3) + 1200);
	/* A run already past its cap burns nothing. */
	quota_status_init(&st, &q, now);
	st.used = H(20);
	quota_add_burn(&st, H(1), now - 60);
	quota_status_finish(&st, now);
	CHECK_EQ_INT(st.lasts, 1);
	CHECK_EQ_INT(st.runs_out, 0);
}

static void
test_names(void)
{
	struct quota q = week_quota();
	char b[32];

	CHECK_EQ_STR(quota_unit_name(QU_GPU_S), "GPU-h");
	CHECK_EQ_STR(quota_unit_name(QU_CU), "CU");
	CHECK_EQ_STR(quota_unit_name(QU_SESSION_S), "h");
	CHECK_EQ_STR(quota_window_name(&q, b, sizeof b), "week");
	q.window = QW_MONTH;
	CHECK_EQ_STR(quota_window_name(&q, b, sizeof b), "month");
	q.window = QW_ROLLING;
	q.rolling_days = 7;
	CHECK_EQ_STR(quota_window_name(&q, b, sizeof b), "7 days");
}

/* A payment covers its month, to the same day of the next: Nov 15 covers
 * November and December's first half; Jan 31 covers February to its last
 * day; a payment made after the window, or whose month ended before it,
 * does not. */
static void
test_paid(void)
{
	int64_t nov = t_utc(2026, 11, 1, 0, 0, 0), dec = t_utc(2026, 12, 1,
	    0, 0, 0), jan = t_utc(2027, 1, 1, 0, 0, 0);
	int64_t pays[2];

	CHECK_EQ_INT(quota_paid(NULL, 0, dec, jan), 0);
	pays[0] = t_utc(2026, 11, 15, 0, 0, 0);
	CHECK_EQ_INT(quota_paid(pays, 1, nov, dec), 1);
	CHECK_EQ_INT(quota_paid(pays, 1, dec, jan), 1);
	CHECK_EQ_INT(quota_paid(pays, 1, jan, t_utc(2027, 2, 1, 0, 0, 0)), 0);
	pays[0] = t_utc(2026, 11, 1, 0, 0, 0);
	CHECK_EQ_INT(quota_paid(pays, 1, dec, jan), 0);
	pays[1] = t_utc(2027, 1, 1, 0, 0, 0);
	CHECK_EQ_INT(quota_paid(pays, 2, dec, jan), 0);
	pays[1] = t_utc(2026, 12, 31, 23, 0, 0);
	CHECK_EQ_INT(quota_paid(pays, 2, dec, jan), 1);
	pays[0] = t_utc(2027, 1, 31, 12, 0, 0);
	CHECK_EQ_INT(quota_paid(pays, 1, t_utc(2027, 2, 28, 0, 0, 0),
	    t_utc(2027, 3, 1, 0, 0, 0)), 1);
	/* A month of 31 days reaches 31 days on: paid on December 1 at
	 * 00:30, January's first half hour is covered; at midnight, not. */
	pays[0] = t_utc(2026, 12, 1, 0, 30, 0);
	CHECK_EQ_INT(quota_paid(pays, 1, jan, t_utc(2027, 2, 1, 0, 0, 0)), 1);
	pays[0] = t_utc(2026, 12, 1, 0, 0, 0);
	CHECK_EQ_INT(quota_paid(pays, 1, jan, t_utc(2027, 2, 1, 0, 0, 0)), 0);
}

/* Credits: a meter from the one list, drawn at a GPU's hourly rate per GPU
 * like compute units, spelled "cr" or "credits" in --quota, shown to a
 * hundredth; an hours meter cannot be swapped for it. */
static void
test_credits(void)
{
	struct quota q;
	struct err e;
	char b[32];

	CHECK_EQ_INT(quota_use(QU_CREDIT, 3600, 2, 71), 142);
	CHECK_EQ_INT(quota_use(QU_CREDIT, 1800, 1, 71), 36);
	memset(&q, 0, sizeof q);
	CHECK_EQ_INT(parse_quota("15cr/month", &q, &e), 0);
	CHECK_EQ_INT(q.unit, QU_CREDIT);
	CHECK_EQ_INT(q.amount, 1500);
	memset(&q, 0, sizeof q);
	CHECK_EQ_INT(parse_quota("12.50credits/month", &q, &e), 0);
	CHECK_EQ_INT(q.unit, QU_CREDIT);
	CHECK_EQ_INT(q.amount, 1250);
	CHECK_EQ_INT(parse_quota("15cr", &q, &e), -1);
	CHECK_EQ_STR(fmt_quota_amount(b, sizeof b, QU_CREDIT, 142), "1.42");
	CHECK_EQ_STR(fmt_quota_json(b, sizeof b, QU_CREDIT, 142), "1.42");
	CHECK_EQ_STR(quota_unit_name(QU_CREDIT), "credits");
	CHECK_EQ_STR(quota_unit_json(QU_CREDIT), "credits");
	CHECK_EQ_INT(quota_set_meter(&q, "session", &e), -1);
	CHECK(strstr(e.msg, "credits") != NULL);
	CHECK_EQ_INT(quota_set_meter(&q, "credits", &e), 0);
	q.unit = QU_GPU_S;
	CHECK_EQ_INT(quota_set_meter(&q, "credits", &e), -1);
	CHECK_EQ_INT(quota_set_meter(&q, "session", &e), 0);
	CHECK_EQ_INT(q.unit, QU_SESSION_S);
	/* Every meter has its own store and --meter word. */
	CHECK(strcmp(quota_meter(QU_CREDIT)->store,
	    quota_meter(QU_CU)->store) != 0);
	CHECK_EQ_INT(quota_meter(99)->unit, QU_GPU_S);
}

int
main(void)
{
	test_week_window();
	test_month_window();
	test_run_use();
	test_cu_use();
	test_cu_split();
	test_meter();
	test_status();
	test_projection();
	test_projection_cu();
	test_projection_cap();
	test_names();
	test_paid();
	test_credits();
	return t_done();
}
