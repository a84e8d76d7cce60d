/*
 * alerts.h: the thresholds and the nudges.  One table says at what use a
 * quota or the month's budget is ok, warn, near or over; `gpulog status`'s
 * words, its colours, `status --check` and the dashboard all read it.  The
 * nudges are what needs attention now (a quota near its end, the budget
 * near or past its top, an open run too long or past its session cap, free
 * hours about to lapse unused), computed once by alerts_nudges() for
 * store/summary.c.  Also what the free tiers saved at market rates.  Pure
 * rules over what the caller loads; no I/O.
 */
#ifndef GPULOG_ALERTS_H
#define GPULOG_ALERTS_H

#include <stddef.h>
#include <stdint.h>

struct budget_status;
struct cloud_billed;
struct platform;
struct quota;
struct quota_status;
struct rate;
struct run;

/* The levels of a quota's or the budget's use, lowest first. */
enum alert_level {
	AL_OK,
	AL_WARN,
	AL_NEAR,
	AL_OVER,
	AL_NLEVELS
};

/* The colour of a level, for the CLI and the dashboard alike. */
enum alert_colour {
	AC_GREEN,
	AC_YELLOW,
	AC_RED
};

/* Whose use is measured: over means all used for a quota, but more spent
 * than the top for the budget. */
enum alert_subject {
	ALS_QUOTA,
	ALS_BUDGET
};

struct alert_threshold {
	const char *word;   /* status's word: "ok", "warn", "near", "over" */
	int pct;            /* from pct% of the limit used ... */
	int budget_past;    /* ... but for the budget, when 1, only past it */
	int colour;         /* enum alert_colour */
};

/*
 * The table, indexed by level:
 *   ok    below 80%                                        green
 *   warn  from 80%                                         yellow
 *   near  from 90%                                         red
 *   over  a quota from 100% (all used), the budget past    red
 *         100% (more spent than its top)
 * A quota or the budget at near or over is a nudge.
 */
extern const struct alert_threshold alerts_levels[AL_NLEVELS];

/*
 * The level of used of limit for subject (enum alert_subject), by the
 * table.  A zero limit is never warn or near: a zero budget is over once
 * anything is spent, a zero quota at once.  A negative limit (no budget)
 * is ok.
 */
int alerts_level(int subject, int64_t used, int64_t limit);

/* The budget's level (ok when there is no budget), and status's word for
 * it: the level's, or below warn "under" the range's bottom or "within". */
int alerts_budget_level(const struct budget_status *b);
const char *alerts_budget_word(const struct budget_status *b);

/* A paid run whose GPUs stay under 5% busy for 15 minutes is idle:
 * `gpulog run`'s defaults (--idle-pct, --idle-min), and a nudge while it
 * lasts. */
#define ALERTS_IDLE_PCT 5
#define ALERTS_IDLE_S (15 * 60)

/* How long a paid run may be open before it is a nudge: 2 hours. */
#define ALERTS_OPEN_LIMIT (2 * 3600)
/* Use it or lose it: a free quota that resets within 24 hours ... */
#define ALERTS_LAPSE_WITHIN (24 * 3600)
/* ... with 25% or more of it to lapse unused is a nudge. */
#define ALERTS_LAPSE_PCT 25

/* A pack of a quota's units that expires within 7 days with units left
 * is a nudge. */
#define ALERTS_PACK_WITHIN (7 * 86400)

/* A pack of a quota's units (an expense of kind pack) valid now. */
struct quota_pack {
	int64_t id;                   /* the expense, eN */
	int quota;                    /* index into the quotas */
	int64_t at, expires;          /* bought; at + its pack days */
	int64_t units, left;          /* in the quota's unit */
};

enum nudge_kind {
	NUDGE_QUOTA,   /* a quota at near or over */
	NUDGE_BUDGET,  /* the month's budget at near or over */
	NUDGE_OPEN,    /* an open run: paid and open too long, or past its
	                  platform's session cap */
	NUDGE_LAPSE,   /* use it or lose it */
	NUDGE_PACK,    /* a pack expiring within 7 days with units left */
	NUDGE_IDLE,    /* a paid run's GPUs idle (`gpulog run` says so) */
	NUDGE_BILLED,  /* a stopped instance still billed for its disk */
	NUDGE_NKINDS
};

/* "quota", "budget", "open", "lapse", "pack", "idle", "billed": --check's
 * words, by kind. */
extern const char *const nudge_kinds[NUDGE_NKINDS + 1]; /* NULL last */

struct nudge {
	int kind;           /* enum nudge_kind */
	int level;          /* enum alert_level: near or over for a quota
	                       or the budget; near for an open run too long,
	                       over past its cap; warn for a lapse */
	char platform[32];  /* "" for the budget */
	int quota;          /* quota, lapse: index of the quota; else -1 */
	int64_t run_id;     /* open, idle: the run; pack: the expense; else
	                       0 */
	int64_t pct;        /* quota, budget: percent used; lapse: percent
	                       of the limit that will lapse */
	int64_t value;      /* quota: used; budget: spent; open: seconds
	                       open; lapse: what will lapse (quota's unit);
	                       pack: its units left; idle: seconds idle;
	                       billed: USD millionths an hour */
	int64_t limit;      /* quota: its limit; budget: its top; open: the
	                       limit passed; lapse: the quota's limit;
	                       pack: its units */
	int64_t at;         /* quota, lapse: the reset (0 for a rolling
	                       window); open: the run's start; pack: when it
	                       expires; idle: when the idleness began;
	                       billed: when it was last seen; budget: 0 */
	int past_cap;       /* open: 1 when limit is the session cap */
	char what[48];      /* billed: the instance's id */
};

/* What alerts_nudges() reads; the arrays are borrowed for the call. */
struct nudge_input {
	const struct quota *quotas;
	const struct quota_status *qs;     /* qs[i] is quotas[i] now */
	const int64_t *cu_centi_h;         /* per quota: hundredths of a
	                                      unit a GPU-hour burns */
	size_t nquotas;
	const struct cloud_billed *billed;  /* stopped instances still
	                                       billed, as last seen */
	size_t nbilled;
	const struct budget_status *budget; /* or NULL */
	const struct run *open;
	size_t nopen;
	const int64_t *open_idle;           /* per open run: since when its
	                                       GPUs have been idle, as
	                                       `gpulog run` recorded; 0 not
	                                       idle; NULL none */
	const struct platform *platforms;
	size_t nplatforms;
	const struct quota_pack *packs;     /* valid packs, oldest first */
	size_t npacks;
	int64_t now;
};

/*
 * Fills out[0..max) with the nudges, quotas first, then the budget, open
 * runs and lapses, each in its input's order, and returns how many there
 * are (which may exceed max; only max are written).  At most
 * 2 * nquotas + 1 + 2 * nopen + npacks + nbilled; a billed instance
 * is a nudge at near, after the packs.  An idle run is a nudge only on a
 * paid platform (alerts_paid()).
 */
size_t alerts_nudges(const struct nudge_input *in, struct nudge *out,
    size_t max);

/*
 * What of quota q (in its unit) will be left unused at its next reset:
 * what is left less what the open runs on its platform will use by then
 * (compute units at cu_centi_h a GPU-hour), each run counting until the
 * platform's session cap cap_s (0: none) ends it.  0 when the window rolls
 * or nothing will be left.
 */
int64_t alerts_lapse(const struct quota *q, const struct quota_status *st,
    const struct run *open, size_t nopen, int64_t cu_centi_h, int64_t cap_s,
    int64_t now);

/* 1 when run r costs by the hour: a rate of its own, or its platform p
 * (may be NULL) bills by the hour. */
int alerts_paid(const struct platform *p, const struct run *r);

/* 1 when a run open for open_s is past p's session cap (p may be NULL). */
int alerts_past_cap(const struct platform *p, int64_t open_s);

/* The seed's rule: checkpoint every run past 30 minutes. */
#define ALERTS_CKPT_S (30 * 60)

/* 1 when a run el_ms in with no checkpoint is due one: past after_ms
 * (ALERTS_CKPT_S, or `gpulog run --checkpoint-after`).  The one rule of
 * status's "no checkpoint after 30 min" and gpulog run's reminder. */
int alerts_ckpt_due(int64_t el_ms, int64_t after_ms, int checkpointed);

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
