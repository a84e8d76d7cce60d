/*
 * merge.c: another machine's records merged into this one (export format
 * 2, `gpulog sync`), inside an import's change.  One rule for every kind
 * of record: the copy changed last wins, the same time is settled by the
 * export text so that every machine settles it alike, and a removal wins
 * over every change made at or before it.  ops/ops.h says it whole.
 */
#include "ops/ops.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/fields.h"
#include "core/fx.h"
#include "core/model.h"
#include "core/snapshot.h"
#include "store/metrics.h"
#include "store/snapshot.h"
#include "store/store.h"
#include "store/sync.h"

/* 1 when a's export text sorts after b's: a wins a tie. */
static int
later_text(const struct field *t, size_t n, const void *a, const void *b)
{
	char *ja = fields_json(t, n, a, FIELDS_EXPORT, 0);
	char *jb = fields_json(t, n, b, FIELDS_EXPORT, 0);
	int later = strcmp(ja, jb) > 0;

	free(ja);
	free(jb);
	return later;
}

/* How far past this machine's clock another machine's change time is
 * taken as it is: clocks a little apart are not wrong. */
#define MERGE_SKEW_S 600

/*
 * A change time from another machine more than MERGE_SKEW_S past the
 * local clock (a clock set to 2099) would win every merge for good: it is
 * taken as now instead, once.  The note "clamp.KIND.ID" (this machine's
 * own setting, in the merge's change) remembers the version so taken, so
 * that the same version met again keeps the time it was given then, and
 * a later change here still wins over it.
 */
static int
clamp_time(struct ops_import *im, const char *kind, const char *id,
    int64_t *t, struct err *e)
{
	char key[160], val[64];
	long long peer, took;
	int rc;

	if (*t <= im->o->now + MERGE_SKEW_S)
		return 0;
	snprintf(key, sizeof key, "clamp.%s.%.120s", kind, id);
	if ((rc = store_get_setting(im->s, key, val, sizeof val, e)) < 0)
		return -1;
	if (rc == 1 && sscanf(val, "%lld %lld", &peer, &took) == 2 &&
	    peer == *t) {
		*t = took;
		return 0;
	}
	snprintf(val, sizeof val, "%lld %lld", (long long)*t,
	    (long long)im->o->now);
	*t = im->o->now;
	im->clamped++;
	return store_set_setting(im->s, key, val, e);
}

int
ops_merge_run(struct ops_import *im, const struct run *r, struct err *e)
{
	struct run c = *r, local;
	int64_t id;
	int rc, n;

	if ((rc = ops_import_platform(im, r->platform, e)) < 0)
		return rc;
	if (r->uid[0] == '\0')
		return err_set(e, "uid: missing; a merge needs each run's uid");
	if (clamp_time(im, "run", r->uid, &c.modified, e) < 0)
		return -1;
	if (r->gpu[0] != '\0')
		ops_check_gpu(r->gpu, c.gpu, NULL, 0, NULL);
	if (im->merge == NULL && store_merge_new(im->s, &im->merge, e) < 0)
		return -1;
	rc = store_merge_run(im->merge, &c, NULL, &id, e);
	/* The same run under two uids (found by its source id) settles on
	 * the smaller. */
	if ((rc == MERGE_SAME || rc == MERGE_TIE || rc == MERGE_UPDATED) &&
	    store_adopt_uid(im->s, "runs", id, c.uid, e) < 0)
		return -1;
	switch (rc) {
	case MERGE_ADDED:
		im->added++;
		if (im->fresh)
			break;
		if ((n = store_merge_duplicates(im->merge, id, &c, im->o->now,
		    e)) < 0)
			return -1;
		im->dups += n > 0;
		break;
	case MERGE_UPDATED:
		im->updated++;
		break;
	case MERGE_REMOVED:
		im->gone++;
		break;
	case MERGE_TIE:
		run_init(&local);
		if (store_get_run(im->s, id, &local, e) < 0) {
			run_clear(&local);
			return -1;
		}
		rc = later_text(fields_run, fields_nrun, &c, &local);
		run_clear(&local);
		if (rc && store_merge_replace(im->merge, id, &c, NULL, e) < 0)
			return -1;
		if (rc)
			im->updated++;
		else
			im->there++;
		break;
	case MERGE_SAME:
		im->there++;
		break;
	default:
		return -1;
	}
	return 0;
}

int
ops_merge_expense(struct ops_import *im, const struct expense *x,
    struct err *e)
{
	struct expense local, clamped = *x;
	int64_t at;
	int rc, newer;

	if (x->platform[0] != '\0' &&
	    (rc = ops_import_platform(im, x->platform, e)) < 0)
		return rc;
	if (x->uid[0] == '\0')
		return err_set(e, "uid: missing; a merge needs each expense's "
		    "uid");
	if (clamp_time(im, "expense", x->uid, &clamped.modified, e) < 0)
		return -1;
	x = &clamped;
	if ((rc = store_tombstone_at(im->s, "expense", x->uid, &at, e)) < 0)
		return -1;
	if (rc == 1 && at >= x->modified) {
		im->gone++;
		return 0;
	}
	expense_init(&local);
	if ((rc = store_expense_find(im->s, x, &local, e)) < 0)
		goto out;
	if (rc == 0) {
		if ((rc = store_merge_expense(im->s, 0, x, e)) == 0)
			im->xadded++;
		goto out;
	}
	newer = x->modified > local.modified || (x->modified ==
	    local.modified && later_text(fields_expense, fields_nexpense, x,
	    &local));
	rc = 0;
	if (!newer)
		im->xthere++;
	else if ((rc = store_merge_expense(im->s, local.id, x, e)) == 0)
		im->xupdated++;
	if (rc == 0)
		rc = store_adopt_uid(im->s, "expenses", local.id, x->uid, e);
out:
	expense_clear(&local);
	return rc < 0 ? -1 : 0;
}

int
ops_merge_removal(struct ops_import *im, const char *kind, const char *key,
    int64_t at, struct err *e)
{
	int rc;

	if (strcmp(kind, "setting") == 0 && !setting_travels(key))
		return 0;
	if (clamp_time(im, kind, key, &at, e) < 0)
		return -1;
	if ((rc = store_merge_removal(im->s, kind, key, at, e)) < 0)
		return -1;
	im->removed += rc;
	return 0;
}

int
ops_merge_setting(struct ops_import *im, const char *key, const char *value,
    int64_t modified, struct err *e)
{
	char local[256];
	int64_t at, mod;
	int rc;

	if (!setting_travels(key))
		return 0;
	if (clamp_time(im, "setting", key, &modified, e) < 0)
		return -1;
	if ((rc = store_tombstone_at(im->s, "setting", key, &at, e)) < 0)
		return -1;
	if (rc == 1 && at >= modified)
		return 0;
	if ((rc = store_setting_at(im->s, key, local, sizeof local, &mod, e)) <
	    0)
		return -1;
	/* At the same time the smaller value wins: of two plans begun on
	 * their own (both as old as the database), the earlier start. */
	if (rc == 1 && (modified < mod || (modified == mod &&
	    strcmp(value, local) >= 0)))
		return 0;
	store_set_clock(im->s, modified);
	rc = store_set_setting(im->s, key, value, e);
	store_set_clock(im->s, im->o->now);
	if (rc < 0)
		return -1;
	im->nmerged++;
	return 0;
}

/* A catalog row as text, to settle two copies changed at the same
 * time the same way on every machine: the later text wins. */
static void
quota_text(const struct quota *q, char *buf, size_t len)
{
	snprintf(buf, len, "%d %lld %d %d %d %d %d", q->unit,
	    (long long)q->amount, q->window, q->reset_wday, q->reset_mday,
	    q->reset_min, q->rolling_days);
}

static void
platform_text(const struct platform *p, char *buf, size_t len)
{
	snprintf(buf, len, "%s|%d|%s|%s|%s|%s|%lld|%s|%s|%s|%s|%d", p->name,
	    p->billing, p->gpu, p->vram, p->cost_usd, p->cost_inr,
	    (long long)p->session_cap_s, p->session_text, p->storage,
	    p->best_for, p->default_gpu, p->pack_days);
}

/* 1 when the file's row (time t, text a) wins over this machine's (time
 * u, text b). */
static int
wins(int64_t t, const char *a, int64_t u, const char *b)
{
	return t > u || (t == u && strcmp(a, b) > 0);
}

/* The local platform key, or NULL. */
static const struct platform *
known(const struct ops_import *im, const char *key)
{
	size_t i;

	for (i = 0; i < im->nknown; i++)
		if (strcmp(im->known[i].key, key) == 0)
			return &im->known[i];
	return NULL;
}

/* Writes one catalog row stamped with its own time. */
#define STAMPED(im, t, call) \
	(store_set_clock((im)->s, (t)), (call))

int
ops_merge_catalog(struct ops_import *im, const struct catalog *cat,
    struct err *e)
{
	struct quota *q = NULL;
	struct rate *r = NULL;
	struct fx_point *fx = NULL;
	size_t nq = 0, nr = 0, nfx = 0, i, j;
	const struct platform *p;
	char ta[512], tb[512];
	int64_t at;
	int rc = -1, t;

	im->extra = cat;
	for (i = 0; i < cat->nplatforms; i++) {
		p = known(im, cat->platforms[i].key);
		if (p != NULL) {
			platform_text(&cat->platforms[i], ta, sizeof ta);
			platform_text(p, tb, sizeof tb);
		}
		if (p == NULL) {
			/* Added with its own time (ops_import_platform() adds
			 * the file's row as it is). */
			store_set_clock(im->s, cat->platforms[i].modified);
			if (ops_import_platform(im, cat->platforms[i].key, e) <
			    0)
				goto out;
			im->nmerged++;
		} else if (wins(cat->platforms[i].modified, ta, p->modified,
		    tb)) {
			for (j = 0; j < im->nknown; j++)
				if (&im->known[j] == p)
					break;
			if (STAMPED(im, cat->platforms[i].modified,
			    store_set_platform(im->s, &cat->platforms[i],
			    (int)j, e)) < 0)
				goto out;
			im->known[j] = cat->platforms[i];
			im->nmerged++;
		}
	}
	if (store_load_quotas(im->s, &q, &nq, e) < 0 ||
	    store_load_rates(im->s, &r, &nr, e) < 0 ||
	    store_load_fx(im->s, &fx, &nfx, e) < 0)
		goto out;
	for (i = 0; i < cat->nquotas; i++) {
		const struct quota *in = &cat->quotas[i];

		if ((t = store_tombstone_at(im->s, "quota", in->platform, &at,
		    e)) < 0)
			goto out;
		if (t == 1 && at >= in->modified)
			continue;
		for (j = 0; j < nq && strcmp(q[j].platform, in->platform) != 0;
		    j++)
			;
		quota_text(in, ta, sizeof ta);
		if (j < nq)
			quota_text(&q[j], tb, sizeof tb);
		if (j < nq && !wins(in->modified, ta, q[j].modified, tb))
			continue;
		if (STAMPED(im, in->modified, store_set_quota(im->s, in, e)) <
		    0)
			goto out;
		im->nmerged++;
	}
	for (i = 0; i < cat->nrates; i++) {
		const struct rate *in = &cat->rates[i];

		for (j = 0; j < nr && (strcmp(r[j].platform, in->platform) != 0
		    || strcmp(r[j].gpu, in->gpu) != 0); j++)
			;
		if (j < nr && in->updated <= r[j].updated)
			continue;
		if (store_set_rate(im->s, in, e) < 0)
			goto out;
		im->nmerged++;
	}
	for (i = 0; i < cat->nfx; i++) {
		for (j = 0; j < nfx && fx[j].day != cat->fx[i].day; j++)
			;
		snprintf(ta, sizeof ta, "%020lld", (long long)
		    cat->fx[i].usd_inr_micro);
		if (j < nfx)
			snprintf(tb, sizeof tb, "%020lld", (long long)
			    fx[j].usd_inr_micro);
		if (j < nfx && !wins(cat->fx[i].modified, ta, fx[j].modified,
		    tb))
			continue;
		if (STAMPED(im, cat->fx[i].modified, store_set_fx(im->s,
		    cat->fx[i].day, cat->fx[i].usd_inr_micro, "import", e)) <
		    0)
			goto out;
		im->nmerged++;
	}
	rc = 0;
out:
	store_set_clock(im->s, im->o->now);
	free(q);
	free(r);
	free(fx);
	return rc;
}

int
ops_merge_snapshot(struct ops_import *im, const struct quota_snapshot *q,
    struct err *e)
{
	int rc;

	if ((rc = ops_import_platform(im, q->platform, e)) < 0)
		return rc;
	if ((rc = store_import_snapshot(im->s, q, e)) < 0)
		return -1;
	if (rc == 1)
		im->snap_added++;
	else
		im->snap_there++;
	return 0;
}

int
ops_merge_metrics(struct ops_import *im, const char *uid,
    const struct run_metrics *m, struct err *e)
{
	struct run_metrics c = *m;
	int64_t id;
	int rc;

	if ((rc = store_run_by_uid(im->s, uid, &id, e)) <= 0)
		return rc;
	c.run_id = id;
	return metrics_put(im->s, &c, e);
}

int
ops_setting_local(struct ops *o, const char *key, const char *value,
    struct err *e)
{
	char what[96];

	o->field = OPS_F_NONE;
	if (setting_travels(key))
		return err_set(e, "setting %s travels between machines", key);
	snprintf(what, sizeof what, "set %.80s", key);
	if (ops_begin(o, what, e) < 0)
		return -1;
	if (store_set_setting(o->s, key, value, e) < 0 ||
	    store_commit(o->s, e) < 0) {
		store_rollback(o->s);
		return -1;
	}
	return 0;
}

int
ops_setting_mark(struct ops *o, const char *key, const char *value,
    struct err *e)
{
	o->field = OPS_F_NONE;
	if (setting_travels(key))
		return err_set(e, "setting %s travels between machines", key);
	return store_set_setting(o->s, key, value, e);
}

int
ops_sync_begin(struct ops *o, struct err *e)
{
	return store_write_begin(o->s, e) < 0 ? -1 : 0;
}

int
ops_sync_end(struct ops *o, int64_t upto, int ok, struct err *e)
{
	if (!ok) {
		store_rollback(o->s);
		return 0;
	}
	if (upto > 0 && store_pending_done(o->s, upto, e) < 0) {
		store_rollback(o->s);
		return -1;
	}
	return store_write_commit(o->s, e);
}

int
ops_merge_part(struct ops_import *im, struct err *e)
{
	if (store_part_mark(im->s, e) < 0)
		return -1;
	free(im->part);
	im->part = xmalloc(sizeof *im->part);
	*im->part = *im;
	return 0;
}

int
ops_merge_part_done(struct ops_import *im, int ok, struct err *e)
{
	struct ops_import *before = im->part;
	int rc = 0;

	im->part = NULL;
	if (ok) {
		rc = store_part_keep(im->s, e);
	} else {
		/* Nothing of the part stays, nor its counts; the platforms it
		 * added are gone again (the list keeps its first nknown). */
		store_part_drop(im->s);
		before->merge = im->merge;
		before->known = im->known;
		before->part = NULL;
		*im = *before;
	}
	free(before);
	return rc;
}
