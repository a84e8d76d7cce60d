/*
 * cmd-import.c: `gpulog import SOURCE [FILE|-] [--dry-run]`: reads a file
 * whole, has the SOURCE's importer check and parse it, and stores what it
 * finds in one change that `gpulog undo` takes back whole.  It knows the
 * table of importers and how rows reach the store; the formats are the
 * importers' business, the SQL the store's.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"
#include "core/budget.h"
#include "core/model.h"
#include "core/text.h"
#include "importers/importer.h"

#include "store/store.h"

enum { I_DRY_RUN = 1 };

const struct opt import_opts[] = {
	{ I_DRY_RUN, 0, "dry-run", NULL,
	    "count what would change; write nothing" },
	{ 0, 0, NULL, NULL, NULL },
};

#define NIMPORTERS importers_count

/* One import: the sink's state and what it counted. */
struct import {
	struct store *s;
	struct import_extra extra;  /* the file's catalog, from the importer */
	struct platform *known;     /* platforms in the database: the first */
	size_t nknown, nbefore;     /* nbefore were there before the import */
	long added, updated, there; /* runs */
	long xadded, xthere;        /* expenses */
	long nplat, nquota, nrate, nphase, nfx; /* catalog rows restored */
	int fresh;                  /* the database held no run or expense */
	long nsettings;             /* settings taken from the file */
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
	fprintf(stderr, "usage: gpulog import SOURCE [FILE|-] [--dry-run]\n");
	return NULL;
}

/* Reads path ("-" for stdin) whole into a malloc'd *buf. */
static int
read_whole(const char *path, char **buf, size_t *len, struct err *e)
{
	FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
	size_t cap = 1 << 16, n = 0, got;
	char *p;

	*buf = NULL;
	*len = 0;
	if (f == NULL)
		return err_set(e, "cannot read: %s", strerror(errno));
	p = xmalloc(cap);
	while ((got = fread(p + n, 1, cap - n, f)) > 0) {
		n += got;
		if (n == cap)
			p = xrealloc(p, cap *= 2);
	}
	if (ferror(f)) {
		err_set(e, "cannot read: %s", strerror(errno));
		free(p);
		if (f != stdin)
			fclose(f);
		return -1;
	}
	if (f != stdin)
		fclose(f);
	*buf = p;
	*len = n;
	return 0;
}

/*
 * Makes sure platform key is in the database: it is, or the file's own
 * catalog has it and it is added now (before the first row naming it).
 */
static int
ensure_platform(struct import *im, const char *key, struct err *e)
{
	size_t i;
	char *safe;

	for (i = 0; i < im->nknown; i++)
		if (strcmp(im->known[i].key, key) == 0)
			return 0;
	for (i = 0; i < im->extra.nplatforms; i++) {
		if (strcmp(im->extra.platforms[i].key, key) != 0)
			continue;
		/* New platforms sort after the ones already there. */
		if (store_set_platform(im->s, &im->extra.platforms[i],
		    (int)im->nknown, e) < 0)
			return -1;
		im->known = xrealloc(im->known, (im->nknown + 1) *
		    sizeof *im->known);
		im->known[im->nknown++] = im->extra.platforms[i];
		im->nplat++;
		return 0;
	}
	safe = text_safe(key);
	err_set(e, "unknown platform \"%s\": it is not in the database and "
	    "the file does not describe it", safe);
	free(safe);
	return -1;
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

	if (ensure_platform(im, r->platform, e) < 0 ||
	    (rc = store_import_run(im->s, r, e)) < 0)
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

	for (i = 0; i < x->nplatforms; i++)
		if (ensure_platform(im, x->platforms[i].key, e) < 0)
			goto out;
	for (i = 0; i < x->nquotas; i++) {
		if (!is_new_platform(im, x->quotas[i].platform))
			continue;
		if (store_set_quota(im->s, &x->quotas[i], e) < 0)
			goto out;
		im->nquota++;
	}
	for (i = 0; i < x->nrates; i++) {
		if (!is_new_platform(im, x->rates[i].platform))
			continue;
		if (store_set_rate(im->s, &x->rates[i], e) < 0)
			goto out;
		im->nrate++;
	}
	if (store_load_phases(im->s, &ph, &nph, e) < 0 ||
	    store_load_fx(im->s, &fx, &nfx, e) < 0)
		goto out;
	for (i = 0; i < x->nphases; i++) {
		for (covered = 0, j = 0; j < nph && !covered; j++)
			covered = x->phases[i].first_month <=
			    ph[j].last_month && ph[j].first_month <=
			    x->phases[i].last_month;
		if (covered)
			continue;
		if (store_set_phase(im->s, &x->phases[i], e) < 0)
			goto out;
		im->nphase++;
	}
	for (i = 0; i < x->nfx; i++) {
		for (covered = 0, j = 0; j < nfx && !covered; j++)
			covered = fx[j].day == x->fx[i].day;
		if (covered)
			continue;
		if (store_set_fx(im->s, x->fx[i].day, x->fx[i].usd_inr_micro,
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

static void
report(const struct import *im, int dry, const char *label)
{
	if (dry)
		printf("would add %ld run%s, update %ld, skip %ld (already "
		    "there); would add %ld expense%s\n", im->added,
		    plural(im->added), im->updated, im->there, im->xadded,
		    plural(im->xadded));
	else
		printf("imported %ld run%s (%ld updated, %ld already there) "
		    "and %ld expense%s from %s\n", im->added,
		    plural(im->added), im->updated, im->there, im->xadded,
		    plural(im->xadded), label);
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
}

int
cmd_import(struct ctx *c, const struct args *a)
{
	const struct importer *imp;
	struct run_sink sink;
	struct import im;
	struct err e, inner;
	const char *path = a->npos > 1 ? a->pos[1] : "-";
	const char *label = strcmp(path, "-") == 0 ? "stdin" : path;
	char *buf = NULL, what[256];
	size_t len;
	int dry = opt_has(a, I_DRY_RUN), rc = EXIT_FAIL;

	if ((imp = find_importer(a->pos[0])) == NULL)
		return EXIT_USAGE;
	if (a->npos < 2 && isatty(STDIN_FILENO))
		return cli_fail(EXIT_USAGE, "import: give a FILE, or - to "
		    "type the input");
	if (read_whole(path, &buf, &len, &e) < 0)
		return cli_fail(EXIT_FAIL, "%s: %s", label, e.msg);

	memset(&im, 0, sizeof im);
	im.s = c->s;
	sink.put = sink_run;
	sink.put_expense = sink_expense;
	sink.arg = &im;
	snprintf(what, sizeof what, "import %s %s", imp->name, label);
	/* Everything from here to the commit is one change. */
	if (store_begin(c->s, what, &e) < 0) {
		cli_fail(EXIT_FAIL, "%s: %s", label, e.msg);
		goto out;
	}
	if (store_load_platforms(c->s, &im.known, &im.nknown, &inner) < 0) {
		err_set(&e, "%s: %s", label, inner.msg);
		goto fail;
	}
	im.nbefore = im.nknown;
	if ((im.fresh = is_empty(c->s, &inner)) < 0) {
		err_set(&e, "%s: %s", label, inner.msg);
		goto fail;
	}
	/* The importer prefixes its messages (and the sink's) with label. */
	if (imp->parse(buf, len, label, &sink, &im.extra, &e) < 0)
		goto fail;
	if (restore_catalog(&im, &inner) < 0) {
		err_set(&e, "%s: %s", label, inner.msg);
		goto fail;
	}
	if (dry) {
		store_rollback(c->s);
		report(&im, 1, label);
		rc = EXIT_OK;
		goto out;
	}
	if (store_commit(c->s, &inner) < 0) {
		err_set(&e, "%s: %s", label, inner.msg);
		goto fail;
	}
	report(&im, 0, label);
	rc = EXIT_OK;
	goto out;
fail:
	store_rollback(c->s);
	cli_err(EXIT_FAIL, &e);
out:
	import_extra_free(&im.extra);
	free(im.known);
	free(buf);
	return rc;
}
