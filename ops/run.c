/*
 * run.c: the changes to runs: add, start, stop, cancel, rm, edit (with the
 * repricing rule) and undo.  Each is one store change named after what it
 * did, and stamps the run with the instant of the change.
 */
#include "ops/ops.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/alerts.h"
#include "core/fmt.h"
#include "core/price.h"
#include "core/parse.h"
#include "core/text.h"
#include "store/metrics.h"
#include "store/store.h"

void
ops_init(struct ops *o, struct store *s, int64_t now)
{
	memset(o, 0, sizeof *o);
	o->s = s;
	o->now = now;
}

int
ops_begin(struct ops *o, const char *what, struct err *e)
{
	store_set_clock(o->s, o->now);
	return store_begin(o->s, what, e);
}

void
ops_clear(struct ops *o)
{
	if (o->loaded)
		summary_free(&o->cat);
	o->loaded = 0;
}

void
ops_reload(struct ops *o)
{
	ops_clear(o);
}

const struct summary *
ops_catalog(struct ops *o, struct err *e)
{
	if (!o->loaded) {
		if (summary_load_catalog(&o->cat, o->s, o->now, e) < 0)
			return NULL;
		o->loaded = 1;
	}
	o->cat.now = o->now;
	return &o->cat;
}

void
ops_run_in_init(struct ops_run_in *in)
{
	memset(in, 0, sizeof *in);
	in->checkpointed = -1;
}

void
ops_result_init(struct ops_result *res)
{
	memset(res, 0, sizeof *res);
	run_init(&res->run);
}

void
ops_result_clear(struct ops_result *res)
{
	run_clear(&res->run);
	memset(res, 0, sizeof *res);
}

/* Adds a warning line to res (formatted, at most OPS_WARN_MAX kept). */
static void
warn(struct ops_result *res, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static void
warn(struct ops_result *res, const char *fmt, ...)
{
	va_list ap;

	if (res->nwarn >= OPS_WARN_MAX)
		return;
	va_start(ap, fmt);
	vsnprintf(res->warn[res->nwarn++], sizeof res->warn[0], fmt, ap);
	va_end(ap);
}

/* Empties res for a new change. */
static void
reset(struct ops *o, struct ops_result *res)
{
	run_clear(&res->run);
	ops_result_init(res);
	o->field = OPS_F_NONE;
	o->future = 0;
}

/* Fails with field f: the message is already in e. */
static int
fail(struct ops *o, int f)
{
	o->field = f;
	return -1;
}

static void
set_str(char **dst, const char *v)
{
	free(*dst);
	*dst = (v != NULL && *v != '\0') ? xstrdup(v) : NULL;
}

/*
 * Applies in's members other than times and price to r, checking each.
 * *cost_given and *rate_given tell what was priced by hand.
 */
static int
apply(struct ops *o, const struct summary *cat, const struct ops_run_in *in,
    struct run *r, struct ops_result *res, int *cost_given, int *rate_given,
    struct err *e)
{
	char buf[512] = "", w[192];
	int i;
	int64_t v;

	if (in->platform != NULL &&
	    ops_check_platform(cat, in->platform, r->platform, e) < 0)
		return fail(o, OPS_F_PLATFORM);
	if (in->gpu != NULL) {
		char canon[32];

		if (ops_check_gpu(in->gpu, canon, w, sizeof w, e) < 0)
			return fail(o, OPS_F_GPU);
		if (w[0] != '\0')
			warn(res, "%s", w);
		memcpy(r->gpu, canon, sizeof r->gpu);
		/* "GPU T4 x2" says how many, unless the count is given. */
		if (in->gpus == NULL && ops_gpu_count(in->gpu) > 0)
			r->gpus = ops_gpu_count(in->gpu);
	}
	if (in->gpus != NULL && ops_check_gpus(in->gpus, &r->gpus, e) < 0)
		return fail(o, OPS_F_GPUS);
	if (in->note != NULL)
		set_str(&r->note, in->note);
	if (in->project != NULL) {
		if (ops_check_project(in->project, e) < 0)
			return fail(o, OPS_F_PROJECT);
		set_str(&r->project, in->project);
	}
	if (in->tags_set) {
		for (i = 0; i < in->ntags; i++) {
			if (ops_check_tag(in->tags[i], e) < 0)
				return fail(o, OPS_F_TAGS);
			if (strlen(buf) + strlen(in->tags[i]) + 2 >
			    sizeof buf) {
				err_set(e, "too many tags");
				return fail(o, OPS_F_TAGS);
			}
			if (buf[0] != '\0')
				strcat(buf, ",");
			strcat(buf, in->tags[i]);
		}
		set_str(&r->tags, buf);
	}
	if (in->units != NULL) {
		if (ops_check_units(in->units, &v, e) < 0)
			return fail(o, OPS_F_UNITS);
		r->cu_centi = v;
	}
	if (in->checkpointed >= 0)
		r->checkpointed = in->checkpointed;
	if (in->rate != NULL && in->cost != NULL && *in->cost != '\0') {
		err_set(e, "give a cost or a rate, not both");
		return fail(o, OPS_F_COST);
	}
	if (in->rate != NULL) {
		if (ops_check_rate(in->rate, &r->rate_micro, r->currency,
		    e) < 0)
			return fail(o, OPS_F_RATE);
		*rate_given = 1;
	}
	if (in->cost != NULL && *in->cost != '\0') {
		if (ops_check_cost(cat, in->cost, &r->cost_minor, r->currency,
		    e) < 0)
			return fail(o, OPS_F_COST);
		r->rate_micro = 0;
		*cost_given = 1;
	}
	return 0;
}

/* Reads in's times into r: when (with day), else start and end. */
static int
apply_times(struct ops *o, const struct ops_run_in *in, struct run *r,
    int adding, struct err *e)
{
	if (in->when != NULL) {
		if (ops_check_when(in->day, in->when, o->now, &r->start,
		    &r->end, e) < 0)
			return fail(o, in->day != NULL &&
			    !is_day_word(in->day) ? OPS_F_DAY : OPS_F_WHEN);
		return 0;
	}
	if (in->end != NULL && in->start == NULL && adding) {
		err_set(e, "an end needs a start (or give WHEN, such as "
		    "2h30m)");
		return fail(o, OPS_F_START);
	}
	if (in->start != NULL &&
	    ops_check_time(in->start, o->now, &r->start, e) < 0)
		return fail(o, OPS_F_START);
	if (in->end != NULL && *in->end == '\0' && !adding)
		r->end = RUN_OPEN;
	else if (in->end != NULL &&
	    ops_check_time(in->end, o->now, &r->end, e) < 0)
		return fail(o, OPS_F_END);
	else if (in->end == NULL && in->start != NULL && adding)
		r->end = o->now;
	return 0;
}

static int
check_times(struct ops *o, const struct run *r, int future, struct err *e)
{
	if (ops_check_times(r, o->now, future, e) == 0)
		return 0;
	o->future = r->end == RUN_OPEN || r->end > r->start;
	return fail(o, r->end != RUN_OPEN && r->end <= r->start ? OPS_F_END :
	    r->start > o->now ? OPS_F_START : OPS_F_END);
}

/*
 * Takes price_run()'s or price_reprice()'s rc for r: 0 with
 * res->no_price set, or, when the cost is more than gpulog keeps, -1
 * naming the length, the GPUs and the rate, with field f.
 */
static int
priced(struct ops *o, const struct run *r, int rc, int f,
    struct ops_result *res, struct err *e)
{
	char len[32], rate[32], max[32];

	if (rc >= 0) {
		res->no_price = rc == 1;
		return 0;
	}
	err_set(e, "the cost of %s x %d GPU%s at %s is more than gpulog can "
	    "hold (at most %s)", fmt_duration(len, sizeof len,
	    r->end - r->start), r->gpus, r->gpus == 1 ? "" : "s",
	    fmt_rate(rate, sizeof rate, r->rate_micro, r->currency, 0),
	    fmt_money(max, sizeof max, MONEY_MAX_MINOR, r->currency, 0));
	return fail(o, f);
}

/* Warnings that follow a stored run: a session longer than the
 * platform's cap, an overlap with another run on the same platform. */
static void
after_warnings(struct ops *o, const struct summary *cat,
    struct ops_result *res)
{
	const struct run *r = &res->run;
	const struct platform *p = summary_platform(cat, r->platform);
	int64_t other, len = run_end_at(r, o->now) - r->start;
	char d[32], cap[32];
	struct err e;

	if (res->no_price)
		warn(res, "no price for %s on %s; the cost is 0 (give a rate "
		    "or a cost)", r->gpu[0] ? r->gpu : "its GPU", r->platform);
	if (alerts_past_cap(p, len))
		warn(res, "%s is longer than %s's session cap of %s",
		    fmt_duration(d, sizeof d, len), r->platform,
		    fmt_duration(cap, sizeof cap, p->session_cap_s));
	if (store_find_overlap(o->s, r->platform, r->start, r->end, r->id,
	    o->now, &other, &e) == 1)
		warn(res, "overlaps run #%lld on %s; both are kept",
		    (long long)other, r->platform);
}

int
ops_insert(struct ops *o, struct run *r, const char *verb,
    struct run_metrics *m, const char *live, struct ops_result *res,
    struct err *e)
{
	char what[96], key[40];

	r->created = r->modified = o->now;
	if (ops_begin(o, verb, e) < 0 || store_add_run(o->s, r, e) < 0)
		goto fail;
	snprintf(res->what, sizeof res->what, "%s #%lld %s", verb,
	    (long long)r->id, fmt_run_label(what, sizeof what, r, o->now));
	if (m != NULL)
		m->run_id = r->id;
	snprintf(key, sizeof key, "live.%lld", (long long)r->id);
	if ((m != NULL && metrics_put(o->s, m, e) < 0) ||
	    (live != NULL && store_set_setting(o->s, key, live, e) < 0) ||
	    store_change_label(o->s, res->what, e) < 0 ||
	    store_commit(o->s, e) < 0)
		goto fail;
	return 0;
fail:
	store_rollback(o->s);
	r->id = 0;
	return -1;
}

/* After a failed change of run id: when another process removed the run
 * meanwhile (the change lost a race), says so as a bad run id would. */
static int
lost_race(struct ops *o, int64_t id, struct err *e)
{
	struct run t;
	struct err e2;
	int rc;

	run_init(&t);
	rc = store_get_run(o->s, id, &t, &e2);
	run_clear(&t);
	if (rc != 0)
		return -1;
	err_set(e, "no run #%lld: another gpulog removed it meanwhile",
	    (long long)id);
	o->field = OPS_F_RUN;
	return -1;
}

/*
 * Inside the change, with the write lock held: the stored run is still
 * was as it was read (every field: run_same()), or the change is refused.
 * Another gpulog that changed or removed it while this one waited for the
 * lock would otherwise have its change overwritten.
 */
static int
unchanged(struct ops *o, const struct run *was, struct err *e)
{
	struct run t;
	int rc, same;

	run_init(&t);
	rc = store_get_run(o->s, was->id, &t, e);
	same = rc == 1 && run_same(&t, was);
	run_clear(&t);
	if (rc < 0)
		return -1;
	if (rc == 0)
		err_set(e, "no run #%lld: another gpulog removed it meanwhile",
		    (long long)was->id);
	else if (!same)
		err_set(e, "run #%lld was changed by another gpulog meanwhile; "
		    "nothing was changed: look at it again (gpulog show %lld)",
		    (long long)was->id, (long long)was->id);
	/* Not the user's input: a failure (exit 1), not a usage error. */
	if (rc == 0 || !same) {
		o->field = OPS_F_NONE;
		return -1;
	}
	return 0;
}

/* Rewrites stored run r, read as old, as the change named what. */
static int
update(struct ops *o, const struct run *old, struct run *r,
    struct ops_result *res, struct err *e)
{
	r->modified = o->now;
	if (ops_begin(o, res->what, e) < 0)
		return lost_race(o, r->id, e);
	if (unchanged(o, old, e) < 0) {
		store_rollback(o->s);
		return -1;
	}
	if (store_update_run(o->s, r, e) < 0 || store_commit(o->s, e) < 0) {
		store_rollback(o->s);
		return lost_race(o, r->id, e);
	}
	return 0;
}

int
ops_build(struct ops *o, const struct ops_run_in *in, int open,
    struct ops_result *res, struct err *e)
{
	const struct summary *cat;
	struct run *r = &res->run;

	reset(o, res);
	if ((cat = ops_catalog(o, e)) == NULL)
		return -1;
	r->gpus = 1;
	if (in->platform == NULL) {
		err_set(e, "missing platform: kaggle, colab-pro, vast, ... "
		    "(`gpulog platforms` lists them)");
		return fail(o, OPS_F_PLATFORM);
	}
	if (apply(o, cat, in, r, res, &res->cost_given, &res->rate_given,
	    e) < 0)
		return -1;
	if (open) {
		r->start = o->now;
		if (in->start != NULL &&
		    ops_check_time(in->start, o->now, &r->start, e) < 0)
			return fail(o, OPS_F_START);
		r->end = RUN_OPEN;
	} else {
		if (apply_times(o, in, r, 1, e) < 0)
			return -1;
		if (r->start == 0 && r->end == 0) {
			err_set(e, "missing WHEN: give a duration (2h30m), a "
			    "range (14:00-17:30) or a start");
			return fail(o, OPS_F_WHEN);
		}
	}
	if (check_times(o, r, open ? 0 : in->future, e) < 0)
		return -1;
	if (!res->cost_given && priced(o, r, price_run(&cat->cat, r),
	    res->rate_given ? OPS_F_RATE : OPS_F_WHEN, res, e) < 0)
		return -1;
	return 0;
}

static int
add_or_start(struct ops *o, const struct ops_run_in *in, int start,
    struct ops_result *res, struct err *e)
{
	const struct summary *cat;

	if (ops_build(o, in, start, res, e) < 0 ||
	    (cat = ops_catalog(o, e)) == NULL)
		return -1;
	if (ops_insert(o, &res->run, start ? "start" : "add", NULL, NULL, res,
	    e) < 0)
		return -1;
	after_warnings(o, cat, res);
	return 0;
}

int
ops_add(struct ops *o, const struct ops_run_in *in, struct ops_result *res,
    struct err *e)
{
	return add_or_start(o, in, 0, res, e);
}

int
ops_start(struct ops *o, const struct ops_run_in *in, struct ops_result *res,
    struct err *e)
{
	return add_or_start(o, in, 1, res, e);
}

/* Reads run id into r; a missing run is a failure naming it. */
static int
get(struct ops *o, int64_t id, struct run *r, struct err *e)
{
	int rc = store_get_run(o->s, id, r, e);

	if (rc < 0)
		return -1;
	if (rc == 0) {
		err_set(e, "no run #%lld", (long long)id);
		return fail(o, OPS_F_RUN);
	}
	return 0;
}

struct open_list {
	int64_t ids[4];
	char names[4][32];
	int n;
};

static int
list_open(const struct run *r, void *arg)
{
	struct open_list *l = arg;

	if (l->n < 4) {
		l->ids[l->n] = r->id;
		memcpy(l->names[l->n], r->platform, 32);
	}
	l->n++;
	return 0;
}

int
ops_find_open(struct ops *o, int64_t id, struct run *r, struct err *e)
{
	struct open_list l;
	struct filter f;
	int i;

	o->field = OPS_F_NONE;
	if (id == 0) {
		memset(&l, 0, sizeof l);
		memset(&f, 0, sizeof f);
		f.open_only = 1;
		if (store_each_run(o->s, &f, list_open, &l, e) < 0)
			return -1;
		if (l.n == 0) {
			err_set(e, "no run is open");
			return fail(o, OPS_F_RUN);
		}
		if (l.n > 1) {
			char buf[160] = "";

			for (i = 0; i < l.n && i < 4; i++) {
				size_t k = strlen(buf);

				snprintf(buf + k, sizeof buf - k, "%s#%lld %s",
				    i ? ", " : "", (long long)l.ids[i],
				    l.names[i]);
			}
			err_set(e, "%d runs are open (%s%s): name one", l.n,
			    buf, l.n > 4 ? ", ..." : "");
			return fail(o, OPS_F_RUN);
		}
		id = l.ids[0];
	}
	if (get(o, id, r, e) < 0)
		return -1;
	if (r->end != RUN_OPEN) {
		err_set(e, "run #%lld has already ended", (long long)id);
		return fail(o, OPS_F_RUN);
	}
	return 0;
}

/* Refuses to verb run id while `gpulog run` records it. */
static int
guard_live(struct ops *o, int64_t id, const char *verb, struct err *e)
{
	long pid;

	if (!ops_run_live(o, id, &pid))
		return 0;
	err_set(e, "cannot %s run #%lld: `gpulog run` (pid %ld) is recording "
	    "it; end that command and the run ends with it", verb,
	    (long long)id, pid);
	return fail(o, OPS_F_RUN);
}

int
ops_stop(struct ops *o, int64_t id, const char *at, struct ops_result *res,
    struct err *e)
{
	const struct summary *cat;
	struct run old, *r = &res->run;
	int rc = -1;

	reset(o, res);
	run_init(&old);
	if ((cat = ops_catalog(o, e)) == NULL ||
	    ops_find_open(o, id, &old, e) < 0)
		goto out;
	if (guard_live(o, old.id, "stop", e) < 0)
		goto out;
	run_copy(r, &old);
	r->end = o->now;
	if (at != NULL && ops_check_time(at, o->now, &r->end, e) < 0) {
		fail(o, OPS_F_END);
		goto out;
	}
	if (check_times(o, r, 0, e) < 0)
		goto out;
	/* The run keeps the rate it started with. */
	if (priced(o, r, price_reprice(&cat->cat, &old, r, 0, 0), OPS_F_END,
	    res, e) < 0)
		goto out;
	res->no_price = 0;
	snprintf(res->what, sizeof res->what, "stop #%lld", (long long)r->id);
	if (update(o, &old, r, res, e) < 0)
		goto out;
	after_warnings(o, cat, res);
	rc = 0;
out:
	run_clear(&old);
	return rc;
}

/* Deletes run r as the change named verb. */
static int
remove_run(struct ops *o, struct run *r, const char *verb,
    struct ops_result *res, struct err *e)
{
	char what[96];

	if (guard_live(o, r->id, verb, e) < 0)
		return -1;

	snprintf(res->what, sizeof res->what, "%s #%lld %s", verb,
	    (long long)r->id, fmt_run_label(what, sizeof what, r, o->now));
	if (ops_begin(o, res->what, e) < 0)
		return lost_race(o, r->id, e);
	if (unchanged(o, r, e) < 0) {
		store_rollback(o->s);
		return -1;
	}
	if (store_delete_run(o->s, r->id, e) < 0 ||
	    store_commit(o->s, e) < 0) {
		store_rollback(o->s);
		return lost_race(o, r->id, e);
	}
	return 0;
}

int
ops_cancel(struct ops *o, int64_t id, struct ops_result *res, struct err *e)
{
	reset(o, res);
	if (ops_find_open(o, id, &res->run, e) < 0)
		return -1;
	return remove_run(o, &res->run, "cancel", res, e);
}

int
ops_rm(struct ops *o, int64_t id, struct ops_result *res, struct err *e)
{
	reset(o, res);
	if (get(o, id, &res->run, e) < 0)
		return -1;
	return remove_run(o, &res->run, "rm", res, e);
}

int
ops_rm_many(struct ops *o, const int64_t *ids, size_t n, struct run *runs,
    struct err *e)
{
	char what[128];
	size_t i, j, k;

	o->field = OPS_F_NONE;
	for (i = 0; i < n; i++) {
		for (j = 0; j < i; j++)
			if (ids[j] == ids[i]) {
				err_set(e, "run #%lld is named twice",
				    (long long)ids[i]);
				return fail(o, OPS_F_RUN);
			}
		if (get(o, ids[i], &runs[i], e) < 0 ||
		    guard_live(o, ids[i], "rm", e) < 0)
			return -1;
	}
	/* "rm #49 #50 #51", or "rm 12 runs (#49 #50 ...)". */
	k = (size_t)snprintf(what, sizeof what, n > 6 ? "rm %zu runs (" :
	    "rm", n);
	for (i = 0; i < n && i < 6 && k < sizeof what; i++)
		k += (size_t)snprintf(what + k, sizeof what - k, "%s#%lld",
		    i == 0 && n > 6 ? "" : " ", (long long)ids[i]);
	if (n > 6 && k < sizeof what)
		snprintf(what + k, sizeof what - k, " ...)");
	if (ops_begin(o, what, e) < 0)
		return -1;
	for (i = 0; i < n; i++)
		if (unchanged(o, &runs[i], e) < 0 ||
		    store_delete_run(o->s, runs[i].id, e) < 0) {
			store_rollback(o->s);
			return -1;
		}
	if (store_commit(o->s, e) < 0) {
		store_rollback(o->s);
		return -1;
	}
	return 0;
}

int
ops_edit(struct ops *o, int64_t id, const struct ops_run_in *in,
    struct ops_result *res, struct err *e)
{
	const struct summary *cat;
	struct run old, basis, *r = &res->run;
	int cost_given = 0, rate_given = 0, old_future, rc = -1;

	reset(o, res);
	run_init(&old);
	if ((cat = ops_catalog(o, e)) == NULL || get(o, id, &old, e) < 0)
		goto out;
	run_copy(r, &old);
	old_future = old.start > o->now || (old.end != RUN_OPEN &&
	    old.end > o->now);
	if (apply(o, cat, in, r, res, &cost_given, &rate_given, e) < 0 ||
	    apply_times(o, in, r, 0, e) < 0 ||
	    check_times(o, r, in->future || old_future, e) < 0)
		goto out;
	/* What the price is made anew from: the stored run (a shallow copy,
	 * so that old stays what was read, for update()). */
	basis = old;
	if (in->cost != NULL && *in->cost == '\0' && !cost_given) {
		/* The hand-given cost was cleared: price it anew. */
		r->cost_minor = 0;
		r->rate_micro = 0;
		basis.platform[0] = '\0';
	}
	if (priced(o, r, price_reprice(&cat->cat, &basis, r, cost_given,
	    rate_given),
	    rate_given ? OPS_F_RATE : in->gpus != NULL ? OPS_F_GPUS :
	    OPS_F_WHEN, res, e) < 0)
		goto out;
	snprintf(res->what, sizeof res->what, "edit #%lld", (long long)id);
	if (update(o, &old, r, res, e) < 0)
		goto out;
	after_warnings(o, cat, res);
	rc = 0;
out:
	run_clear(&old);
	return rc;
}

/* store_undo_checked()'s guard: the run `gpulog run` still records. */
static int
undo_guard(void *arg, int64_t first, struct err *e)
{
	return guard_live(arg, first, "undo the start of", e);
}

int
ops_undo(struct ops *o, char *what, size_t len, struct err *e)
{
	int rc;

	o->field = OPS_F_NONE;
	/* A change that added a run `gpulog run` still records (its open,
	 * which adds one run) is not undone while it lives: asked with the
	 * write lock held, so that no run starts between the look and the
	 * undo. */
	store_set_clock(o->s, o->now);
	rc = store_undo_checked(o->s, what, len, undo_guard, o, e);
	/* An undone settings change leaves the loaded catalog stale. */
	if (rc > 0)
		ops_reload(o);
	return rc;
}
