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

#include <cjson/cJSON.h>

#include "core/budget.h"
#include "core/catalog.h"
#include "core/clock.h"
#include "core/err.h"
#include "core/fields.h"
#include "core/fmt.h"
#include "core/gpu.h"
#include "core/model.h"
#include "core/parse.h"
#include "core/text.h"

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
	char msg[200];
	va_list ap;
	int dot;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
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

/* Member key of o; NULL when it is absent or null. */
static const cJSON *
member(const cJSON *o, const char *key)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);

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
	int given, i, req;
	size_t k;

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
				return -1;
			memcpy(at, &i, sizeof i);
			break;
		case FK_INT64:
		case FK_MONEY:
		case FK_CENTI:
			/* An amount within gpulog's (core/model.h). */
			if (get_int(d, o, f->name, req, f->min,
			    f->kind == FK_MONEY && f->max > MONEY_MAX_MINOR ?
			    MONEY_MAX_MINOR : f->max, f->def, &v) < 0)
				return -1;
			memcpy(at, &v, sizeof v);
			break;
		case FK_TIME:
		case FK_END:
			if (get_time(d, o, f->name, req, &v, &given) < 0)
				return -1;
			/* An end not given leaves the run open. */
			if (!given && f->kind == FK_END)
				v = RUN_OPEN;
			if (given || f->kind == FK_END)
				memcpy(at, &v, sizeof v);
			break;
		case FK_TEXT:
			if (get_text(d, o, f->name, req, at, f->size) < 0)
				return -1;
			break;
		case FK_KEY:
			if (get_key(d, o, f->name, req, at, f->size,
			    f->example) < 0)
				return -1;
			break;
		case FK_CURRENCY:
			if (get_currency(d, o, f->name, req, at) < 0)
				return -1;
			break;
		case FK_STR:
			if (get_dup(d, o, f->name, (char **)(void *)at) < 0)
				return -1;
			break;
		case FK_LIST:
			if (get_tags(d, o, f->name, (char **)(void *)at) < 0)
				return -1;
			break;
		case FK_BOOL:
			if (get_bool(d, o, f->name, &i) < 0)
				return -1;
			memcpy(at, &i, sizeof i);
			break;
		}
	}
	return 0;
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

#define TEXT(st, f) { #f, offsetof(struct st, f), sizeof ((struct st *)0)->f }

/* The platform's optional text fields. */
static const struct {
	const char *key;
	size_t off, size;
} platform_texts[] = {
	TEXT(platform, gpu), TEXT(platform, vram), TEXT(platform, cost_usd),
	TEXT(platform, cost_inr), TEXT(platform, session_text),
	TEXT(platform, storage), TEXT(platform, best_for),
	TEXT(platform, default_gpu),
};

static int
read_platform(struct rd *d, const cJSON *o, struct platform *p)
{
	static const char *const billings[] = { "free", "subscription",
		"hourly", "units" };
	size_t i;
	int64_t days;

	memset(p, 0, sizeof *p);
	if (get_key(d, o, "key", REQUIRED, p->key, sizeof p->key, "kaggle") < 0
	    || get_text(d, o, "name", OPTIONAL, p->name, sizeof p->name) < 0 ||
	    get_choice(d, o, "billing", billings, 4, &p->billing) < 0 ||
	    get_int(d, o, "session_cap_s", OPTIONAL, 0, 366 * DAY_S, 0,
	    &p->session_cap_s) < 0 ||
	    get_int(d, o, "pack_days", OPTIONAL, 0, 3650, 0, &days) < 0)
		return -1;
	p->pack_days = (int)days;
	/* The names above are the store's, in enum billing's order. */
	p->billing = billing_parse(billings[p->billing]);
	if (p->name[0] == '\0')
		snprintf(p->name, sizeof p->name, "%s", p->key);
	for (i = 0; i < sizeof platform_texts / sizeof platform_texts[0]; i++)
		if (get_text(d, o, platform_texts[i].key, OPTIONAL,
		    (char *)p + platform_texts[i].off, platform_texts[i].size)
		    < 0)
			return -1;
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
	static const char *const units[] = { "gpu_hours", "compute_units" };
	/* In enum quota_unit's order: what the quota counts. */
	static const char *const meters[] = { "gpu", "units", "session" };
	static const char *const windows[] = { "week", "month", "rolling" };
	int m;

	memset(q, 0, sizeof *q);
	if (get_key(d, o, "platform", REQUIRED, q->platform,
	    sizeof q->platform, "kaggle") < 0 ||
	    get_choice(d, o, "unit", units, 2, &q->unit) < 0 ||
	    get_amount(d, o, q->unit == QU_GPU_S ? 3600 : 100, &q->amount) < 0
	    || get_choice(d, o, "window", windows, 3, &q->window) < 0 ||
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
	if (get_choice(d, o, "meter", meters, 3, &m) < 0)
		return -1;
	if ((m == QU_CU) != (q->unit == QU_CU))
		return bad(d, "meter", q->unit == QU_CU ? "expected \"units\" "
		    "for a quota in compute_units" : "expected \"gpu\" or "
		    "\"session\" for a quota in gpu_hours");
	q->unit = m;
	return 0;
}

static int
read_rate(struct rd *d, const cJSON *o, struct rate *r)
{
	int given;

	memset(r, 0, sizeof *r);
	if (get_key(d, o, "platform", REQUIRED, r->platform,
	    sizeof r->platform, "vast") < 0 ||
	    get_text(d, o, "gpu", REQUIRED, r->gpu, sizeof r->gpu) < 0 ||
	    get_currency(d, o, "currency", REQUIRED, r->currency) < 0 ||
	    get_int(d, o, "rate_micro", OPTIONAL, 0, RATE_MAX_MICRO, 0,
	    &r->rate_micro) < 0 ||
	    get_int(d, o, "low_micro", OPTIONAL, 0, RATE_MAX_MICRO, 0,
	    &r->low_micro) < 0 ||
	    get_int(d, o, "high_micro", OPTIONAL, 0, RATE_MAX_MICRO, 0,
	    &r->high_micro) < 0 ||
	    get_int(d, o, "cu_centi_h", OPTIONAL, 0, EXACT_MAX, 0,
	    &r->cu_centi_h) < 0 ||
	    get_time(d, o, "updated", OPTIONAL, &r->updated, &given) < 0 ||
	    get_key(d, o, "source", OPTIONAL, r->source, sizeof r->source,
	    "catalog") < 0)
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

/* The array at key of root in *arr (NULL when absent or null). */
static int
section(struct rd *d, const cJSON *root, const char *key, const cJSON **arr)
{
	*arr = member(root, key);
	if (*arr != NULL && !cJSON_IsArray(*arr))
		return bad(d, key, "expected an array");
	return 0;
}

/* Names element i of section key in d->at and checks it is an object. */
static int
element(struct rd *d, const char *key, size_t i, const cJSON *item)
{
	snprintf(d->at, sizeof d->at, "%s[%zu]", key, i);
	if (!cJSON_IsObject(item))
		return bad(d, NULL, "expected an object");
	return 0;
}

/*
 * Reads each element of section key into a new array of n items of size
 * bytes, through read(d, item, slot).
 */
static int
read_all(struct rd *d, const cJSON *root, const char *key, size_t size,
    int (*read)(struct rd *, const cJSON *, void *), void **out, size_t *n)
{
	const cJSON *arr, *item;
	size_t i = 0;
	char *a;

	*out = NULL;
	*n = 0;
	if (section(d, root, key, &arr) < 0)
		return -1;
	if (arr == NULL || cJSON_GetArraySize(arr) == 0)
		return 0;
	a = xcalloc((size_t)cJSON_GetArraySize(arr), size);
	*out = a;
	cJSON_ArrayForEach(item, arr) {
		if (element(d, key, i, item) < 0 || read(d, item, a + i * size)
		    < 0)
			return -1;
		*n = ++i;
	}
	d->at[0] = '\0';
	return 0;
}

/* read_all()'s callbacks, typed. */
static int
rd_platform(struct rd *d, const cJSON *o, void *p)
{
	return read_platform(d, o, p);
}

static int
rd_quota(struct rd *d, const cJSON *o, void *p)
{
	return read_quota(d, o, p);
}

static int
rd_rate(struct rd *d, const cJSON *o, void *p)
{
	return read_rate(d, o, p);
}

static int
rd_phase(struct rd *d, const cJSON *o, void *p)
{
	return read_phase(d, o, p);
}

static int
rd_fx(struct rd *d, const cJSON *o, void *p)
{
	return read_fx(d, o, p);
}

/* The settings object: the plan's start day and the display currency. */
static int
read_settings(struct rd *d, const cJSON *root, struct import_extra *x)
{
	const cJSON *o = member(root, "settings");
	char cur[16];
	int64_t t;
	struct err inner;

	if (o == NULL)
		return 0;
	if (!cJSON_IsObject(o))
		return bad(d, "settings", "expected an object");
	snprintf(d->at, sizeof d->at, "settings");
	if (get_text(d, o, "plan.start", OPTIONAL, x->plan_start,
	    sizeof x->plan_start) < 0)
		return -1;
	if (x->plan_start[0] != '\0' && (strlen(x->plan_start) != 10 ||
	    parse_day(x->plan_start, 0, &t, &inner) < 0))
		return bad(d, "plan.start", "expected a date YYYY-MM-DD");
	if (get_text(d, o, "currency", OPTIONAL, cur, sizeof cur) < 0)
		return -1;
	if (cur[0] != '\0' && parse_currency(cur, x->currency, &inner) < 0)
		return bad(d, "currency", "%s", inner.msg);
	d->at[0] = '\0';
	return 0;
}

static int
read_catalog(struct rd *d, const cJSON *root, struct import_extra *x)
{
	void *p;
	int rc;

	rc = read_all(d, root, "platforms", sizeof *x->cat.platforms,
	    rd_platform, &p, &x->cat.nplatforms);
	x->cat.platforms = p;
	if (rc < 0)
		return -1;
	rc = read_all(d, root, "quotas", sizeof *x->cat.quotas, rd_quota, &p,
	    &x->cat.nquotas);
	x->cat.quotas = p;
	if (rc < 0)
		return -1;
	rc = read_all(d, root, "rates", sizeof *x->cat.rates, rd_rate, &p,
	    &x->cat.nrates);
	x->cat.rates = p;
	if (rc < 0)
		return -1;
	rc = read_all(d, root, "phases", sizeof *x->cat.phases, rd_phase, &p,
	    &x->cat.nphases);
	x->cat.phases = p;
	if (rc < 0)
		return -1;
	rc = read_all(d, root, "fx", sizeof *x->cat.fx, rd_fx, &p, &x->cat.nfx);
	x->cat.fx = p;
	if (rc < 0)
		return -1;
	return read_settings(d, root, x);
}

/*
 * Walks the runs (or expenses) of root: checks each one, and when sink is
 * not NULL hands it on.  A sink's failure is prefixed with where it was.
 */
static int
walk_runs(struct rd *d, const cJSON *root, struct run_sink *sink)
{
	const cJSON *arr, *item;
	struct run r;
	struct err inner;
	size_t i = 0;
	int rc = 0;

	if (section(d, root, "runs", &arr) < 0)
		return -1;
	if (arr == NULL)
		return 0;
	cJSON_ArrayForEach(item, arr) {
		if (element(d, "runs", i++, item) < 0)
			return -1;
		rc = read_run(d, item, &r);
		if (rc == 0 && sink != NULL &&
		    (rc = sink->put(sink->arg, &r, &inner)) < 0)
			bad(d, NULL, "%s", inner.msg);
		run_clear(&r);
		if (rc < 0)
			return -1;
	}
	d->at[0] = '\0';
	return 0;
}

static int
walk_expenses(struct rd *d, const cJSON *root, struct run_sink *sink)
{
	const cJSON *arr, *item;
	struct expense x;
	struct err inner;
	size_t i = 0;
	int rc = 0;

	if (section(d, root, "expenses", &arr) < 0)
		return -1;
	if (arr == NULL)
		return 0;
	cJSON_ArrayForEach(item, arr) {
		if (element(d, "expenses", i++, item) < 0)
			return -1;
		rc = read_expense(d, item, &x);
		if (rc == 0 && sink != NULL && sink->put_expense != NULL &&
		    (rc = sink->put_expense(sink->arg, &x, &inner)) < 0)
			bad(d, NULL, "%s", inner.msg);
		expense_clear(&x);
		if (rc < 0)
			return -1;
	}
	d->at[0] = '\0';
	return 0;
}

/*
 * 1 when the text seems to stop inside the value that failed at byte at:
 * cJSON puts an error at the end on the last byte, and one in a string
 * that is never closed just after its opening quote.
 */
static int
cut_short(const char *buf, size_t len, size_t at)
{
	size_t k;

	if (at + 1 >= len)
		return 1;
	if (buf[at] == '"')
		at++;
	else if (at == 0 || buf[at - 1] != '"')
		return 0;
	for (k = at; k < len; k++) {
		if (buf[k] == '\\')
			k++;
		else if (buf[k] == '"')
			return 0;
	}
	return 1;
}

/* Parses buf as one JSON value and nothing after it. */
static cJSON *
parse_doc(struct rd *d, const char *buf, size_t len)
{
	const char *end = NULL;
	size_t at, line = 1, k;
	cJSON *root;

	if (len == 0) {
		bad(d, NULL, "empty; expected a gpulog export (JSON)");
		return NULL;
	}
	root = cJSON_ParseWithLengthOpts(buf, len, &end, 0);
	if (root == NULL && (end == NULL || end < buf || end > buf + len))
		end = cJSON_GetErrorPtr();
	at = end != NULL && end >= buf && end <= buf + len ?
	    (size_t)(end - buf) : len;
	if (root != NULL) {
		/* Only white space may follow the document. */
		while (at < len && strchr(" \t\r\n", buf[at]) != NULL &&
		    buf[at] != '\0')
			at++;
		if (at == len)
			return root;
		cJSON_Delete(root);
	}
	for (k = 0; k < at && k < len; k++)
		line += buf[k] == '\n';
	if (root == NULL && cut_short(buf, len, at))
		bad(d, NULL, "not valid JSON: it ends too soon, at byte %zu "
		    "(line %zu); is the file cut short?", at, line);
	else if (root == NULL)
		bad(d, NULL, "not valid JSON: error at byte %zu (line %zu)",
		    at, line);
	else
		bad(d, NULL, "not valid JSON: unexpected text after the "
		    "document at byte %zu (line %zu)", at, line);
	return NULL;
}

int
json_import_parse(const char *buf, size_t len, const char *name,
    struct run_sink *sink, struct import_extra *extra, struct err *e)
{
	struct rd d;
	struct import_extra cat;
	const cJSON *mark;
	cJSON *root;
	int rc = -1;

	memset(&d, 0, sizeof d);
	memset(&cat, 0, sizeof cat);
	d.name = name;
	d.e = e;
	if ((root = parse_doc(&d, buf, len)) == NULL)
		return -1;
	if (!cJSON_IsObject(root)) {
		bad(&d, NULL, "not a gpulog export: expected a JSON object");
		goto out;
	}
	mark = member(root, "gpulog_export");
	if (mark == NULL || !cJSON_IsNumber(mark)) {
		bad(&d, NULL, "not a gpulog export: no \"gpulog_export\" "
		    "marker (`gpulog export` writes one)");
		goto out;
	}
	if (mark->valuedouble != JSON_EXPORT_FORMAT) {
		bad(&d, "gpulog_export", "format %.17g; this gpulog reads "
		    "format %d%s", mark->valuedouble, JSON_EXPORT_FORMAT,
		    mark->valuedouble > JSON_EXPORT_FORMAT ? ": upgrade gpulog"
		    : "");
		goto out;
	}
	/* Everything is checked before the sink sees anything. */
	if (read_catalog(&d, root, &cat) < 0 || walk_runs(&d, root, NULL) < 0
	    || walk_expenses(&d, root, NULL) < 0)
		goto out;
	if (extra != NULL) {
		*extra = cat;
		memset(&cat, 0, sizeof cat);
	}
	if (sink != NULL && (walk_runs(&d, root, sink) < 0 ||
	    walk_expenses(&d, root, sink) < 0))
		goto out;
	rc = 0;
out:
	import_extra_free(&cat);
	cJSON_Delete(root);
	return rc;
}
