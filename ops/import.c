/*
 * import.c: the commit of an import.  Whatever an importer read (runs,
 * expenses, a platform's own quota figures, the file's catalog) is
 * written here, inside one change that the CLI begins and commits: all or
 * nothing, and what is there already is left alone.  Imported runs take
 * the catalog's GPU names by the one canonicaliser.
 */
#include "ops/ops.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/clock.h"
#include "core/fmt.h"
#include "core/fx.h"
#include "core/price.h"
#include "core/snapshot.h"
#include "core/text.h"
#include "store/bulk.h"
#include "store/snapshot.h"
#include "store/store.h"
#include "store/sync.h"

/*
 * Makes sure platform key is in the database: it is, or the file's own
 * catalog has it and it is added now (before the first row naming it).
 * Returns -2 when it is unknown (a bad row, not a failed import).
 */
int
ops_import_platform(struct ops_import *im, const char *key, struct err *e)
{
	size_t i;
	char *safe;

	for (i = 0; i < im->nknown; i++)
		if (strcmp(im->known[i].key, key) == 0)
			return 0;
	for (i = 0; im->extra != NULL && i < im->extra->nplatforms; i++) {
		if (strcmp(im->extra->platforms[i].key, key) != 0)
			continue;
		/* New platforms sort after the ones already there. */
		if (store_set_platform(im->s, &im->extra->platforms[i],
		    (int)im->nknown, e) < 0)
			return -1;
		im->known = xrealloc(im->known, (im->nknown + 1) *
		    sizeof *im->known);
		im->known[im->nknown++] = im->extra->platforms[i];
		im->nplat++;
		return 0;
	}
	safe = text_safe(key);
	err_set(e, "unknown platform \"%s\": it is not in the database and "
	    "the file does not describe it", safe);
	free(safe);
	return -2;
}

/* 1 when key is a platform this import added. */
static int
is_new_platform(const struct ops_import *im, const char *key)
{
	size_t i;

	for (i = im->nbefore; i < im->nknown; i++)
		if (strcmp(im->known[i].key, key) == 0)
			return 1;
	return 0;
}

/*
 * Restores the file's catalog where the database lacks it: the file's
 * platforms that are missing, the quotas and rates of those platforms
 * only, plan phases for months no phase covers, and exchange rates for
 * days without one.  What the database has is never overwritten.
 */
int
ops_import_catalog(struct ops_import *im, const struct catalog *cat,
    const char *plan_start, const char *currency, struct err *e)
{
	const struct catalog *xc = cat;
	struct phase *ph = NULL;
	struct fx_point *fx = NULL;
	size_t nph = 0, nfx = 0, i, j;
	int rc = -1, covered;

	for (i = 0; i < xc->nplatforms; i++)
		if (ops_import_platform(im, xc->platforms[i].key, e) < 0)
			goto out;
	for (i = 0; i < xc->nquotas; i++) {
		if (!is_new_platform(im, xc->quotas[i].platform))
			continue;
		if (store_set_quota(im->s, &xc->quotas[i], e) < 0)
			goto out;
		im->nquota++;
	}
	for (i = 0; i < xc->nrates; i++) {
		if (!is_new_platform(im, xc->rates[i].platform))
			continue;
		if (store_set_rate(im->s, &xc->rates[i], e) < 0)
			goto out;
		im->nrate++;
	}
	if (store_load_phases(im->s, &ph, &nph, e) < 0 ||
	    store_load_fx(im->s, &fx, &nfx, e) < 0)
		goto out;
	for (i = 0; i < xc->nphases; i++) {
		for (covered = 0, j = 0; j < nph && !covered; j++)
			covered = xc->phases[i].first_month <=
			    ph[j].last_month && ph[j].first_month <=
			    xc->phases[i].last_month;
		if (covered)
			continue;
		if (store_set_phase(im->s, &xc->phases[i], e) < 0)
			goto out;
		im->nphase++;
	}
	for (i = 0; i < xc->nfx; i++) {
		for (covered = 0, j = 0; j < nfx && !covered; j++)
			covered = fx[j].day == xc->fx[i].day;
		if (covered)
			continue;
		if (store_set_fx(im->s, xc->fx[i].day, xc->fx[i].usd_inr_micro,
		    "import", e) < 0)
			goto out;
		im->nfx++;
	}
	/* A new machine takes the file's plan and currency; one with a log
	 * of its own keeps its settings. */
	im->extra = cat;
	if (im->fresh && plan_start != NULL && plan_start[0] != '\0') {
		if (store_set_setting(im->s, "plan.start", plan_start, e) < 0)
			goto out;
		im->nsettings++;
	}
	if (im->fresh && currency != NULL && currency[0] != '\0') {
		if (store_set_setting(im->s, "currency", currency, e) < 0)
			goto out;
		im->nsettings++;
	}
	rc = 0;
out:
	free(fx);
	free(ph);
	return rc;
}

static int
stop_at_first(const struct expense *x, void *arg)
{
	(void)x;
	(void)arg;
	return 1;
}

/* 1 when the database holds no run and no expense, 0 when it does. */
static int
is_empty(struct store *s, struct err *e)
{
	int64_t id;
	int rc = store_nth_run(s, 1, 0, &id, e);

	if (rc != 0)
		return rc < 0 ? -1 : 0;
	rc = store_each_expense(s, 0, 0, stop_at_first, NULL, e);
	return rc < 0 ? -1 : rc == 0;
}

/*
 * A platform's own quota figures: kept as a snapshot, and its allowance
 * and reset time become the platform's quota, so that gpulog counts
 * against what the platform grants this week.
 */
int
ops_import_snapshot(struct ops_import *im, const struct quota_snapshot *q,
    struct err *e)
{
	struct quota *qs = NULL, nq;
	size_t n = 0, i;

	if (ops_merge_snapshot(im, q, e) < 0)
		return -1;
	im->snap = *q;
	if (q->allowed_s <= 0 || store_load_quotas(im->s, &qs, &n, e) < 0)
		return q->allowed_s <= 0 ? 0 : -1;
	memset(&nq, 0, sizeof nq);
	for (i = 0; i < n; i++)
		if (strcmp(qs[i].platform, q->platform) == 0)
			nq = qs[i];
	free(qs);
	snprintf(nq.platform, sizeof nq.platform, "%s", q->platform);
	nq.unit = QU_SESSION_S; /* Kaggle counts session hours */
	nq.amount = q->allowed_s;
	nq.window = QW_WEEK;
	if (q->reset_at > 0) {
		nq.reset_wday = weekday_from_days(floor_div(q->reset_at,
		    DAY_S));
		nq.reset_min = (int)(floor_div(q->reset_at, 60) % 1440);
	}
	return store_set_quota(im->s, &nq, e);
}

/* The busy times of the week's runs, by start. */
struct busy {
	int64_t (*iv)[2];
	size_t n;
};

static int
busy_add(const struct run *r, void *arg)
{
	struct busy *b = arg;

	b->iv = xrealloc(b->iv, (b->n + 1) * sizeof *b->iv);
	b->iv[b->n][0] = r->start;
	b->iv[b->n][1] = r->end > r->start ? r->end : r->start;
	b->n++;
	return 0;
}

/*
 * The week of Kaggle's figures q: [*ws, *end), its end the earlier of when
 * they were read and the reset, and the session time the log holds in it
 * (Kaggle's figures count session time: so does the log's sum).
 */
static int
kaggle_week(struct ops_import *im, const struct quota_snapshot *q,
    int64_t *ws, int64_t *end, int64_t *logged, struct err *e)
{
	int64_t we = q->reset_at > 0 ? q->reset_at : q->taken_at;

	*ws = we - WEEK_S;
	*end = q->taken_at < we ? q->taken_at : we;
	return store_logged_use(im->s, "kaggle", QU_SESSION_S, *ws, *end,
	    q->taken_at, logged, e);
}

/*
 * --reconcile: the hours Kaggle counts in its current week that no logged
 * run accounts for become runs with source "reconcile", placed where no
 * logged Kaggle run is, latest first back from when Kaggle's figures were
 * read (or the week's end), each at most the platform's session cap (9 h
 * on Kaggle).  Time that no gap of the week holds is said, not logged.
 * Adds nothing when the log is not behind.
 */
int
ops_import_reconcile(struct ops_import *im, char *notice, size_t n,
    struct err *e)
{
	struct quota_snapshot q;
	struct busy b;
	struct run r;
	int64_t logged, diff, left, ws, end, cap = 0, gap_end, gap_start;
	char id[64], when[32], a[32], c[32], note[160], taken[48], tail[96];
	char capped[96] = "";
	size_t i, k;
	long pieces = 0;
	int rc;

	if ((rc = store_latest_snapshot(im->s, "kaggle", &q, e)) < 0)
		return -1;
	if (rc == 0)
		return err_set(e, "--reconcile: no Kaggle quota figures; "
		    "import them first (--api, or a quota file)");
	for (i = 0; i < im->nknown; i++)
		if (strcmp(im->known[i].key, "kaggle") == 0)
			cap = im->known[i].session_cap_s;
	fmt_local(taken, sizeof taken, q.taken_at, "%a %d %b %H:%M");
	if (kaggle_week(im, &q, &ws, &end, &logged, e) < 0)
		return -1;
	diff = q.used_s - logged;
	if (diff < 60) {
		snprintf(notice, n, "reconcile: the log already holds the %s h "
		    "Kaggle counted this week (its figure of %s); nothing to "
		    "add", fmt_hours(a, sizeof a, q.used_s), taken);
		return 0;
	}
	memset(&b, 0, sizeof b);
	if (store_each_window_run(im->s, "kaggle", ws, end, busy_add, &b, e) <
	    0) {
		free(b.iv);
		return -1;
	}
	snprintf(note, sizeof note, "reconciliation: Kaggle counted %s h, "
	    "the log %s h", fmt_hours(a, sizeof a, q.used_s), fmt_hours(c,
	    sizeof c, logged));
	left = diff;
	gap_end = end;
	/* The gaps between the runs, latest first. */
	for (k = b.n + 1; k-- > 0 && left > 0 && rc >= 0;) {
		gap_start = k > 0 ? b.iv[k - 1][1] : ws;
		for (i = 0; k > 0 && i + 1 < k; i++)
			if (b.iv[i][1] > gap_start)
				gap_start = b.iv[i][1];  /* overlapping runs */
		if (gap_start < ws)
			gap_start = ws;
		while (left > 0 && gap_end - gap_start >= 60 && rc >= 0) {
			int64_t len = left < gap_end - gap_start ? left :
			    gap_end - gap_start;

			if (cap > 0 && len > cap)
				len = cap;
			run_init(&r);
			strcpy(r.platform, "kaggle");
			r.gpus = 1;
			r.cu_centi = -1;
			r.end = gap_end;
			r.start = gap_end - len;
			r.note = xstrdup(note);
			strcpy(r.source, "reconcile");
			fmt_iso_utc(when, sizeof when, q.taken_at);
			if (pieces == 0)
				snprintf(id, sizeof id, "kaggle@%s", when);
			else
				snprintf(id, sizeof id, "kaggle@%s/%ld", when,
				    pieces + 1);
			r.source_id = xstrdup(id);
			r.created = r.modified = q.taken_at;
			if ((rc = ops_import_platform(im, r.platform, e)) >= 0 &&
			    (rc = store_bulk_import_run(im->bulk, &r, e)) >= 0)
				pieces++;
			run_clear(&r);
			left -= len;
			gap_end -= len;
		}
		if (k > 0 && b.iv[k - 1][0] < gap_end)
			gap_end = b.iv[k - 1][0];
	}
	free(b.iv);
	if (rc < 0)
		return -1;
	im->reconciled += pieces;
	tail[0] = '\0';
	if (left > 0)
		snprintf(tail, sizeof tail, "; %s h more fits no time free of "
		    "logged runs this week and was not logged", fmt_hours(c,
		    sizeof c, left));
	if (cap > 0 && pieces > 1)
		snprintf(capped, sizeof capped, " as %ld runs, none longer "
		    "than Kaggle's %s h session cap,", pieces, fmt_hours(c,
		    sizeof c, cap));
	snprintf(notice, n, "reconcile: logged %s h%s that Kaggle counted "
	    "this week (its figure of %s) and no run accounts for%s",
	    fmt_hours(a, sizeof a, diff - left), capped, taken, tail);
	return 0;
}

/* The reconcile placeholders of a window, latest first once sorted. */
struct placeholder {
	int64_t id, start, end;
};

struct held {
	struct placeholder *p;
	size_t n;
};

static int
held_add(const struct run *r, void *arg)
{
	struct held *h = arg;

	if (strcmp(r->source, "reconcile") != 0 || r->end == RUN_OPEN)
		return 0;
	h->p = xrealloc(h->p, (h->n + 1) * sizeof *h->p);
	h->p[h->n].id = r->id;
	h->p[h->n].start = r->start;
	h->p[h->n].end = r->end;
	h->n++;
	return 0;
}

static int
held_later(const void *a, const void *b)
{
	const struct placeholder *x = a, *y = b;

	return x->start < y->start ? 1 : x->start > y->start ? -1 : 0;
}

/*
 * After an import that added runs: when Kaggle's week now holds more
 * logged time than Kaggle's own figure and reconcile placeholders are
 * part of it, the runs just imported are what the placeholders stood for:
 * placeholders go, latest first (the last one shortened from its start),
 * until the log holds Kaggle's figure again or none is left.  In the
 * import's change, so that one undo takes it back with the import.
 */
int
ops_import_settle(struct ops_import *im, char *notice, size_t n,
    struct err *e)
{
	struct quota_snapshot q;
	struct held h = { NULL, 0 };
	int64_t logged, excess, ws, end, freed = 0;
	char a[32], b[32];
	size_t i;
	long gone = 0, cut = 0;
	int rc;

	notice[0] = '\0';
	if (im->added == 0)
		return 0;
	if ((rc = store_latest_snapshot(im->s, "kaggle", &q, e)) <= 0)
		return rc;
	if (kaggle_week(im, &q, &ws, &end, &logged, e) < 0)
		return -1;
	excess = logged - q.used_s;
	if (excess < 60)
		return 0;
	if (store_each_window_run(im->s, "kaggle", ws, end, held_add, &h, e) <
	    0) {
		free(h.p);
		return -1;
	}
	qsort(h.p, h.n, sizeof *h.p, held_later);
	for (i = 0; i < h.n && excess > 0; i++) {
		int64_t len = h.p[i].end - h.p[i].start;

		if (len <= excess) {
			rc = store_delete_run(im->s, h.p[i].id, e);
			gone++;
		} else {
			struct run r;

			run_init(&r);
			rc = store_get_run(im->s, h.p[i].id, &r, e);
			if (rc >= 0) {
				r.start += excess;
				rc = store_update_run(im->s, &r, e);
			}
			run_clear(&r);
			len = excess;
			cut++;
		}
		if (rc < 0) {
			free(h.p);
			return -1;
		}
		excess -= len;
		freed += len;
	}
	free(h.p);
	if (freed > 0 && excess < 60)
		snprintf(notice, n, "reconcile: the runs imported now account "
		    "for %s h that %ld placeholder%s held; %s%s, so the log "
		    "holds Kaggle's %s h again", fmt_hours(a, sizeof a, freed),
		    gone + cut, gone + cut == 1 ? "" : "s", gone ? "removed" :
		    "shortened", gone && cut ? " or shortened" : "",
		    fmt_hours(b, sizeof b, q.used_s));
	else if (freed > 0)
		snprintf(notice, n, "reconcile: the runs imported now account "
		    "for the %s h that %ld placeholder%s held, now removed; the "
		    "log still holds %s h more than Kaggle's figure",
		    fmt_hours(a, sizeof a, freed), gone, gone == 1 ? "" : "s",
		    fmt_hours(b, sizeof b, excess));
	return 0;
}

int
ops_import_begin(struct ops *o, struct ops_import *im, const char *what,
    const char *since_source, int64_t *since, struct err *e)
{
	struct err inner;

	memset(im, 0, sizeof *im);
	im->o = o;
	im->s = o->s;
	o->field = OPS_F_NONE;
	if (ops_begin(o, what, e) < 0)
		return -1;
	if (store_load_platforms(o->s, &im->known, &im->nknown, &inner) < 0 ||
	    store_bulk_new(o->s, &im->bulk, &inner) < 0 ||
	    (since_source != NULL && store_last_import(o->s, since_source,
	    since, &inner) < 0) || (im->fresh = is_empty(o->s, &inner)) < 0) {
		err_set(e, "%s", inner.msg);
		ops_import_abort(im);
		return -1;
	}
	im->nbefore = im->nknown;
	return 0;
}

int
ops_import_run(struct ops_import *im, const struct run *r, struct err *e)
{
	struct run c = *r;
	int64_t other = 0;
	int rc, found;

	if ((rc = ops_import_platform(im, r->platform, e)) < 0)
		return rc;
	/* Every source's spelling of a GPU becomes the catalog's. */
	if (r->gpu[0] != '\0')
		ops_check_gpu(r->gpu, c.gpu, NULL, 0, NULL);
	/* A row typed into a CSV file with no cost (or a bare 0) is priced
	 * as add prices a run: at the catalog's rate when its platform
	 * bills by the hour (price_run()). */
	if (strcmp(c.source, "csv") == 0 && c.cost_minor == 0 &&
	    c.rate_micro == 0 && c.currency[0] == '\0') {
		const struct summary *cat = ops_catalog(im->o, e);

		if (cat == NULL)
			return -1;
		if (price_run(&cat->cat, &c) < 0)
			return err_set(e, "its cost at %s's rate would be more "
			    "than gpulog keeps", c.platform);
	}
	/* A row typed into a CSV file overlaps as a typed run does; the
	 * other sources' runs are their platform's own record. */
	found = !im->fresh && strcmp(c.source, "csv") == 0 &&
	    store_find_overlap(im->s, c.platform, c.start, c.end, 0, im->o->now,
	    &other, e) == 1;
	if ((rc = store_bulk_import_run(im->bulk, &c, e)) < 0)
		return -1;
	if (rc == 1 && found && im->overlaps++ == 0)
		im->overlap_id = other;
	if (rc == 1)
		im->added++;
	else if (rc == 2)
		im->updated++;
	else
		im->there++;
	return 0;
}

int
ops_import_expense(struct ops_import *im, const struct expense *x,
    struct err *e)
{
	int rc;

	if ((x->platform[0] != '\0' && ops_import_platform(im, x->platform, e) <
	    0) || (rc = store_import_expense(im->s, x, e)) < 0)
		return -1;
	if (rc > 0)
		im->xadded++;
	else
		im->xthere++;
	return 0;
}

int
ops_import_commit(struct ops_import *im, int dry, struct err *e)
{
	int rc = 0;

	store_bulk_free(im->bulk);
	im->bulk = NULL;
	store_merge_free(im->merge);
	im->merge = NULL;
	if (dry)
		store_rollback(im->s);
	else if ((rc = store_commit(im->s, e)) < 0)
		store_rollback(im->s);
	ops_reload(im->o);
	free(im->known);
	im->known = NULL;
	return rc;
}

void
ops_import_abort(struct ops_import *im)
{
	store_bulk_free(im->bulk);
	im->bulk = NULL;
	store_merge_free(im->merge);
	im->merge = NULL;
	store_rollback(im->s);
	free(im->known);
	im->known = NULL;
}
