/*
 * summary.h: everything `gpulog status` and the dashboard's overview show,
 * loaded from the store and computed by core's rules in one place, so the
 * two can never disagree.  Reads only the current windows and month.
 */
#ifndef GPULOG_SUMMARY_H
#define GPULOG_SUMMARY_H

#include <stddef.h>
#include <stdint.h>

#include "core/alerts.h"
#include "core/budget.h"
#include "core/catalog.h"
#include "core/fx.h"
#include "core/model.h"
#include "core/plan.h"
#include "core/quota.h"
#include "store/metrics.h"

struct store;
struct err;

/* A platform's prepaid credit: what was put in less what its runs have
 * cost since the first top-up, in the first top-up's currency. */
struct summary_credit {
	char platform[32];
	char currency[4];
	int64_t since;                /* the first top-up */
	int64_t total, used, left;    /* minor units */
	struct fx_total total_x, used_x; /* total and used, exact */
};

struct summary {
	int64_t now;
	char currency[4];             /* display currency, "INR" or "USD" */

	struct catalog cat;           /* the catalog, as stored */
	struct quota_status *qs;      /* qs[i] is cat.quotas[i] now */

	int64_t plan_start;           /* local midnight of month 1's start */
	int plan_month;               /* 1..13; 0 before; 14+ after */
	const struct phase *phase;    /* into cat.phases, or NULL */

	struct budget_status budget;  /* this local month */
	int64_t month_gpu_s;          /* GPU-seconds run this month */
	int month_runs;
	struct savings saved;         /* what this month's free-tier runs
	                                 would have cost (savings_add()) */

	struct run *open;             /* open runs, oldest first, but for
	                                 runs within an instance whose run
	                                 covers them (store_covered()) */
	size_t nopen;
	int64_t *open_idle;           /* per open run: since when its GPUs
	                                 have been idle, as `gpulog run`
	                                 recorded (the setting "idle.ID",
	                                 ops_run_idle()); 0 when not */
	int64_t *open_seen;           /* per open run an API import made (a
	                                 rented instance): when that source
	                                 was last read (the setting
	                                 "refresh.SOURCE"); 0 for others */

	struct quota_pack *packs;   /* valid packs, oldest first */
	size_t npacks;
	struct quota_pack *hist;    /* every pack, oldest first: what
	                             * draws on the valid ones */
	size_t nhist;
	int64_t **pays;               /* pays[i]: the payments to quota
	                                 i's platform when it is billed by
	                                 subscription (quota_paid()) */
	size_t *npays;
	struct summary_credit *credits; /* one a platform with credit
	                                 * (summary_load() only) */
	size_t ncredits;

	struct cloud_billed *billed;  /* stopped instances still billed
	                                 for their disk, as each provider's
	                                 last import saw them */
	size_t nbilled;
	struct nudge *nudges;         /* what needs attention now, by
	                                 alerts_nudges(): status, --check,
	                                 --short and the overview read it */
	size_t nnudges;

	int64_t day_lo, day_hi, day_no;  /* summary_convert()'s last day */
	struct fx_total spent_x, lump_x, coming_x; /* budget.spent, .lump
	                                 and .coming, exact (fx_total) */
};

/* Loads the catalog only (platforms, quotas, rates, phases, fx, plan
 * start, currency), the packs valid now and the credit top-ups (not what
 * is left of them): enough to check and price a run and to refresh a
 * quota. */
int summary_load_catalog(struct summary *sm, struct store *s, int64_t now,
    struct err *e);

/* Loads the catalog and computes quotas, budget, plan, open runs and
 * the nudges (as at now: a later summary_refresh_quota() leaves them). */
int summary_load(struct summary *sm, struct store *s, int64_t now,
    struct err *e);

/* Frees what summary_load*() allocated; sm may be zeroed or loaded. */
void summary_free(struct summary *sm);

/* The platform with key, or NULL. */
const struct platform *summary_platform(const struct summary *sm,
    const char *key);

/* Index of the quota on platform, or -1. */
int summary_quota_index(const struct summary *sm, const char *platform);

/* The rate for platform and GPU (case-insensitive), or NULL. */
const struct rate *summary_rate(const struct summary *sm, const char *platform,
    const char *gpu);

/* Compute units a GPU-hour burns on platform with gpu (hundredths); the
 * platform's default GPU when gpu has no rate; 0 when unknown. */
/* Quota i's allowance in the window [ws, we): its amount, or 0 for a
 * subscription's quota that no payment covers there (quota_paid()), and
 * always 0 for units sold in packs (billing "units": the amount is what a
 * pack holds, and the packs bought are the whole limit). */
int64_t summary_allowance(const struct summary *sm, int i, int64_t ws,
    int64_t we);

int64_t summary_cu_rate(const struct summary *sm, const char *platform,
    const char *gpu);

/* Computes what r uses of quota i (its unit) in the window holding now. */
int64_t summary_run_use(const struct summary *sm, int i, const struct run *r);

/*
 * Recomputes quota i's status from the store (after a write).  Packs:
 * a pack's units are valid from its purchase for its platform's pack
 * days; the quota's limit is the window's allowance plus the valid
 * packs' units (st->packs), and the use beyond the allowance in the
 * current window is drawn from them oldest first, which sets each pack's
 * left.
 */
int summary_refresh_quota(struct summary *sm, struct store *s, int i,
    struct err *e);

/*
 * The warnings for open run r at now: the seed's rule (checkpoint any run
 * past 30 minutes) and the platform's session cap (past it, or within 30
 * minutes of it).  Fills w with up to 3 borrowed strings, the cap's words
 * written into caps; returns how many.
 */
int summary_run_warnings(const struct summary *sm, const struct run *r,
    int64_t now, const char **w, char caps[2][96]);

/* Adds minor units of cur at time t, converted into the display currency,
 * to the exact total acc (core/fx.h), noting in budget.fx_missing when no
 * rate was known; returns the total rounded once.  Every total of money
 * in the display currency is made so. */
int64_t summary_add(struct summary *sm, struct fx_total *acc, int64_t minor,
    const char *cur, int64_t t);

/* Converts minor units of cur at time t into the display currency; notes
 * in budget.fx_missing when no rate was known. */
int64_t summary_convert(struct summary *sm, int64_t minor, const char *cur,
    int64_t t);

#endif
