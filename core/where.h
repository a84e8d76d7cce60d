/*
 * where.h: where a job of a given length should run now.  The ranking is a
 * pure function of the catalog and the quotas' state, which the caller
 * loads (the CLI from store/summary.h): no I/O, no clock.
 *
 * The rules, in order:
 *  1. Free places (free tiers, and subscriptions' included compute units)
 *     whose quota left before the next reset covers the job and whose
 *     session cap holds it in one session.
 *  2. Free places that need the job split into several sessions (resumed
 *     from checkpoints) but whose quota covers it.
 *  3. Paid places, by what the job costs at the catalog's rate for the
 *     cheapest GPU that meets the request.  A subscription that no
 *     payment or pack covers this month (quota_absent()) is a paid place
 *     too, at its monthly price: "~₹999 a month to subscribe".
 *  4. Places that cannot take it: too little quota, no such GPU, no price.
 * Within each group the current phase's recommended platforms come first;
 * then free quotas that reset sooner (use them before they lapse), then
 * free places without a quota, then one's own machine.  A job asking for
 * no GPU is taken to need a T4-class GPU with 16 GB.
 *  0. Before all of them: a CPU or Apple MPS job (--gpu cpu, --gpu MPS)
 *     goes to one's own machine ("local"), in the seed's words: in
 *     months 1-6 "CPU/MPS sufficient" (most learning happens without a
 *     GPU), later to prototype before scaling to a cloud GPU.  Other
 *     places offer no such device.  In plan months 1-8 a job that asks
 *     for no GPU and no VRAM goes there first too ("your primary compute
 *     resource for months 1-8"), the rest ranked after it as below.
 * A paid row whose price was set more than WHERE_PRICE_OLD_DAYS days
 * ago says how old it is and suggests `gpulog prices update`.
 * Among paid places a job of 8 h or more goes to RunPod first, as the
 * seed advises ("Use RunPod for longer runs (8+ hours) where
 * interruption is costly"); the rest by cost.
 */
#ifndef GPULOG_WHERE_H
#define GPULOG_WHERE_H

#include <stddef.h>
#include <stdint.h>

struct catalog;
struct quota_status;
struct phase;
struct err;

#define WHERE_PRICE_OLD_DAYS 30

struct where_job {
	int64_t dur_s;        /* how long it runs, > 0 */
	char gpu[32];         /* the GPU asked for; "" for T4-class */
	int vram_gb;          /* VRAM asked for; 0 for the GPU's own */
};

/* Everything the ranking reads; arrays are borrowed for the call. */
struct where_in {
	int64_t now;
	const struct catalog *cat;        /* platforms, quotas, rates, fx */
	const struct quota_status *qs;    /* qs[i] is cat->quotas[i] now */
	const struct phase *phase;        /* the current phase, or NULL */
	int plan_month;                   /* the plan's month now, 0 when
	                                     none */
	int fmt_flags;                    /* for money in why: FMT_ASCII */
	const char *currency;             /* the display currency, for a
	                                     subscription's price; NULL is
	                                     INR */
};

enum where_group {
	WG_FREE = 1,     /* free, fits the quota and one session */
	WG_SESSIONS,     /* free, fits the quota in several sessions */
	WG_PAID,         /* paid by the hour */
	WG_NO            /* cannot take the job */
};

enum where_kind {
	WK_FREE,         /* a free tier */
	WK_INCLUDED,     /* a subscription's included units, or packs of
	                    units bought */
	WK_HOURLY,       /* billed by the hour */
	WK_OWN,          /* one's own machine */
	WK_SUBSCRIBE     /* a subscription (or units sold in packs) that
	                    nothing bought covers now: ranked as paid, at
	                    its monthly (a pack's) price */
};

struct where_row {
	int rank;               /* 1 for the best */
	char platform[32];
	char gpu[32];           /* the GPU it would get; "" when none fits */
	int group;              /* enum where_group */
	int kind;               /* enum where_kind */
	int in_phase;           /* the phase recommends it */
	int seed_first;         /* rule 0: a CPU/MPS job's own machine, or
	                           in months 1-8 one's own machine */
	int seed_long;          /* RunPod for a job of 8 h or more */
	int sessions;           /* sessions the job needs (1 when no cap) */
	int64_t session_cap_s;  /* 0 when none */
	int has_quota;
	int quota_unit;         /* enum quota_unit */
	int64_t quota_left;     /* before the job, once the open runs have
	                           used what they will while it runs */
	int64_t open_use;       /* that use of the open runs, in the unit */
	int64_t quota_need;     /* the job's use before the reset */
	int64_t resets;         /* the quota's reset; 0 when none */
	int64_t rate_micro;     /* price per GPU-hour, millionths */
	int64_t rate_updated;   /* when that price was set; 0 unknown */
	char rate_cur[4];
	int64_t cost_usd;       /* the job's cost in cents; -1 unknown */
	int64_t cost_inr;       /* in paise; -1 unknown */
	int packs;              /* WK_SUBSCRIBE: the packs of units the job
	                           needs, whose price is the cost; 0: the
	                           cost is a month's */
	char why[320];          /* one line saying why it ranks here */
};

/*
 * Ranks every platform for job into *rows (malloc'd, the caller frees) and
 * their count *n, best first.  Returns 0, or -1 with a message for a job
 * without a duration.
 */
int where_rank(const struct where_in *in, const struct where_job *job,
    struct where_row **rows, size_t *n, struct err *e);

/* "free", "included", "paid" or "no": a row's group in a word. */
const char *where_group_name(int group);

/* Those words, indexed by enum where_group. */
extern const char *const where_group_names[];

#endif
