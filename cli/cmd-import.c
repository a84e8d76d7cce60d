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
#include "core/clock.h"
#include "core/cloud.h"
#include "core/fmt.h"
#include "core/model.h"
#include "core/snapshot.h"
#include "core/text.h"
#include "importers/colab.h"
#include "importers/importer.h"
#include "importers/json.h"
#include "store/bulk.h"
#include "store/snapshot.h"
#include "store/store.h"

enum { I_DRY_RUN = 1, I_SKIP_BAD, I_PLATFORM, I_API, I_RECONCILE,
	I_SNIPPET, I_FUTURE, I_MAP };

const struct opt import_opts[] = {
	{ I_DRY_RUN, 0, "dry-run", NULL,
	    "count what would change; write nothing" },
	{ I_SKIP_BAD, 0, "skip-bad", NULL,
	    "import the good rows and list the bad ones" },
	{ I_PLATFORM, 'p', "platform", "KEY",
	    "the platform of rows that name none" },
	{ I_API, 0, "api", NULL,
	    "kaggle, vast, runpod, lambda: read the API, not a file" },
	{ I_RECONCILE, 0, "reconcile", NULL,
	    "kaggle: log the hours Kaggle counts and gpulog does not" },
	{ I_SNIPPET, 0, "snippet", NULL,
	    "colab: print the notebook cell that records sessions" },
	{ I_FUTURE, 0, "future", NULL,
	    "kaggle, csv: take runs that end after now" },
	{ I_MAP, 0, "map", "COL=HEADER",
	    "csv: read column COL from HEADER (cost=Amount); repeat" },
	{ 0, 0, NULL, NULL, NULL },
};

#define NIMPORTERS importers_count
#define USAGE "usage: gpulog import SOURCE [FILE...|-] [options]\n"

/* One import: the sink's state and what it counted. */
struct import {
	struct ctx *c;
	struct ops_import w;        /* the change, and what it counted */
	struct import_extra extra;  /* the file's catalog, from the importer */
	int merging;                /* a gpulog export: snapshots kept as is */
	int catalog_only;           /* `platforms import`: a catalog file */
	long nbad;                  /* rows skipped by --skip-bad */
	long nleft;                 /* rows left out as no run (notices) */
	char **notices;
	size_t nnotices;
	/* The progress bar: on a terminal, for a file of known size. */
	int bar;
	int64_t size;
	struct timespec last;
	/* --api: the provider's instances, kept for ops_billed_record()
	 * once the import is saved. */
	char provider[32];
	struct cloud_instance *inst;
	size_t ninst;
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

static int
sink_run(void *arg, const struct run *r, struct err *e)
{
	struct import *im = arg;

	return ops_import_run(&im->w, r, e);
}

static int
sink_expense(void *arg, const struct expense *x, struct err *e)
{
	struct import *im = arg;

	return ops_import_expense(&im->w, x, e);
}

/* A gpulog export's catalog: format 1's restores what the database lacks
 * (and, in an empty one, the plan start and currency); format 2's is
 * merged, the newer of each row winning. */
static int
sink_catalog(void *arg, const struct import_extra *x, int format,
    struct err *e)
{
	struct import *im = arg;

	catalog_copy(&im->extra.cat, &x->cat);
	im->w.extra = &im->extra.cat;
	if (format >= 2)
		return ops_merge_catalog(&im->w, &im->extra.cat, e);
	return ops_import_catalog(&im->w, &im->extra.cat, x->plan_start,
	    x->currency, e);
}

static int
sink_merge_run(void *arg, const struct run *r, struct err *e)
{
	struct import *im = arg;

	return ops_merge_run(&im->w, r, e);
}

static int
sink_merge_metrics(void *arg, const char *uid, const struct run_metrics *m,
    struct err *e)
{
	struct import *im = arg;

	return ops_merge_metrics(&im->w, uid, m, e);
}

static int
sink_merge_expense(void *arg, const struct expense *x, struct err *e)
{
	struct import *im = arg;

	return ops_merge_expense(&im->w, x, e);
}

static int
sink_merge_setting(void *arg, const char *key, const char *value,
    int64_t modified, struct err *e)
{
	struct import *im = arg;

	return ops_merge_setting(&im->w, key, value, modified, e);
}

static int
sink_removal(void *arg, const char *kind, const char *key, int64_t at,
    struct err *e)
{
	struct import *im = arg;

	return ops_merge_removal(&im->w, kind, key, at, e);
}

static int
sink_instances(void *arg, const char *provider,
    const struct cloud_instance *v, size_t n, int complete, struct err *e)
{
	struct import *im = arg;

	if (ops_import_instances(&im->w, provider, v, n, complete, e) < 0)
		return -1;
	snprintf(im->provider, sizeof im->provider, "%s", provider);
	im->inst = xrealloc(im->inst, (im->ninst + n + 1) * sizeof *im->inst);
	if (n > 0)
		memcpy(im->inst + im->ninst, v, n * sizeof *v);
	im->ninst += n;
	return 0;
}

static int
sink_snapshot_any(void *arg, const struct quota_snapshot *q, struct err *e)
{
	struct import *im = arg;

	/* An export's snapshots are kept as they are; a Kaggle file's
	 * set the quota too. */
	if (im->merging)
		return ops_merge_snapshot(&im->w, q, e);
	return ops_import_snapshot(&im->w, q, e);
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
	fprintf(stderr, "\r[%s] %3d%%  %ld runs", bar, pct, im->w.added +
	    im->w.updated + im->w.there);
	fflush(stderr);
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

/* What a merge (export format 2, sync) did besides adding runs. */
static void
report_merge(const struct ops_import *w, int dry)
{
	if (w->xupdated > 0)
		printf("%s %ld expense%s with newer changes\n", dry ?
		    "would update" : "updated", w->xupdated,
		    plural(w->xupdated));
	if (w->removed > 0)
		printf("%s %ld record%s removed on another machine\n", dry ?
		    "would remove" : "removed", w->removed, plural(w->removed));
	if (w->gone > 0)
		printf("left out %ld record%s removed here since\n", w->gone,
		    plural(w->gone));
	if (w->nmerged > 0)
		printf("%s %ld newer setting%s, platform%s, quota%s, rate%s or "
		    "exchange rate%s\n", dry ? "would take" : "took",
		    w->nmerged, plural(w->nmerged), plural(w->nmerged),
		    plural(w->nmerged), plural(w->nmerged), plural(w->nmerged));
	if (w->clamped > 0)
		printf("%s %ld change%s dated more than 10 minutes after this "
		    "machine's clock (is another machine's clock wrong?) as "
		    "made now\n", dry ? "would take" : "took", w->clamped,
		    plural(w->clamped));
	if (w->dups > 0)
		printf("%ld run%s overlap%s a run of this machine's on the same "
		    "platform: likely duplicate%s, listed by gpulog log "
		    "--duplicates\n", w->dups, plural(w->dups), w->dups == 1 ?
		    "s" : "", plural(w->dups));
}

static void
report(const struct import *im, int dry, const char *raw)
{
	char a[32], b[32], d[48];
	/* A file's name is the user's: made harmless before it is shown. */
	char *label = text_safe(raw);
	size_t i;

	if (im->catalog_only) {
		if (im->w.nmerged == 0)
			printf("%s from %s\n", dry ? "nothing would change" :
			    "nothing newer", label);
	} else if (im->w.added + im->w.updated + im->w.there +
	    im->w.xadded + im->w.xthere > 0 || im->w.snap_added +
	    im->w.snap_there == 0) {
		if (dry)
			printf("would add %ld run%s, update %ld, skip %ld "
			    "(already there); would add %ld expense%s\n",
			    im->w.added, plural(im->w.added), im->w.updated,
			    im->w.there, im->w.xadded, plural(im->w.xadded));
		else
			printf("imported %ld run%s (%ld updated, %ld already "
			    "there) and %ld expense%s from %s\n", im->w.added,
			    plural(im->w.added), im->w.updated, im->w.there,
			    im->w.xadded, plural(im->w.xadded), label);
	}
	if (im->w.snap_added + im->w.snap_there > 0) {
		printf("%s %s's own quota figures: %s h of %s h used",
		    im->w.snap_added == 0 ? "already had" : dry ? "would record"
		    : "recorded", strcmp(im->w.snap.platform, "kaggle") == 0 ?
		    "Kaggle" : im->w.snap.platform, hours1(a, sizeof a,
		    im->w.snap.used_s), hours1(b, sizeof b,
		    im->w.snap.allowed_s));
		if (im->w.snap.reset_at > 0)
			printf(", resets %s", fmt_local(d, sizeof d,
			    im->w.snap.reset_at, "%a %d %b %H:%M"));
		putchar('\n');
	}
	if (im->w.closed > 0)
		printf("%s %ld open run%s: the instance stopped or is gone\n",
		    dry ? "would close" : "closed", im->w.closed,
		    plural(im->w.closed));
	report_merge(&im->w, dry);
	if (im->w.overlaps > 0)
		cli_warn("%ld imported run%s overlap%s another run on the same "
		    "platform (the first, #%lld); both are kept",
		    im->w.overlaps, plural(im->w.overlaps), im->w.overlaps == 1 ?
		    "s" : "", (long long)im->w.overlap_id);
	if (im->nbad > 0)
		printf("skipped %ld bad row%s (listed on stderr)\n", im->nbad,
		    plural(im->nbad));
	if (im->nleft > 0)
		printf("left out %ld row%s that cannot be runs (named below)\n",
		    im->nleft, plural(im->nleft));
	if (im->w.nplat + im->w.nquota + im->w.nrate + im->w.nphase +
	    im->w.nfx > 0)
		printf("%s from the file's catalog: %ld platform%s, %ld "
		    "quota%s, %ld rate%s, %ld plan phase%s, %ld exchange "
		    "rate%s\n", dry ? "would add" : "added", im->w.nplat,
		    plural(im->w.nplat), im->w.nquota, plural(im->w.nquota),
		    im->w.nrate, plural(im->w.nrate), im->w.nphase,
		    plural(im->w.nphase), im->w.nfx, plural(im->w.nfx));
	if (im->w.nsettings > 0)
		printf("%s the file's settings (plan start, currency): this "
		    "database had no runs of its own\n", dry ? "would take" :
		    "took");
	for (i = 0; i < im->nnotices; i++) {
		char *safe = text_safe(im->notices[i]);

		printf("%s\n", safe);
		free(safe);
	}
	free(label);
}

/* The most of a stream spool() keeps. */
#define SPOOL_MAX ((int64_t)2 << 30)

/*
 * A copy of what f holds, in an unnamed file under TMPDIR (or /tmp),
 * rewound: for an input that arrives as slowly as its writer sends it.
 * It ends early after a NUL byte, which no format gpulog reads holds (the
 * importer then says where), so that /dev/zero ends at once.  NULL with e
 * set when it cannot be kept, or holds more than SPOOL_MAX.
 */
static FILE *
spool(FILE *f, const char *label, struct err *e)
{
	const char *dir = getenv("TMPDIR");
	char tmp[4096], buf[1 << 16];
	int64_t total = 0;
	FILE *out;
	size_t got;
	int fd;

	if (dir == NULL || dir[0] == '\0')
		dir = "/tmp";
	snprintf(tmp, sizeof tmp, "%s/gpulog-import-XXXXXX", dir);
	if ((fd = mkstemp(tmp)) < 0)
		return err_set(e, "%s: cannot keep a copy of it in %s: %s",
		    label, dir, strerror(errno)), NULL;
	unlink(tmp);
	if ((out = fdopen(fd, "w+b")) == NULL) {
		close(fd);
		return err_set(e, "%s: cannot keep a copy of it in %s: %s",
		    label, dir, strerror(errno)), NULL;
	}
	while ((got = fread(buf, 1, sizeof buf, f)) > 0) {
		if (fwrite(buf, 1, got, out) != got ||
		    memchr(buf, '\0', got) != NULL)
			break;
		if ((total += (int64_t)got) > SPOOL_MAX) {
			fclose(out);
			return err_set(e, "%s: more than 2 GiB arrived; give it "
			    "as a file", label), NULL;
		}
	}
	if (ferror(f)) {
		err_set(e, "%s: cannot read: %s", label, strerror(errno));
		fclose(out);
		return NULL;
	}
	if (ferror(out) || fflush(out) != 0 || fseek(out, 0, SEEK_SET) != 0) {
		err_set(e, "%s: cannot keep a copy of it in %s: %s", label,
		    dir, strerror(errno));
		fclose(out);
		return NULL;
	}
	return out;
}

/*
 * Opens one input before the change begins: a file as it is; stdin, a
 * pipe or a FIFO is read to its end first (spool()), so that a writer
 * that stalls never holds the database's write lock.
 */
static FILE *
open_input(const char *path, struct err *e)
{
	const char *label = strcmp(path, "-") == 0 ? "stdin" : path;
	FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb"), *c;
	struct stat sb;

	if (f == NULL)
		return err_set(e, "%s: cannot read: %s", label,
		    strerror(errno)), NULL;
	if (fstat(fileno(f), &sb) == 0 && S_ISREG(sb.st_mode))
		return f;
	c = spool(f, label, e);
	if (f != stdin)
		fclose(f);
	return c;
}

/* Reads one opened input into the import through imp. */
static int
import_one(struct import *im, const struct importer *imp,
    struct import_job *job, FILE *f, const char *path, struct err *e)
{
	const char *label = strcmp(path, "-") == 0 ? "stdin" : path;
	struct err inner;
	struct stat sb;
	char *buf = NULL;
	size_t len;
	int rc;

	im->size = fstat(fileno(f), &sb) == 0 && S_ISREG(sb.st_mode) ?
	    (int64_t)sb.st_size : 0;
	if (imp->stream != NULL) {
		rc = imp->stream(f, label, job, e);
	} else if ((rc = read_whole(f, &buf, &len, &inner)) < 0) {
		err_set(e, "%s: %s", label, inner.msg);
	} else {
		/* The importer prefixes its messages (and the sink's). */
		rc = imp->parse(buf, len, label, job->sink, &im->extra, e);
		if (rc == 0 && (rc = ops_import_catalog(&im->w, &im->extra.cat,
		    im->extra.plan_start, im->extra.currency, &inner)) < 0)
			err_set(e, "%s: %s", label, inner.msg);
		/* Each file brings its own catalog. */
		import_extra_free(&im->extra);
	}
	if (im->bar && im->size > 0) {
		fputs("\r\033[K", stderr);
		fflush(stderr);
	}
	free(buf);
	return rc;
}

/* The sink and callbacks every import uses (a gpulog export's merge ones
 * too); the caller adds its options. */
static void
import_job_init(struct import *im, struct run_sink *sink, struct import_job *job)
{
	memset(sink, 0, sizeof *sink);
	memset(job, 0, sizeof *job);
	sink->put = sink_run;
	sink->put_expense = sink_expense;
	sink->arg = im;
	job->sink = sink;
	job->put_snapshot = sink_snapshot_any;
	job->put_instances = sink_instances;
	job->catalog = sink_catalog;
	job->merge_run = sink_merge_run;
	job->merge_metrics = sink_merge_metrics;
	job->merge_expense = sink_merge_expense;
	job->merge_setting = sink_merge_setting;
	job->removal = sink_removal;
	job->notice = sink_notice;
	job->now = im->c->now;
	im->merging = 1;
}

static int import_main(struct ctx *c, const struct args *a,
    int catalog_only);

/* What import SOURCE --api read, for its report. */
static const char *
api_name(const char *source)
{
	static const char *const names[][2] = {
		{ "kaggle", "the Kaggle API" }, { "vast", "the Vast.ai API" },
		{ "runpod", "the RunPod API" }, { "lambda", "the Lambda API" },
	};
	size_t i;

	for (i = 0; i < sizeof names / sizeof names[0]; i++)
		if (strcmp(names[i][0], source) == 0)
			return names[i][1];
	return "the API";
}

int
cmd_import(struct ctx *c, const struct args *a)
{
	return import_main(c, a, 0);
}

int
cli_import_catalog(struct ctx *c, const char *path, int dry)
{
	struct args b;

	memset(&b, 0, sizeof b);
	b.pos[0] = "json";
	b.pos[1] = path;
	b.npos = 2;
	if (dry) {
		b.given[0].id = I_DRY_RUN;
		b.ngiven = 1;
	}
	return import_main(c, &b, 1);
}

/* `import` itself, or, catalog_only, `platforms import`: a file of the
 * export's format holding a catalog and no records. */
static int
import_main(struct ctx *c, const struct args *a, int catalog_only)
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
	const char *maps[16];
	size_t k, nmaps = 0;
	FILE *in[ARGS_MAX];
	int nin = 0;

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
		return cli_fail(EXIT_USAGE, "import: --reconcile is for "
		    "kaggle");
	if (opt_has(a, I_MAP) && strcmp(imp->name, "csv") != 0)
		return cli_fail(EXIT_USAGE, "import: --map is for csv");
	if (!api && a->npos < 2 && isatty(STDIN_FILENO))
		return cli_fail(EXIT_USAGE, "import: give a FILE, or - to "
		    "type the input");
	if (opt_has(a, I_PLATFORM) && !text_is_name(opt_get(a, I_PLATFORM),
	    31, " ,"))
		return cli_fail(EXIT_USAGE, "import: --platform: expected a "
		    "platform key such as \"vast\"");

	memset(&im, 0, sizeof im);
	im.c = c;
	im.bar = isatty(STDERR_FILENO);
	import_job_init(&im, &sink, &job);
	im.merging = strcmp(imp->name, "json") == 0;
	job.bad_row = opt_has(a, I_SKIP_BAD) ? sink_bad : NULL;
	job.progress = sink_progress;
	job.platform = opt_get(a, I_PLATFORM);
	job.future = opt_has(a, I_FUTURE);
	for (k = 0; k < (size_t)a->ngiven; k++)
		if (a->given[k].id == I_MAP && nmaps < sizeof maps /
		    sizeof maps[0])
			maps[nmaps++] = a->given[k].val;
	job.colmap = maps;
	job.ncolmap = nmaps;
	job.catalog_only = im.catalog_only = catalog_only;
	n = a->npos - 1;
	/* Every input is open, and one that streams is read, before the
	 * write lock is taken. */
	nin = 0;
	for (i = 1; !api && i <= (n > 0 ? n : 1); i++)
		if ((in[nin++] = open_input(n > 0 ? a->pos[i] : "-", &e)) ==
		    NULL) {
			nin--;
			cli_err(EXIT_FAIL, &e);
			goto out;
		}
	snprintf(what, sizeof what, "import %s %s%s", imp->name, api ? "--api"
	    : strcmp(first, "-") == 0 ? "stdin" : first, n > 1 ? " ..." : "");
	/* Everything from here to the commit is one change. */
	if (ops_import_begin(&c->ops, &im.w, what, api ? imp->name : NULL,
	    &job.since, &e) < 0) {
		cli_err(EXIT_FAIL, &e);
		goto out;
	}
	/* Rows may name platforms the file's catalog describes. */
	im.w.extra = &im.extra.cat;
	ok = 1;
	if (api) {
		ok = imp->api(&job, &e) == 0;
	} else {
		for (i = 0; i < nin && ok; i++)
			ok = import_one(&im, imp, &job, in[i], n > 0 ?
			    a->pos[i + 1] : "-", &e) == 0;
	}
	if (imp->finish != NULL && imp->finish(&job, ok, ok ? &e : &inner) <
	    0)
		ok = 0;
	im.nleft = job.skipped;
	if (!ok)
		goto fail;
	if (opt_has(a, I_RECONCILE)) {
		char notice[512] = "";

		if (ops_import_reconcile(&im.w, notice, sizeof notice, &e) < 0)
			goto fail;
		if (notice[0] != '\0')
			sink_notice(&im, notice);
	} else {
		char notice[512] = "";

		if (ops_import_settle(&im.w, notice, sizeof notice, &e) < 0)
			goto fail;
		if (notice[0] != '\0')
			sink_notice(&im, notice);
	}
	if (ops_import_commit(&im.w, dry, &inner) < 0) {
		err_set(&e, "%s", inner.msg);
		cli_err(EXIT_FAIL, &e);
		goto out;
	}
	if (dry) {
		report(&im, 1, "");
		rc = EXIT_OK;
		goto out;
	}
	if (api) {
		char key[48], val[24];

		/* When the source was last read, outside the change (undo
		 * does not unread it): what status says of its instances. */
		snprintf(key, sizeof key, "refresh.%s", imp->name);
		snprintf(val, sizeof val, "%lld", (long long)c->now);
		if (ops_setting_mark(&c->ops, key, val, &e) < 0)
			cli_warn("%s", e.msg);
		/* Which stopped instances are still billed for their disk. */
		if (im.provider[0] != '\0' && ops_billed_record(&c->ops,
		    im.provider, im.inst, im.ninst, &e) < 0)
			cli_warn("%s", e.msg);
	}
	report(&im, 0, api ? api_name(imp->name) : n > 1 ? "the files" :
	    strcmp(first, "-") == 0 ? "stdin" : first);
	rc = EXIT_OK;
	goto out;
fail:
	ops_import_abort(&im.w);
	/* The warnings met on the way (a credentials file others may read)
	 * still reach the user, before the reason it failed. */
	for (k = 0; k < im.nnotices; k++)
		if (strncmp(im.notices[k], "warning: ", 9) == 0)
			cli_warn("%s", im.notices[k] + 9);
	cli_err(EXIT_FAIL, &e);
	if (im.nbad > 0)
		fprintf(stderr, "gpulog: nothing was imported\n");
out:
	for (i = 0; i < nin; i++)
		if (in[i] != stdin)
			fclose(in[i]);
	free(im.inst);
	import_extra_free(&im.extra);
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
	/* Kaggle's figures count session time: so does the log's sum. */
	if (store_logged_use(c->s, "kaggle", QU_SESSION_S, ws, c->now < we ?
	    c->now : we, c->now, &logged, &e) < 0)
		return 0;
	if (json) {
		printf("  \"kaggle_reported\": {\"used_hours\": %s, ",
		    fmt_hours_centi(a, sizeof a, q.used_s));
		printf("\"logged_hours\": %s, ", fmt_hours_centi(b, sizeof b,
		    logged));
		printf("\"allowed_hours\": %s, \"taken_at\": \"%s\", ",
		    fmt_hours_centi(a, sizeof a, q.allowed_s),
		    fmt_iso_utc(d, sizeof d, q.taken_at));
		printf("\"resets\": \"%s\"},\n", fmt_iso_utc(b, sizeof b,
		    q.reset_at));
		return 1;
	}
	printf("  Kaggle reports %s h used this week (its figure of %s); "
	    "logged %s h\n", hours1(a, sizeof a, q.used_s), fmt_local(d,
	    sizeof d, q.taken_at, "%a %d %b %H:%M"), hours1(b, sizeof b,
	    logged));
	return 1;
}

/* gpulog sync's import: its files merged in one change, each file in a
 * part of its own. */
struct cli_merge {
	struct import im;
	struct run_sink sink;
	struct import_job job;
};

struct cli_merge *
cli_merge_begin(struct ctx *c, const char *what, struct err *e)
{
	struct cli_merge *m = xcalloc(1, sizeof *m);

	m->im.c = c;
	import_job_init(&m->im, &m->sink, &m->job);
	if (ops_import_begin(&c->ops, &m->im.w, what, NULL, NULL, e) < 0) {
		free(m);
		return NULL;
	}
	m->im.w.extra = &m->im.extra.cat;
	return m;
}

int
cli_merge_file(struct cli_merge *m, FILE *f, const char *label,
    struct err *e)
{
	int rc;

	if (ops_merge_part(&m->im.w, e) < 0)
		return -1;
	m->job.format = 0;
	rc = json_stream(f, label, &m->job, e);
	if (rc == 0 && m->job.format < 2)
		rc = err_set(e, "%s: an export of format %d, not a sync file",
		    label, m->job.format);
	import_extra_free(&m->im.extra);
	m->im.w.extra = &m->im.extra.cat;
	if (rc == 0)
		return ops_merge_part_done(&m->im.w, 1, e);
	/* Nothing of this file stays, nor its counts. */
	ops_merge_part_done(&m->im.w, 0, e);
	return -1;
}

static void
report_merge_all(const struct cli_merge *m, int dry)
{
	const struct ops_import *w = &m->im.w;

	if (w->added + w->updated + w->xadded + w->xupdated + w->removed +
	    w->nmerged + w->snap_added == 0) {
		puts(dry ? "nothing new would be merged" : "nothing new");
		return;
	}
	printf("%s %ld run%s (%ld updated, %ld already there) and %ld "
	    "expense%s\n", dry ? "would add" : "added", w->added,
	    plural(w->added), w->updated, w->there, w->xadded,
	    plural(w->xadded));
	report_merge(w, dry);
}

int
cli_merge_end(struct cli_merge *m, int dry, int ok, struct err *e)
{
	size_t k;
	int rc = 0;

	if (!ok)
		ops_import_abort(&m->im.w);
	else
		rc = ops_import_commit(&m->im.w, dry, e);
	if (ok && rc == 0)
		report_merge_all(m, dry);
	import_extra_free(&m->im.extra);
	for (k = 0; k < m->im.nnotices; k++)
		free(m->im.notices[k]);
	free(m->im.notices);
	free(m);
	return rc;
}
