/*
 * json.c: reads a `gpulog export` document (cJSON) into runs, expenses and
 * the catalog, checking every field before handing anything on.  It knows
 * the export's format; it knows nothing of the database or the terminal,
 * and never prints.
 */
#include "importers/json.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/budget.h"
#include "core/catalog.h"
#include "core/clock.h"
#include "core/err.h"
#include "core/fields.h"
#include "core/fmt.h"
#include "core/fx.h"
#include "core/gpu.h"
#include "core/model.h"
#include "core/parse.h"
#include "core/plan.h"
#include "core/quota.h"
#include "core/snapshot.h"
#include "core/text.h"
#include "importers/cjson.h"
#include "importers/jstream.h"

/* Whole numbers beyond 2^53 do not survive a JSON double. */
#define EXACT_MAX FIELDS_EXACT_MAX

#define TIME_EXAMPLE "\"2026-11-28T10:00:00Z\""

/* Where the reader is, for messages: "runs.json: runs[3].start: ...". */
struct rd {
	const char *name;    /* the input */
	char at[48];         /* the element, "runs[3]"; "" at the top */
	struct err *e;
};

static int bad(struct rd *d, const char *field, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* Fails naming the input, the element and field (either may be NULL or
 * ""), then the reason.  Always returns -1. */
static int
bad(struct rd *d, const char *field, const char *fmt, ...)
{
	struct err why;
	const char *msg = why.msg;
	va_list ap;
	int dot;

	va_start(ap, fmt);
	err_vset(&why, fmt, ap);
	va_end(ap);
	if (field == NULL)
		field = "";
	dot = d->at[0] != '\0' && field[0] != '\0';
	if (d->at[0] == '\0' && field[0] == '\0')
		return err_set(d->e, "%s: %s", d->name, msg);
	return err_set(d->e, "%s: %s%s%s: %s", d->name, d->at, dot ? "." : "",
	    field, msg);
}

/* A quoted, terminal-safe copy of an input string for a message, cut to
 * fit: the caller frees it. */
static char *
shown(const char *s)
{
	char *safe = text_safe(s);

	if (strlen(safe) > 60)
		strcpy(safe + 57, "...");
	return safe;
}

/*
 * While read_fields() reads an object, the member after the last one it
 * found: an export writes the fields in the table's order, so each is
 * found at once instead of by a search from the first.
 */
static struct {
	const cJSON *obj, *next;
} hint;

/* Member key of o; NULL when it is absent or null. */
static const cJSON *
member(const cJSON *o, const char *key)
{
	const cJSON *v;

	if (hint.obj == o && hint.next != NULL && hint.next->string != NULL &&
	    strcmp(hint.next->string, key) == 0)
		v = hint.next;
	else
		v = cJSON_GetObjectItemCaseSensitive(o, key);
	if (hint.obj == o && v != NULL)
		hint.next = v->next;
	return v == NULL || cJSON_IsNull(v) ? NULL : v;
}

enum { OPTIONAL, REQUIRED };

/* A string into buf of size bytes; "" when absent and optional. */
static int
get_text(struct rd *d, const cJSON *o, const char *key, int req, char *buf,
    size_t size)
{
	const cJSON *v = member(o, key);

	buf[0] = '\0';
	if (v == NULL)
		return req ? bad(d, key, "missing") : 0;
	if (!cJSON_IsString(v))
		return bad(d, key, "expected a string");
	if (strlen(v->valuestring) >= size)
		return bad(d, key, "too long: at most %zu bytes", size - 1);
	if (req && v->valuestring[0] == '\0')
		return bad(d, key, "must not be empty");
	memcpy(buf, v->valuestring, strlen(v->valuestring) + 1);
	return 0;
}

/* A key-like name (a platform, a source): no spaces, commas or control
 * characters.  Optional ones may be "". */
static int
get_key(struct rd *d, const cJSON *o, const char *key, int req, char *buf,
    size_t size, const char *example)
{
	char *s;

	if (get_text(d, o, key, req, buf, size) < 0)
		return -1;
	if (buf[0] == '\0' || text_is_name(buf, size - 1, " ,"))
		return 0;
	s = shown(buf);
	bad(d, key, "invalid name \"%s\": expected a key such as \"%s\"", s,
	    example);
	free(s);
	return -1;
}

/* An optional string, malloc'd into *out; NULL when absent or "". */
static int
get_dup(struct rd *d, const cJSON *o, const char *key, char **out)
{
	const cJSON *v = member(o, key);

	*out = NULL;
	if (v == NULL)
		return 0;
	if (!cJSON_IsString(v))
		return bad(d, key, "expected a string or null");
	if (v->valuestring[0] != '\0')
		*out = xstrdup(v->valuestring);
	return 0;
}

/* A whole number in [min, max]; def when absent and optional. */
static int
get_int(struct rd *d, const cJSON *o, const char *key, int req, int64_t min,
    int64_t max, int64_t def, int64_t *out)
{
	const cJSON *v = member(o, key);
	double x;

	*out = def;
	if (v == NULL)
		return req ? bad(d, key, "missing") : 0;
	if (!cJSON_IsNumber(v))
		return bad(d, key, "expected a whole number");
	x = v->valuedouble;
	if (!(x >= (double)min && x <= (double)max) ||
	    (double)(int64_t)x != x) {
		if (max == EXACT_MAX)
			return bad(d, key, "expected a whole number of at "
			    "least %lld, not %.17g", (long long)min, x);
		return bad(d, key, "expected a whole number from %lld to "
		    "%lld, not %.17g", (long long)min, (long long)max, x);
	}
	*out = (int64_t)x;
	return 0;
}

/* get_int() for int fields. */
static int
get_small(struct rd *d, const cJSON *o, const char *key, int req, int min,
    int max, int def, int *out)
{
	int64_t v;

	if (get_int(d, o, key, req, min, max, def, &v) < 0)
		return -1;
	*out = (int)v;
	return 0;
}

/* true or false; 0 when absent. */
static int
get_bool(struct rd *d, const cJSON *o, const char *key, int *out)
{
	const cJSON *v = member(o, key);

	*out = 0;
	if (v == NULL)
		return 0;
	if (!cJSON_IsBool(v))
		return bad(d, key, "expected true or false");
	*out = cJSON_IsTrue(v);
	return 0;
}

/*
 * An absolute time, ISO 8601 as the export writes it (parse_time() also
 * takes offsets and local times).  *given says whether it was there.
 */
static int
get_time(struct rd *d, const cJSON *o, const char *key, int req, int64_t *t,
    int *given)
{
	const cJSON *v = member(o, key);
	const char *s;
	struct err inner;
	char *safe;

	*given = v != NULL;
	if (v == NULL)
		return req ? bad(d, key, "missing; expected a time such as "
		    TIME_EXAMPLE) : 0;
	if (!cJSON_IsString(v))
		return bad(d, key, "expected a time such as " TIME_EXAMPLE);
	s = v->valuestring;
	/* Refuse "now" and "14:00": they would depend on today. */
	if (!text_is_name(s, 40, "") || strspn(s, "0123456789") != 4 ||
	    s[4] != '-') {
		safe = shown(s);
		bad(d, key, "invalid time \"%s\": expected a time such as "
		    TIME_EXAMPLE, safe);
		free(safe);
		return -1;
	}
	if (parse_time(s, 0, t, &inner) < 0)
		return bad(d, key, "%s", inner.msg);
	return 0;
}

/* "USD" or "INR"; "" allowed when optional. */
static int
get_currency(struct rd *d, const cJSON *o, const char *key, int req,
    char cur[4])
{
	char buf[64], *safe;

	if (get_text(d, o, key, OPTIONAL, buf, sizeof buf) < 0)
		return -1;
	if (strcmp(buf, "USD") == 0 || strcmp(buf, "INR") == 0 ||
	    (buf[0] == '\0' && !req)) {
		memcpy(cur, buf, 4);
		return 0;
	}
	if (buf[0] == '\0')
		return bad(d, key, "missing; expected \"USD\" or \"INR\"");
	safe = shown(buf);
	bad(d, key, "expected \"USD\" or \"INR\", not \"%s\"", safe);
	free(safe);
	return -1;
}

/* One of names[0..n) into *idx. */
static int
get_choice(struct rd *d, const cJSON *o, const char *key,
    const char *const *names, int n, int *idx)
{
	char buf[32], list[128] = "", *safe;
	int i;

	if (get_text(d, o, key, OPTIONAL, buf, sizeof buf) < 0)
		return -1;
	for (i = 0; i < n; i++) {
		if (strcmp(buf, names[i]) == 0) {
			*idx = i;
			return 0;
		}
		snprintf(list + strlen(list), sizeof list - strlen(list),
		    "%s\"%s\"", i == 0 ? "" : i == n - 1 ? " or " : ", ",
		    names[i]);
	}
	if (buf[0] == '\0')
		return bad(d, key, "missing; expected %s", list);
	safe = shown(buf);
	bad(d, key, "expected %s, not \"%s\"", list, safe);
	free(safe);
	return -1;
}

/* A tags array ["a", "b"] into the model's "a,b"; NULL when empty. */
static int
get_tags(struct rd *d, const cJSON *o, const char *key, char **out)
{
	const cJSON *v = member(o, key), *t;
	size_t len = 0, i = 0;
	char field[32], *safe;

	*out = NULL;
	if (v == NULL)
		return 0;
	if (!cJSON_IsArray(v))
		return bad(d, key, "expected an array of strings");
	cJSON_ArrayForEach(t, v) {
		snprintf(field, sizeof field, "%s[%zu]", key, i++);
		if (!cJSON_IsString(t))
			return bad(d, field, "expected a string");
		if (!text_tag_ok(t->valuestring)) {
			safe = shown(t->valuestring);
			bad(d, field, "invalid tag \"%s\": %s", safe,
			    text_tag_rule);
			free(safe);
			return -1;
		}
		len += strlen(t->valuestring) + 1;
	}
	if (len == 0)
		return 0;
	*out = xmalloc(len);
	(*out)[0] = '\0';
	cJSON_ArrayForEach(t, v) {
		if ((*out)[0] != '\0')
			strcat(*out, ",");
		strcat(*out, t->valuestring);
	}
	return 0;
}

/*
 * Reads the fields of t[0..n) that an export writes from o into rec, in
 * table order, each checked by its kind (see core/fields.h).
 */
static int
read_fields(struct rd *d, const cJSON *o, const struct field *t, size_t n,
    void *rec)
{
	const struct field *f;
	char *at;
	int64_t v;
	int given, i, req, rc = -1;
	size_t k;

	hint.obj = o;
	hint.next = o->child;
	for (k = 0; k < n; k++) {
		f = &t[k];
		if (f->name == NULL)
			continue;
		at = (char *)rec + f->off;
		req = f->flags & FF_REQUIRED ? REQUIRED : OPTIONAL;
		switch (f->kind) {
		case FK_INT:
			if (get_small(d, o, f->name, req, (int)f->min,
			    (int)f->max, (int)f->def, &i) < 0)
				goto out;
			memcpy(at, &i, sizeof i);
			break;
		case FK_INT64:
		case FK_MONEY:
		case FK_CENTI:
			/* An amount within gpulog's (core/model.h). */
			if (get_int(d, o, f->name, req, f->min,
			    f->kind == FK_MONEY && f->max > MONEY_MAX_MINOR ?
			    MONEY_MAX_MINOR : f->max, f->def, &v) < 0)
				goto out;
			memcpy(at, &v, sizeof v);
			break;
		case FK_TIME:
		case FK_END:
			if (get_time(d, o, f->name, req, &v, &given) < 0)
				goto out;
			/* An end not given leaves the run open. */
			if (!given && f->kind == FK_END)
				v = RUN_OPEN;
			if (given || f->kind == FK_END)
				memcpy(at, &v, sizeof v);
			break;
		case FK_TEXT:
			if (get_text(d, o, f->name, req, at, f->size) < 0)
				goto out;
			break;
		case FK_KEY:
			if (get_key(d, o, f->name, req, at, f->size,
			    f->example) < 0)
				goto out;
			break;
		case FK_CURRENCY:
			if (get_currency(d, o, f->name, req, at) < 0)
				goto out;
			break;
		case FK_STR:
			if (get_dup(d, o, f->name, (char **)(void *)at) < 0)
				goto out;
			break;
		case FK_LIST:
			if (get_tags(d, o, f->name, (char **)(void *)at) < 0)
				goto out;
			break;
		case FK_BOOL:
			if (get_bool(d, o, f->name, &i) < 0)
				goto out;
			memcpy(at, &i, sizeof i);
			break;
		case FK_NAME:
			if (get_choice(d, o, f->name, f->names, (int)f->max,
			    &i) < 0)
				goto out;
			memcpy(at, &i, sizeof i);
			break;
		}
	}
	rc = 0;
out:
	hint.obj = hint.next = NULL;
	return rc;
}

/* Reads runs[i] into r (run_init()ed here; the caller clears it). */
static int
read_run(struct rd *d, const cJSON *o, struct run *r)
{
	char when[32];

	run_init(r);
	if (read_fields(d, o, fields_run, fields_nrun, r) < 0)
		return -1;
	/* An older export may spell a model another way ("A100", "t4"). */
	gpu_canon(r->gpu, 0, r->gpu, NULL);
	if (r->rate_micro > RATE_MAX_MICRO)
		return bad(d, "rate_micro", "expected at most %lld (1,000,000.00 "
		    "per GPU-hour), not %lld", (long long)RATE_MAX_MICRO,
		    (long long)r->rate_micro);
	if (r->end != RUN_OPEN && r->end <= r->start)
		return bad(d, "end", "%s is not after the start",
		    fmt_iso_utc(when, sizeof when, r->end));
	if (r->currency[0] == '\0' && (r->cost_minor > 0 || r->rate_micro > 0))
		return bad(d, "currency", "missing; a run with a cost or a "
		    "rate needs \"USD\" or \"INR\"");
	/* Defaults that stay the same on every read of the file, so that
	 * a second import finds the run already there. */
	if (member(o, "created") == NULL)
		r->created = r->end != RUN_OPEN ? r->end : r->start;
	if (member(o, "modified") == NULL)
		r->modified = r->created;
	if (r->source[0] == '\0')
		strcpy(r->source, "json");
	if (r->uid[0] == '\0' && r->source_id == NULL) {
		char id[96];

		snprintf(id, sizeof id, "%s@%s", r->platform,
		    fmt_iso_utc(when, sizeof when, r->start));
		r->source_id = xstrdup(id);
	}
	return 0;
}

/* Reads expenses[i] into x (expense_init()ed here; the caller clears). */
static int
read_expense(struct rd *d, const cJSON *o, struct expense *x)
{
	expense_init(x);
	if (read_fields(d, o, fields_expense, fields_nexpense, x) < 0)
		return -1;
	/* Format 1 has no time of change: the migration's rule, its date. */
	if (member(o, "modified") == NULL)
		x->modified = x->at;
	if (x->source[0] == '\0')
		strcpy(x->source, "json");
	if (x->uid[0] == '\0' && x->source_id == NULL) {
		char id[128], when[32];

		snprintf(id, sizeof id, "%s@%s/%lld%s", x->platform[0] ?
		    x->platform : "-", fmt_iso_utc(when, sizeof when, x->at),
		    (long long)x->amount_minor, x->currency);
		x->source_id = xstrdup(id);
	}
	return 0;
}

static int
read_platform(struct rd *d, const cJSON *o, struct platform *p)
{
	memset(p, 0, sizeof *p);
	if (read_fields(d, o, fields_platform, fields_nplatform, p) < 0)
		return -1;
	if (p->name[0] == '\0')
		snprintf(p->name, sizeof p->name, "%s", p->key);
	return 0;
}

/* A decimal amount x of a quota's unit into the model's integer. */
static int
get_amount(struct rd *d, const cJSON *o, int64_t scale, int64_t *out)
{
	const cJSON *v = member(o, "amount");

	if (v == NULL)
		return bad(d, "amount", "missing");
	if (!cJSON_IsNumber(v) || !(v->valuedouble >= 0 &&
	    v->valuedouble <= 1e9))
		return bad(d, "amount", "expected a number from 0 to 1e9");
	*out = (int64_t)(v->valuedouble * (double)scale + 0.5);
	return 0;
}

static int
read_quota(struct rd *d, const cJSON *o, struct quota *q)
{
	/* The amount's unit (the hours meters share "gpu_hours") and the
	 * meter, in enum quota_unit's order. */
	const char *units[QU_COUNT], *meters[QU_COUNT];
	int m, u;

	for (u = 0; u < QU_COUNT; u++) {
		units[u] = quota_meter(u)->amount;
		meters[u] = quota_meter_name(u);
	}
	memset(q, 0, sizeof *q);
	if (get_key(d, o, "platform", REQUIRED, q->platform,
	    sizeof q->platform, "kaggle") < 0 ||
	    get_choice(d, o, "unit", units, QU_COUNT, &q->unit) < 0 ||
	    get_amount(d, o, quota_meter(q->unit)->scale,
	    &q->amount) < 0
	    || get_choice(d, o, "window", quota_window_words, QW_COUNT,
	    &q->window) < 0 ||
	    get_small(d, o, "reset_wday", OPTIONAL, 0, 6, 0, &q->reset_wday)
	    < 0 ||
	    get_small(d, o, "reset_mday", OPTIONAL, q->window == QW_MONTH,
	    28, q->window == QW_MONTH, &q->reset_mday) < 0 ||
	    get_small(d, o, "reset_min", OPTIONAL, 0, 1439, 0, &q->reset_min)
	    < 0 ||
	    get_small(d, o, "rolling_days", q->window == QW_ROLLING,
	    q->window == QW_ROLLING, 3660, 0, &q->rolling_days) < 0)
		return -1;
	/* An export older than the meter: hours count as the catalog's
	 * quota on the platform counts them (Kaggle: session hours), else
	 * as GPU-hours. */
	if (member(o, "meter") == NULL) {
		if (q->unit == QU_GPU_S)
			q->unit = catalog_hours_unit(q->platform);
		return 0;
	}
	if (get_choice(d, o, "meter", meters, QU_COUNT, &m) < 0)
		return -1;
	if (quota_meter(q->unit)->rated ? m != q->unit :
	    quota_meter(m)->rated)
		return bad(d, "meter", quota_meter(q->unit)->rated ?
		    "expected \"%s\" for a quota in %s" : "expected \"gpu\" or "
		    "\"session\" for a quota in gpu_hours",
		    quota_meter_name(q->unit), quota_unit_json(q->unit));
	q->unit = m;
	return 0;
}

static int
read_rate(struct rd *d, const cJSON *o, struct rate *r)
{
	memset(r, 0, sizeof *r);
	if (read_fields(d, o, fields_rate, fields_nrate, r) < 0)
		return -1;
	gpu_canon(r->gpu, 0, r->gpu, NULL);
	if (r->source[0] == '\0')
		strcpy(r->source, "json");
	return 0;
}

static int
read_phase(struct rd *d, const cJSON *o, struct phase *p)
{
	memset(p, 0, sizeof *p);
	if (get_small(d, o, "first_month", REQUIRED, 1, PLAN_MONTHS, 1,
	    &p->first_month) < 0 ||
	    get_small(d, o, "last_month", REQUIRED, p->first_month,
	    PLAN_MONTHS, 1, &p->last_month) < 0 ||
	    get_text(d, o, "name", REQUIRED, p->name, sizeof p->name) < 0 ||
	    get_text(d, o, "platforms", OPTIONAL, p->platforms,
	    sizeof p->platforms) < 0 ||
	    get_text(d, o, "where", OPTIONAL, p->where, sizeof p->where) < 0 ||
	    get_text(d, o, "reason", OPTIONAL, p->reason, sizeof p->reason)
	    < 0 ||
	    get_int(d, o, "budget_min_minor", OPTIONAL, 0, MONEY_MAX_MINOR, 0,
	    &p->budget_min_minor) < 0 ||
	    get_int(d, o, "budget_max_minor", OPTIONAL, p->budget_min_minor,
	    MONEY_MAX_MINOR, p->budget_min_minor, &p->budget_max_minor) < 0 ||
	    get_currency(d, o, "currency", REQUIRED, p->currency) < 0)
		return -1;
	return 0;
}

/* "YYYY-MM-DD" to a day number. */
static int
parse_date(const char *s, int64_t *day)
{
	int y, m, dd;

	if (strlen(s) != 10 || strspn(s, "0123456789") != 4 || s[4] != '-' ||
	    strspn(s + 5, "0123456789") != 2 || s[7] != '-' ||
	    strspn(s + 8, "0123456789") != 2)
		return -1;
	y = atoi(s);
	m = atoi(s + 5);
	dd = atoi(s + 8);
	if (m < 1 || m > 12 || dd < 1 || dd > days_in_month(y, m))
		return -1;
	*day = days_from_civil(y, m, dd);
	return 0;
}

static int
read_fx(struct rd *d, const cJSON *o, struct fx_point *p)
{
	char date[16], *safe;
	struct err inner;

	if (get_text(d, o, "date", REQUIRED, date, sizeof date) < 0)
		return -1;
	if (parse_date(date, &p->day) < 0) {
		safe = shown(date);
		bad(d, "date", "invalid date \"%s\": expected YYYY-MM-DD",
		    safe);
		free(safe);
		return -1;
	}
	if (time_check(date, p->day * DAY_S, &inner) < 0)
		return bad(d, "date", "%s", inner.msg);
	return get_int(d, o, "usd_inr_micro", REQUIRED, 1, EXACT_MAX, 0,
	    &p->usd_inr_micro);
}

/* Names element i of section key in d->at ("runs[3]"; the key alone when
 * i < 0) and checks it is an object.  Written by hand: it is done for
 * every element, and snprintf() was a twentieth of an import. */
static int
element(struct rd *d, const char *key, long i, const cJSON *item)
{
	char digits[24] = "";
	size_t n = strlen(key), k = 0;

	if (n > sizeof d->at - sizeof digits - 3)
		n = sizeof d->at - sizeof digits - 3;
	memcpy(d->at, key, n);
	if (i >= 0) {
		do
			digits[k++] = (char)('0' + i % 10);
		while ((i /= 10) > 0);
		d->at[n++] = '[';
		while (k > 0)
			d->at[n++] = digits[--k];
		d->at[n++] = ']';
	}
	d->at[n] = '\0';
	if (!cJSON_IsObject(item))
		return bad(d, NULL, "expected an object");
	return 0;
}

/* An optional "modified" time (format 2), 0 when absent. */
static int
get_modified(struct rd *d, const cJSON *o, int64_t *t)
{
	int given;

	*t = 0;
	return get_time(d, o, "modified", OPTIONAL, t, &given);
}

/* A whole number or null (unknown: -1). */
static int
get_opt(struct rd *d, const cJSON *o, const char *key, int64_t max,
    int64_t *out)
{
	return get_int(d, o, key, OPTIONAL, 0, max, -1, out);
}

/* metrics[i] (format 2): what `gpulog run` measured of run uid. */
static int
read_metrics(struct rd *d, const cJSON *v, char uid[33], struct run_metrics *m)
{
	int64_t util, status;

	metrics_init(m);
	if (get_key(d, v, "uid", REQUIRED, uid, 33, "0123456789abcdef0123456789abcdef") < 0 ||
	    get_int(d, v, "samples", OPTIONAL, 0, EXACT_MAX, 0, &m->samples) <
	    0 || get_opt(d, v, "peak_mem_mib", EXACT_MAX, &m->peak_mem_mib) < 0
	    || get_opt(d, v, "mem_total_mib", EXACT_MAX, &m->mem_total_mib) <
	    0 || get_opt(d, v, "mean_util_pct", 100, &util) < 0 ||
	    get_opt(d, v, "energy_wh_milli", EXACT_MAX, &m->energy_wh_milli) <
	    0 || get_opt(d, v, "own_mem_mib", EXACT_MAX, &m->own_mem_mib) < 0
	    || get_int(d, v, "exit_status", OPTIONAL, -1, 255, -1, &status)
	    < 0 || get_dup(d, v, "command", &m->command) < 0)
		return -1;
	m->mean_util_pct = (int)util;
	m->exit_status = (int)status;
	return 0;
}

static int
read_snapshot(struct rd *d, const cJSON *o, struct quota_snapshot *q)
{
	int given;

	memset(q, 0, sizeof *q);
	if (get_key(d, o, "platform", REQUIRED, q->platform,
	    sizeof q->platform, "kaggle") < 0 ||
	    get_time(d, o, "taken_at", REQUIRED, &q->taken_at, &given) < 0 ||
	    get_int(d, o, "used_s", REQUIRED, 0, EXACT_MAX, 0, &q->used_s) < 0
	    || get_int(d, o, "reserved_s", OPTIONAL, 0, EXACT_MAX, 0,
	    &q->reserved_s) < 0 ||
	    get_int(d, o, "allowed_s", REQUIRED, 0, EXACT_MAX, 0,
	    &q->allowed_s) < 0 ||
	    get_time(d, o, "reset_at", OPTIONAL, &q->reset_at, &given) < 0 ||
	    get_key(d, o, "source", OPTIONAL, q->source, sizeof q->source,
	    "kaggle-api") < 0)
		return -1;
	if (q->source[0] == '\0')
		strcpy(q->source, "json");
	return 0;
}

/* What the streaming reader keeps between the members of a document. */
struct doc {
	struct rd d;
	struct import_job *job;
	struct import_extra cat;  /* the catalog, until it is handed on */
	int format;               /* 0 until the marker */
	int sent;                 /* the catalog was handed on */
};

/* Hands the catalog on before the first record (and what a hand-written
 * file gives of it after a record before the next, or at the end). */
static int
send_catalog(struct doc *x)
{
	struct err inner;

	if (x->sent)
		return 0;
	x->sent = 1;
	if (x->job->catalog != NULL && x->job->catalog(x->job->sink->arg,
	    &x->cat, x->format, &inner) < 0)
		return bad(&x->d, NULL, "%s", inner.msg);
	/* What comes later (a hand-written file's settings after its runs)
	 * is handed on by itself. */
	import_extra_free(&x->cat);
	memset(&x->cat, 0, sizeof x->cat);
	return 0;
}

/* Appends one zeroed item of size bytes to *arr of *n; returns it. */
static void *
grow(void **arr, size_t *n, size_t size)
{
	char *a = xrealloc(*arr, (*n + 1) * size);

	memset(a + *n * size, 0, size);
	*arr = a;
	return a + (*n)++ * size;
}

/* The catalog sections: each item appended to the catalog. */
static int
catalog_item(struct doc *x, const char *key, const cJSON *o)
{
	struct rd *d = &x->d;
	struct catalog *c = &x->cat.cat;
	void *p;

	if (strcmp(key, "platforms") == 0) {
		p = grow((void **)&c->platforms, &c->nplatforms,
		    sizeof *c->platforms);
		return read_platform(d, o, p);
	}
	if (strcmp(key, "quotas") == 0) {
		p = grow((void **)&c->quotas, &c->nquotas, sizeof *c->quotas);
		return read_quota(d, o, p) < 0 ? -1 :
		    get_modified(d, o, &((struct quota *)p)->modified);
	}
	if (strcmp(key, "rates") == 0) {
		p = grow((void **)&c->rates, &c->nrates, sizeof *c->rates);
		return read_rate(d, o, p);
	}
	if (strcmp(key, "phases") == 0) {
		p = grow((void **)&c->phases, &c->nphases, sizeof *c->phases);
		return read_phase(d, o, p);
	}
	p = grow((void **)&c->fx, &c->nfx, sizeof *c->fx);
	return read_fx(d, o, p) < 0 ? -1 :
	    get_modified(d, o, &((struct fx_point *)p)->modified);
}

/* Format 1's settings object: the plan's start day and the currency. */
static int
settings_v1(struct doc *x, const cJSON *o)
{
	struct rd *d = &x->d;
	char cur[16];
	int64_t t;
	struct err inner;

	if (!cJSON_IsObject(o))
		return bad(d, NULL, "expected an object");
	if (get_text(d, o, "plan.start", OPTIONAL, x->cat.plan_start,
	    sizeof x->cat.plan_start) < 0)
		return -1;
	if (x->cat.plan_start[0] != '\0' && (strlen(x->cat.plan_start) != 10 ||
	    parse_day(x->cat.plan_start, 0, &t, &inner) < 0))
		return bad(d, "plan.start", "expected a date YYYY-MM-DD");
	if (get_text(d, o, "currency", OPTIONAL, cur, sizeof cur) < 0)
		return -1;
	if (cur[0] != '\0' && parse_currency(cur, x->cat.currency, &inner) < 0)
		return bad(d, "currency", "%s", inner.msg);
	return 0;
}

/* Format 2's settings[i]: a key, its value and when it was set. */
static int
setting_v2(struct doc *x, const cJSON *o)
{
	struct rd *d = &x->d;
	char key[64], value[256], cur[4];
	int64_t t;
	struct err inner;

	if (get_text(d, o, "key", REQUIRED, key, sizeof key) < 0 ||
	    get_text(d, o, "value", REQUIRED, value, sizeof value) < 0 ||
	    get_modified(d, o, &t) < 0)
		return -1;
	if (strcmp(key, "plan.start") == 0 && (strlen(value) != 10 ||
	    parse_day(value, 0, &t, &inner) < 0))
		return bad(d, "value", "expected a date YYYY-MM-DD");
	if (strcmp(key, "currency") == 0 && parse_currency(value, cur, &inner)
	    < 0)
		return bad(d, "value", "%s", inner.msg);
	if (get_modified(d, o, &t) < 0)
		return -1;
	if (x->job->merge_setting != NULL && setting_travels(key) &&
	    x->job->merge_setting(x->job->sink->arg, key, value, t, &inner) <
	    0)
		return bad(d, NULL, "%s", inner.msg);
	return 0;
}

/* tombstones[i]: what was removed, and when. */
static int
removal(struct doc *x, const cJSON *o)
{
	static const char *const kinds[] = { "run", "expense", "quota",
		"setting" };
	struct rd *d = &x->d;
	char key[64];
	int64_t at;
	int k, given;
	struct err inner;

	if (get_choice(d, o, "kind", kinds, 4, &k) < 0 ||
	    get_text(d, o, "key", REQUIRED, key, sizeof key) < 0 ||
	    get_time(d, o, "removed_at", REQUIRED, &at, &given) < 0)
		return -1;
	if (x->job->removal != NULL && x->job->removal(x->job->sink->arg,
	    kinds[k], key, at, &inner) < 0)
		return bad(d, NULL, "%s", inner.msg);
	return 0;
}

/* A sink's refusal, prefixed with where it was. */
static int
sunk(struct doc *x, int rc, struct err *inner)
{
	return rc < 0 ? bad(&x->d, NULL, "%s", inner->msg) : 0;
}

/* runs[i], expenses[i] and snapshots[i]: records, after the catalog. */
static int
record(struct doc *x, const char *key, const cJSON *o)
{
	struct import_job *j = x->job;
	void *arg = j->sink->arg;
	struct run_metrics m;
	struct quota_snapshot q;
	struct expense xp;
	struct run r;
	struct err inner;
	char uid[33];
	int rc;

	if (send_catalog(x) < 0)
		return -1;
	if (strcmp(key, "runs") == 0) {
		rc = read_run(&x->d, o, &r);
		if (rc == 0 && x->format >= 2 && j->merge_run != NULL)
			rc = sunk(x, j->merge_run(arg, &r, &inner), &inner);
		else if (rc == 0 && x->format < 2 && j->sink->put != NULL)
			rc = sunk(x, j->sink->put(arg, &r, &inner), &inner);
		run_clear(&r);
		return rc;
	}
	if (strcmp(key, "metrics") == 0) {
		rc = read_metrics(&x->d, o, uid, &m);
		if (rc == 0 && j->merge_metrics != NULL)
			rc = sunk(x, j->merge_metrics(arg, uid, &m, &inner),
			    &inner);
		metrics_clear(&m);
		return rc;
	}
	if (strcmp(key, "expenses") == 0) {
		rc = read_expense(&x->d, o, &xp);
		if (rc == 0 && x->format >= 2 && j->merge_expense != NULL)
			rc = sunk(x, j->merge_expense(arg, &xp, &inner),
			    &inner);
		else if (rc == 0 && x->format < 2 &&
		    j->sink->put_expense != NULL)
			rc = sunk(x, j->sink->put_expense(arg, &xp, &inner),
			    &inner);
		expense_clear(&xp);
		return rc;
	}
	if (strcmp(key, "snapshots") == 0) {
		if (read_snapshot(&x->d, o, &q) < 0)
			return -1;
		return j->put_snapshot == NULL ? 0 : sunk(x,
		    j->put_snapshot(arg, &q, &inner), &inner);
	}
	return removal(x, o);
}

/* The marker, first in every export: the format, which must be known. */
static int
marker(struct doc *x, const cJSON *v)
{
	struct rd *d = &x->d;

	if (!cJSON_IsNumber(v))
		return bad(d, "gpulog_export", "expected a format number");
	if (v->valuedouble != 1 && v->valuedouble != JSON_EXPORT_FORMAT)
		return bad(d, "gpulog_export", "format %.17g; this gpulog "
		    "reads formats 1 to %d%s", v->valuedouble,
		    JSON_EXPORT_FORMAT, v->valuedouble > JSON_EXPORT_FORMAT ?
		    ": upgrade gpulog" : "");
	x->format = (int)v->valuedouble;
	x->job->format = x->format;
	return 0;
}

/* One member of the document, or one element of an array member (i is
 * its index; -1 for a member that is not an array). */
static int
member_cb(void *arg, const char *key, long i, const cJSON *v)
{
	static const char *const catalog[] = { "platforms", "quotas", "rates",
		"phases", "fx" };
	static const char *const records[] = { "runs", "metrics",
		"expenses", "snapshots", "tombstones" };
	struct doc *x = arg;
	size_t k;
	int rc;

	x->d.at[0] = '\0';
	if (x->format == 0) {
		if (strcmp(key, "gpulog_export") != 0 || i >= 0)
			return bad(&x->d, NULL, "not a gpulog export: it does "
			    "not open with the \"gpulog_export\" marker "
			    "(`gpulog export` writes one)");
		return marker(x, v);
	}
	if (strcmp(key, "settings") == 0) {
		if (x->format < 2 && i < 0) {
			snprintf(x->d.at, sizeof x->d.at, "settings");
			x->sent = 0;
			rc = settings_v1(x, v);
		} else if (x->format >= 2 && i >= 0) {
			rc = element(&x->d, key, i, v) < 0 ? -1 :
			    setting_v2(x, v);
		} else {
			rc = bad(&x->d, "settings", x->format < 2 ?
			    "expected an object" : "expected an array");
		}
		x->d.at[0] = '\0';
		return rc;
	}
	for (k = 0; k < sizeof catalog / sizeof catalog[0]; k++)
		if (strcmp(key, catalog[k]) == 0)
			break;
	if (k < sizeof catalog / sizeof catalog[0]) {
		if (i < 0)
			return cJSON_IsNull(v) ? 0 : bad(&x->d, key,
			    "expected an array");
		x->sent = 0;
		return element(&x->d, key, i, v) < 0 ? -1 :
		    catalog_item(x, key, v);
	}
	for (k = 0; k < sizeof records / sizeof records[0]; k++)
		if (strcmp(key, records[k]) == 0)
			break;
	if (k < sizeof records / sizeof records[0]) {
		if (x->job->catalog_only && !(i < 0 && cJSON_IsNull(v)))
			return bad(&x->d, key, "a catalog file holds platforms, "
			    "quotas, rates, phases and fx, not records: import "
			    "it with `gpulog import json`");
		if (i < 0)
			return cJSON_IsNull(v) ? 0 : bad(&x->d, key,
			    "expected an array");
		if (element(&x->d, key, i, v) < 0)
			return -1;
		return record(x, key, v);
	}
	/* "schema", "exported", "machine", and what a later gpulog of the
	 * same format adds: not needed here. */
	return 0;
}

int
json_stream(FILE *f, const char *name, struct import_job *job, struct err *e)
{
	struct doc x;
	int rc;

	memset(&x, 0, sizeof x);
	x.d.name = name;
	x.d.e = e;
	x.job = job;
	rc = jstream_object(f, name, member_cb, &x, job->progress,
	    job->sink->arg, e);
	if (rc == 0 && x.format == 0)
		rc = bad(&x.d, NULL, "not a gpulog export: no \"gpulog_export\" "
		    "marker (`gpulog export` writes one)");
	if (rc == 0)
		rc = send_catalog(&x);
	import_extra_free(&x.cat);
	return rc;
}

/* json_import_parse()'s catalog callback: a copy for the caller. */
struct copy {
	struct run_sink *sink;
	struct import_extra *extra;
	struct import_extra got;
	int have;
};

static int
copy_catalog(void *arg, const struct import_extra *x, int format,
    struct err *e)
{
	struct copy *c = arg;

	(void)format;
	(void)e;
	catalog_copy(&c->got.cat, &x->cat);
	memcpy(c->got.plan_start, x->plan_start, sizeof c->got.plan_start);
	memcpy(c->got.currency, x->currency, sizeof c->got.currency);
	c->have = 1;
	return 0;
}

static int
copy_run(void *arg, const struct run *r, struct err *e)
{
	struct copy *c = arg;

	return c->sink == NULL || c->sink->put == NULL ? 0 :
	    c->sink->put(c->sink->arg, r, e);
}

static int
copy_expense(void *arg, const struct expense *x, struct err *e)
{
	struct copy *c = arg;

	return c->sink == NULL || c->sink->put_expense == NULL ? 0 :
	    c->sink->put_expense(c->sink->arg, x, e);
}

int
json_import_parse(const char *buf, size_t len, const char *name,
    struct run_sink *sink, struct import_extra *extra, struct err *e)
{
	struct import_job job;
	struct run_sink s;
	struct copy c;
	FILE *f;
	int rc;

	memset(&c, 0, sizeof c);
	memset(&job, 0, sizeof job);
	memset(&s, 0, sizeof s);
	c.sink = sink;
	s.put = copy_run;
	s.put_expense = copy_expense;
	s.arg = &c;
	job.sink = &s;
	job.catalog = copy_catalog;
	job.merge_run = copy_run;
	job.merge_expense = copy_expense;
	if (len == 0)
		return err_set(e, "%s: empty; expected a gpulog export (JSON)",
		    name);
	if ((f = fmemopen((void *)buf, len, "rb")) == NULL)
		return err_set(e, "%s: cannot read", name);
	rc = json_stream(f, name, &job, e);
	fclose(f);
	if (rc == 0 && extra != NULL && c.have) {
		*extra = c.got;
		memset(&c.got, 0, sizeof c.got);
	}
	import_extra_free(&c.got);
	return rc;
}
