/*
 * cloud.c: what the instances a cloud provider lists do to the log, in
 * the import's change.  Each running period of an instance is one run,
 * keyed by provider and instance ("vast:12345678"), with a uid that key
 * decides, so that a second import updates the run it made instead of
 * adding one, two machines importing the same instance hold one run, and
 * a run the user removed stays removed.
 */
#include "ops/ops.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/price.h"
#include "core/text.h"
#include "core/cloud.h"
#include "store/bulk.h"
#include "store/store.h"
#include "store/sync.h"

/* The runs earlier imports of the provider made. */
struct held_runs {
	struct run *r;
	size_t n;
	unsigned char *seen;   /* 1: an instance listed now has it */
};

static int
held_add(const struct run *r, void *arg)
{
	struct held_runs *h = arg;

	h->r = xrealloc(h->r, (h->n + 1) * sizeof *h->r);
	run_init(&h->r[h->n]);
	run_copy(&h->r[h->n], r);
	h->n++;
	return 0;
}

static void
held_free(struct held_runs *h)
{
	size_t i;

	for (i = 0; i < h->n; i++)
		run_clear(&h->r[i]);
	free(h->r);
	free(h->seen);
}

/* 1 when a run keyed key of provider was removed here. */
static int
removed(struct ops_import *im, const char *provider, const char *key,
    char uid[33], struct err *e)
{
	char full[128];
	int64_t at;

	snprintf(full, sizeof full, "%s:%s", provider, key);
	uid_of_key(full, uid);
	return store_tombstone_at(im->s, "run", uid, &at, e);
}

/* Adds the run of instance v keyed key, from start to end (RUN_OPEN while
 * it runs), at cost cents (what was billed), or priced at its rate when
 * cost is -1. */
static int
add_run(struct ops_import *im, const char *provider,
    const struct cloud_instance *v, const char *key, int64_t start,
    int64_t end, int64_t cost, struct err *e)
{
	const struct summary *cat = ops_catalog(im->o, e);
	struct run r;
	char uid[33];
	int rc;

	if (cat == NULL || (rc = removed(im, provider, key, uid, e)) < 0)
		return -1;
	if (rc == 1) {
		im->gone++;
		return 0;
	}
	run_init(&r);
	snprintf(r.platform, sizeof r.platform, "%s", provider);
	snprintf(r.gpu, sizeof r.gpu, "%s", v->gpu);
	r.gpus = v->gpus;
	r.start = start;
	r.end = end;
	r.cu_centi = -1;
	r.rate_micro = v->rate_micro;
	if (cost >= 0) {
		r.cost_minor = cost;
		r.rate_micro = 0;
	}
	if (r.rate_micro > 0 || r.cost_minor > 0)
		strcpy(r.currency, "USD");
	if (v->label[0] != '\0')
		r.note = xstrdup(v->label);
	snprintf(r.source, sizeof r.source, "%s", provider);
	r.source_id = xstrdup(key);
	memcpy(r.uid, uid, sizeof r.uid);
	r.created = r.modified = im->o->now;
	rc = 0;
	if (cost < 0 && price_run(&cat->cat, &r) < 0)
		rc = err_set(e, "instance %s: its cost at its rate would be "
		    "more than gpulog keeps", v->id);
	if (rc == 0)
		rc = ops_import_run(im, &r, e);
	run_clear(&r);
	return rc;
}

/* Closes open run old at end, costed anew at its own rate. */
static int
close_run(struct ops_import *im, const struct run *old, int64_t end,
    struct err *e)
{
	const struct summary *cat = ops_catalog(im->o, e);
	struct run r;
	int rc;

	if (cat == NULL)
		return -1;
	run_init(&r);
	run_copy(&r, old);
	r.end = end > old->start ? end : old->start;
	r.modified = im->o->now;
	rc = price_reprice(&cat->cat, old, &r, 0, 0) < 0 ? err_set(e,
	    "instance %s: its cost would be more than gpulog keeps",
	    old->source_id) : store_update_run(im->s, &r, e);
	run_clear(&r);
	if (rc == 0)
		im->closed++;
	return rc;
}

/* When instance v stopped, as well as the provider tells: its own time,
 * else the end of what was billed, else now (this import saw it stop). */
static int64_t
stop_time(const struct cloud_instance *v, const struct run *open,
    int64_t now)
{
	if (v->stopped > open->start && v->stopped <= now)
		return v->stopped;
	if (v->billed_end > open->start && v->billed_end <= now)
		return v->billed_end;
	return now;
}

static int
one_instance(struct ops_import *im, const char *provider,
    struct held_runs *h, const struct cloud_instance *v, struct err *e)
{
	int64_t now = im->o->now, last_end = 0, start;
	const struct run *open = NULL;
	char key[96];
	size_t i, count = 0;
	int have_key = 0;

	for (i = 0; i < h->n; i++) {
		if (!cloud_key_of_instance(h->r[i].source_id, v->id))
			continue;
		h->seen[i] = 1;
		count++;
		if (h->r[i].end == RUN_OPEN)
			open = &h->r[i];
		else if (h->r[i].end > last_end)
			last_end = h->r[i].end;
	}
	/* The key of the running period the provider tells of: by when it
	 * began where the provider says (each start its own run), else the
	 * instance's first, or its next. */
	if (v->exact_start)
		snprintf(key, sizeof key, "%s@%lld", v->id,
		    (long long)v->started);
	else if (count == 0)
		snprintf(key, sizeof key, "%s", v->id);
	else
		snprintf(key, sizeof key, "%s#%zu", v->id, count + 1);
	for (i = 0; i < h->n; i++)
		if (h->r[i].source_id != NULL && strcmp(h->r[i].source_id,
		    key) == 0)
			have_key = 1;
	if (v->state != CS_RUNNING) {
		if (open != NULL)
			return close_run(im, open, stop_time(v, open, now), e);
		/* Ran and stopped between two imports, the provider says
		 * when: that period. */
		if (v->exact_start && !have_key && v->started > 0 &&
		    v->stopped > v->started && v->stopped <= now)
			return add_run(im, provider, v, key, v->started,
			    v->stopped, -1, e);
		/* Never seen running: what was billed for it. */
		if (count == 0 && v->cost_minor >= 0 && v->billed_end >
		    v->billed_start && v->billed_start > 0)
			return add_run(im, provider, v, key, v->billed_start,
			    v->billed_end, v->cost_minor, e);
		/* Stopped, and when it ran is unknown: no run. */
		if (count > 0)
			im->there++;
		return 0;
	}
	if (open != NULL) {
		if (!v->exact_start || strcmp(open->source_id, key) == 0) {
			im->there++;
			return 0;
		}
		/* Stopped and started again between two imports: the
		 * old period ended by the time the new one began. */
		if (close_run(im, open, v->started < now ? v->started : now,
		    e) < 0)
			return -1;
		last_end = v->started;
	}
	if (have_key) {
		im->there++;
		return 0;
	}
	if (v->exact_start || (count == 0 && v->started > 0))
		start = v->started;
	else
		/* Started again, or by a provider that does not say when:
		 * it runs from when this import saw it. */
		start = now;
	if (start < last_end)
		start = last_end;
	if (start > now)
		start = now;
	return add_run(im, provider, v, key, start, RUN_OPEN, -1, e);
}

int
ops_import_instances(struct ops_import *im, const char *provider,
    const struct cloud_instance *v, size_t n, int complete, struct err *e)
{
	struct held_runs h = { NULL, 0, NULL };
	size_t i;
	int rc = -1;

	if (ops_import_platform(im, provider, e) < 0)
		return -1;
	if (store_each_source_run(im->s, provider, held_add, &h, e) < 0)
		goto out;
	h.seen = xcalloc(h.n + 1, 1);
	for (i = 0; i < n; i++)
		if (one_instance(im, provider, &h, &v[i], e) < 0)
			goto out;
	/* An instance the provider no longer lists at all is gone: its
	 * open run ends now. */
	for (i = 0; complete && i < h.n; i++)
		if (!h.seen[i] && h.r[i].end == RUN_OPEN &&
		    close_run(im, &h.r[i], im->o->now, e) < 0)
			goto out;
	rc = 0;
out:
	held_free(&h);
	return rc;
}

struct billed_arg {
	const char *provider;
	const struct cloud_instance *v;
	size_t n;
	int64_t now;
};

static int
edit_billed(const char *old, char **out, void *arg)
{
	const struct billed_arg *b = arg;

	*out = cloud_billed_edit(old, b->provider, b->v, b->n, b->now);
	return 1;
}

int
ops_billed_record(struct ops *o, const char *provider,
    const struct cloud_instance *v, size_t n, struct err *e)
{
	struct billed_arg b = { provider, v, n, o->now };

	o->field = OPS_F_NONE;
	return store_edit_setting(o->s, "billed", edit_billed, &b, e) < 0 ?
	    -1 : 0;
}
