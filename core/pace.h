/*
 * pace.h: the arithmetic behind `gpulog run`'s warnings, on numbers only:
 * what a run uses of a quota at its pace, how long what is left lasts,
 * and which warning is due at a moment of the run (near and past the
 * session cap, quota low and used up, the checkpoint reminder), each
 * once.  Times are milliseconds into the run, passed in: nothing here
 * reads a clock, prints, or knows where the numbers came from.
 */
#ifndef GPULOG_PACE_H
#define GPULOG_PACE_H

#include <stdint.h>

/* What pace_tick() finds due, one bit each. */
enum {
	PACE_CAP_NEAR = 1,   /* within warn_ms of the session cap */
	PACE_CAP_OVER = 2,   /* at or past the session cap */
	PACE_QUOTA_LOW = 4,  /* the quota lasts warn_ms or less at this pace */
	PACE_QUOTA_OUT = 8,  /* nothing of the quota is left */
	PACE_CKPT_DUE = 16   /* ckpt_after_ms in and no checkpoint yet */
};

/* What pace_idle() finds: a paid GPU idle long enough, or busy again. */
enum {
	PACE_IDLE_START = 1, /* under pct% for after_ms: warn, once a run */
	PACE_IDLE_END = 2    /* busy again after PACE_IDLE_START */
};

/* A paid GPU's idleness, sample by sample; pace_idle_init() sets it. */
struct pace_idle {
	int pct;                /* idle: utilisation under pct% ... */
	int64_t after_ms;       /* ... for this long */
	int64_t since_ms;       /* when the idleness began; -1 busy */
	int idle;               /* 1 from PACE_IDLE_START to PACE_IDLE_END */
	int periods;            /* PACE_IDLE_STARTs so far */
};

/* Starts p with the thresholds (core/alerts.h's ALERTS_IDLE_PCT and
 * ALERTS_IDLE_S unless the user set others). */
void pace_idle_init(struct pace_idle *p, int pct, int64_t after_ms);

/*
 * One sample of a paid GPU at el_ms into the run: util_pct, the busiest
 * GPU's utilisation (-1 unknown: nothing changes).  Returns
 * PACE_IDLE_START when every sample since one at or before
 * el_ms - after_ms was under pct% (idle from the first of them, in
 * p->since_ms), once an idle period; PACE_IDLE_END at the first sample at
 * or over pct% after that; else 0.
 */
int pace_idle(struct pace_idle *p, int64_t el_ms, int util_pct);

/* One run's limits and what has been said of them.  The caller fills
 * the settings (pace_init() zeroes all) and keeps the struct. */
struct pace {
	int64_t cap_ms;         /* the session cap; 0 none */
	int64_t warn_ms;        /* warn this long before the cap or quota */
	int64_t ckpt_after_ms;  /* remind when no checkpoint by then */
	int quota;              /* 1 when the platform has a quota */
	int unit;               /* its enum quota_unit */
	int64_t q_left;         /* what it had left at the start, in unit */
	int64_t q_reset_ms;     /* when it resets; 0 never during the run */
	int64_t burn;           /* CU a GPU-hour burns, hundredths */
	int gpus;               /* GPUs the run holds */
	int said;               /* the PACE_* bits reported so far */
};

/* The figures a warning shows, as of the last pace_tick(). */
struct pace_figures {
	int64_t cap_left_s;     /* to the cap, whole seconds rounded up */
	int64_t q_rest;         /* the quota left, in its unit; <= 0 out */
	int64_t q_rest_s;       /* how long that lasts at this pace, whole
	                           seconds rounded up; 0 when the pace is 0 */
};

void pace_init(struct pace *p);

/*
 * What gpus GPUs use of a quota of unit in el_ms: GPU-seconds, session
 * seconds, or for compute units burn hundredths of a unit per GPU-hour:
 * quota_use() of the whole seconds, rounded down, of el_ms.
 */
int64_t pace_quota_used(int unit, int gpus, int64_t burn, int64_t el_ms);

/* The units of unit gpus GPUs use in an hour, by quota_use(). */
int64_t pace_per_hour(int unit, int gpus, int64_t burn);

/* How long rest units last at per_hour units an hour, in ms rounded
 * down; 0 when per_hour is 0 or less. */
int64_t pace_lasts_ms(int64_t rest, int64_t per_hour);

/*
 * The warnings newly due at el_ms into the run (PACE_* bits), none of
 * them twice: a cap or quota passed before its nearing was reported
 * gives only the passing, which also stands for the nearing; a run that
 * burns nothing of its quota is never low on it.  The quota
 * is no longer watched from its reset on.  ckpt is 1 once a checkpoint
 * was seen; then no reminder comes.  Fills f when not NULL.
 */
int pace_tick(struct pace *p, int64_t el_ms, int ckpt,
    struct pace_figures *f);

#endif
