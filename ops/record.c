/*
 * record.c: the changes `gpulog run` makes: the open run it records when
 * the command starts, and the run closed with what was measured when the
 * command ends.  The run is checked and priced as `gpulog start` and
 * `gpulog stop` would, and its modified time is the instant it ended.
 */
#include "ops/ops.h"

#include <stdio.h>
#include <string.h>

#include "core/fmt.h"
#include "store/metrics.h"
#include "store/store.h"

int
ops_record_prepare(struct ops *o, const struct ops_run_in *in,
    struct ops_result *res, struct err *e)
{
	struct ops_run_in open = *in;

	/* The run starts now: no WHEN, no start or end of its own. */
	open.day = open.when = open.start = open.end = NULL;
	open.future = 0;
	if (ops_build(o, &open, 1, res, e) < 0)
		return -1;
	snprintf(res->run.source, sizeof res->run.source, "run");
	return 0;
}

int
ops_record_open(struct ops *o, struct ops_result *res,
    struct run_metrics *m, struct err *e)
{
	return ops_insert(o, &res->run, "run", m, res, e);
}

int
ops_record_close(struct ops *o, struct ops_result *res,
    const struct ops_measured *ms, struct run_metrics *m, struct err *e)
{
	const struct summary *cat;
	struct run old, *r = &res->run;
	char canon[32], w[192];
	int rc = -1, priced;

	run_init(&old);
	if ((cat = ops_catalog(o, e)) == NULL)
		goto out;
	run_copy(&old, r);
	r->end = ms->end > r->start ? ms->end : r->start + 1;
	if (ms->gpu != NULL && ms->gpu[0] != '\0' &&
	    ops_check_gpu(ms->gpu, canon, w, sizeof w, NULL) >= 0)
		memcpy(r->gpu, canon, sizeof r->gpu);
	if (ms->gpus > 0)
		r->gpus = ms->gpus > 64 ? 64 : ms->gpus;
	r->checkpointed = ms->checkpointed;
	res->nwarn = 0;
	priced = ops_reprice(cat, &old, r, res->cost_given, res->rate_given);
	res->no_price = priced == 1;
	/* A run that ended is recorded whatever it cost: a cost past what
	 * gpulog holds is kept at the limit, and said. */
	if (priced < 0) {
		r->cost_minor = MONEY_MAX_MINOR;
		snprintf(res->warn[res->nwarn++], sizeof res->warn[0],
		    "the cost is more than gpulog can hold; it is kept at the "
		    "limit");
	}
	if (res->no_price)
		snprintf(res->warn[res->nwarn++], sizeof res->warn[0],
		    "no price for %s on %s; the cost is 0 (give a rate or a "
		    "cost)", r->gpu[0] ? r->gpu : "its GPU", r->platform);
	/* The change happens when the run ends, not when it began. */
	r->modified = r->end > o->now ? r->end : o->now;
	if (r->created == 0)
		r->created = r->modified;
	snprintf(res->what, sizeof res->what, "run #%lld ended",
	    (long long)r->id);
	if (store_begin(o->s, res->what, e) < 0 ||
	    (r->id > 0 ? store_update_run(o->s, r, e) :
	    store_add_run(o->s, r, e)) < 0)
		goto fail;
	m->run_id = r->id;
	if (metrics_put(o->s, m, e) < 0 || store_commit(o->s, e) < 0)
		goto fail;
	rc = 0;
	goto out;
fail:
	store_rollback(o->s);
out:
	run_clear(&old);
	return rc;
}
