/*
 * fields.c: the run and expense field tables and the JSON writer they
 * drive.  Text is built in memory; printing it is the caller's business.
 */
#include "core/fields.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/catalog.h"
#include "core/err.h"
#include "core/fmt.h"
#include "core/model.h"
#include "core/text.h"

#define AT(st, f) .off = offsetof(struct st, f), \
	.size = sizeof ((struct st *)0)->f
#define HEX_UID "0123456789abcdef0123456789abcdef"

/* What a --json row computes for a run. */
static int64_t
run_open(const void *rec, int64_t now)
{
	(void)now;
	return ((const struct run *)rec)->end == RUN_OPEN;
}

static int64_t
run_duration(const void *rec, int64_t now)
{
	const struct run *r = rec;

	return run_end_at(r, now) - r->start;
}

/* GPU-hours in hundredths, rounded to the nearest. */
static int64_t
run_gpu_hours(const void *rec, int64_t now)
{
	const struct run *r = rec;

	return hours_centi((run_end_at(r, now) - r->start) * r->gpus);
}

static int64_t
run_cost(const void *rec, int64_t now)
{
	return run_cost_at(rec, now);
}

/* A run's reference, the same on every machine (core/model.h). */
static const char *
run_ref(const void *rec, char *buf, size_t n)
{
	return uid_ref(((const struct run *)rec)->uid, buf, n);
}

const struct field fields_run[] = {
	{ .shown = "id", .kind = FK_INT64, AT(run, id), .csv = "id" },
	{ .name = "uid", .shown = "uid", .kind = FK_KEY, AT(run, uid),
	    .example = HEX_UID },
	{ .shown = "ref", .kind = FK_TEXT, .text = run_ref },
	{ .name = "platform", .shown = "platform", .kind = FK_KEY,
	    .flags = FF_REQUIRED, AT(run, platform), .example = "kaggle",
	    .csv = "platform" },
	{ .name = "gpu", .shown = "gpu", .kind = FK_TEXT,
	    .flags = FF_SHOWN_NULL_EMPTY, AT(run, gpu), .csv = "gpu" },
	{ .name = "gpus", .shown = "gpus", .kind = FK_INT, AT(run, gpus),
	    .min = 1, .max = 1000000, .def = 1, .csv = "gpus" },
	{ .name = "start", .shown = "start", .kind = FK_TIME,
	    .flags = FF_REQUIRED, AT(run, start), .csv = "start" },
	{ .name = "end", .shown = "end", .kind = FK_END, AT(run, end),
	    .csv = "end" },
	{ .shown = "open", .kind = FK_BOOL, .value = run_open },
	{ .shown = "duration_s", .kind = FK_INT64, .value = run_duration,
	    .csv = "duration_s" },
	{ .shown = "gpu_hours", .kind = FK_CENTI, .value = run_gpu_hours },
	{ .name = "cost_minor", .shown = "cost_minor", .kind = FK_MONEY,
	    AT(run, cost_minor), .max = FIELDS_EXACT_MAX, .value = run_cost,
	    .csv = "cost" },
	{ .name = "currency", .shown = "currency", .kind = FK_CURRENCY,
	    .flags = FF_SHOWN_NULL_EMPTY, AT(run, currency),
	    .csv = "currency" },
	{ .name = "rate_micro", .shown = "rate_micro", .kind = FK_INT64,
	    AT(run, rate_micro), .max = FIELDS_EXACT_MAX },
	{ .name = "cu_centi", .shown = "compute_units", .kind = FK_CENTI,
	    AT(run, cu_centi), .max = FIELDS_EXACT_MAX, .def = -1 },
	{ .name = "checkpointed", .shown = "checkpointed", .kind = FK_BOOL,
	    AT(run, checkpointed), .csv = "checkpointed" },
	{ .name = "project", .shown = "project", .kind = FK_STR,
	    AT(run, project), .csv = "project" },
	{ .name = "tags", .shown = "tags", .kind = FK_LIST, AT(run, tags),
	    .csv = "tags" },
	{ .name = "note", .shown = "note", .kind = FK_STR, AT(run, note),
	    .csv = "note" },
	{ .name = "source", .shown = "source", .kind = FK_KEY, AT(run, source),
	    .example = "json" },
	{ .name = "source_id", .shown = "source_id", .kind = FK_STR,
	    AT(run, source_id) },
	{ .name = "created", .kind = FK_TIME, AT(run, created) },
	{ .name = "modified", .kind = FK_TIME, AT(run, modified) },
};
const size_t fields_nrun = sizeof fields_run / sizeof fields_run[0];

/* An expense's reference, e3, as text output and --csv show it. */
static const char *
expense_ref(const void *rec, char *buf, size_t n)
{
	snprintf(buf, n, "e%lld", (long long)((const struct expense *)rec)->id);
	return buf;
}

static const char *
expense_uid_ref(const void *rec, char *buf, size_t n)
{
	return uid_ref(((const struct expense *)rec)->uid, buf, n);
}

/* Its kind as the rules read it: spend when none is stored. */
static const char *
expense_kind_word(const void *rec, char *buf, size_t n)
{
	(void)buf;
	(void)n;
	return expense_kind_name(expense_kind(rec));
}

const struct field fields_expense[] = {
	{ .shown = "id", .kind = FK_INT64, AT(expense, id) },
	{ .csv = "id", .kind = FK_TEXT, .text = expense_ref },
	{ .name = "uid", .shown = "uid", .kind = FK_KEY, AT(expense, uid),
	    .example = HEX_UID },
	{ .shown = "ref", .kind = FK_TEXT, .text = expense_uid_ref },
	{ .name = "at", .shown = "at", .kind = FK_TIME, .flags = FF_REQUIRED,
	    AT(expense, at), .csv = "at" },
	{ .name = "platform", .shown = "platform", .kind = FK_KEY,
	    .flags = FF_NULL_EMPTY | FF_SHOWN_NULL_EMPTY,
	    AT(expense, platform), .example = "colab-pro", .csv = "platform" },
	{ .name = "amount_minor", .shown = "amount_minor", .kind = FK_MONEY,
	    .flags = FF_REQUIRED, AT(expense, amount_minor), .min = 1,
	    .max = FIELDS_EXACT_MAX, .csv = "amount" },
	{ .name = "currency", .shown = "currency", .kind = FK_CURRENCY,
	    .flags = FF_REQUIRED, AT(expense, currency), .csv = "currency" },
	{ .name = "note", .shown = "note", .kind = FK_STR, AT(expense, note),
	    .csv = "note" },
	{ .name = "source", .shown = "source", .kind = FK_KEY,
	    AT(expense, source), .example = "json" },
	{ .name = "source_id", .shown = "source_id", .kind = FK_STR,
	    AT(expense, source_id) },
	{ .name = "kind", .shown = "kind", .kind = FK_KEY, AT(expense, kind),
	    .example = "pack" },
	{ .csv = "kind", .kind = FK_TEXT, .text = expense_kind_word },
	{ .name = "units_centi", .shown = "units", .kind = FK_CENTI,
	    AT(expense, units_centi), .max = FIELDS_EXACT_MAX, .def = -1,
	    .csv = "units" },
	{ .name = "modified", .kind = FK_TIME, AT(expense, modified) },
};
const size_t fields_nexpense =
    sizeof fields_expense / sizeof fields_expense[0];

const struct field fields_platform[] = {
	{ .name = "key", .shown = "key", .kind = FK_KEY, .flags = FF_REQUIRED,
	    AT(platform, key), .example = "kaggle" },
	{ .name = "name", .shown = "name", .kind = FK_TEXT,
	    AT(platform, name) },
	{ .name = "billing", .shown = "billing", .kind = FK_NAME,
	    AT(platform, billing), .names = billing_names,
	    .max = BILL_COUNT },
	{ .name = "gpu", .shown = "gpu", .kind = FK_TEXT, AT(platform, gpu) },
	{ .name = "vram", .shown = "vram", .kind = FK_TEXT,
	    AT(platform, vram) },
	{ .name = "cost_usd", .shown = "cost_usd", .kind = FK_TEXT,
	    AT(platform, cost_usd) },
	{ .name = "cost_inr", .shown = "cost_inr", .kind = FK_TEXT,
	    AT(platform, cost_inr) },
	{ .name = "session_cap_s", .shown = "session_cap_s",
	    .kind = FK_INT64, AT(platform, session_cap_s),
	    .max = 366 * 86400 },
	{ .name = "pack_days", .shown = "pack_days", .kind = FK_INT,
	    AT(platform, pack_days), .max = 3650 },
	{ .name = "session_text", .shown = "session_text", .kind = FK_TEXT,
	    AT(platform, session_text) },
	{ .name = "storage", .shown = "storage", .kind = FK_TEXT,
	    AT(platform, storage) },
	{ .name = "best_for", .shown = "best_for", .kind = FK_TEXT,
	    AT(platform, best_for) },
	{ .name = "default_gpu", .shown = "default_gpu", .kind = FK_TEXT,
	    AT(platform, default_gpu) },
	{ .name = "modified", .kind = FK_TIME, .flags = FF_OMIT_ZERO,
	    AT(platform, modified) },
};
const size_t fields_nplatform =
    sizeof fields_platform / sizeof fields_platform[0];

const struct field fields_rate[] = {
	{ .name = "platform", .shown = "platform", .kind = FK_KEY,
	    .flags = FF_REQUIRED, AT(rate, platform), .example = "vast" },
	{ .name = "gpu", .shown = "gpu", .kind = FK_TEXT,
	    .flags = FF_REQUIRED, AT(rate, gpu) },
	{ .name = "currency", .shown = "currency", .kind = FK_CURRENCY,
	    .flags = FF_REQUIRED, AT(rate, currency) },
	{ .name = "rate_micro", .kind = FK_INT64, AT(rate, rate_micro),
	    .max = RATE_MAX_MICRO },
	{ .shown = "per_gpu_hour", .kind = FK_MICRO,
	    AT(rate, rate_micro) },
	{ .name = "low_micro", .kind = FK_INT64, AT(rate, low_micro),
	    .max = RATE_MAX_MICRO },
	{ .shown = "low", .kind = FK_MICRO,
	    AT(rate, low_micro) },
	{ .name = "high_micro", .kind = FK_INT64, AT(rate, high_micro),
	    .max = RATE_MAX_MICRO },
	{ .shown = "high", .kind = FK_MICRO,
	    AT(rate, high_micro) },
	{ .name = "cu_centi_h", .kind = FK_INT64, AT(rate, cu_centi_h),
	    .max = FIELDS_EXACT_MAX },
	{ .shown = "cu_per_hour", .kind = FK_SCENTI, AT(rate, cu_centi_h) },
	{ .name = "updated", .kind = FK_TIME, AT(rate, updated) },
	{ .name = "source", .shown = "source", .kind = FK_KEY,
	    AT(rate, source), .example = "catalog" },
};
const size_t fields_nrate = sizeof fields_rate / sizeof fields_rate[0];

/* A growing string. */
struct sb {
	char *p;
	size_t len, cap;
};

static void
sb_add(struct sb *b, const char *s, size_t n)
{
	if (b->len + n + 1 > b->cap) {
		b->cap = (b->len + n + 1) * 2;
		b->p = xrealloc(b->p, b->cap);
	}
	memcpy(b->p + b->len, s, n);
	b->len += n;
	b->p[b->len] = '\0';
}

static void
sb_puts(struct sb *b, const char *s)
{
	sb_add(b, s, strlen(s));
}

static void sb_printf(struct sb *b, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static void
sb_printf(struct sb *b, const char *fmt, ...)
{
	char buf[96];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	sb_add(b, buf, n < 0 ? 0 : (size_t)n < sizeof buf ? (size_t)n :
	    sizeof buf - 1);
}

static void
sb_str(struct sb *b, const char *s)
{
	const unsigned char *p = (const unsigned char *)s;

	if (s == NULL) {
		sb_puts(b, "null");
		return;
	}
	sb_puts(b, "\"");
	for (; *p != '\0'; p++) {
		switch (*p) {
		case '"': sb_puts(b, "\\\""); break;
		case '\\': sb_puts(b, "\\\\"); break;
		case '\n': sb_puts(b, "\\n"); break;
		case '\r': sb_puts(b, "\\r"); break;
		case '\t': sb_puts(b, "\\t"); break;
		default:
			if (*p < 0x20 || *p == 0x7f) {
				sb_printf(b, "\\u%04x", *p);
			} else if (*p < 0x80) {
				sb_add(b, (const char *)p, 1);
			} else {
				unsigned cp;
				size_t n = text_utf8((const char *)p, &cp);

				/* Bytes that are not UTF-8 cannot be JSON:
				 * each is U+FFFD.  C1 controls act as
				 * escapes on some terminals: escaped. */
				if (n == 0)
					sb_puts(b, "\\ufffd");
				else if (cp <= 0x9f)
					sb_printf(b, "\\u%04x", cp);
				else
					sb_add(b, (const char *)p, n);
				if (n > 1)
					p += n - 1;
			}
		}
	}
	sb_puts(b, "\"");
}

static void
sb_list(struct sb *b, const char *list, const char *sep)
{
	const char *p = list, *comma;
	char *one;
	int n = 0;

	if (list == NULL) {
		sb_puts(b, "null");
		return;
	}
	sb_puts(b, "[");
	while (*p != '\0') {
		comma = strchr(p, ',');
		if (comma == NULL)
			comma = p + strlen(p);
		if (comma > p) {
			one = xstrndup(p, (size_t)(comma - p));
			sb_puts(b, n++ ? sep : "");
			sb_str(b, one);
			free(one);
		}
		p = *comma == ',' ? comma + 1 : comma;
	}
	sb_puts(b, "]");
}

char *
fields_json_str(const char *s)
{
	struct sb b = { NULL, 0, 0 };

	sb_str(&b, s);
	return b.p;
}

char *
fields_json_list(const char *list)
{
	struct sb b = { NULL, 0, 0 };

	sb_list(&b, list, ",");
	return b.p;
}

/* The number field f holds in rec (or computes at now, for a row). */
static int64_t
number(const struct field *f, const void *rec, int style, int64_t now)
{
	const char *at = (const char *)rec + f->off;
	int64_t v;
	int i;

	if (f->value != NULL && (style != FIELDS_EXPORT || f->name == NULL))
		return f->value(rec, now);
	if (f->kind == FK_INT || f->kind == FK_BOOL || f->kind == FK_NAME ||
	    f->kind == FK_YESNO) {
		memcpy(&i, at, sizeof i);
		return i;
	}
	memcpy(&v, at, sizeof v);
	return v;
}

/* Whether the number v of f is null by f's flags or kind. */
static int
number_null(const struct field *f, int64_t v)
{
	return ((f->flags & FF_NEG_NULL) && v < 0) ||
	    ((f->flags & FF_ZERO_NULL) && v == 0) ||
	    (f->kind == FK_CENTI && v < 0);
}

/* The text of a text field (NULL for null), for JSON or CSV alike. */
static const char *
text_of(const struct field *f, const void *rec, int style, char *buf,
    size_t n)
{
	const char *at = (const char *)rec + f->off;
	int nul = style == FIELDS_EXPORT ? FF_NULL_EMPTY : FF_SHOWN_NULL_EMPTY;
	const char *s;

	if (f->text != NULL)
		return f->text(rec, buf, n);
	if (f->kind == FK_STR || f->kind == FK_LIST) {
		memcpy(&s, at, sizeof s);
		return s;
	}
	return *at == '\0' && (f->flags & nul) ? NULL : at;
}

static void put_object(struct sb *b, const struct field *t, size_t n,
    const void *rec, int style, int64_t now);

static void
put_value(struct sb *b, const struct field *f, const void *rec, int style,
    int64_t now)
{
	char buf[64];
	const char *s;
	int64_t v;

	if (f->present != NULL && !f->present(rec)) {
		sb_puts(b, "null");
		return;
	}
	switch (f->kind) {
	case FK_INT:
	case FK_INT64:
	case FK_MONEY:
		v = number(f, rec, style, now);
		if (number_null(f, v))
			sb_puts(b, "null");
		else
			sb_printf(b, "%lld", (long long)v);
		break;
	case FK_BOOL:
	case FK_YESNO:
		sb_puts(b, number(f, rec, style, now) ? "true" : "false");
		break;
	case FK_TIME:
	case FK_END:
		v = number(f, rec, style, now);
		if ((f->kind == FK_END && v == RUN_OPEN) || number_null(f, v))
			sb_puts(b, "null");
		else
			sb_printf(b, "\"%s\"", fmt_iso_utc(buf, sizeof buf, v));
		break;
	case FK_CENTI:
	case FK_SCENTI:
		v = number(f, rec, style, now);
		if (number_null(f, v))
			sb_puts(b, "null");
		else if (style != FIELDS_EXPORT)
			sb_puts(b, fmt_centi(buf, sizeof buf, v));
		else
			sb_printf(b, "%lld", (long long)v);
		break;
	case FK_MICRO:
		v = number(f, rec, style, now);
		sb_puts(b, number_null(f, v) ? "null" : fmt_fixed6(buf,
		    sizeof buf, v));
		break;
	case FK_NAME:
		sb_printf(b, "\"%s\"", f->names[number(f, rec, style, now)]);
		break;
	case FK_TEXT:
	case FK_KEY:
	case FK_CURRENCY:
	case FK_STR:
		sb_str(b, text_of(f, rec, style, buf, sizeof buf));
		break;
	case FK_LIST:
		/* No tags are an empty array, not null. */
		s = text_of(f, rec, style, buf, sizeof buf);
		sb_list(b, s != NULL ? s : "", style == FIELDS_EXPORT ? ", " :
		    ",");
		break;
	case FK_OBJECT:
		put_object(b, f->sub, f->nsub, rec, style, now);
		break;
	}
}

static void
put_object(struct sb *b, const struct field *t, size_t n, const void *rec,
    int style, int64_t now)
{
	const char *key;
	size_t i;
	int first = 1;

	sb_puts(b, "{");
	for (i = 0; i < n; i++) {
		key = style == FIELDS_EXPORT ? t[i].name : t[i].shown;
		if (key == NULL || (style == FIELDS_EXPORT &&
		    (t[i].flags & FF_OMIT_ZERO) && number(&t[i], rec, style,
		    now) == 0))
			continue;
		if (!first)
			sb_puts(b, style == FIELDS_SHOWN ? "," : ", ");
		first = 0;
		sb_printf(b, style == FIELDS_SHOWN ? "\"%s\":" : "\"%s\": ",
		    key);
		put_value(b, &t[i], rec, style, now);
	}
	sb_puts(b, "}");
}

char *
fields_json(const struct field *t, size_t n, const void *rec, int style,
    int64_t now)
{
	struct sb b = { NULL, 0, 0 };

	put_object(&b, t, n, rec, style, now);
	return b.p;
}

char *
fields_csv_cell(const char *raw)
{
	struct sb b = { NULL, 0, 0 };
	char *s;
	const char *p;
	int quote;

	sb_puts(&b, "");
	if (raw == NULL)
		return b.p;
	s = text_safe(raw);
	quote = strpbrk(s, ",\"") != NULL;
	if (quote)
		sb_puts(&b, "\"");
	/* A cell a spreadsheet would run as a formula gets a leading ', as
	 * OWASP's CSV injection advice has it; a tab or CR first is already
	 * \t or \r, text_safe()'s. */
	if (s[0] != '\0' && strchr("=+-@", s[0]) != NULL)
		sb_puts(&b, "'");
	for (p = s; *p != '\0'; p++) {
		if (*p == '"')
			sb_puts(&b, "\"");
		sb_add(&b, p, 1);
	}
	if (quote)
		sb_puts(&b, "\"");
	free(s);
	return b.p;
}

static void
sb_cell(struct sb *b, const char *s)
{
	char *c = fields_csv_cell(s);

	sb_puts(b, c);
	free(c);
}

static void csv_cells(struct sb *b, const struct field *t, size_t n,
    const void *rec, int64_t now, int *first);

/* One field's cell (an object's, its cells, *first telling whether one
 * was written before); rec NULL: empty cells. */
static void
csv_value(struct sb *b, const struct field *f, const void *rec, int64_t now,
    int *first)
{
	char buf[64];
	const char *s;
	int64_t v;

	if (rec != NULL && f->present != NULL && !f->present(rec))
		rec = NULL;
	if (f->kind == FK_OBJECT) {
		csv_cells(b, f->sub, f->nsub, rec, now, first);
		return;
	}
	if (rec == NULL)
		return;
	switch (f->kind) {
	case FK_INT:
	case FK_INT64:
	case FK_BOOL:
	case FK_MONEY:
	case FK_CENTI:
	case FK_SCENTI:
	case FK_MICRO:
	case FK_TIME:
	case FK_END:
		v = number(f, rec, FIELDS_SHOWN, now);
		if (number_null(f, v) || (f->kind == FK_END && v == RUN_OPEN))
			break;
		if (f->kind == FK_MONEY || f->kind == FK_CENTI ||
		    f->kind == FK_SCENTI)
			sb_puts(b, fmt_centi(buf, sizeof buf, v));
		else if (f->kind == FK_MICRO)
			sb_puts(b, fmt_fixed6(buf, sizeof buf, v));
		else if (f->kind == FK_TIME || f->kind == FK_END)
			sb_puts(b, fmt_iso_utc(buf, sizeof buf, v));
		else
			sb_printf(b, "%lld", (long long)v);
		break;
	case FK_YESNO:
		sb_puts(b, number(f, rec, FIELDS_SHOWN, now) ? "yes" : "no");
		break;
	case FK_NAME:
		sb_puts(b, f->names[number(f, rec, FIELDS_SHOWN, now)]);
		break;
	case FK_LIST:
		s = text_of(f, rec, FIELDS_SHOWN, buf, sizeof buf);
		if (s != NULL && (f->flags & FF_CSV_SPACES)) {
			char *sp = xstrdup(s), *q;

			for (q = sp; *q != '\0'; q++)
				if (*q == ',')
					*q = ' ';
			sb_cell(b, sp);
			free(sp);
		} else {
			sb_cell(b, s);
		}
		break;
	default:
		s = text_of(f, rec, FIELDS_SHOWN, buf, sizeof buf);
		sb_cell(b, s);
		break;
	}
}

static void
csv_cells(struct sb *b, const struct field *t, size_t n, const void *rec,
    int64_t now, int *first)
{
	size_t i;

	for (i = 0; i < n; i++) {
		if (t[i].csv == NULL && t[i].kind != FK_OBJECT)
			continue;
		if (t[i].kind != FK_OBJECT) {
			sb_puts(b, *first ? "" : ",");
			*first = 0;
		}
		csv_value(b, &t[i], rec, now, first);
	}
}

static void
csv_names(struct sb *b, const struct field *t, size_t n, int *first)
{
	size_t i;

	for (i = 0; i < n; i++) {
		if (t[i].kind == FK_OBJECT) {
			csv_names(b, t[i].sub, t[i].nsub, first);
		} else if (t[i].csv != NULL) {
			sb_puts(b, *first ? "" : ",");
			sb_puts(b, t[i].csv);
			*first = 0;
		}
	}
}

char *
fields_csv_header(const struct field *t, size_t n)
{
	struct sb b = { NULL, 0, 0 };
	int first = 1;

	sb_puts(&b, "");
	csv_names(&b, t, n, &first);
	return b.p;
}

char *
fields_csv(const struct field *t, size_t n, const void *rec, int64_t now)
{
	struct sb b = { NULL, 0, 0 };
	int first = 1;

	sb_puts(&b, "");
	csv_cells(&b, t, n, rec, now, &first);
	return b.p;
}

const struct field *
fields_find(const struct field *t, size_t n, const char *name)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (t[i].name != NULL && strcmp(t[i].name, name) == 0)
			return &t[i];
	return NULL;
}
