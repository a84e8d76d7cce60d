/*
 * test-pace.c: core/pace.c: what a run uses of a quota (GPU-seconds and
 * compute units), its pace an hour and how long the rest lasts, and the
 * warnings pace_tick() finds due: exactly at each threshold, just before
 * it, past it, once each, with no cap, zero quota and zero burn.
 */
#include <stdint.h>

#include "core/model.h"
#include "core/pace.h"
#include "tests/unit/t.h"

#define MIN_MS(x) ((int64_t)(x) * 60 * 1000)
#define S_MS(x) ((int64_t)(x) * 1000)

static void
test_arithmetic(void)
{
	/* GPU-seconds: whole seconds times GPUs, the burn ignored. */
	CHECK_EQ_INT(pace_quota_used(QU_GPU_S, 2, 196, 90999), 180);
	CHECK_EQ_INT(pace_quota_used(QU_GPU_S, 1, 0, 999), 0);
	/* Compute units: a T4 burns 1.96 CU an hour (196 hundredths). */
	CHECK_EQ_INT(pace_quota_used(QU_CU, 1, 196, S_MS(3600)), 196);
	CHECK_EQ_INT(pace_quota_used(QU_CU, 2, 196, S_MS(1800)), 196);
	CHECK_EQ_INT(pace_quota_used(QU_CU, 1, 196, S_MS(1800) + 999), 98);
	CHECK_EQ_INT(pace_quota_used(QU_CU, 1, 0, S_MS(36000)), 0);

	CHECK_EQ_INT(pace_per_hour(QU_GPU_S, 1, 196), 3600);
	CHECK_EQ_INT(pace_per_hour(QU_GPU_S, 2, 0), 7200);
	CHECK_EQ_INT(pace_per_hour(QU_CU, 2, 196), 392);
	CHECK_EQ_INT(pace_per_hour(QU_CU, 4, 0), 0);

	CHECK_EQ_INT(pace_lasts_ms(3600, 3600), S_MS(3600));
	CHECK_EQ_INT(pace_lasts_ms(7200, 7200), S_MS(3600));
	CHECK_EQ_INT(pace_lasts_ms(98, 196), MIN_MS(30));
	CHECK_EQ_INT(pace_lasts_ms(1, 196), 18367);  /* rounded down */
	CHECK_EQ_INT(pace_lasts_ms(500, 0), 0);      /* zero burn */
	CHECK_EQ_INT(pace_lasts_ms(-5, 3600), -5000);
}

static void
test_cap(void)
{
	struct pace p;
	struct pace_figures f;

	pace_init(&p);
	p.cap_ms = S_MS(60);
	p.warn_ms = S_MS(10);
	p.ckpt_after_ms = MIN_MS(600);
	CHECK_EQ_INT(pace_tick(&p, 0, 0, &f), 0);
	CHECK_EQ_INT(pace_tick(&p, S_MS(50) - 1, 0, &f), 0);
	CHECK_EQ_INT(f.cap_left_s, 11);  /* 10.001 s, rounded up */
	/* Exactly at the warning's threshold. */
	CHECK_EQ_INT(pace_tick(&p, S_MS(50), 0, &f), PACE_CAP_NEAR);
	CHECK_EQ_INT(f.cap_left_s, 10);
	CHECK_EQ_INT(pace_tick(&p, S_MS(55), 0, &f), 0);  /* said once */
	CHECK_EQ_INT(f.cap_left_s, 5);
	CHECK_EQ_INT(pace_tick(&p, S_MS(60) - 1, 0, NULL), 0);
	/* Exactly at the cap. */
	CHECK_EQ_INT(pace_tick(&p, S_MS(60), 0, &f), PACE_CAP_OVER);
	CHECK_EQ_INT(f.cap_left_s, 0);
	CHECK_EQ_INT(pace_tick(&p, S_MS(90), 0, &f), 0);

	/* Past the cap before the nearing was seen: only the passing. */
	pace_init(&p);
	p.cap_ms = S_MS(60);
	p.warn_ms = S_MS(10);
	p.ckpt_after_ms = MIN_MS(600);
	CHECK_EQ_INT(pace_tick(&p, S_MS(61), 0, &f), PACE_CAP_OVER);
	CHECK_EQ_INT(pace_tick(&p, S_MS(62), 0, &f), 0);

	/* A warning longer than the cap is due from the start. */
	pace_init(&p);
	p.cap_ms = S_MS(1);
	p.warn_ms = MIN_MS(30);
	p.ckpt_after_ms = MIN_MS(600);
	CHECK_EQ_INT(pace_tick(&p, 0, 0, &f), PACE_CAP_NEAR);
	CHECK_EQ_INT(f.cap_left_s, 1);

	/* No cap: nothing, ever. */
	pace_init(&p);
	p.warn_ms = MIN_MS(30);
	p.ckpt_after_ms = MIN_MS(600);
	CHECK_EQ_INT(pace_tick(&p, 0, 0, &f), 0);
	CHECK_EQ_INT(pace_tick(&p, MIN_MS(500), 0, &f), 0);
}

static void
gpu_s_quota(struct pace *p, int64_t left, int gpus)
{
	pace_init(p);
	p->warn_ms = MIN_MS(10);
	p->ckpt_after_ms = MIN_MS(6000);
	p->quota = 1;
	p->unit = QU_GPU_S;
	p->q_left = left;
	p->gpus = gpus;
}

static void
test_quota(void)
{
	struct pace p;
	struct pace_figures f;

	/* One GPU-hour left, one GPU, warned 10 minutes before. */
	gpu_s_quota(&p, 3600, 1);
	CHECK_EQ_INT(pace_tick(&p, 0, 0, &f), 0);
	CHECK_EQ_INT(f.q_rest, 3600);
	CHECK_EQ_INT(f.q_rest_s, 3600);
	CHECK_EQ_INT(pace_tick(&p, S_MS(3000) - 1, 0, &f), 0);
	CHECK_EQ_INT(f.q_rest, 601);
	/* Exactly at the threshold: 600 s left at 1 GPU-second a second. */
	CHECK_EQ_INT(pace_tick(&p, S_MS(3000), 0, &f), PACE_QUOTA_LOW);
	CHECK_EQ_INT(f.q_rest, 600);
	CHECK_EQ_INT(f.q_rest_s, 600);
	CHECK_EQ_INT(pace_tick(&p, S_MS(3300), 0, &f), 0);  /* said once */
	CHECK_EQ_INT(pace_tick(&p, S_MS(3600) - 1, 0, &f), 0);
	CHECK_EQ_INT(f.q_rest, 1);
	/* Exactly used up. */
	CHECK_EQ_INT(pace_tick(&p, S_MS(3600), 0, &f), PACE_QUOTA_OUT);
	CHECK_EQ_INT(f.q_rest, 0);
	CHECK_EQ_INT(pace_tick(&p, S_MS(4000), 0, &f), 0);
	CHECK_EQ_INT(f.q_rest, -400);

	/* Two GPUs go twice as fast: 1200 s left lasts 10 minutes. */
	gpu_s_quota(&p, 3600, 2);
	CHECK_EQ_INT(pace_tick(&p, S_MS(1199), 0, &f), 0);
	CHECK_EQ_INT(f.q_rest_s, 601);
	CHECK_EQ_INT(pace_tick(&p, S_MS(1200), 0, &f), PACE_QUOTA_LOW);
	CHECK_EQ_INT(f.q_rest, 1200);
	CHECK_EQ_INT(f.q_rest_s, 600);

	/* Zero quota: used up at once, not low first. */
	gpu_s_quota(&p, 0, 1);
	CHECK_EQ_INT(pace_tick(&p, 0, 0, &f), PACE_QUOTA_OUT);
	CHECK_EQ_INT(f.q_rest, 0);
	CHECK_EQ_INT(pace_tick(&p, S_MS(1), 0, &f), 0);
	/* Already over when the run started. */
	gpu_s_quota(&p, -50, 1);
	CHECK_EQ_INT(pace_tick(&p, 0, 0, &f), PACE_QUOTA_OUT);
	CHECK_EQ_INT(f.q_rest, -50);

	/* Past low straight to used up: only the latter. */
	gpu_s_quota(&p, 3600, 1);
	CHECK_EQ_INT(pace_tick(&p, S_MS(3700), 0, &f), PACE_QUOTA_OUT);
	CHECK_EQ_INT(pace_tick(&p, S_MS(3800), 0, &f), 0);

	/* From the reset on the quota is not watched. */
	gpu_s_quota(&p, 10, 1);
	p.warn_ms = S_MS(1);
	p.q_reset_ms = S_MS(5);
	CHECK_EQ_INT(pace_tick(&p, S_MS(5) - 1, 0, &f), 0);
	CHECK_EQ_INT(f.q_rest, 6);
	CHECK_EQ_INT(pace_tick(&p, S_MS(5), 0, &f), 0);
	CHECK_EQ_INT(pace_tick(&p, S_MS(20), 0, &f), 0);
	CHECK_EQ_INT(f.q_rest, 0);  /* no figures after the reset */
}

static void
test_cu_quota(void)
{
	struct pace p;
	struct pace_figures f;

	/* 10.00 CU left, one T4 at 1.96 CU an hour, warned 30 min before:
	 * 0.98 CU lasts exactly 30 minutes, and 9.02 are used from 16559 s
	 * (16559 s x 1.96 / 3600 = 9.0155, rounded half up). */
	pace_init(&p);
	p.warn_ms = MIN_MS(30);
	p.ckpt_after_ms = MIN_MS(6000);
	p.quota = 1;
	p.unit = QU_CU;
	p.q_left = 1000;
	p.burn = 196;
	p.gpus = 1;
	CHECK_EQ_INT(pace_tick(&p, S_MS(16559) - 1, 0, &f), 0);
	CHECK_EQ_INT(f.q_rest, 99);
	CHECK_EQ_INT(f.q_rest_s, 1819);
	CHECK_EQ_INT(pace_tick(&p, S_MS(16559), 0, &f), PACE_QUOTA_LOW);
	CHECK_EQ_INT(f.q_rest, 98);
	CHECK_EQ_INT(f.q_rest_s, 1800);

	/*
	 * Zero burn (no compute-unit rate for the GPU): the run uses
	 * nothing, so it is never low on the quota.
	 */
	pace_init(&p);
	p.warn_ms = MIN_MS(30);
	p.ckpt_after_ms = MIN_MS(6000);
	p.quota = 1;
	p.unit = QU_CU;
	p.q_left = 1000;
	p.gpus = 1;
	CHECK_EQ_INT(pace_tick(&p, 0, 0, &f), 0);
	CHECK_EQ_INT(f.q_rest, 1000);
	CHECK_EQ_INT(f.q_rest_s, 0);
	CHECK_EQ_INT(pace_tick(&p, MIN_MS(600), 0, &f), 0);
	CHECK_EQ_INT(f.q_rest, 1000);
}

static void
test_checkpoint(void)
{
	struct pace p;

	pace_init(&p);
	p.warn_ms = MIN_MS(30);
	p.ckpt_after_ms = MIN_MS(30);
	/* Past the time, as status says it (alerts_ckpt_due()). */
	CHECK_EQ_INT(pace_tick(&p, MIN_MS(30), 0, NULL), 0);
	CHECK_EQ_INT(pace_tick(&p, MIN_MS(30) + 1, 0, NULL), PACE_CKPT_DUE);
	CHECK_EQ_INT(pace_tick(&p, MIN_MS(31), 0, NULL), 0);

	/* A checkpoint seen: no reminder. */
	pace_init(&p);
	p.ckpt_after_ms = MIN_MS(30);
	CHECK_EQ_INT(pace_tick(&p, MIN_MS(40), 1, NULL), 0);

	/* Everything at once, each bit its own. */
	pace_init(&p);
	p.cap_ms = S_MS(1);
	p.warn_ms = 500;
	p.ckpt_after_ms = 1;
	p.quota = 1;
	p.unit = QU_GPU_S;
	p.gpus = 1;
	CHECK_EQ_INT(pace_tick(&p, S_MS(1), 0, NULL),
	    PACE_CAP_OVER | PACE_QUOTA_OUT | PACE_CKPT_DUE);
	CHECK_EQ_INT(pace_tick(&p, S_MS(2), 0, NULL), 0);
}

/* Idle: every sample under pct% for after_ms, once a spell; busy again
 * ends it; an unknown utilisation changes nothing. */
static void
test_idle(void)
{
	struct pace_idle p;

	pace_idle_init(&p, 5, 15 * 60000);
	CHECK_EQ_INT(pace_idle(&p, 0, 80), 0);
	CHECK_EQ_INT(pace_idle(&p, 60000, 4), 0);       /* idle from 1 min */
	CHECK_EQ_INT(p.since_ms, 60000);
	CHECK_EQ_INT(pace_idle(&p, 15 * 60000, 0), 0);  /* 14 min */
	CHECK_EQ_INT(pace_idle(&p, 15 * 60000 + 30000, -1), 0);
	CHECK_EQ_INT(pace_idle(&p, 16 * 60000 - 1, 3), 0);
	CHECK_EQ_INT(pace_idle(&p, 16 * 60000, 3), PACE_IDLE_START);
	CHECK_EQ_INT(p.periods, 1);
	CHECK_EQ_INT(pace_idle(&p, 17 * 60000, 0), 0);  /* said once */
	CHECK_EQ_INT(pace_idle(&p, 18 * 60000, 5), PACE_IDLE_END); /* 5% is
	                                                     not under 5% */
	CHECK_EQ_INT(pace_idle(&p, 19 * 60000, 90), 0);
	/* A busy sample inside the span starts it again. */
	CHECK_EQ_INT(pace_idle(&p, 20 * 60000, 1), 0);
	CHECK_EQ_INT(pace_idle(&p, 30 * 60000, 50), 0);
	CHECK_EQ_INT(pace_idle(&p, 31 * 60000, 1), 0);
	CHECK_EQ_INT(pace_idle(&p, 46 * 60000, 1), PACE_IDLE_START);
	CHECK_EQ_INT(p.periods, 2);
	CHECK_EQ_INT(p.since_ms, 31 * 60000);
}

int
main(void)
{
	test_idle();
	test_arithmetic();
	test_cap();
	test_quota();
	test_cu_quota();
	test_checkpoint();
	return t_done();
}
