/*
 * cmd-import.c: `gpulog import SOURCE [FILE...|-] [options]`: has the
 * SOURCE's importer read one or more files (or, with --api, the source's
 * own API) and stores what it finds in one change that `gpulog undo` takes
 * back whole.  A streaming importer's rows go to the store as they come,
 * through statements prepared once, so a big file needs little memory; a
 * failure anywhere rolls everything back.  It knows the table of importers
 * and how rows reach the store; the formats are the importers' business,
 * the SQL the store's.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cli/cli.h"
#include "core/budget.h"
#include "core/clock.h"
#include "core/fmt.h"
#include "core/model.h"
#include "core/snapshot.h"
#include "core/text.h"
#include "importers/colab.h"
#include "importers/importer.h"
#include "store/bulk.h"
#include "store/snapshot.h"
#include "store/store.h"

enum { I_DRY_RUN = 1, I_SKIP_BAD, I_PLATFORM, I_API, I_RECONCILE,
	I_SNIPPET };

const struct opt import_opts[] = {
	{ I_DRY_RUN, 0, "dry-run", NULL,
	    "count what would change; write nothing" },
	{ I_SKIP_BAD, 0, "skip-bad", NULL,
	    "import the good rows and list the bad ones" },
	{ I_PLATFORM, 'p', "platform", "KEY",
	    "the platform of rows that name none" },
	{ I_API, 0, "api", NULL, "kaggle: read the Kaggle API, not a file" },
	{ I_RECONCILE, 0, "reconcile", NULL,
	    "kaggle: log the hours Kaggle counts and gpulog does not" },
	{ I_SNIPPET, 0, "snippet", NULL,
	    "colab: print the notebook cell that records sessions" },
	{ 0, 0, NULL, NULL, NULL },
};

#define NIMPORTERS importers_count
#define USAGE "usage: gpulog import SOURCE [FILE...|-] [options]\n"

/* One import: the sink's state and what it counted. */
struct import {
	struct ctx *c;
	struct store *s;
	struct store_bulk *bulk;
	struct import_extra extra;  /* the file's catalog, from the importer */
	struct platform *known;     /* platforms in the database: the first */
	size_t nknown, nbefore;     /* nbefore were there before the import */
	long added, updated, there; /* runs */
	long xadded, xthere;        /* expenses */
	long nplat, nquota, nrate, nphase, nfx; /* catalog rows restored */
	long snap_added, snap_there;
	struct quota_snapshot snap; /* the last snapshot seen */
	int fresh;                  /* the database held no run or expense */
	long nsettings;             /* settings taken from the file */
	long nbad;                  /* rows skipped by --skip-bad */
	char **notices;
	size_t nnotices;
	/* The progress bar: on a terminal, for a file of known size. */
	int bar;
	int64_t size;
	struct timespec last;
};

/* The importer named in (a unique prefix will do), or NULL after a usage
 * message listing the known ones. */
static const struct importer *
find_importer(const char *in)
{
	const char *names[16];
	char hint[128], list[128] = "", *safe;
	size_t i, idx;

	for (i = 0; i < NIMPORTERS; i++) {
		names[i] = importers[i].name;
		snprintf(list + strlen(list), sizeof list - strlen(list),
		    "%s%s", i ? ", " : "", names[i]);
	}
	if (text_match(in, names, NIMPORTERS, &idx, hint, sizeof hint) ==
	    MATCH_OK)
		return &importers[idx];
	safe = text_safe(in);
	cli_fail(EXIT_USAGE, "import: unknown source \"%s\"; known sources: "
	    "%s", safe, list);
	free(safe);
	fputs(USAGE, stderr);
	return NULL;
}

/* Reads f whole into a malloc'd *buf. */
static int
read_whole(FILE *f, char **buf, size_t *len, struct err *e)
{
	size_t cap = 1 << 16, n = 0, got;
	char *p;

	*buf = NULL;
	*len = 0;
	p = xmalloc(cap);
	while ((got = fread(p + n, 1, cap - n, f)) > 0) {
		n += got;
		if (n == cap)
			p = xrealloc(p, cap *= 2);
	}
	if (ferror(f)) {
		err_set(e, "cannot read: %s", strerror(errno));
		free(p);
		return -1;
	}
	*buf = p;
	*len = n;
	return 0;
}

/*
 * Makes sure platform key is in the database: it is, or the file's own
 * catalog has it and it is added now (before the first row naming it).
 * Returns -2 when it is unknown (a bad row, not a failed import).
 */
static int
ensure_platform(struct import *im, const char *key, struct err *e)
{
	size_t i;
	char *safe;

	for (i = 0; i < im->nknown; i++)
		if (strcmp(im->known[i].key, key) == 0)
			return 0;
	for (i = 0; i < im->extra.cat.nplatforms; i++) {
		if (strcmp(im->extra.cat.platforms[i].key, key) != 0)
			continue;
		/* New platforms sort after the ones already there. */
		if (store_set_platform(im->s, &im->extra.cat.platforms[i],
		    (int)im->nknown, e) < 0)
			return -1;
		im->known = xrealloc(im->known, (im->nknown + 1) *
		    sizeof *im->known);
		im->known[im->nknown++] = im->extra.cat.platforms[i];
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
is_new_platform(const struct import *im, const char *key)
{
	size_t i;

	for (i = im->nbefore; i < im->nknown; i++)
		if (strcmp(im->known[i].key, key) == 0)
			return 1;
	return 0;
}

static int
sink_run(void *arg, const struct run *r, struct err *e)
{
	struct import *im = arg;
	int rc;

	if ((rc = ensure_platform(im, r->platform, e)) < 0)
		return rc;
	if ((rc = store_bulk_import_run(im->bulk, r, e)) < 0)
		return -1;
	if (rc == 1)
		im->added++;
	else if (rc == 2)
		im->updated++;
	else
		im->there++;
	return 0;
}

static int
sink_expense(void *arg, const struct expense *x, struct err *e)
{
	struct import *im = arg;
	int rc;

	if ((x->platform[0] != '\0' && ensure_platform(im, x->platform, e) <
	    0) || (rc = store_import_expense(im->s, x, e)) < 0)
		return -1;
	if (rc > 0)
		im->xadded++;
	else
		im->xthere++;
	return 0;
}

/*
 * A platform's own quota figures: kept as a snapshot, and its allowance
 * and reset time become the platform's quota, so that gpulog counts
 * against what the platform grants this week.
 */
static int
sink_snapshot(void *arg, const struct quota_snapshot *q, struct err *e)
{
	struct import *im = arg;
	struct quota *qs = NULL, nq;
	size_t n = 0, i;
	int rc;

	if ((rc = ensure_platform(im, q->platform, e)) < 0)
		return -1;
	if ((rc = store_import_snapshot(im->s, q, e)) < 0)
		return -1;
	if (rc == 1)
		im->snap_added++;
	else
		im->snap_there++;
	im->snap = *q;
	if (q->allowed_s <= 0 || store_load_quotas(im->s, &qs, &n, e) < 0)
		return q->allowed_s <= 0 ? 0 : -1;
	memset(&nq, 0, sizeof nq);
	for (i = 0; i < n; i++)
		if (strcmp(qs[i].platform, q->platform) == 0)
			nq = qs[i];
	free(qs);
	snprintf(nq.platform, sizeof nq.platform, "%s", q->platform);
	nq.unit = QU_GPU_S;
	nq.amount = q->allowed_s;
	nq.window = QW_WEEK;
	if (q->reset_at > 0) {
		nq.reset_wday = weekday_from_days(floor_div(q->reset_at,
		    DAY_S));
		nq.reset_min = (int)(floor_div(q->reset_at, 60) % 1440);
	}
	return store_set_quota(im->s, &nq, e);
}

static int
sink_bad(void *arg, const char *msg, struct err *e)
{
	struct import *im = arg;
	char *safe = text_safe(msg);

	(void)e;
	im->nbad++;
	if (im->bar)
		fputs("\r\033[K", stderr);
	fprintf(stderr, "gpulog: skipped %s\n", safe);
	free(safe);
	return 0;
}

static void
sink_notice(void *arg, const char *msg)
{
	struct import *im = arg;

	im->notices = xrealloc(im->notices, (im->nnotices + 1) *
	    sizeof *im->notices);
	im->notices[im->nnotices++] = xstrdup(msg);
}

/* Draws the bar at most ten times a second: "[#####     ]  42%". */
static void
sink_progress(void *arg, int64_t done)
{
	struct import *im = arg;
	struct timespec now;
	int pct, k;
	char bar[41];

	if (!im->bar || im->size <= 0)
		return;
	clock_gettime(CLOCK_MONOTONIC, &now);
	if ((now.tv_sec - im->last.tv_sec) * 1000 + (now.tv_nsec -
	    im->last.tv_nsec) / 1000000 < 100 && done < im->size)
		return;
	im->last = now;
	pct = (int)(done * 100 / im->size);
	if (pct > 100)
		pct = 100;
	for (k = 0; k < 40; k++)
		bar[k] = k < pct * 40 / 100 ? '#' : ' ';
	bar[40] = '\0';
	fprintf(stderr, "\r[%s] %3d%%  %ld runs", bar, pct, im->added +
	    im->updated + im->there);
	fflush(stderr);
}

/*
 * Restores the file's catalog where the database lacks it: the file's
 * platforms that are missing, the quotas and rates of those platforms
 * only, plan phases for months no phase covers, and exchange rates for
 * days without one.  What the database has is never overwritten.
 */
static int
restore_catalog(struct import *im, struct err *e)
{
	const struct import_extra *x = &im->extra;
	struct phase *ph = NULL;
	struct fx_point *fx = NULL;
	size_t nph = 0, nfx = 0, i, j;
	int rc = -1, covered;

	for (i = 0; i < x->cat.nplatforms; i++)
		if (ensure_platform(im, x->cat.platforms[i].key, e) < 0)
			goto out;
	for (i = 0; i < x->cat.nquotas; i++) {
		if (!is_new_platform(im, x->cat.quotas[i].platform))
			continue;
		if (store_set_quota(im->s, &x->cat.quotas[i], e) < 0)
			goto out;
		im->nquota++;
	}
	for (i = 0; i < x->cat.nrates; i++) {
		if (!is_new_platform(im, x->cat.rates[i].platform))
			continue;
		if (store_set_rate(im->s, &x->cat.rates[i], e) < 0)
			goto out;
		im->nrate++;
	}
	if (store_load_phases(im->s, &ph, &nph, e) < 0 ||
	    store_load_fx(im->s, &fx, &nfx, e) < 0)
		goto out;
	for (i = 0; i < x->cat.nphases; i++) {
		for (covered = 0, j = 0; j < nph && !covered; j++)
			covered = x->cat.phases[i].first_month <=
			    ph[j].last_month && ph[j].first_month <=
			    x->cat.phases[i].last_month;
		if (covered)
			continue;
		if (store_set_phase(im->s, &x->cat.phases[i], e) < 0)
			goto out;
		im->nphase++;
	}
	for (i = 0; i < x->cat.nfx; i++) {
		for (covered = 0, j = 0; j < nfx && !covered; j++)
			covered = fx[j].day == x->cat.fx[i].day;
		if (covered)
			continue;
		if (store_set_fx(im->s, x->cat.fx[i].day, x->cat.fx[i].usd_inr_micro,
		    "import", e) < 0)
			goto out;
		im->nfx++;
	}
	/* A new machine takes the file's plan and currency; one with a log
	 * of its own keeps its settings. */
	if (im->fresh && x->plan_start[0] != '\0') {
		if (store_set_setting(im->s, "plan.start", x->plan_start, e) < 0)
			goto out;
		im->nsettings++;
	}
	if (im->fresh && x->currency[0] != '\0') {
		if (store_set_setting(im->s, "currency", x->currency, e) < 0)
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

static const char *
plural(long n)
{
	return n == 1 ? "" : "s";
}

/* Tenths of an hour, rounded half up: "11.3". */
static char *
hours1(char *buf, size_t n, int64_t s)
{
	return fmt_hours(buf, n, s);
}

static void
report(const struct import *im, int dry, const char *label)
{
	char a[32], b[32], d[48];
	size_t i;

	if (im->added + im->updated + im->there + im->xadded + im->xthere > 0
	    || im->snap_added + im->snap_there == 0) {
		if (dry)
			printf("would add %ld run%s, update %ld, skip %ld "
			    "(already there); would add %ld expense%s\n",
			    im->added, plural(im->added), im->updated,
			    im->there, im->xadded, plural(im->xadded));
		else
			printf("imported %ld run%s (%ld updated, %ld already "
			    "there) and %ld expense%s from %s\n", im->added,
			    plural(im->added), im->updated, im->there,
			    im->xadded, plural(im->xadded), label);
	}
	if (im->snap_added + im->snap_there > 0) {
		printf("%s %s's own quota figures: %s h of %s h used",
		    im->snap_added == 0 ? "already had" : dry ? "would record"
		    : "recorded", strcmp(im->snap.platform, "kaggle") == 0 ?
		    "Kaggle" : im->snap.platform, hours1(a, sizeof a,
		    im->snap.used_s), hours1(b, sizeof b, im->snap.allowed_s));
		if (im->snap.reset_at > 0)
			printf(", resets %s", fmt_local(d, sizeof d,
			    im->snap.reset_at, "%a %d %b %H:%M"));
		putchar('\n');
	}
	if (im->nbad > 0)
		printf("skipped %ld bad row%s (listed on stderr)\n", im->nbad,
		    plural(im->nbad));
	if (im->nplat + im->nquota + im->nrate + im->nphase + im->nfx > 0)
		printf("%s from the file's catalog: %ld platform%s, %ld "
		    "quota%s, %ld rate%s, %ld plan phase%s, %ld exchange "
		    "rate%s\n", dry ? "would add" : "added", im->nplat,
		    plural(im->nplat), im->nquota, plural(im->nquota),
		    im->nrate, plural(im->nrate), im->nphase,
		    plural(im->nphase), im->nfx, plural(im->nfx));
	if (im->nsettings > 0)
		printf("%s the file's settings (plan start, currency): this "
		    "database had no runs of its own\n", dry ? "would take" :
		    "took");
	for (i = 0; i < im->nnotices; i++) {
		char *safe = text_safe(im->notices[i]);

		printf("%s\n", safe);
		free(safe);
	}
}

/*
 * --reconcile: the hours Kaggle counts in its current week that no logged
 * run accounts for become one run with source "reconcile", ending when
 * Kaggle's figures were read.  Adds nothing when the log is not behind.
 */
static int
reconcile(struct import *im, struct err *e)
{
	struct quota_snapshot q;
	struct run r;
	int64_t logged, diff, ws, we;
	char id[64], when[32], a[32], b[32], note[160];
	int rc;

	if ((rc = store_latest_snapshot(im->s, "kaggle", &q, e)) < 0)
		return -1;
	if (rc == 0)
		return err_set(e, "--reconcile: no Kaggle quota figures; "
		    "import them first (--api, or a quota file)");
	we = q.reset_at > 0 ? q.reset_at : q.taken_at;
	ws = we - WEEK_S;
	if (store_logged_gpu_s(im->s, "kaggle", ws, q.taken_at < we ?
	    q.taken_at : we, q.taken_at, &logged, e) < 0)
		return -1;
	diff = q.used_s - logged;
	if (diff < 60) {
		sink_notice(im, "reconcile: the log already holds what Kaggle "
		    "counts; nothing to add");
		return 0;
	}
	run_init(&r);
	strcpy(r.platform, "kaggle");
	r.gpus = 1;
	r.cu_centi = -1;
	r.end = q.taken_at < we ? q.taken_at : we;
	r.start = r.end - diff;
	snprintf(note, sizeof note, "reconciliation: Kaggle counted %s h, "
	    "the log %s h", hours1(a, sizeof a, q.used_s), hours1(b,
	    sizeof b, logged));
	r.note = xstrdup(note);
	strcpy(r.source, "reconcile");
	snprintf(id, sizeof id, "kaggle@%s", fmt_iso_utc(when, sizeof when,
	    q.taken_at));
	r.source_id = xstrdup(id);
	r.created = r.modified = q.taken_at;
	rc = sink_run(im, &r, e);
	run_clear(&r);
	if (rc < 0)
		return -1;
	snprintf(note, sizeof note, "reconcile: logged %s h that Kaggle "
	    "counted this week and no run accounts for", hours1(a, sizeof a,
	    diff));
	sink_notice(im, note);
	return 0;
}

/* Reads one input into the import through imp. */
static int
import_one(struct import *im, const struct importer *imp,
    struct import_job *job, const char *path, struct err *e)
{
	const char *label = strcmp(path, "-") == 0 ? "stdin" : path;
	FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
	struct err inner;
	struct stat sb;
	char *buf = NULL;
	size_t len;
	int rc;

	if (f == NULL)
		return err_set(e, "%s: cannot read: %s", label,
		    strerror(errno));
	im->size = fstat(fileno(f), &sb) == 0 && S_ISREG(sb.st_mode) ?
	    (int64_t)sb.st_size : 0;
	if (imp->stream != NULL) {
		rc = imp->stream(f, label, job, e);
	} else if ((rc = read_whole(f, &buf, &len, &inner)) < 0) {
		err_set(e, "%s: %s", label, inner.msg);
	} else {
		/* The importer prefixes its messages (and the sink's). */
		rc = imp->parse(buf, len, label, job->sink, &im->extra, e);
		if (rc == 0 && (rc = restore_catalog(im, &inner)) < 0)
			err_set(e, "%s: %s", label, inner.msg);
		/* Each file brings its own catalog. */
		import_extra_free(&im->extra);
	}
	if (im->bar && im->size > 0) {
		fputs("\r\033[K", stderr);
		fflush(stderr);
	}
	free(buf);
	if (f != stdin)
		fclose(f);
	return rc;
}

int
cmd_import(struct ctx *c, const struct args *a)
{
	const struct importer *imp;
	struct run_sink sink;
	struct import_job job;
	struct import im;
	struct err e, inner;
	const char *first = a->npos > 1 ? a->pos[1] : "-";
	char what[256];
	int dry = opt_has(a, I_DRY_RUN), api = opt_has(a, I_API), i, n, ok;
	int rc = EXIT_FAIL;
	size_t k;

	if ((imp = find_importer(a->pos[0])) == NULL)
		return EXIT_USAGE;
	if (opt_has(a, I_SNIPPET)) {
		if (strcmp(imp->name, "colab") != 0)
			return cli_fail(EXIT_USAGE, "import: --snippet is for "
			    "colab");
		fputs(colab_snippet, stdout);
		return EXIT_OK;
	}
	if (api && imp->api == NULL)
		return cli_fail(EXIT_USAGE, "import: %s has no --api; give a "
		    "FILE", imp->name);
	if (api && a->npos > 1)
		return cli_fail(EXIT_USAGE, "import: give --api or FILE, not "
		    "both");
	if (opt_has(a, I_RECONCILE) && strcmp(imp->name, "kaggle") != 0)
		return cli_fail(EXIT_USAGE, "import: --reconcile is for kaggle");
	if (!api && a->npos < 2 && isatty(STDIN_FILENO))
		return cli_fail(EXIT_USAGE, "import: give a FILE, or - to "
		    "type the input");
	if (opt_has(a, I_PLATFORM) && !text_is_name(opt_get(a, I_PLATFORM),
	    31, " ,"))
		return cli_fail(EXIT_USAGE, "import: --platform: expected a "
		    "platform key such as \"vast\"");

	memset(&im, 0, sizeof im);
	im.c = c;
	im.s = c->s;
	im.bar = isatty(STDERR_FILENO);
	memset(&sink, 0, sizeof sink);
	memset(&job, 0, sizeof job);
	sink.put = sink_run;
	sink.put_expense = sink_expense;
	job.put_snapshot = sink_snapshot;
	job.bad_row = opt_has(a, I_SKIP_BAD) ? sink_bad : NULL;
	job.notice = sink_notice;
	job.progress = sink_progress;
	sink.arg = &im;
	job.sink = &sink;
	job.platform = opt_get(a, I_PLATFORM);
	job.now = c->now;
	n = a->npos - 1;
	snprintf(what, sizeof what, "import %s %s%s", imp->name, api ? "--api"
	    : strcmp(first, "-") == 0 ? "stdin" : first, n > 1 ? " ..." : "");
	/* Everything from here to the commit is one change. */
	if (store_begin(c->s, what, &e) < 0)
		return cli_err(EXIT_FAIL, &e);
	if (store_load_platforms(c->s, &im.known, &im.nknown, &inner) < 0 ||
	    store_bulk_new(c->s, &im.bulk, &inner) < 0 ||
	    (api && store_last_import(c->s, imp->name, &job.since, &inner) <
	    0) ||
	    (im.fresh = is_empty(c->s, &inner)) < 0) {
		err_set(&e, "%s", inner.msg);
		goto fail;
	}
	im.nbefore = im.nknown;
	ok = 1;
	if (api) {
		ok = imp->api(&job, &e) == 0;
	} else {
		for (i = 1; i <= (n > 0 ? n : 1) && ok; i++)
			ok = import_one(&im, imp, &job, n > 0 ? a->pos[i] :
			    "-", &e) == 0;
	}
	if (imp->finish != NULL && imp->finish(&job, ok, ok ? &e : &inner) <
	    0)
		ok = 0;
	if (!ok)
		goto fail;
	if (opt_has(a, I_RECONCILE) && reconcile(&im, &e) < 0)
		goto fail;
	store_bulk_free(im.bulk);
	im.bulk = NULL;
	if (dry) {
		store_rollback(c->s);
		report(&im, 1, "");
		rc = EXIT_OK;
		goto out;
	}
	if (store_commit(c->s, &inner) < 0) {
		err_set(&e, "%s", inner.msg);
		goto fail;
	}
	report(&im, 0, api ? "the Kaggle API" : n > 1 ? "the files" :
	    strcmp(first, "-") == 0 ? "stdin" : first);
	rc = EXIT_OK;
	goto out;
fail:
	store_bulk_free(im.bulk);
	im.bulk = NULL;
	store_rollback(c->s);
	cli_err(EXIT_FAIL, &e);
	if (im.nbad > 0)
		fprintf(stderr, "gpulog: nothing was imported\n");
out:
	import_extra_free(&im.extra);
	free(im.known);
	for (k = 0; k < im.nnotices; k++)
		free(im.notices[k]);
	free(im.notices);
	return rc;
}

int
cli_kaggle_report(struct ctx *c, int json)
{
	struct quota_snapshot q;
	struct err e;
	int64_t logged, ws, we;
	char a[32], b[32], d[32];

	if (store_latest_snapshot(c->s, "kaggle", &q, &e) != 1 ||
	    q.reset_at <= c->now || q.reset_at - WEEK_S > c->now)
		return 0;
	we = q.reset_at;
	ws = we - WEEK_S;
	if (store_logged_gpu_s(c->s, "kaggle", ws, c->now < we ? c->now : we,
	    c->now, &logged, &e) < 0)
		return 0;
	if (json) {
		printf("  \"kaggle_reported\": {\"used_hours\": %s, ",
		    fmt_centi(a, sizeof a, (q.used_s * 100 + 1800) / 3600));
		printf("\"logged_hours\": %s, ", fmt_centi(b, sizeof b,
		    (logged * 100 + 1800) / 3600));
		printf("\"allowed_hours\": %s, \"taken_at\": \"%s\", ",
		    fmt_centi(a, sizeof a, (q.allowed_s * 100 + 1800) / 3600),
		    fmt_iso_utc(d, sizeof d, q.taken_at));
		printf("\"resets\": \"%s\"},\n", fmt_iso_utc(b, sizeof b,
		    q.reset_at));
		return 1;
	}
	printf("  Kaggle reports %s h used this week; logged %s h\n",
	    hours1(a, sizeof a, q.used_s), hours1(b, sizeof b, logged));
	return 1;
}
