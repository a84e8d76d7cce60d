/*
 * csv.c: the generic CSV importer.  Reads a record at a time (csvread.c),
 * so a file of a million rows needs no more memory than one row; each row
 * is checked and handed on as it comes, and the caller's transaction makes
 * the whole file one change.
 */
#include "importers/csv.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/err.h"
#include "core/fmt.h"
#include "core/model.h"
#include "core/parse.h"
#include "core/text.h"
#include "importers/common.h"
#include "importers/csvread.h"
#include "importers/importer.h"

enum col {
	C_PLATFORM, C_START, C_END, C_DURATION, C_GPU, C_GPUS, C_COST,
	C_CURRENCY, C_NOTE, C_TAGS, C_PROJECT, C_ID, C_KIND, C_NCOLS
};

static const char *const col_names[C_NCOLS] = {
	"platform", "start", "end", "duration", "gpu", "gpus", "cost",
	"currency", "note", "tags", "project", "id", "kind"
};

/* Where each known column is in a record; -1 when absent. */
struct cols {
	int at[C_NCOLS];
};

/* The field for column c of a record with n fields; "" when absent. */
static const char *
field(const struct cols *k, enum col c, char **f, size_t n)
{
	int i = k->at[c];

	return i >= 0 && (size_t)i < n ? f[i] : "";
}

/* --map COL=HEADER: the column map names, or -1 with a message. */
static int
map_col(const char *m, const char **header, struct err *e)
{
	const char *eq = strchr(m, '=');
	int c;

	for (c = 0; eq != NULL && c < C_NCOLS; c++)
		if (strlen(col_names[c]) == (size_t)(eq - m) &&
		    strncasecmp(m, col_names[c], (size_t)(eq - m)) == 0)
			break;
	if (eq == NULL || eq[1] == '\0' || c == C_NCOLS) {
		char *safe = text_safe(m);

		err_set(e, "--map: invalid \"%s\": expected COLUMN=HEADER, "
		    "COLUMN one of platform, start, end, duration, gpu, gpus, "
		    "cost, currency, note, tags, project, id or kind (as in "
		    "cost=Amount)", safe);
		free(safe);
		return -1;
	}
	*header = eq + 1;
	return c;
}

/* The column header h stands for, by the header each column is read
 * from (its own name, or a --map's); C_NCOLS for none. */
static int
header_col(const char *h, const char *const *headers)
{
	int c;

	for (c = 0; c < C_NCOLS; c++)
		if (strcasecmp(h, headers[c]) == 0)
			return c;
	return C_NCOLS;
}

static int
read_header(const char *name, char **f, size_t n, struct cols *k,
    const struct import_job *job, struct err *e)
{
	const char *headers[C_NCOLS], *header;
	size_t i;
	int c;

	for (c = 0; c < C_NCOLS; c++) {
		k->at[c] = -1;
		headers[c] = col_names[c];
	}
	for (i = 0; i < job->ncolmap; i++) {
		if ((c = map_col(job->colmap[i], &header, e)) < 0)
			return -1;
		headers[c] = header;
	}
	for (i = 0; i < n; i++) {
		char *h = f[i];

		while (*h == ' ')
			h++;
		if ((c = header_col(h, headers)) == C_NCOLS)
			continue;
		if (k->at[c] >= 0)
			return err_set(e, "%s: line 1: column \"%s\" appears "
			    "twice", name, col_names[c]);
		k->at[c] = (int)i;
	}
	if (k->at[C_START] < 0)
		return err_set(e, "%s: line 1: no \"start\" column; the first "
		    "line must name the columns (platform,start,end,gpu,...; "
		    "see gpulog(1), IMPORT FORMATS), or name yours with --map "
		    "start=HEADER", name);
	/* A file that says each row's kind may hold expenses alone. */
	if (k->at[C_END] < 0 && k->at[C_DURATION] < 0 && k->at[C_KIND] < 0)
		return err_set(e, "%s: line 1: no \"end\" or \"duration\" "
		    "column", name);
	if (k->at[C_PLATFORM] < 0 && job->platform == NULL)
		return err_set(e, "%s: line 1: no \"platform\" column; add one "
		    "or give --platform KEY", name);
	return 0;
}

/* "a;b" or "a,b" into the model's "a,b"; NULL when empty. */
static int
read_tags(const char *s, char **out, char *why, size_t whylen)
{
	char *copy = xstrdup(s), *tok, *save = NULL, *res;
	size_t len = 0;

	res = xmalloc(strlen(s) + 1);
	res[0] = '\0';
	for (tok = strtok_r(copy, ";,", &save); tok != NULL;
	    tok = strtok_r(NULL, ";,", &save)) {
		char *end;

		while (*tok == ' ')
			tok++;
		end = tok + strlen(tok);
		while (end > tok && end[-1] == ' ')
			*--end = '\0';
		if (*tok == '\0')
			continue;
		if (!text_tag_ok(tok)) {
			char *sh = imp_shown(tok);

			snprintf(why, whylen, "invalid tag \"%s\": %s", sh,
			    text_tag_rule);
			free(sh);
			free(copy);
			free(res);
			return -1;
		}
		if (len > 0)
			res[len++] = ',';
		memcpy(res + len, tok, strlen(tok) + 1);
		len += strlen(tok);
	}
	free(copy);
	if (len == 0) {
		free(res);
		res = NULL;
	}
	*out = res;
	return 0;
}

/* An optional text field, malloc'd, NULL when empty. */
static char *
dup_or_null(const char *s)
{
	return s[0] != '\0' ? xstrdup(s) : NULL;
}

/* A row's platform, or --platform's when it names none, into out ("" for
 * none); -1 when it is no platform key. */
static int
read_platform(const struct cols *k, char **f, size_t n,
    const struct import_job *job, char *out, size_t len, struct err *e)
{
	const char *v = field(k, C_PLATFORM, f, n);
	char *sh;

	if (v[0] == '\0' && job->platform != NULL)
		v = job->platform;
	if (v[0] != '\0' && !text_is_name(v, len - 1, " ,")) {
		sh = imp_shown(v);
		err_set(e, "invalid platform \"%s\": expected a key such as "
		    "\"vast\"", sh);
		free(sh);
		return -1;
	}
	text_copy(out, len, v);
	return 0;
}

/*
 * Reads one record into r (run_init()ed by the caller).  Returns 0, or -1
 * with the bad field's name in *fld and the reason in e.
 */
static int
read_row(const struct cols *k, char **f, size_t n,
    const struct import_job *job, struct run *r, const char **fld,
    struct err *e)
{
	const char *v;
	char cur[4] = "", why[160], when[32];
	int64_t dur = 0, x;
	int hint;

	*fld = col_names[C_PLATFORM];
	if (read_platform(k, f, n, job, r->platform, sizeof r->platform, e) <
	    0)
		return -1;
	if (r->platform[0] == '\0')
		return err_set(e, "missing; give a platform key such as "
		    "\"vast\" (or --platform)");
	*fld = col_names[C_START];
	v = field(k, C_START, f, n);
	if (v[0] == '\0')
		return err_set(e, "missing; expected a time such as "
		    "\"2026-10-01 17:42\"");
	if (imp_time(v, 0, &r->start, e) < 0)
		return -1;
	*fld = col_names[C_DURATION];
	v = field(k, C_DURATION, f, n);
	if (v[0] != '\0') {
		if (parse_duration(v, &dur, e) < 0)
			return -1;
		if (dur > 366LL * 86400)
			return err_set(e, "%s is longer than a year", v);
	}
	*fld = col_names[C_END];
	v = field(k, C_END, f, n);
	if (v[0] != '\0') {
		if (imp_time(v, 0, &r->end, e) < 0)
			return -1;
		if (r->end <= r->start)
			return err_set(e, "%s is not after the start",
			    fmt_iso_utc(when, sizeof when, r->end));
		if (dur > 0 && llabs(r->end - r->start - dur) > 60)
			return err_set(e, "disagrees with the duration (%s)",
			    field(k, C_DURATION, f, n));
	} else if (dur > 0) {
		r->end = r->start + dur;
		if (r->end > TIME_MAX)
			return err_set(e, "the run ends after 2200; gpulog "
			    "keeps times from 1970 to 2200");
	} else {
		*fld = k->at[C_END] >= 0 ? col_names[C_END] :
		    col_names[C_DURATION];
		return err_set(e, "missing; a row needs an end or a duration");
	}
	if (r->end - r->start > 366LL * 86400)
		return err_set(e, "the run is longer than a year");
	/* As `gpulog add`: a run that has not ended yet is a typo unless
	 * the user says otherwise. */
	if (job->now > 0 && r->end > job->now && !job->future) {
		*fld = k->at[C_END] >= 0 ? col_names[C_END] :
		    col_names[C_DURATION];
		return err_set(e, "the run ends %s, after now; give --future "
		    "for a run that has not ended", fmt_iso_utc(when,
		    sizeof when, r->end));
	}
	*fld = col_names[C_GPU];
	v = field(k, C_GPU, f, n);
	if (strlen(v) >= sizeof r->gpu)
		return err_set(e, "too long: at most %zu bytes",
		    sizeof r->gpu - 1);
	if (v[0] != '\0' && !text_is_name(v, sizeof r->gpu - 1, ","))
		return err_set(e, "has control characters or commas");
	/* The count a name carries ("GPU T4 x2"); the gpus column wins. */
	imp_gpu(r->gpu, sizeof r->gpu, v, 0, &hint);
	if (hint > 0)
		r->gpus = hint;
	*fld = col_names[C_GPUS];
	v = field(k, C_GPUS, f, n);
	if (v[0] != '\0') {
		if (parse_int(v, "gpus", 1, 1024, &x, e) < 0)
			return -1;
		r->gpus = (int)x;
	}
	*fld = col_names[C_CURRENCY];
	v = field(k, C_CURRENCY, f, n);
	if (v[0] != '\0' && parse_currency(v, cur, e) < 0)
		return -1;
	*fld = col_names[C_COST];
	v = field(k, C_COST, f, n);
	if (v[0] != '\0') {
		int64_t zero;

		/* Nothing costs nothing in any currency: a bare 0 needs
		 * none. */
		if (cur[0] == '\0' && parse_fixed(v, 2, "cost", &zero, NULL) ==
		    0 && zero == 0) {
			r->cost_minor = 0;
			r->currency[0] = '\0';
		} else if (parse_money(v, 2, cur[0] ? cur : NULL,
		    &r->cost_minor, r->currency, e) < 0) {
			return -1;
		}
		if (cur[0] != '\0' && strcmp(cur, r->currency) != 0)
			return err_set(e, "in %s, but the currency column says "
			    "%s", r->currency, cur);
	}
	*fld = col_names[C_TAGS];
	if (read_tags(field(k, C_TAGS, f, n), &r->tags, why, sizeof why) < 0)
		return err_set(e, "%s", why);
	r->note = dup_or_null(field(k, C_NOTE, f, n));
	r->project = dup_or_null(field(k, C_PROJECT, f, n));
	strcpy(r->source, "csv");
	v = field(k, C_ID, f, n);
	if (v[0] != '\0') {
		r->source_id = xstrdup(v);
	} else {
		char id[96];

		snprintf(id, sizeof id, "%s@%s", r->platform,
		    fmt_iso_utc(when, sizeof when, r->start));
		r->source_id = xstrdup(id);
	}
	/* Stable on every read of the file, so that a second import finds
	 * the run already there. */
	r->created = r->modified = r->end;
	*fld = NULL;
	return 0;
}

/* 1 when a row's kind column makes it an expense, 0 a run; -1 with the
 * reason when it is neither. */
static int
row_is_expense(const struct cols *k, char **f, size_t n, struct err *e)
{
	const char *v = field(k, C_KIND, f, n);

	if (v[0] == '\0' || strcasecmp(v, "run") == 0)
		return 0;
	if (strcasecmp(v, "expense") == 0 || strcasecmp(v, "spend") == 0)
		return 1;
	{
		char *sh = imp_shown(v);

		err_set(e, "\"%s\": expected run, or expense (a payment)", sh);
		free(sh);
	}
	return -1;
}

/*
 * Reads an expense row into x (expense_init()ed): when it was paid (the
 * start column), what (cost and currency), on what platform (may be
 * none), its note and id.  Returns 0, or -1 with the bad field's name in
 * *fld and the reason in e.
 */
static int
read_expense(const struct cols *k, char **f, size_t n,
    const struct import_job *job, struct expense *x, const char **fld,
    struct err *e)
{
	const char *v;
	char cur[4] = "", when[32], id[160];

	*fld = col_names[C_PLATFORM];
	if (read_platform(k, f, n, job, x->platform, sizeof x->platform, e) <
	    0)
		return -1;
	*fld = col_names[C_START];
	v = field(k, C_START, f, n);
	if (v[0] == '\0')
		return err_set(e, "missing; an expense needs the time it was "
		    "paid");
	if (imp_time(v, 0, &x->at, e) < 0)
		return -1;
	if (job->now > 0 && x->at > job->now && !job->future)
		return err_set(e, "paid %s, after now; give --future for a "
		    "payment still to come", fmt_iso_utc(when, sizeof when,
		    x->at));
	*fld = col_names[C_CURRENCY];
	v = field(k, C_CURRENCY, f, n);
	if (v[0] != '\0' && parse_currency(v, cur, e) < 0)
		return -1;
	*fld = col_names[C_COST];
	v = field(k, C_COST, f, n);
	if (v[0] == '\0')
		return err_set(e, "missing; an expense needs what it cost");
	if (parse_money(v, 2, cur[0] ? cur : NULL, &x->amount_minor,
	    x->currency, e) < 0)
		return -1;
	if (cur[0] != '\0' && strcmp(cur, x->currency) != 0)
		return err_set(e, "in %s, but the currency column says %s",
		    x->currency, cur);
	if (x->amount_minor <= 0)
		return err_set(e, "%s: an expense costs more than 0", v);
	x->note = dup_or_null(field(k, C_NOTE, f, n));
	strcpy(x->source, "csv");
	strcpy(x->kind, "spend");
	x->units_centi = -1;
	v = field(k, C_ID, f, n);
	if (v[0] != '\0')
		snprintf(id, sizeof id, "%s", v);
	else
		snprintf(id, sizeof id, "expense@%s@%s@%lld%s", x->platform,
		    fmt_iso_utc(when, sizeof when, x->at),
		    (long long)x->amount_minor, x->currency);
	x->source_id = xstrdup(id);
	/* Stable on every read of the file, as a run's. */
	x->modified = x->at;
	*fld = NULL;
	return 0;
}

int
csv_import_stream(FILE *f, const char *name, struct import_job *job,
    struct err *e)
{
	struct csvr *rd = csvr_new(f, name, 0);
	struct cols k;
	struct run r;
	struct err inner;
	char **fl;
	size_t n;
	const char *fld;
	long rows = 0;
	int rc;

	rc = csvr_next(rd, &fl, &n, e);
	if (rc == 0)
		err_set(e, "%s: empty; expected a header line such as "
		    "\"platform,start,end,gpu,cost\"", name);
	if (rc <= 0 || read_header(name, fl, n, &k, job, e) < 0) {
		csvr_free(rd);
		return -1;
	}
	for (;;) {
		rc = csvr_next(rd, &fl, &n, &inner);
		if (rc == 0)
			break;
		if (rc < 0) {
			/* A record cut short cannot be skipped. */
			if (strstr(inner.msg, "too long") == NULL &&
			    strstr(inner.msg, "longer than") == NULL) {
				*e = inner;
				goto fail;
			}
			if (job->bad_row == NULL ||
			    job->bad_row(job->sink->arg, inner.msg, e) <
			    0) {
				if (job->bad_row == NULL)
					*e = inner;
				goto fail;
			}
			continue;
		}
		if ((rc = row_is_expense(&k, fl, n, &inner)) != 0) {
			struct expense x;

			expense_init(&x);
			if (rc < 0 || read_expense(&k, fl, n, job, &x, &fld,
			    &inner) < 0)
				rc = imp_bad(job, e, name, csvr_line(rd), rc < 0 ?
				    col_names[C_KIND] : fld, "%s", inner.msg);
			else if (job->sink->put_expense == NULL)
				rc = 0;
			else if ((rc = job->sink->put_expense(job->sink->arg,
			    &x, &inner)) == -2)
				rc = imp_bad(job, e, name, csvr_line(rd), NULL,
				    "%s", inner.msg);
			else if (rc < 0)
				err_set(e, "%s: line %zu: %s", name,
				    csvr_line(rd), inner.msg);
			expense_clear(&x);
			if (rc < 0)
				goto fail;
			continue;
		}
		run_init(&r);
		r.gpus = 1;
		r.cu_centi = -1;
		if (read_row(&k, fl, n, job, &r, &fld, &inner) < 0)
			rc = imp_bad(job, e, name, csvr_line(rd), fld, "%s",
			    inner.msg);
		else
			rc = imp_put(job, &r, name, csvr_line(rd), e);
		run_clear(&r);
		if (rc < 0)
			goto fail;
		if (++rows % 4096 == 0 && job->progress != NULL)
			job->progress(job->sink->arg, csvr_offset(rd));
	}
	if (job->progress != NULL)
		job->progress(job->sink->arg, csvr_offset(rd));
	csvr_free(rd);
	return 0;
fail:
	csvr_free(rd);
	return -1;
}
