/*
 * fields.c: the run and expense field tables and the JSON writer they
 * drive.  Text is built in memory; printing it is the caller's business.
 */
#include "core/fields.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/err.h"
#include "core/fmt.h"
#include "core/model.h"

#define AT(st, f) offsetof(struct st, f), sizeof ((struct st *)0)->f
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

const struct field fields_run[] = {
	{ NULL, "id", FK_INT64, 0, AT(run, id), 0, 0, 0, NULL, NULL },
	{ "uid", "uid", FK_KEY, 0, AT(run, uid), 0, 0, 0, HEX_UID, NULL },
	{ "platform", "platform", FK_KEY, FF_REQUIRED, AT(run, platform), 0,
	    0, 0, "kaggle", NULL },
	{ "gpu", "gpu", FK_TEXT, FF_SHOWN_NULL_EMPTY, AT(run, gpu), 0, 0, 0,
	    NULL, NULL },
	{ "gpus", "gpus", FK_INT, 0, AT(run, gpus), 1, 1000000, 1, NULL,
	    NULL },
	{ "start", "start", FK_TIME, FF_REQUIRED, AT(run, start), 0, 0, 0,
	    NULL, NULL },
	{ "end", "end", FK_END, 0, AT(run, end), 0, 0, 0, NULL, NULL },
	{ NULL, "open", FK_BOOL, 0, 0, 0, 0, 0, 0, NULL, run_open },
	{ NULL, "duration_s", FK_INT64, 0, 0, 0, 0, 0, 0, NULL,
	    run_duration },
	{ NULL, "gpu_hours", FK_CENTI, 0, 0, 0, 0, 0, 0, NULL,
	    run_gpu_hours },
	{ "cost_minor", "cost_minor", FK_MONEY, 0, AT(run, cost_minor), 0,
	    FIELDS_EXACT_MAX, 0, NULL, run_cost },
	{ "currency", "currency", FK_CURRENCY, FF_SHOWN_NULL_EMPTY,
	    AT(run, currency), 0, 0, 0, NULL, NULL },
	{ "rate_micro", "rate_micro", FK_INT64, 0, AT(run, rate_micro), 0,
	    FIELDS_EXACT_MAX, 0, NULL, NULL },
	{ "cu_centi", "compute_units", FK_CENTI, 0, AT(run, cu_centi), 0,
	    FIELDS_EXACT_MAX, -1, NULL, NULL },
	{ "checkpointed", "checkpointed", FK_BOOL, 0, AT(run, checkpointed),
	    0, 0, 0, NULL, NULL },
	{ "note", "note", FK_STR, 0, AT(run, note), 0, 0, 0, NULL, NULL },
	{ "project", "project", FK_STR, 0, AT(run, project), 0, 0, 0, NULL,
	    NULL },
	{ "tags", "tags", FK_LIST, 0, AT(run, tags), 0, 0, 0, NULL, NULL },
	{ "source", "source", FK_KEY, 0, AT(run, source), 0, 0, 0, "json",
	    NULL },
	{ "source_id", "source_id", FK_STR, 0, AT(run, source_id), 0, 0, 0,
	    NULL, NULL },
	{ "created", NULL, FK_TIME, 0, AT(run, created), 0, 0, 0, NULL,
	    NULL },
	{ "modified", NULL, FK_TIME, 0, AT(run, modified), 0, 0, 0, NULL,
	    NULL },
};
const size_t fields_nrun = sizeof fields_run / sizeof fields_run[0];

const struct field fields_expense[] = {
	{ NULL, "id", FK_INT64, 0, AT(expense, id), 0, 0, 0, NULL, NULL },
	{ "uid", "uid", FK_KEY, 0, AT(expense, uid), 0, 0, 0, HEX_UID, NULL },
	{ "at", "at", FK_TIME, FF_REQUIRED, AT(expense, at), 0, 0, 0, NULL,
	    NULL },
	{ "platform", "platform", FK_KEY, FF_NULL_EMPTY | FF_SHOWN_NULL_EMPTY,
	    AT(expense, platform), 0, 0, 0, "colab-pro", NULL },
	{ "amount_minor", "amount_minor", FK_MONEY, FF_REQUIRED,
	    AT(expense, amount_minor), 1, FIELDS_EXACT_MAX, 0, NULL, NULL },
	{ "currency", "currency", FK_CURRENCY, FF_REQUIRED,
	    AT(expense, currency), 0, 0, 0, NULL, NULL },
	{ "note", "note", FK_STR, 0, AT(expense, note), 0, 0, 0, NULL, NULL },
	{ "source", "source", FK_KEY, 0, AT(expense, source), 0, 0, 0, "json",
	    NULL },
	{ "source_id", "source_id", FK_STR, 0, AT(expense, source_id), 0, 0,
	    0, NULL, NULL },
	{ "kind", "kind", FK_KEY, 0, AT(expense, kind), 0, 0, 0, "pack",
	    NULL },
	{ "units_centi", "units", FK_CENTI, 0, AT(expense, units_centi), 0,
	    FIELDS_EXACT_MAX, -1, NULL, NULL },
	{ "modified", NULL, FK_TIME, 0, AT(expense, modified), 0, 0, 0, NULL,
	    NULL },
};
const size_t fields_nexpense = sizeof fields_expense / sizeof fields_expense[0];

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

/* The length of the UTF-8 sequence at p and its code point in *cp, or 0
 * when it is not one (overlong, a surrogate, past U+10FFFF, cut short). */
static size_t
utf8_seq(const unsigned char *p, unsigned *cp)
{
	size_t n, i;

	if (p[0] >= 0xc2 && p[0] <= 0xdf)
		n = 2, *cp = p[0] & 0x1f;
	else if (p[0] >= 0xe0 && p[0] <= 0xef)
		n = 3, *cp = p[0] & 0x0f;
	else if (p[0] >= 0xf0 && p[0] <= 0xf4)
		n = 4, *cp = p[0] & 0x07;
	else
		return 0;
	for (i = 1; i < n; i++) {
		if ((p[i] & 0xc0) != 0x80)
			return 0;
		*cp = *cp << 6 | (p[i] & 0x3f);
	}
	if ((n == 3 && *cp < 0x800) || (n == 4 && *cp < 0x10000) ||
	    *cp > 0x10ffff || (*cp >= 0xd800 && *cp <= 0xdfff))
		return 0;
	return n;
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
				size_t n = utf8_seq(p, &cp);

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

	if (f->value != NULL && (style == FIELDS_SHOWN || f->name == NULL))
		return f->value(rec, now);
	if (f->kind == FK_INT || f->kind == FK_BOOL) {
		memcpy(&i, at, sizeof i);
		return i;
	}
	memcpy(&v, at, sizeof v);
	return v;
}

static void
put_value(struct sb *b, const struct field *f, const void *rec, int style,
    int64_t now)
{
	const char *at = (const char *)rec + f->off;
	int nul = style == FIELDS_SHOWN ? FF_SHOWN_NULL_EMPTY : FF_NULL_EMPTY;
	char buf[48];
	const char *s;
	int64_t v;

	switch (f->kind) {
	case FK_INT:
	case FK_INT64:
	case FK_MONEY:
		sb_printf(b, "%lld", (long long)number(f, rec, style, now));
		break;
	case FK_BOOL:
		sb_puts(b, number(f, rec, style, now) ? "true" : "false");
		break;
	case FK_TIME:
	case FK_END:
		v = number(f, rec, style, now);
		if (f->kind == FK_END && v == RUN_OPEN)
			sb_puts(b, "null");
		else
			sb_printf(b, "\"%s\"", fmt_iso_utc(buf, sizeof buf, v));
		break;
	case FK_CENTI:
		v = number(f, rec, style, now);
		if (v < 0)
			sb_puts(b, "null");
		else if (style == FIELDS_SHOWN)
			sb_puts(b, fmt_centi(buf, sizeof buf, v));
		else
			sb_printf(b, "%lld", (long long)v);
		break;
	case FK_TEXT:
	case FK_KEY:
	case FK_CURRENCY:
		sb_str(b, *at == '\0' && (f->flags & nul) ? NULL : at);
		break;
	case FK_STR:
		memcpy(&s, at, sizeof s);
		sb_str(b, s);
		break;
	case FK_LIST:
		/* No tags are an empty array, not null. */
		memcpy(&s, at, sizeof s);
		sb_list(b, s != NULL ? s : "", style == FIELDS_SHOWN ? "," :
		    ", ");
		break;
	}
}

char *
fields_json(const struct field *t, size_t n, const void *rec, int style,
    int64_t now)
{
	struct sb b = { NULL, 0, 0 };
	const char *key;
	size_t i;
	int first = 1;

	sb_puts(&b, "{");
	for (i = 0; i < n; i++) {
		key = style == FIELDS_SHOWN ? t[i].shown : t[i].name;
		if (key == NULL)
			continue;
		if (!first)
			sb_puts(&b, style == FIELDS_SHOWN ? "," : ", ");
		first = 0;
		sb_printf(&b, style == FIELDS_SHOWN ? "\"%s\":" : "\"%s\": ",
		    key);
		put_value(&b, &t[i], rec, style, now);
	}
	sb_puts(&b, "}");
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
