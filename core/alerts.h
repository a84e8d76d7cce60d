/*
 * alerts.h: the nudges: what `gpulog status --check` reports (a quota
 * nearly used, a month past its budget, a paid run left open), the free
 * hours that will lapse at the next reset, and what the free tiers saved
 * at market rates.  Pure rules over what the caller loads; no I/O.
 */
#ifndef GPULOG_ALERTS_H
#define GPULOG_ALERTS_H

#include <stddef.h>
#include <stdint.h>

struct budget_status;
struct fx_point;
struct platform;
struct quota;
struct quota_status;
struct rate;
struct run;

struct alert_limits {
	int quota_pct;          /* a quota used this much or more: 90 */
	int64_t open_limit_s;   /* a paid run open longer than this: 2 h */
};

enum alert_kind {
	AL_QUOTA,     /* platform, pct */
	AL_BUDGET,    /* value spent, limit the budget's top (display
	                 currency, minor units) */
	AL_OPEN_RUN   /* platform, run_id, value seconds open, limit */
};

struct alert {
	int kind;               /* enum alert_kind */
	char platform[32];
	int64_t run_id;
	int pct;
	int64_t value;
	int64_t limit;
};

/*
 * Fills out[0..max) with what is wrong now and returns how many things are
 * (which may exceed max; only max are written).  A run is paid when its
 * platform bills by the hour or it has a rate of its own.
 */
size_t alerts_check(const struct quota *q, const struct quota_status *qs,
    size_t nq, const struct budget_status *b, const struct run *open,
    size_t nopen, const struct platform *p, size_t np,
    const struct alert_limits *lim, int64_t now, struct alert *out,
    size_t max);

/* How near a reset must be for its lapsing hours to be shown: 48 hours. */
#define ALERTS_LAPSE_NEAR (48 * 3600)

/*
 * Use it or lose it: what of quota q (in its unit) will lapse unused at
 * its next reset, when that reset is at most near_s away: what is left
 * less what the open runs on its platform will use by then (compute units
 * at cu_centi_h a GPU-hour).  0 when the reset is further, the window
 * rolls, or nothing will be left.
 */
int64_t alerts_lapse(const struct quota *q, const struct quota_status *st,
    const struct run *open, size_t nopen, int64_t cu_centi_h, int64_t now,
    int64_t near_s);

/*
 * The market rate of gpu: the cheapest rate the catalog has for that
 * model on a platform billing by the hour; else (a T4, which no rental
 * lists) the cheapest hourly rate for a GPU of its class or above with at
 * least its VRAM, since that is the least one would pay for the same
 * work.  Rates in INR are compared at usd_inr_micro.  Returns the rate in
 * millionths a GPU-hour, its currency in cur and the model priced in via;
 * 0 when nothing matches (Apple MPS, an unknown model).
 */
int64_t alerts_market_rate(const struct rate *rates, size_t nr,
    const struct platform *p, size_t np, const char *gpu,
    int64_t usd_inr_micro, char cur[4], char via[32]);

/* 1 when runs on p count as free-tier use: a free platform other than
 * one's own machine ("local"). */
int alerts_free_tier(const struct platform *p);

#endif
