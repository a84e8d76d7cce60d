/*
 * quota.h: quota windows and what runs use of them.  A run that crosses a
 * window's reset counts in each window for the part that falls in it; an
 * open run counts up to now.  What a run uses is the quota's meter
 * (enum quota_unit): GPU-hours are duration times GPU count, session hours
 * the duration whatever the GPU count, compute units the GPU's rate.
 */
#ifndef GPULOG_QUOTA_H
#define GPULOG_QUOTA_H

#include <stdint.h>

#include "core/alerts.h"

struct err;
struct quota;
struct run;

/* A quota's state is its level in core/alerts.h's table. */
enum quota_state {
	QS_OK = AL_OK,
	QS_WARN = AL_WARN,  /* 80% or more used */
	QS_NEAR = AL_NEAR,  /* 90% or more used */
	QS_OVER = AL_OVER   /* all used */
};

/* The open runs a quota's projection follows one by one. */
#define QUOTA_BURNS 8

struct quota_status {
	int64_t ws, we;     /* the window holding now: [ws, we); we is the
	                       reset (for a rolling window, now) */
	int64_t used;       /* in the quota's unit */
	int64_t limit;
	int64_t remaining;  /* limit - used; negative when over */
	int64_t pct;        /* used * 100 / limit, rounded down */
	int state;          /* enum quota_state */
	/* The projection, by quota_status_finish() from the three figures
	 * below it, which the caller fills (store/summary.c does). */
	int64_t runs_out;   /* when it runs out on basis; 0 when it lasts to
	                       the reset or nothing is projected; now when
	                       all is used */
	int basis;          /* enum quota_basis */
	int lasts;          /* 1 when what is left lasts to the reset on
	                       basis (for a rolling window: lasts at it) */
	int lookback_days;  /* the average's span: 7 a week, 30 a month,
	                       a rolling window's own length; after
	                       quota_status_finish(), the days of history
	                       when fewer */
	int64_t burn_h;     /* the open runs' use an hour, in the unit */
	/* Each open run's use an hour and when its session cap ends it (0:
	 * no cap), by quota_add_burn(); past QUOTA_BURNS runs, the rest
	 * count in burn_h alone, as if uncapped. */
	struct quota_burn {
		int64_t per_h, until;
	} burns[QUOTA_BURNS];
	int nburns;
	int64_t recent;     /* use in [now - lookback_days, now) */
	int history;        /* whole days since the platform's first run
	                       started, up to lookback_days; 0 under a day */
	int rolling;        /* a rolling window: no reset to last to */
	int64_t packs;      /* of limit, what the platform's packs valid now
	                       held when the window began (store/summary.c
	                       adds them) */
	int unpaid;         /* a subscription's quota that no payment covers
	                       in this window (quota_paid()): its allowance
	                       is 0, and limit is the packs alone */
	int unset;          /* its amount is not known (0 in the catalog:
	                       Lightning AI's credits, until one sets them) */
};

/*
 * Whether a subscription paid at the times pays[0..n) covers the window
 * [ws, we): a payment covers its month, from the moment it is made to the
 * same day of the next month (local_month_same_day()), and the window is
 * covered when one of those months overlaps it.  A month paid on the 15th
 * thus covers its own calendar month and the next one's first half.
 */
int quota_paid(const int64_t *pays, size_t n, int64_t ws, int64_t we);

/*
 * 1 when st is a subscription's quota with nothing bought for its window
 * (no payment covers it and no pack is valid), or a quota whose amount is
 * not set and no pack adds to.  Such a quota is shown for what it is ("to
 * subscribe", "no amount set"), never as units left, and raises no nudge.
 */
int quota_absent(const struct quota_status *st);

/* What a projection assumes. */
enum quota_basis {
	QB_NONE,     /* nothing projected */
	QB_OPEN,     /* the open runs go on at their combined rate */
	QB_AVERAGE   /* the average day of the last lookback_days */
};

/* The window of q holding t: [*ws, *we).  A rolling window ends at t. */
void quota_window(const struct quota *q, int64_t t, int64_t *ws, int64_t *we);

/* Length of the overlap of [a0, a1) and [b0, b1), 0 when none. */
int64_t overlap(int64_t a0, int64_t a1, int64_t b0, int64_t b1);

/*
 * What gpus GPUs running secs seconds use of a quota in unit: GPU-seconds
 * (secs times gpus), session seconds (secs, whatever the GPU count), or
 * compute units (hundredths) at cu_centi_h a GPU-hour, rounded half up.
 * The one rule behind quota_run_use(), `gpulog run`'s pace, the where
 * ranking and the reconciliation with Kaggle's own figures.
 */
int64_t quota_use(int unit, int64_t secs, int gpus, int64_t cu_centi_h);

/*
 * What run r uses of q's unit inside [ws, we), counting an open run up to
 * now, by quota_use().  For compute units: the run's own figure when known,
 * prorated to the part inside the window, else its GPU-hours times
 * cu_centi_h (hundredths of a unit per GPU-hour).  The part inside the
 * window is the use from the run's start to the window's end less that to
 * the window's start, each rounded as a whole, so that the parts of a run
 * split by resets sum exactly to the whole run's use.
 */
int64_t quota_run_use(const struct quota *q, const struct run *r, int64_t ws,
    int64_t we, int64_t now, int64_t cu_centi_h);

/* Starts st for q's window holding now, with nothing used. */
void quota_status_init(struct quota_status *st, const struct quota *q,
    int64_t now);

/*
 * Fills remaining, pct, state and the projection once used, burn_h, recent
 * and history are filled.  The rule: with runs open, what is left at the
 * open runs' combined rate (burn_h), each run counting until its session
 * cap ends it (a run that stops at its cap burns nothing after; when
 * every open run stops before what is left is used, it lasts); with none
 * open, what is left at the
 * average day of the last lookback_days, or of the whole days since the
 * platform's first run when there are fewer (recent / those days: four
 * days of a month's history are divided by 4, not 30), which
 * lookback_days then holds; with neither (no run in the span, or the
 * platform's first run less than a day old), nothing.  When the rest lasts past the reset, lasts is 1 and
 * runs_out 0.
 */
void quota_status_finish(struct quota_status *st, int64_t now);

/* Adds an open run that uses per_h of the quota an hour until its session
 * cap ends it at until (0: it has none). */
void quota_add_burn(struct quota_status *st, int64_t per_h, int64_t until);

/* What the open runs will use of the quota in [now, now + span_s), each
 * until its session cap ends it, in the quota's unit (rounded down). */
int64_t quota_open_use(const struct quota_status *st, int64_t now,
    int64_t span_s);

/* What the open run r burns of q an hour, in q's unit, by quota_use(). */
int64_t quota_burn_h(const struct quota *q, const struct run *r,
    int64_t cu_centi_h);

/* The span of q's average in days: 7 for a week, 30 for a month, a
 * rolling window's own length. */
int quota_lookback_days(const struct quota *q);

/*
 * The projection in status's and the overview's words, into buf: "used
 * up", "runs out Sun 12:30 if the open runs go on", "lasts to reset if the
 * open runs go on", "runs out Sun 12:30 at the last 7 days' pace", "lasts
 * to reset at the last 7 days' pace" ("lasts at ..." for a rolling
 * window), "unused", "no run in the last 7 days", "under a day of
 * history", or for a rolling window with neither "a rolling window: no
 * reset".
 */
char *quota_projection_text(const struct quota_status *st, int64_t now,
    char *buf, unsigned n);

/* The same where room is short (the overview): "(open runs)" and "(7-day
 * pace)" for the clauses. */
char *quota_projection_brief(const struct quota_status *st, int64_t now,
    char *buf, unsigned n);

/* The basis as status --json names it: "open_runs", "last_N_days" or
 * "none", into buf. */
char *quota_basis_json(const struct quota_status *st, char *buf, unsigned n);

/* "GPU-h", "h" (session hours) or "CU". */
const char *quota_unit_name(int unit);

/* The meter's name: "gpu", "session" or "units". */
/* The unit as status --json and where --json name it: "gpu_hours",
 * "session_hours" or "compute_units". */
const char *quota_unit_json(int unit);
const char *quota_meter_name(int unit);

/* What the meter counts, in the manual's words: "GPU-hours (duration times
 * GPUs)", "session hours, whatever the GPU count", "compute units at each
 * GPU's rate". */
const char *quota_meter_text(int unit);

/*
 * Meters q by meter as typed, "session" or "gpu" (case-insensitive): its
 * hours become session hours or GPU-hours, the amount kept.  -1 with a
 * message in e for another word or a quota in compute units (they always
 * count at each GPU's rate); q is left alone then.
 */
int quota_set_meter(struct quota *q, const char *meter, struct err *e);

/* "week", "month" or "7 days" into buf. */
char *quota_window_name(const struct quota *q, char *buf, unsigned n);

#endif
