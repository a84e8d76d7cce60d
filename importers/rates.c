/*
 * rates.c: parsers for exchange-rate and GPU-price answers (cJSON).  Each
 * checks the fields it uses and names the one that is wrong.
 */
#include "importers/rates.h"

#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "core/clock.h"
#include "core/err.h"
#include "core/gpu.h"
#include "core/model.h"
#include "importers/cjson.h"
#include "importers/common.h"

static cJSON *
parse(const char *buf, size_t len, const char *name, struct err *e)
{
	cJSON *root;

	if (len == 0) {
		err_set(e, "%s: an empty answer", name);
		return NULL;
	}
	root = cJSON_ParseWithLength(buf, len);
	if (root == NULL) {
		const char *at = cJSON_GetErrorPtr();

		if (at != NULL && at >= buf && at + 1 >= buf + len)
			err_set(e, "%s: not valid JSON: it ends too soon; the "
			    "answer was cut short", name);
		else
			err_set(e, "%s: not valid JSON", name);
		return NULL;
	}
	if (!cJSON_IsObject(root)) {
		cJSON_Delete(root);
		err_set(e, "%s: expected a JSON object", name);
		return NULL;
	}
	return root;
}

/* A believable USD to INR rate into millionths. */
static int
fx_value(const cJSON *v, const char *name, const char *field, int64_t *micro,
    struct err *e)
{
	if (!cJSON_IsNumber(v))
		return err_set(e, "%s: %s: missing or not a number", name,
		    field);
	if (!(v->valuedouble >= 1 && v->valuedouble <= 10000))
		return err_set(e, "%s: %s: %g is not a believable rupees per "
		    "dollar", name, field, v->valuedouble);
	*micro = (int64_t)llround(v->valuedouble * 1e6);
	return 0;
}

int
rates_parse_fx(const char *buf, size_t len, const char *name, int kind,
    int64_t *day, int64_t *micro, struct err *e)
{
	cJSON *root = parse(buf, len, name, e);
	const cJSON *rates, *v;
	int rc = -1;

	if (root == NULL)
		return -1;
	rates = cJSON_GetObjectItemCaseSensitive(root, "rates");
	if (kind == FX_FRANKFURTER) {
		int64_t y;
		int m, d;

		v = cJSON_GetObjectItemCaseSensitive(root, "base");
		if (cJSON_IsString(v) && strcmp(v->valuestring, "USD") != 0) {
			err_set(e, "%s: base: \"USD\" expected", name);
			goto out;
		}
		v = cJSON_GetObjectItemCaseSensitive(root, "date");
		if (!cJSON_IsString(v) || sscanf(v->valuestring,
		    "%4lld-%2d-%2d", (long long *)&y, &m, &d) != 3 || m < 1 ||
		    m > 12 || d < 1 || d > days_in_month(y, m)) {
			err_set(e, "%s: date: expected YYYY-MM-DD", name);
			goto out;
		}
		*day = days_from_civil(y, m, d);
	} else {
		v = cJSON_GetObjectItemCaseSensitive(root, "result");
		if (cJSON_IsString(v) && strcmp(v->valuestring, "success") !=
		    0) {
			const cJSON *t = cJSON_GetObjectItemCaseSensitive(root,
			    "error-type");
			char *sh = imp_shown(cJSON_IsString(t) ?
			    t->valuestring : v->valuestring);

			err_set(e, "%s: the service reports an error: %s", name,
			    sh);
			free(sh);
			goto out;
		}
		v = cJSON_GetObjectItemCaseSensitive(root,
		    "time_last_update_unix");
		if (!cJSON_IsNumber(v) || v->valuedouble < 0 ||
		    v->valuedouble > 1e11) {
			err_set(e, "%s: time_last_update_unix: expected epoch "
			    "seconds", name);
			goto out;
		}
		*day = floor_div((int64_t)v->valuedouble, DAY_S);
	}
	if (*day < 0 || *day * DAY_S > TIME_MAX) {
		err_set(e, "%s: date: gpulog keeps times from 1970 to 2200",
		    name);
		goto out;
	}
	if (!cJSON_IsObject(rates)) {
		err_set(e, "%s: rates: expected an object", name);
		goto out;
	}
	if (fx_value(cJSON_GetObjectItemCaseSensitive(rates, "INR"), name,
	    "rates.INR", micro, e) < 0)
		goto out;
	rc = 0;
out:
	cJSON_Delete(root);
	return rc;
}

int
rates_gpu_match(const char *gpu, const char *name, int mem_gb)
{
	struct gpu_id want, have;

	/* One rule for every spelling (core/gpu.h), the offer's memory
	 * choosing the size. */
	gpu_identify(gpu, 0, &want);
	gpu_identify(name, mem_gb > 0 ? (int64_t)mem_gb * 1024 : 0, &have);
	if (want.known != have.known)
		return 0;
	if (want.known)
		return strcmp(want.name, have.name) == 0;
	return want.key[0] != '\0' && strcmp(want.key, have.key) == 0;
}

static int
cmp_i64(const void *a, const void *b)
{
	int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;

	return x < y ? -1 : x > y;
}

/* A member as a number; -1 when absent or of another type. */
static double
num(const cJSON *o, const char *key)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);

	return cJSON_IsNumber(v) ? v->valuedouble : -1;
}

static int
truthy(const cJSON *o, const char *key)
{
	return cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(o, key));
}

int
rates_parse_vast(const char *buf, size_t len, const char *name,
    struct gpu_price *p, size_t np, struct err *e)
{
	cJSON *root = parse(buf, len, name, e);
	const cJSON *offers, *o, *g, *ver;
	int64_t *v;
	size_t i, n, k = 0;

	if (root == NULL)
		return -1;
	offers = cJSON_GetObjectItemCaseSensitive(root, "offers");
	if (!cJSON_IsArray(offers)) {
		cJSON_Delete(root);
		return err_set(e, "%s: offers: expected an array", name);
	}
	n = (size_t)cJSON_GetArraySize(offers);
	v = xcalloc(n + 1, sizeof *v);
	for (i = 0; i < np; i++) {
		k = 0;
		cJSON_ArrayForEach(o, offers) {
			double dph = num(o, "dph_total"), ng = num(o,
			    "num_gpus"), rel = num(o, "reliability"),
			    ram = num(o, "gpu_ram");

			g = cJSON_GetObjectItemCaseSensitive(o, "gpu_name");
			ver = cJSON_GetObjectItemCaseSensitive(o,
			    "verification");
			if (!cJSON_IsObject(o) || !cJSON_IsString(g))
				continue;
			/* Offers say "verification": "verified" and
			 * "vericode": 1; older answers a "verified" bool. */
			if (!(truthy(o, "verified") || num(o, "vericode") == 1 ||
			    (cJSON_IsString(ver) && strcmp(ver->valuestring,
			    "verified") == 0)) ||
			    !truthy(o, "rentable") || truthy(o, "rented") ||
			    rel < VAST_MIN_RELIABILITY)
				continue;
			if (!(dph > 0 && dph < 1000) || !(ng >= 1 && ng <= 64))
				continue;
			/* No GPU has a terabyte: a bigger figure is junk. */
			if (!(ram < 1e6) || !rates_gpu_match(p[i].gpu,
			    g->valuestring, ram > 0 ? (int)((ram + 512) /
			    1024) : 0))
				continue;
			/* A price below a millionth a GPU-hour is none. */
			if (llround(dph / ng * 1e6) <= 0)
				continue;
			v[k++] = (int64_t)llround(dph / ng * 1e6);
		}
		p[i].n = (int)k;
		p[i].rate_micro = p[i].low_micro = p[i].high_micro = 0;
		if (k == 0)
			continue;
		qsort(v, k, sizeof *v, cmp_i64);
		p[i].rate_micro = k % 2 ? v[k / 2] : (v[k / 2 - 1] + v[k / 2])
		    / 2;
		p[i].low_micro = v[0];
		p[i].high_micro = v[k - 1];
	}
	free(v);
	cJSON_Delete(root);
	return 0;
}

int
rates_parse_runpod(const char *buf, size_t len, const char *name,
    struct gpu_price *p, size_t np, struct err *e)
{
	cJSON *root = parse(buf, len, name, e);
	const cJSON *errs, *data, *types, *t, *id, *dn, *lp;
	size_t i;

	if (root == NULL)
		return -1;
	errs = cJSON_GetObjectItemCaseSensitive(root, "errors");
	if (cJSON_IsArray(errs) && cJSON_GetArraySize(errs) > 0) {
		const cJSON *m = cJSON_GetObjectItemCaseSensitive(
		    cJSON_GetArrayItem(errs, 0), "message");
		char *sh = imp_shown(cJSON_IsString(m) ? m->valuestring :
		    "(no message)");

		err_set(e, "%s: RunPod reports an error: %s", name, sh);
		free(sh);
		cJSON_Delete(root);
		return -1;
	}
	data = cJSON_GetObjectItemCaseSensitive(root, "data");
	types = data ? cJSON_GetObjectItemCaseSensitive(data, "gpuTypes") :
	    NULL;
	if (!cJSON_IsArray(types)) {
		cJSON_Delete(root);
		return err_set(e, "%s: data.gpuTypes: expected an array", name);
	}
	for (i = 0; i < np; i++) {
		p[i].rate_micro = p[i].low_micro = p[i].high_micro = 0;
		p[i].n = 0;
		cJSON_ArrayForEach(t, types) {
			double price, mem = num(t, "memoryInGb");

			if (!(mem < 1e4))
				continue;  /* no GPU has 10 TB: junk */

			id = cJSON_GetObjectItemCaseSensitive(t, "id");
			dn = cJSON_GetObjectItemCaseSensitive(t, "displayName");
			if (!((cJSON_IsString(id) && rates_gpu_match(p[i].gpu,
			    id->valuestring, mem > 0 ? (int)mem : 0)) ||
			    (cJSON_IsString(dn) && rates_gpu_match(p[i].gpu,
			    dn->valuestring, mem > 0 ? (int)mem : 0))))
				continue;
			lp = cJSON_GetObjectItemCaseSensitive(t, "lowestPrice");
			price = lp ? num(lp, "uninterruptablePrice") : -1;
			if (!(price > 0))
				price = num(t, "communityPrice");
			if (!(price > 0))
				price = num(t, "securePrice");
			if (!(price > 0 && price < 1000) ||
			    llround(price * 1e6) <= 0)
				continue;
			if (p[i].n == 0 || (int64_t)llround(price * 1e6) <
			    p[i].rate_micro)
				p[i].rate_micro = (int64_t)llround(price * 1e6);
			p[i].n++;
		}
	}
	cJSON_Delete(root);
	return 0;
}

/* Keeps price (USD a GPU-hour) in p: the lowest is the rate, and the
 * range runs from it to the highest seen. */
static void
keep_price(struct gpu_price *p, double price)
{
	int64_t v = (int64_t)llround(price * 1e6);

	if (p->n == 0 || v < p->rate_micro)
		p->rate_micro = v;
	if (p->n == 0 || v < p->low_micro)
		p->low_micro = v;
	if (p->n == 0 || v > p->high_micro)
		p->high_micro = v;
	p->n++;
}

/* A range of one price is none. */
static void
no_flat_range(struct gpu_price *p, size_t np)
{
	size_t i;

	for (i = 0; i < np; i++)
		if (p[i].low_micro == p[i].high_micro)
			p[i].low_micro = p[i].high_micro = 0;
}

int
rates_parse_runpod_rest(const char *buf, size_t len, const char *name,
    struct gpu_price *p, size_t np, struct err *e)
{
	cJSON *root = parse(buf, len, name, e);
	const cJSON *gpus, *t, *id, *nm, *pr;
	size_t i;

	if (root == NULL)
		return -1;
	gpus = cJSON_GetObjectItemCaseSensitive(root, "gpus");
	if (!cJSON_IsArray(gpus)) {
		const cJSON *d = cJSON_GetObjectItemCaseSensitive(root,
		    "detail");

		if (cJSON_IsString(d)) {
			char *sh = imp_shown(d->valuestring);

			err_set(e, "%s: RunPod reports an error: %s", name, sh);
			free(sh);
		} else
			err_set(e, "%s: gpus: expected an array", name);
		cJSON_Delete(root);
		return -1;
	}
	for (i = 0; i < np; i++) {
		memset(&p[i].rate_micro, 0, sizeof *p - offsetof(struct
		    gpu_price, rate_micro));
		cJSON_ArrayForEach(t, gpus) {
			double price = -1, mem = num(t, "memory");
			int m = mem > 0 && mem < 1e4 ? (int)mem : 0;

			if (!(mem < 1e4))
				continue;  /* no GPU has 10 TB: junk */
			id = cJSON_GetObjectItemCaseSensitive(t, "id");
			nm = cJSON_GetObjectItemCaseSensitive(t, "name");
			if (!((cJSON_IsString(id) && rates_gpu_match(p[i].gpu,
			    id->valuestring, m)) || (cJSON_IsString(nm) &&
			    rates_gpu_match(p[i].gpu, nm->valuestring, m))))
				continue;
			/* The community cloud's list price, as the catalog
			 * quotes; the secure cloud's where it has none. */
			pr = cJSON_GetObjectItemCaseSensitive(t, "price");
			if (truthy(t, "community"))
				price = num(pr, "community");
			if (!(price > 0) && truthy(t, "secure"))
				price = num(pr, "secure");
			if (!(price > 0 && price < 1000) ||
			    llround(price * 1e6) <= 0)
				continue;
			keep_price(&p[i], price);
		}
	}
	no_flat_range(p, np);
	cJSON_Delete(root);
	return 0;
}

int
rates_parse_lambda(const char *buf, size_t len, const char *name,
    struct gpu_price *p, size_t np, struct err *e)
{
	cJSON *root = parse(buf, len, name, e);
	const cJSON *data, *t, *it, *specs, *gd;
	size_t i;

	if (root == NULL)
		return -1;
	data = cJSON_GetObjectItemCaseSensitive(root, "data");
	if (!cJSON_IsObject(data)) {
		const cJSON *er = cJSON_GetObjectItemCaseSensitive(root,
		    "error"), *m = cJSON_GetObjectItemCaseSensitive(er,
		    "message");

		if (cJSON_IsString(m)) {
			char *sh = imp_shown(m->valuestring);

			err_set(e, "%s: Lambda reports an error: %s", name, sh);
			free(sh);
		} else
			err_set(e, "%s: data: expected an object", name);
		cJSON_Delete(root);
		return -1;
	}
	for (i = 0; i < np; i++) {
		int64_t one = 0;  /* the lowest price of one GPU alone */

		memset(&p[i].rate_micro, 0, sizeof *p - offsetof(struct
		    gpu_price, rate_micro));
		cJSON_ArrayForEach(t, data) {
			double cents, gpus;

			it = cJSON_GetObjectItemCaseSensitive(t,
			    "instance_type");
			gd = cJSON_GetObjectItemCaseSensitive(it,
			    "gpu_description");
			specs = cJSON_GetObjectItemCaseSensitive(it, "specs");
			cents = num(it, "price_cents_per_hour");
			gpus = num(specs, "gpus");
			/* "A100 (40 GB SXM4)": the size is in the words. */
			if (!cJSON_IsString(gd) || !rates_gpu_match(p[i].gpu,
			    gd->valuestring, 0))
				continue;
			/* A GPU's share of the instance's price. */
			if (!(gpus >= 1 && gpus <= 64) || !(cents > 0 &&
			    cents < 1e7))
				continue;
			keep_price(&p[i], cents / 100 / gpus);
			if (gpus == 1 && (one == 0 || llround(cents * 1e4) <
			    one))
				one = (int64_t)llround(cents * 1e4);
		}
		/* One GPU can be rented at its own price; a share of eight
		 * only with the other seven. */
		if (one > 0)
			p[i].rate_micro = one;
	}
	no_flat_range(p, np);
	cJSON_Delete(root);
	return 0;
}
