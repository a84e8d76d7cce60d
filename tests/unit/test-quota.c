/*
 * test-quota.c: core/quota.c: the window holding a time (weekly with a UTC
 * reset, calendar month, rolling), what a run uses of a window (split at
 * the reset, times GPU count, open runs up to now, compute units), each
 * quota's meter (Kaggle's session hours, Lightning's GPU-hours), and the
 * status: remaining, percent, ok/warn/over and when it runs out.
 */
#include <stdint.h>
#include <string.h>

#include "core/catalog.h"
#include "core/clock.h"
#include "core/err.h"
#include "core/model.h"
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
	CHECK_EQ_INT(l.unit, QU_GPU_S);
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

	/* 20 h in 2 days: the other 10 h last 1 more day at that pace, so
	 * it runs out Tuesday 00:00, before Saturday's reset. */
	quota_status_init(&st, &q, now);
	st.used = H(20);
	quota_status_finish(&st, now);
	CHECK_EQ_INT(st.remaining, H(10));
	CHECK_EQ_INT(st.pct, 66);
	CHECK_EQ_INT(st.state, QS_OK);
	CHECK_EQ_INT(st.runs_out, now + DAY_S);

	/* 80% exactly is a warning: 24 h of 30.  The 6 h left last 12 h. */
	quota_status_init(&st, &q, now);
	st.used = H(24);
	quota_status_finish(&st, now);
	CHECK_EQ_INT(st.pct, 80);
	CHECK_EQ_INT(st.state, QS_WARN);
	CHECK_EQ_INT(st.runs_out, now + H(12));
	/* One second short of 80% is not. */
	st.used = H(24) - 1;
	quota_status_finish(&st, now);
	CHECK_EQ_INT(st.pct, 79);
	CHECK_EQ_INT(st.state, QS_OK);

	/* 5 h in 2 days: 25 h more would take 10 days; it lasts to the
	 * reset, so no runs_out. */
	st.used = H(5);
	quota_status_finish(&st, now);
	CHECK_EQ_INT(st.pct, 16);
	CHECK_EQ_INT(st.state, QS_OK);
	CHECK_EQ_INT(st.runs_out, 0);
	/* 10 h in 2 days: 20 h more take 4 days, Friday 00:00. */
	st.used = H(10);
	quota_status_finish(&st, now);
	CHECK_EQ_INT(st.runs_out, now + 4 * DAY_S);
	/* Half used at half time (15 h by Tuesday noon, 3.5 days in): it
	 * runs out exactly at the reset, so it lasts. */
	quota_status_init(&st, &q, reset + 84 * 3600);
	st.used = H(15);
	quota_status_finish(&st, reset + 84 * 3600);
	CHECK_EQ_INT(st.pct, 50);
	CHECK_EQ_INT(st.runs_out, 0);
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

	/* At the very start of the window nothing has elapsed: no pace. */
	quota_status_init(&st, &q, reset);
	st.used = H(1);
	quota_status_finish(&st, reset);
	CHECK_EQ_INT(st.runs_out, 0);
	CHECK_EQ_INT(st.state, QS_OK);
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

int
main(void)
{
	test_week_window();
	test_month_window();
	test_run_use();
	test_cu_use();
	test_meter();
	test_status();
	test_names();
	return t_done();
}
