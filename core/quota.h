/*
 * quota.h: quota windows and what runs use of them.  A run that crosses a
 * window's reset counts in each window for the part that falls in it; an
 * open run counts up to now; GPU-hours are duration times GPU count.
 */
#ifndef GPULOG_QUOTA_H
#define GPULOG_QUOTA_H

#include <stdint.h>

#include "core/alerts.h"

struct quota;
struct run;

/* A quota's state is its level in core/alerts.h's table. */
enum quota_state {
	QS_OK = AL_OK,
	QS_WARN = AL_WARN,  /* 80% or more used */
	QS_NEAR = AL_NEAR,  /* 90% or more used */
	QS_OVER = AL_OVER   /* all used */
};

struct quota_status {
	int64_t ws, we;     /* the window holding now: [ws, we); we is the
	                       reset (for a rolling window, now) */
	int64_t used;       /* in the quota's unit */
	int64_t limit;
	int64_t remaining;  /* limit - used; negative when over */
	int pct;            /* used * 100 / limit, rounded down */
	int state;          /* enum quota_state */
	int64_t runs_out;   /* when it runs out at this window's pace; 0 when
	                       it lasts to the reset; ws..now when over */
};

/* The window of q holding t: [*ws, *we).  A rolling window ends at t. */
void quota_window(const struct quota *q, int64_t t, int64_t *ws, int64_t *we);

/* Length of the overlap of [a0, a1) and [b0, b1), 0 when none. */
int64_t overlap(int64_t a0, int64_t a1, int64_t b0, int64_t b1);

/*
 * What run r uses of q's unit inside [ws, we), counting an open run up to
 * now.  For compute units: the run's own figure when known, prorated to the
 * part inside the window, else its GPU-hours times cu_centi_h (hundredths of
 * a unit per GPU-hour).
 */
/*
 * What gpus GPUs running secs seconds use of a quota in unit: GPU-seconds,
 * or compute units (hundredths) at cu_centi_h a GPU-hour, rounded half
 * up.  The one rule behind quota_run_use() and `gpulog run`'s pace.
 */
int64_t quota_use(int unit, int64_t secs, int gpus, int64_t cu_centi_h);

int64_t quota_run_use(const struct quota *q, const struct run *r, int64_t ws,
    int64_t we, int64_t now, int64_t cu_centi_h);

/* Starts st for q's window holding now, with nothing used. */
void quota_status_init(struct quota_status *st, const struct quota *q,
    int64_t now);

/* Fills remaining, pct, state and runs_out once used is summed. */
void quota_status_finish(struct quota_status *st, int64_t now);

/* "GPU-h" or "CU". */
const char *quota_unit_name(int unit);

/* "week", "month" or "7 days" into buf. */
char *quota_window_name(const struct quota *q, char *buf, unsigned n);

#endif
