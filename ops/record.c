/*
 * record.c: the changes `gpulog run` makes: the open run it records when
 * the command starts, and the run closed with what was measured when the
 * command ends.  The run is checked and priced as `gpulog start` and
 * `gpulog stop` would, and its modified time is the instant it ended.
 * While it is open, the setting "live.ID" names the process recording
 * it (its pid, from getpid(), and host), which kill(pid, 0) asks after.
 */
#include "ops/ops.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/fmt.h"
#include "core/price.h"
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

/* "live.ID" */
static void
live_key(char *buf, size_t n, int64_t id)
{
	snprintf(buf, n, "live.%lld", (long long)id);
}

static void
host_name(char *buf, size_t n)
{
	if (gethostname(buf, n) != 0)
		snprintf(buf, n, "localhost");
	buf[n - 1] = '\0';
}

int
ops_run_live(struct ops *o, int64_t id, long *pid)
{
	char key[40], val[128], host[64], *sp;
	struct err e;
	long p;

	live_key(key, sizeof key, id);
	if (store_get_setting(o->s, key, val, sizeof val, &e) != 1)
		return 0;
	p = strtol(val, &sp, 10);
	if (p <= 0 || *sp != ' ')
		return 0;
	host_name(host, sizeof host);
	/* A recording on another host cannot be asked after: it counts as
	 * alive, as the journal there will end it. */
	if (strcmp(sp + 1, host) == 0 && kill((pid_t)p, 0) != 0 &&
	    errno == ESRCH)
		return 0;
	if (pid != NULL)
		*pid = p;
	return 1;
}

int
ops_record_open(struct ops *o, struct ops_result *res,
    struct run_metrics *m, struct err *e)
{
	char val[128], host[64];

	if (res->run.uid[0] == '\0')
		store_new_uid(res->run.uid);
	host_name(host, sizeof host);
	snprintf(val, sizeof val, "%ld %s", (long)getpid(), host);
	return ops_insert(o, &res->run, "run", m, val, res, e);
}

int
ops_record_abandon(struct ops *o, struct ops_result *res, struct err *e)
{
	struct ops_result cr;
	char key[40];
	int rc;

	/* Not live any more: this process stops recording it. */
	live_key(key, sizeof key, res->run.id);
	if (store_delete_setting(o->s, key, e) < 0)
		return -1;
	ops_result_init(&cr);
	rc = ops_cancel(o, res->run.id, &cr, e);
	ops_result_clear(&cr);
	return rc;
}

int
ops_run_idle(struct ops *o, int64_t id, int64_t since, struct err *e)
{
	char key[48], val[24];

	o->field = OPS_F_NONE;
	snprintf(key, sizeof key, "idle.%lld", (long long)id);
	/* Outside a change: the state of a run going on, which undo must
	 * not take back. */
	if (since <= 0)
		return store_delete_setting(o->s, key, e);
	snprintf(val, sizeof val, "%lld", (long long)since);
	return store_set_setting(o->s, key, val, e);
}

int
ops_record_close(struct ops *o, struct ops_result *res,
    const struct ops_measured *ms, struct run_metrics *m, struct err *e)
{
	const struct summary *cat;
	struct run old, *r = &res->run;
	char canon[32], w[192], key[40];
	int rc = -1, priced;

	run_init(&old);
	if ((cat = ops_catalog(o, e)) == NULL)
		goto out;
	snprintf(res->what, sizeof res->what, "run #%lld ended",
	    (long long)r->id);
	if (ops_begin(o, res->what, e) < 0)
		goto out;
	/* The run as stored now, with the write lock held: a note or tag
	 * edited while the command ran is kept, not overwritten by the copy
	 * read when it began.  A run removed meanwhile is recorded anew. */
	if (r->id > 0) {
		struct run cur;
		int found;

		run_init(&cur);
		if ((found = store_get_run(o->s, r->id, &cur, e)) < 0) {
			run_clear(&cur);
			goto fail;
		}
		if (found) {
			run_clear(r);
			run_copy(r, &cur);
		} else {
			r->id = 0;
			r->uid[0] = '\0';
		}
		run_clear(&cur);
	}
	run_copy(&old, r);
	r->end = ms->end > r->start ? ms->end : r->start + 1;
	if (ms->gpu != NULL && ms->gpu[0] != '\0' &&
	    ops_check_gpu(ms->gpu, canon, w, sizeof w, NULL) >= 0)
		memcpy(r->gpu, canon, sizeof r->gpu);
	if (ms->gpus > 0)
		r->gpus = ms->gpus > 64 ? 64 : ms->gpus;
	r->checkpointed = ms->checkpointed;
	res->nwarn = 0;
	priced = price_reprice(&cat->cat, &old, r, res->cost_given,
	    res->rate_given);
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
	if ((r->id > 0 ? store_update_run(o->s, r, e) :
	    store_add_run(o->s, r, e)) < 0)
		goto fail;
	m->run_id = r->id;
	live_key(key, sizeof key, r->id);
	if (metrics_put(o->s, m, e) < 0 ||
	    store_delete_setting(o->s, key, e) < 0)
		goto fail;
	/* An ended run is idle no more. */
	snprintf(key, sizeof key, "idle.%lld", (long long)r->id);
	if (store_delete_setting(o->s, key, e) < 0 ||
	    store_commit(o->s, e) < 0)
		goto fail;
	rc = 0;
	goto out;
fail:
	store_rollback(o->s);
out:
	run_clear(&old);
	return rc;
}
