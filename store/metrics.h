/*
 * metrics.h: what `gpulog run` measured of a run (the run_metrics table),
 * and what the free tiers saved over a span, priced at market rates by
 * core/alerts.c's rule.  Only this module's .c speaks SQL for them.
 */
#ifndef GPULOG_METRICS_H
#define GPULOG_METRICS_H

#include <stdint.h>

#include "core/model.h"

struct store;
struct run;
struct summary;
struct err;

/* Writes m for its run, replacing what was there; inside a change. */
int metrics_put(struct store *s, const struct run_metrics *m, struct err *e);

/* Reads run_id's metrics into m (metrics_init()ed).  Returns 1 found,
 * 0 none, -1 failure. */
int metrics_get(struct store *s, int64_t run_id, struct run_metrics *m,
    struct err *e);

struct savings {
	int64_t gpu_s;         /* free-tier GPU-seconds priced */
	int64_t amount;        /* what they would have cost, minor units */
	char currency[4];      /* ... in the summary's display currency */
	int runs;              /* runs priced */
	int unpriced;          /* free-tier runs on a GPU with no market rate */
};

/* One walk's state: the market rate of each GPU met so far, looked up
 * once. */
struct savings_walk {
	struct summary *sm;
	struct savings *out;
	int64_t fx_now;
	int64_t micro;           /* the exact sum, millionths of the display
	                            currency: out->amount is it rounded once */
	struct {
		char gpu[32];
		int64_t rate;          /* 0: no market rate */
		char cur[4];
	} seen[16];
	int nseen;
};

/* Starts w for sm into out (zeroed). */
void savings_begin(struct savings_walk *w, struct summary *sm,
    struct savings *out);

/* Adds what run r, if on a free tier (alerts_free_tier()), would have
 * cost at market rates: open or ended, for its length so far, whatever
 * it was priced. */
void savings_add(struct savings_walk *w, const struct run *r);

/*
 * What the free tiers saved: runs starting in [since, until) (until 0:
 * open-ended) on free-tier platforms (only on platform, unless NULL),
 * open or ended, for their length so far, whatever they were priced,
 * the exact amount converted and the sum rounded once to the cent,
 * each GPU-hour priced at the market rate of its GPU (or its platform's
 * default GPU), converted at the rate of its date.  sm holds the catalog
 * (summary_load_catalog()).
 */
int metrics_savings(struct store *s, struct summary *sm, int64_t since,
    int64_t until, const char *platform, struct savings *out,
    struct err *e);

#endif
