/*
 * catalog.h: the built-in catalog loaded into a new database: the seed's
 * platforms, free-tier quotas, hourly prices and the plan's phases.  The
 * tables are static and read-only; the user changes the stored copies.
 */
#ifndef GPULOG_CATALOG_H
#define GPULOG_CATALOG_H

#include <stddef.h>

#include "core/model.h"

struct quota_status;

struct fx_point;
struct quota_snapshot;

/*
 * A catalog: platforms, their quotas, hourly rates, the plan's phases and
 * the dated USD->INR rates.  Who fills one owns the arrays (the store's
 * loaders malloc them); quotas, rates and fx may be empty (NULL, 0).
 */
struct catalog {
	struct platform *platforms;
	size_t nplatforms;
	struct quota *quotas;
	size_t nquotas;
	struct rate *rates;
	size_t nrates;
	struct phase *phases;
	size_t nphases;
	struct fx_point *fx;
	size_t nfx;
};

/* Frees c's arrays and zeroes it; c may be zeroed already. */
void catalog_free(struct catalog *c);

/* Makes *to (freed first) a copy of from with arrays of its own. */
void catalog_copy(struct catalog *to, const struct catalog *from);

/* The platform with key in c, or NULL; borrowed from c. */
const struct platform *catalog_platform(const struct catalog *c,
    const char *key);

/* The unit the built-in catalog's quota on platform counts its hours in
 * (Kaggle: QU_SESSION_S), QU_GPU_S for any other platform. */
int catalog_hours_unit(const char *platform);

/* Index in c->quotas of the quota on platform, or -1. */
int catalog_quota_index(const struct catalog *c, const char *platform);

/* What gpu burns of platform's rated quota (compute units, credits) a
 * GPU-hour, in hundredths: its own rate's figure, else the platform's
 * default GPU's, else 0.  The one rule for every rated meter. */
int64_t catalog_burn(const struct catalog *c, const char *platform,
    const char *gpu);

/* The label of what platform's rates burn a GPU-hour besides money: its
 * quota's, when that quota is rated ("CU", "credits"), else "CU". */
const char *catalog_burn_label(const struct catalog *c, const char *platform);

/* The rate in c for platform and gpu (the GPU's name case-insensitive), or
 * NULL, as for a NULL or empty gpu; borrowed from c. */
const struct rate *catalog_rate(const struct catalog *c, const char *platform,
    const char *gpu);

/* The built-in tables, loaded into a new database. */
extern const struct platform catalog_platforms[];
extern const size_t catalog_nplatforms;
extern const struct quota catalog_quotas[];
extern const size_t catalog_nquotas;
extern const struct rate catalog_rates[];
extern const size_t catalog_nrates;
extern const struct phase catalog_phases[];
extern const size_t catalog_nphases;

/*
 * Where a built-in fact comes from and when it was true.  The built-in
 * rows (catalog_platforms, catalog_quotas, catalog_rates) hold the facts;
 * this list holds their provenance, kept apart so that the rows stay
 * plain data the database stores and fingerprints.
 */
enum fact_kind {
	FACT_PLATFORM,  /* a platform's session cap and monthly cost */
	FACT_QUOTA,     /* its free quota: amount, window, meter */
	FACT_RATE       /* a price or burn a GPU-hour */
};

struct cite {
	const char *platform;
	int fact;            /* enum fact_kind */
	const char *gpu;     /* FACT_RATE: one GPU, or NULL for all of the
	                        platform's */
	int64_t asof;        /* when it was true; FACT_RATE: 0, the rate's
	                        own date (rate.updated) is */
	const char *source;  /* where it was read: "lambda.ai/pricing" */
};

extern const struct cite catalog_cites[];
extern const size_t catalog_ncites;

/* The provenance of the built-in fact of platform (gpu for FACT_RATE: its
 * own row, else the platform's), or NULL when the binary ships none. */
const struct cite *catalog_cite(const char *platform, int fact,
    const char *gpu);

/* A fact's provenance as shown: its date and where it comes from. */
struct provenance {
	int64_t asof;       /* 0 when unknown */
	char date[16];      /* "2026-09-01" (UTC), "" when unknown */
	char source[96];    /* the catalog's source ("lambda.ai/pricing"),
	                       "set by you", "prices update from vast" */
};

/*
 * The provenance of a stored fact of platform: for FACT_RATE, rate r's
 * (its source and date: the binary's citation while its source is
 * "catalog"); else the platform's or quota's, whose row was last set at
 * modified (0: the binary's row, cited).  A quota whose amount is what the
 * platform itself last reported (snap, its newest quota snapshot, or NULL;
 * amount its quota's) is that report's, dated when it was read.
 */
void catalog_provenance(const char *platform, int fact, const struct rate *r,
    int64_t modified, const struct quota_snapshot *snap, int64_t amount,
    struct provenance *pv);

/*
 * The plan's own words on platform where today's facts differ from them
 * (the seed's matrix: "80 GPU-h a month"), into plan, and today's facts
 * from c answering them ("credits, no amount set"), into today; flags are
 * fmt_rate()'s.  Returns 1, or 0 when the plan's words still hold or
 * platform is not in c.
 */
int catalog_plan_today(const struct catalog *c, const char *platform,
    int flags, char *plan, size_t pn, char *today, size_t tn);

/* 1 when key is one of the comma-separated keys in list ("kaggle,
 * colab-pro"). */
int catalog_in_list(const char *list, const char *key);

/*
 * Whether status and the Overview show quota q in state st: always when
 * something covers it (quota_absent() is 0) or runs used it this window;
 * an offer nothing bought covers only for a platform of the plan (in one
 * of c's phases) or one the user added.  Colab Pro+ and pay as you go are
 * offers of `where` and `platforms` until one buys them.
 */
int catalog_offer_shown(const struct catalog *c, const struct quota *q,
    const struct quota_status *st);

/* The default USD->INR rate, its date, and where it comes from. */
#define CATALOG_FX_MICRO 83500000LL
#define CATALOG_FX_DATE "2026-07-01"

/* "free", "subscription", "hourly", "units"; and back (-1 if unknown). */
/*
 * p's monthly cost in currency ("INR" reads its INR column, "USD" its
 * dollar column) in hundredths, *approx set for a leading "~" (approx may
 * be NULL); -1 when the column holds no number ("variable", "~5-20+").
 *
 * What buying p costs, in words, from its cost in currency (its INR
 * column for INR, else its dollar column; the other when that one holds no
 * number), a leading "~" kept: a subscription's "~₹999 a month to
 * subscribe" ("a subscription to buy" when neither is a number); units
 * sold in packs (billing "units", q its quota: the amount a pack holds)
 * "100.00 CU for ~₹999, valid 90 days".  flags as fmt_money()'s.  Returns
 * buf.
 */
int64_t catalog_monthly_minor(const struct platform *p,
    const char *currency, int *approx);
char *catalog_subscribe_text(const struct platform *p, const struct quota *q,
    const char *currency, int flags, char *buf, size_t n);

/* What nothing bought or set covers, in a word: "not subscribed" (a
 * subscription), "no units bought" (units sold in packs) or "no amount
 * set" (st->unpaid is 0).  p may be NULL. */
const char *catalog_absent_word(const struct platform *p,
    const struct quota_status *st);

/*
 * What a quota that quota_absent() holds is, in words: "not subscribed
 * this month DOT ~₹999 a month to subscribe" (catalog_subscribe_text()),
 * "no units bought DOT 100.00 CU for ~₹999, valid 90 days", or "no amount
 * of credits set DOT gpulog platforms set lightning --quota 15cr/month".
 * p may be NULL.  Returns buf.
 */
char *catalog_absent_text(const struct quota *q, const struct quota_status *st,
    const struct platform *p, const char *currency, int flags,
    const char *dot, char *buf, size_t n);

/* A billing kind's word (BILLINGS in core/model.h; "?" out of range), the
 * kind of a word (-1 for none), and the words in enum order. */
const char *billing_name(int billing);
int billing_parse(const char *s);
extern const char *const billing_names[BILL_COUNT];

#endif
