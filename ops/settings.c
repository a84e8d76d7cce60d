/*
 * settings.c: the changes to what is not a run: a platform's settings
 * (its quota, rates, session cap, monthly fee), fetched prices, exchange
 * rates, the display currency and the plan's start.  Each is
 * one store change; the catalog is read again after it.
 */
#include "ops/ops.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/catalog.h"
#include "core/clock.h"
#include "core/fmt.h"
#include "core/parse.h"
#include "core/quota.h"
#include "core/text.h"
#include "store/store.h"

/* Fails with field f: the message is already in e. */
static int
fail(struct ops *o, int f)
{
	o->field = f;
	return -1;
}

/* One write inside its own change named what; the catalog is stale
 * after it. */
static int
commit(struct ops *o, struct err *e)
{
	ops_reload(o);
	if (store_commit(o->s, e) < 0) {
		store_rollback(o->s);
		return -1;
	}
	return 0;
}

/* A new platform key: a-z, 0-9 and '-', at most 31. */
static int
key_ok(const char *k)
{
	if (*k == '\0' || strlen(k) > 31)
		return 0;
	for (; *k; k++)
		if (!islower((unsigned char)*k) && !isdigit((unsigned char)*k)
		    && *k != '-')
			return 0;
	return 1;
}

/* Reads in's own fields of the platform into p; *changed when any. */
static int
platform_fields(struct ops *o, const struct ops_platform_in *in,
    struct platform *p, int *changed, struct err *e)
{
	int64_t n;
	char cur[4], canon[32];

	if (in->name != NULL) {
		if (!text_is_name(in->name, 63, "")) {
			err_set(e, "invalid name: 1 to 63 characters without "
			    "control characters");
			return fail(o, OPS_F_NAME);
		}
		snprintf(p->name, sizeof p->name, "%s", in->name);
		*changed = 1;
	}
	if (in->billing != NULL) {
		if ((p->billing = billing_parse(in->billing)) < 0) {
			char *safe = text_safe(in->billing);

			err_set(e, "unknown billing \"%s\": expected free, "
			    "subscription, hourly or units", safe);
			free(safe);
			return fail(o, OPS_F_BILLING);
		}
		*changed = 1;
	}
	if (in->default_gpu != NULL) {
		if (ops_check_gpu(in->default_gpu, canon, NULL, 0, e) < 0)
			return fail(o, OPS_F_GPU);
		memcpy(p->default_gpu, canon, sizeof p->default_gpu);
		*changed = 1;
	}
	if (in->cap != NULL) {
		char d[32];

		if (strcmp(in->cap, "0") == 0)
			p->session_cap_s = 0;
		else if (parse_duration(in->cap, &p->session_cap_s, e) < 0)
			return fail(o, OPS_F_CAP);
		/* The words shown follow the cap set, not the catalog's. */
		if (p->session_cap_s == 0)
			snprintf(p->session_text, sizeof p->session_text,
			    "no cap");
		else
			snprintf(p->session_text, sizeof p->session_text,
			    "%s a session", fmt_duration(d, sizeof d,
			    p->session_cap_s));
		*changed = 1;
	}
	if (in->pack_days != NULL) {
		if (parse_int(in->pack_days, "pack days", 0, 3650, &n,
		    e) < 0)
			return fail(o, OPS_F_PACK_DAYS);
		p->pack_days = (int)n;
		*changed = 1;
	}
	if (in->monthly != NULL) {
		if (parse_money(in->monthly, 2, "USD", &n, cur, e) < 0)
			return fail(o, OPS_F_AMOUNT);
		if (strcmp(cur, "INR") == 0)
			fmt_centi(p->cost_inr, sizeof p->cost_inr, n);
		else
			fmt_centi(p->cost_usd, sizeof p->cost_usd, n);
		*changed = 1;
	}
	return 0;
}

int
ops_platform_set(struct ops *o, const struct ops_platform_in *in,
    struct ops_platform_result *res, struct err *e)
{
	const struct summary *cat;
	const struct platform *p;
	const struct rate *old;
	char key[32], canon[32];
	int qi, sort, hours;

	memset(res, 0, sizeof *res);
	o->field = OPS_F_NONE;
	if ((cat = ops_catalog(o, e)) == NULL)
		return -1;
	if ((p = summary_platform(cat, in->key)) == NULL) {
		if (in->name == NULL && in->billing == NULL) {
			if (ops_check_platform(cat, in->key, key, e) < 0) {
				err_set(e, "%s; give a name to add it", e->msg);
				return fail(o, OPS_F_PLATFORM);
			}
			p = summary_platform(cat, key);
		} else if (!key_ok(in->key)) {
			char *safe = text_safe(in->key);

			err_set(e, "invalid key \"%s\": use a-z, 0-9 and -",
			    safe);
			free(safe);
			return fail(o, OPS_F_PLATFORM);
		} else {
			snprintf(res->p.key, sizeof res->p.key, "%s", in->key);
			snprintf(res->p.name, sizeof res->p.name, "%s",
			    in->key);
			res->p.billing = BILL_HOURLY;
			res->created = 1;
		}
	}
	if (p != NULL)
		res->p = *p;
	sort = res->created ? (int)cat->cat.nplatforms :
	    (int)(p - cat->cat.platforms);
	if (platform_fields(o, in, &res->p, &res->changed, e) < 0)
		return -1;

	/* The quota, checked before anything is written. */
	qi = summary_quota_index(cat, res->p.key);
	if (qi >= 0) {
		res->q = cat->cat.quotas[qi];
	} else {
		snprintf(res->q.platform, sizeof res->q.platform, "%s",
		    res->p.key);
		res->q.reset_mday = 1;
	}
	/* A quota in hours keeps the meter it had, else the catalog's. */
	hours = qi >= 0 && !quota_meter(res->q.unit)->rated ? res->q.unit :
	    catalog_hours_unit(res->p.key);
	if (in->no_quota || (in->quota != NULL && *in->quota == '\0'))
		res->quota_removed = 1;
	else if (in->quota != NULL || in->reset != NULL ||
	    in->meter != NULL) {
		if (in->quota != NULL &&
		    parse_quota(in->quota, &res->q, e) < 0)
			return fail(o, OPS_F_QUOTA);
		if (in->quota != NULL && !quota_meter(res->q.unit)->rated)
			res->q.unit = hours;
		if (qi < 0 && in->quota == NULL) {
			err_set(e, "%s has no quota to %s; give a quota",
			    res->p.key, in->reset != NULL ? "reset" :
			    "meter");
			return fail(o, in->reset != NULL ? OPS_F_RESET :
			    OPS_F_QUOTA);
		}
		if (in->reset != NULL && *in->reset != '\0' &&
		    parse_reset(in->reset, &res->q, e) < 0)
			return fail(o, OPS_F_RESET);
		if (in->meter != NULL &&
		    quota_set_meter(&res->q, in->meter, e) < 0)
			return fail(o, OPS_F_QUOTA);
		res->quota_set = 1;
	}

	/* A rate and the compute units a GPU-hour burns, for one model. */
	if (in->rate != NULL || in->cu_rate != NULL) {
		if (in->gpu == NULL || *in->gpu == '\0') {
			err_set(e, "a rate needs the GPU model it is for");
			return fail(o, OPS_F_GPU);
		}
		if (ops_check_gpu(in->gpu, canon, NULL, 0, e) < 0)
			return fail(o, OPS_F_GPU);
		if ((old = summary_rate(cat, res->p.key, canon)) != NULL) {
			res->rt = *old;
		} else {
			snprintf(res->rt.platform, sizeof res->rt.platform,
			    "%s", res->p.key);
			memcpy(res->rt.gpu, canon, sizeof res->rt.gpu);
			strcpy(res->rt.currency, "USD");
		}
		if (in->rate != NULL) {
			if (ops_check_rate(in->rate, &res->rt.rate_micro,
			    res->rt.currency, e) < 0)
				return fail(o, OPS_F_RATE);
			res->rt.low_micro = res->rt.high_micro = 0;
		}
		if (in->cu_rate != NULL && parse_fixed(in->cu_rate, 2,
		    "compute units an hour", &res->rt.cu_centi_h, e) < 0)
			return fail(o, OPS_F_CU_RATE);
		res->rt.updated = o->now;
		strcpy(res->rt.source, "user");
		res->rate_set = 1;
	} else if (in->gpu != NULL) {
		err_set(e, "a GPU model names the model of a rate");
		return fail(o, OPS_F_GPU);
	}
	if (!res->changed && !res->created && !res->quota_set &&
	    !res->quota_removed && !res->rate_set) {
		err_set(e, "nothing to change");
		return fail(o, OPS_F_INPUT);
	}

	snprintf(res->what, sizeof res->what, "platforms set %s", res->p.key);
	if (ops_begin(o, res->what, e) < 0)
		return -1;
	if (((res->changed || res->created) &&
	    store_set_platform(o->s, &res->p, sort, e) < 0) ||
	    (res->quota_removed &&
	    store_delete_quota(o->s, res->p.key, e) < 0) ||
	    (res->quota_set && store_set_quota(o->s, &res->q, e) < 0) ||
	    (res->rate_set && store_set_rate(o->s, &res->rt, e) < 0)) {
		store_rollback(o->s);
		return -1;
	}
	return commit(o, e);
}

int
ops_set_rates(struct ops *o, const struct rate *rates, size_t n,
    const char *what, struct err *e)
{
	size_t i;

	o->field = OPS_F_NONE;
	if (ops_begin(o, what, e) < 0)
		return -1;
	for (i = 0; i < n; i++) {
		struct rate r = rates[i];
		char canon[32];

		if (ops_check_gpu(r.gpu, canon, NULL, 0, NULL) >= 0)
			memcpy(r.gpu, canon, sizeof r.gpu);
		r.updated = o->now;
		if (store_set_rate(o->s, &r, e) < 0) {
			store_rollback(o->s);
			return -1;
		}
	}
	return commit(o, e);
}

/* Writes the USD to INR rate for a local day as the change what. */
static int
put_fx(struct ops *o, int64_t day, int64_t micro, const char *source,
    const char *what, struct err *e)
{
	if (ops_begin(o, what, e) < 0)
		return -1;
	if (store_set_fx(o->s, day, micro, source, e) < 0) {
		store_rollback(o->s);
		return -1;
	}
	return commit(o, e);
}

int
ops_fx_set(struct ops *o, const char *rate, const char *at, int64_t *day,
    int64_t *micro, struct err *e)
{
	int64_t t = o->now, y;
	int m, d;
	char what[64], *safe;

	o->field = OPS_F_NONE;
	if (parse_fixed(rate, 6, "rate", micro, NULL) < 0 || *micro <= 0 ||
	    *micro > 100000000000LL) {
		safe = text_safe(rate);
		err_set(e, "invalid rate \"%s\": expected rupees per dollar, "
		    "such as 84.10", safe);
		free(safe);
		return fail(o, OPS_F_RATE);
	}
	if (at != NULL && parse_day(at, o->now, &t, e) < 0)
		return fail(o, OPS_F_DAY);
	*day = local_day_number(t);
	civil_from_days(*day, &y, &m, &d);
	snprintf(what, sizeof what, "fx %.20s from %04lld-%02d-%02d", rate,
	    (long long)y, m, d);
	return put_fx(o, *day, *micro, "user", what, e);
}

int
ops_fx_fetched(struct ops *o, int64_t day, int64_t micro, const char *source,
    struct err *e)
{
	int64_t y;
	int m, d;
	char what[64];

	o->field = OPS_F_NONE;
	civil_from_days(day, &y, &m, &d);
	snprintf(what, sizeof what, "fx update %04lld-%02d-%02d",
	    (long long)y, m, d);
	return put_fx(o, day, micro, source, what, e);
}

/* Writes one setting as the change what. */
static int
put_setting(struct ops *o, const char *key, const char *value,
    const char *what, struct err *e)
{
	if (ops_begin(o, what, e) < 0)
		return -1;
	if (store_set_setting(o->s, key, value, e) < 0) {
		store_rollback(o->s);
		return -1;
	}
	return commit(o, e);
}

int
ops_set_currency(struct ops *o, const char *in, char cur[4], struct err *e)
{
	char what[48];

	o->field = OPS_F_NONE;
	if (parse_currency(in, cur, e) < 0)
		return fail(o, OPS_F_CURRENCY);
	snprintf(what, sizeof what, "fx --currency %s", cur);
	return put_setting(o, "currency", cur, what, e);
}

int
ops_plan_start(struct ops *o, const char *day, int64_t *t, char out[16],
    struct err *e)
{
	char what[48];

	o->field = OPS_F_NONE;
	if (parse_day(day, o->now, t, e) < 0)
		return fail(o, OPS_F_DAY);
	fmt_local(out, 16, *t, "%Y-%m-%d");
	snprintf(what, sizeof what, "plan --start %s", out);
	return put_setting(o, "plan.start", out, what, e);
}
