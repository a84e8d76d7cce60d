/*
 * cmd-export.c: `gpulog export`: the whole database as one JSON document,
 * the format importers/json.c reads back.  Runs are streamed, never held
 * all at once.  A file is written whole or not at all (a temporary file
 * renamed over it).  It knows the format, not the SQL behind the rows.
 */
#ifndef _XOPEN_SOURCE
#define _XOPEN_SOURCE 700 /* realpath(), which glibc counts as XSI */
#endif

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/cli.h"
#include "core/budget.h"
#include "core/catalog.h"
#include "core/clock.h"
#include "core/fields.h"
#include "core/fmt.h"
#include "core/fx.h"
#include "core/model.h"
#include "core/quota.h"
#include "core/snapshot.h"
#include "importers/json.h"
#include "store/store.h"
#include "store/sync.h"

enum { X_OUTPUT = 1, X_HLEDGER };

const struct opt export_opts[] = {
	{ X_OUTPUT, 'o', "output", "FILE",
	    "write to FILE (replaced whole) instead of stdout" },
	{ X_HLEDGER, 0, "hledger", NULL, "write the spend as an hledger "
	    "journal instead" },
	{ 0, 0, NULL, NULL, NULL },
};

/* "key": "value", or "key": null when v is NULL. */
static void
put_str(FILE *f, const char *key, const char *v)
{
	fprintf(f, "\"%s\": ", key);
	json_str(f, v);
}

static void
put_time(FILE *f, const char *key, int64_t t)
{
	char buf[32];

	fprintf(f, "\"%s\": \"%s\"", key, fmt_iso_utc(buf, sizeof buf, t));
}

/*
 * A fixed-point number v / 10^digits without trailing zeros ("30",
 * "12.5").  Printed by hand: printf's "%g" follows LC_NUMERIC, which may
 * write a comma, and JSON wants a point.
 */
static void
put_fixed(FILE *f, int64_t v, int digits)
{
	int64_t scale = 1;
	char frac[24];
	int i;

	if (digits < 0 || digits > 18)
		digits = 18;
	for (i = 0; i < digits; i++)
		scale *= 10;
	fprintf(f, "%s%lld", v < 0 ? "-" : "", (long long)(v < 0 ? -v : v) /
	    scale);
	v = (v < 0 ? -v : v) % scale;
	if (v == 0)
		return;
	snprintf(frac, sizeof frac, "%0*lld", digits, (long long)v);
	for (i = digits; i > 0 && frac[i - 1] == '0'; i--)
		frac[i - 1] = '\0';
	fprintf(f, ".%s", frac);
}

/* ", \"modified\": TIME" when t is a change's time (0 is the catalog's,
 * older than any change, and is left out). */
static void
put_modified(FILE *f, int64_t t)
{
	if (t <= 0)
		return;
	fputs(", ", f);
	put_time(f, "modified", t);
}

/* What the row callbacks share. */
struct walk {
	FILE *f;
	size_t n;
};

/* Starts element i of a list on its own line. */
static void
item(FILE *f, size_t i)
{
	fputs(i ? ",\n    {" : "\n    {", f);
}

static int
put_setting(const char *key, const char *value, int64_t modified, void *arg)
{
	struct walk *w = arg;

	if (!setting_travels(key))
		return 0;
	item(w->f, w->n++);
	put_str(w->f, "key", key);
	fputs(", ", w->f);
	put_str(w->f, "value", value);
	put_modified(w->f, modified);
	fputc('}', w->f);
	return ferror(w->f) ? -1 : 0;
}

static int
put_settings(FILE *f, struct store *s, int all, struct err *e)
{
	struct walk w = { f, 0 };
	int rc;

	fputs("  \"settings\": [", f);
	if (all && (rc = store_each_setting(s, put_setting, &w, e)) != 0 &&
	    !ferror(f))
		return -1;
	fprintf(f, "%s],\n", w.n ? "\n  " : "");
	return 0;
}

/* Opens a section "key": [ and closes it. */
static void
open_list(FILE *f, const char *key)
{
	fprintf(f, "  \"%s\": [", key);
}

static void
close_list(FILE *f, size_t n, int last)
{
	fprintf(f, "%s]%s\n", n ? "\n  " : "", last ? "" : ",");
}

/* The catalog's sections; empty ones unless all. */
static int
put_catalog(FILE *f, struct store *s, int all, int last, struct err *e)
{
	struct platform *p = NULL;
	struct quota *q = NULL;
	struct rate *r = NULL;
	struct phase *ph = NULL;
	struct fx_point *fx = NULL;
	size_t np, nq, nr, nph, nfx, i;
	int64_t exact;
	int rc = -1, places;

	np = nq = nr = nph = nfx = 0;
	if (all && (store_load_platforms(s, &p, &np, e) < 0 ||
	    store_load_quotas(s, &q, &nq, e) < 0 ||
	    store_load_rates(s, &r, &nr, e) < 0 ||
	    store_load_phases(s, &ph, &nph, e) < 0 ||
	    store_load_fx(s, &fx, &nfx, e) < 0))
		goto out;

	open_list(f, "platforms");
	for (i = 0; i < np; i++) {
		char *j = fields_json(fields_platform, fields_nplatform, &p[i],
		    FIELDS_EXPORT, 0);

		fputs(i ? ",\n    " : "\n    ", f);
		fputs(j, f);
		free(j);
	}
	close_list(f, np, 0);

	open_list(f, "quotas");
	for (i = 0; i < nq; i++) {
		item(f, i);
		put_str(f, "platform", q[i].platform);
		/* The unit of the amount (hours of either meter are
		 * "gpu_hours", as before the meter), and the meter. */
		fprintf(f, ", \"unit\": \"%s\", \"meter\": \"%s\", "
		    "\"amount\": ", quota_meter(q[i].unit)->amount,
		    quota_meter_name(q[i].unit));
		/* Seconds as hours to the micro-hour, or compute units
		 * (credits) from hundredths: both read back exactly. */
		exact = quota_exact(q[i].unit, q[i].amount, &places);
		put_fixed(f, exact, places);
		fprintf(f, ", \"window\": \"%s\", \"reset_wday\": %d, "
		    "\"reset_mday\": %d, \"reset_min\": %d, "
		    "\"rolling_days\": %d", quota_window_word(q[i].window),
		    q[i].reset_wday, q[i].reset_mday, q[i].reset_min,
		    q[i].rolling_days);
		put_modified(f, q[i].modified);
		fputc('}', f);
	}
	close_list(f, nq, 0);

	open_list(f, "rates");
	for (i = 0; i < nr; i++) {
		char *j = fields_json(fields_rate, fields_nrate, &r[i],
		    FIELDS_EXPORT, 0);

		fputs(i ? ",\n    " : "\n    ", f);
		fputs(j, f);
		free(j);
	}
	close_list(f, nr, 0);

	open_list(f, "phases");
	for (i = 0; i < nph; i++) {
		item(f, i);
		fprintf(f, "\"first_month\": %d, \"last_month\": %d, ",
		    ph[i].first_month, ph[i].last_month);
		put_str(f, "name", ph[i].name);
		fputs(", ", f);
		put_str(f, "platforms", ph[i].platforms);
		fputs(", ", f);
		put_str(f, "where", ph[i].where);
		fputs(", ", f);
		put_str(f, "reason", ph[i].reason);
		fprintf(f, ", \"budget_min_minor\": %lld, "
		    "\"budget_max_minor\": %lld, ",
		    (long long)ph[i].budget_min_minor,
		    (long long)ph[i].budget_max_minor);
		put_str(f, "currency", ph[i].currency);
		fputc('}', f);
	}
	close_list(f, nph, 0);

	open_list(f, "fx");
	for (i = 0; i < nfx; i++) {
		int64_t y;
		int m, d;

		civil_from_days(fx[i].day, &y, &m, &d);
		item(f, i);
		fprintf(f, "\"date\": \"%04lld-%02d-%02d\", "
		    "\"usd_inr_micro\": %lld", (long long)y, m, d,
		    (long long)fx[i].usd_inr_micro);
		put_modified(f, fx[i].modified);
		fputc('}', f);
	}
	close_list(f, nfx, last);
	rc = 0;
out:
	free(fx);
	free(ph);
	free(r);
	free(q);
	free(p);
	return rc;
}

/* A record, from its field table. */
static int
put_record(struct walk *w, const struct field *t, size_t n, const void *rec)
{
	char *j = fields_json(t, n, rec, FIELDS_EXPORT, 0);

	fputs(w->n++ ? ",\n    " : "\n    ", w->f);
	fputs(j, w->f);
	free(j);
	/* Stop early on a write error (a full disk) rather than walk on. */
	return ferror(w->f) ? -1 : 0;
}

static int
put_run(const struct run *r, void *arg)
{
	return put_record(arg, fields_run, fields_nrun, r);
}

static int
put_expense(const struct expense *x, void *arg)
{
	return put_record(arg, fields_expense, fields_nexpense, x);
}

/* "key": n, or "key": null for an unknown (negative) n. */
static void
put_opt(FILE *f, const char *key, int64_t n)
{
	if (n < 0)
		fprintf(f, ", \"%s\": null", key);
	else
		fprintf(f, ", \"%s\": %lld", key, (long long)n);
}

static int
put_metrics(const char *uid, const struct run_metrics *m, void *arg)
{
	struct walk *w = arg;

	item(w->f, w->n++);
	put_str(w->f, "uid", uid);
	fprintf(w->f, ", \"samples\": %lld", (long long)m->samples);
	put_opt(w->f, "peak_mem_mib", m->peak_mem_mib);
	put_opt(w->f, "mem_total_mib", m->mem_total_mib);
	put_opt(w->f, "mean_util_pct", m->mean_util_pct);
	put_opt(w->f, "energy_wh_milli", m->energy_wh_milli);
	put_opt(w->f, "own_mem_mib", m->own_mem_mib);
	fprintf(w->f, ", \"exit_status\": %d, ", m->exit_status);
	put_str(w->f, "command", m->command);
	fputc('}', w->f);
	return ferror(w->f) ? -1 : 0;
}

static int
put_snapshot(const struct quota_snapshot *q, void *arg)
{
	struct walk *w = arg;

	item(w->f, w->n++);
	put_str(w->f, "platform", q->platform);
	fputs(", ", w->f);
	put_time(w->f, "taken_at", q->taken_at);
	fprintf(w->f, ", \"used_s\": %lld, \"reserved_s\": %lld, "
	    "\"allowed_s\": %lld", (long long)q->used_s,
	    (long long)q->reserved_s, (long long)q->allowed_s);
	if (q->reset_at > 0) {
		fputs(", ", w->f);
		put_time(w->f, "reset_at", q->reset_at);
	}
	fputs(", ", w->f);
	put_str(w->f, "source", q->source);
	fputc('}', w->f);
	return ferror(w->f) ? -1 : 0;
}

static int
put_tombstone(const char *kind, const char *key, int64_t at, void *arg)
{
	struct walk *w = arg;

	if (strcmp(kind, "setting") == 0 && !setting_travels(key))
		return 0;
	item(w->f, w->n++);
	put_str(w->f, "kind", kind);
	fputs(", ", w->f);
	put_str(w->f, "key", key);
	fputs(", ", w->f);
	put_time(w->f, "removed_at", at);
	fputc('}', w->f);
	return ferror(w->f) ? -1 : 0;
}

/* Closes a section a store walk wrote (rc its result) and says whether
 * to go on: a write error leaves e alone, for the caller to report. */
static int
section_done(FILE *f, struct walk *w, int rc, int last)
{
	if (rc != 0 && !ferror(f))
		return -1;
	close_list(f, w->n, last);
	w->n = 0;
	return 0;
}

/* Closes the document and says whether every byte reached f. */
static int
doc_end(FILE *f, const char *label, struct err *e)
{
	fputs("}\n", f);
	if (fflush(f) != 0 || ferror(f))
		return err_set(e, "cannot write %s: %s", label,
		    strerror(errno ? errno : EIO));
	return 0;
}

/*
 * Writes the document to f, named label in messages.  Returns 0, or -1
 * with e set, a write error (a full disk) included.
 */
int
cli_export_doc(FILE *f, const char *label, struct ctx *c,
    const struct sync_head *h, struct err *e)
{
	unsigned has = h != NULL && h->segment ? h->segment : ~0u;
	int seg = h != NULL && h->segment;
	struct filter all;
	struct walk w;
	char now[32];

	fprintf(f, "{\n  \"gpulog_export\": %d,\n  \"schema\": %d,\n",
	    JSON_EXPORT_FORMAT, STORE_SCHEMA_VERSION);
	/* A sync file names its machine and no time, so that writing it
	 * again with nothing changed gives the same bytes. */
	if (h != NULL)
		fprintf(f, "  \"machine\": \"%s\",\n  \"log\": \"%s\",\n"
		    "  \"%s\": %lld,\n", h->machine, h->log, seg ? "segment" :
		    "through", (long long)h->seq);
	else
		fprintf(f, "  \"exported\": \"%s\",\n", fmt_iso_utc(now,
		    sizeof now, c->now));
	if (put_settings(f, c->s, has & 1u << PEND_SETTINGS, e) < 0 ||
	    put_catalog(f, c->s, has & 1u << PEND_CATALOG, 0, e) < 0)
		return -1;
	memset(&all, 0, sizeof all);
	all.pending = seg;
	/* The callbacks stop a walk at a write error, leaving e unset. */
	w.f = f;
	w.n = 0;
	open_list(f, "runs");
	if (section_done(f, &w, has & 1u << PEND_RUNS ? store_each_run(c->s,
	    &all, put_run, &w, e) : 0, 0) < 0)
		return -1;
	open_list(f, "metrics");
	if (section_done(f, &w, has & 1u << PEND_METRICS ?
	    store_each_metrics(c->s, seg, put_metrics, &w, e) : 0, 0) < 0)
		return -1;
	open_list(f, "expenses");
	if (section_done(f, &w, !(has & 1u << PEND_EXPENSES) ? 0 : seg ?
	    store_each_pending_expense(c->s, put_expense, &w, e) :
	    store_each_expense(c->s, INT64_MIN, 0, put_expense, &w, e), 0) < 0)
		return -1;
	open_list(f, "snapshots");
	if (section_done(f, &w, has & 1u << PEND_SNAPSHOTS ?
	    store_each_snapshot(c->s, seg, put_snapshot, &w, e) : 0, 0) < 0)
		return -1;
	open_list(f, "tombstones");
	if (section_done(f, &w, has & 1u << PEND_TOMBSTONES ?
	    store_each_tombstone(c->s, put_tombstone, &w, e) : 0, 1) < 0)
		return -1;
	return doc_end(f, label, e);
}

int
cli_export_catalog(FILE *f, const char *label, struct ctx *c, struct err *e)
{
	char now[32];

	fprintf(f, "{\n  \"gpulog_export\": %d,\n  \"schema\": %d,\n"
	    "  \"exported\": \"%s\",\n", JSON_EXPORT_FORMAT,
	    STORE_SCHEMA_VERSION, fmt_iso_utc(now, sizeof now, c->now));
	if (put_catalog(f, c->s, 1, 1, e) < 0)
		return -1;
	return doc_end(f, label, e);
}

/*
 * Writes the document to target through a temporary file beside it,
 * renamed over target only when every byte is on disk; messages name
 * path, as the user gave it.  The file is 0600 (mkstemp's), as the
 * database is: it holds the same spend.
 */
/* What is written: the JSON document, or the journal. */
typedef int (*writer)(FILE *f, const char *label, struct ctx *c,
    struct err *e);

static int
json_doc(FILE *f, const char *label, struct ctx *c, struct err *e)
{
	return cli_export_doc(f, label, c, NULL, e);
}

static int
export_file(struct ctx *c, writer put, const char *target, const char *path)
{
	struct err e;
	size_t n = strlen(target) + 16;
	char *tmp = xmalloc(n);
	FILE *f = NULL;
	int fd, rc, ok = 0;

	snprintf(tmp, n, "%s.tmpXXXXXX", target);
	if ((fd = mkstemp(tmp)) < 0) {
		free(tmp);
		return cli_fail(EXIT_FAIL, "cannot write %s: %s", path,
		    strerror(errno));
	}
	if ((f = fdopen(fd, "w")) == NULL) {
		err_set(&e, "cannot write %s: %s", path, strerror(errno));
		close(fd);
		goto out;
	}
	if (put(f, path, c, &e) < 0)
		goto out;
	if (fsync(fileno(f)) != 0) {
		err_set(&e, "cannot write %s: %s", path, strerror(errno));
		goto out;
	}
	rc = fclose(f);
	f = NULL;
	if (rc != 0 || rename(tmp, target) != 0) {
		err_set(&e, "cannot write %s: %s", path, strerror(errno));
		goto out;
	}
	ok = 1;
out:
	if (f != NULL)
		fclose(f);
	if (!ok)
		unlink(tmp);
	free(tmp);
	return ok ? EXIT_OK : cli_err(EXIT_FAIL, &e);
}

/* Writes the document straight into path, a device or a pipe
 * (/dev/stdout), which cannot be replaced. */
static int
export_stream(struct ctx *c, writer put, const char *path)
{
	struct err e;
	FILE *f;
	int rc;

	if ((f = fopen(path, "w")) == NULL)
		return cli_fail(EXIT_FAIL, "cannot write %s: %s", path,
		    strerror(errno));
	rc = put(f, path, c, &e);
	if (fclose(f) != 0 && rc == 0)
		rc = err_set(&e, "cannot write %s: %s", path, strerror(errno));
	return rc < 0 ? cli_err(EXIT_FAIL, &e) : EXIT_OK;
}

static int export_to(struct ctx *c, writer put, const char *path);

/* The checks on path, then the document put writes, in one read. */
static int
export_checked(struct ctx *c, writer put, const char *path)
{
	struct err e;
	int rc;

	if (path != NULL && *path == '\0')
		return cli_fail(EXIT_USAGE, "export: -o needs a FILE name");
	if (path != NULL && cli_is_db_file(c, path))
		return cli_fail(EXIT_USAGE, "export: %s is the database (or "
		    "its -wal or -shm); export to another file", path);
	if (store_read_begin(c->s, &e) < 0)
		return cli_err(EXIT_FAIL, &e);
	rc = export_to(c, put, path);
	store_read_end(c->s);
	return rc;
}

int
cli_export_to(struct ctx *c, int catalog, const char *path)
{
	return export_checked(c, catalog ? cli_export_catalog : json_doc,
	    path);
}

int
cmd_export(struct ctx *c, const struct args *a)
{
	return export_checked(c, opt_has(a, X_HLEDGER) ? cli_export_hledger :
	    json_doc, opt_get(a, X_OUTPUT));
}

/* Writes the document to path, or to stdout for NULL or "-". */
static int
export_to(struct ctx *c, writer put, const char *path)
{
	struct stat st;
	struct err e;
	char *real;
	int rc;

	if (path == NULL || strcmp(path, "-") == 0) {
		/* main() reports a write error on stdout on the way out. */
		if (put(stdout, "standard output", c, &e) < 0)
			return ferror(stdout) ? EXIT_FAIL :
			    cli_err(EXIT_FAIL, &e);
		return EXIT_OK;
	}
	if (stat(path, &st) == 0 && !S_ISREG(st.st_mode))
		return export_stream(c, put, path);
	/* Through a symbolic link, replace the file it names, not the
	 * link; a new file has no real path yet. */
	real = realpath(path, NULL);
	rc = export_file(c, put, real != NULL ? real : path, path);
	free(real);
	return rc;
}
