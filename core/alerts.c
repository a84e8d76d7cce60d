/*
 * alerts.c: the table of thresholds, the nudges, use it or lose it, and
 * the free tiers' savings.  It reads what it is given and prints nothing.
 */
#include "core/alerts.h"

#include <stdio.h>
#include <string.h>

#include "core/budget.h"
#include "core/cloud.h"
#include "core/gpu.h"
#include "core/model.h"
#include "core/quota.h"

const struct alert_threshold alerts_levels[AL_NLEVELS] = {
	[AL_OK] = { "ok", 0, 0, AC_GREEN },
	[AL_WARN] = { "warn", 80, 0, AC_YELLOW },
	[AL_NEAR] = { "near", 90, 0, AC_RED },
	[AL_OVER] = { "over", 100, 1, AC_RED },
};

const char *const nudge_kinds[NUDGE_NKINDS + 1] = {
	[NUDGE_QUOTA] = "quota",
	[NUDGE_BUDGET] = "budget",
	[NUDGE_OPEN] = "open",
	[NUDGE_LAPSE] = "lapse",
	[NUDGE_PACK] = "pack",
	[NUDGE_IDLE] = "idle",
	[NUDGE_BILLED] = "billed",
};

int
alerts_paid(const struct platform *p, const struct run *r)
{
	return r->rate_micro > 0 || (p != NULL && p->billing == BILL_HOURLY);
}

int
alerts_level(int subject, int64_t used, int64_t limit)
{
	int lv;

	if (limit < 0)
		return AL_OK;
	for (lv = AL_NLEVELS - 1; lv > AL_OK; lv--) {
		const struct alert_threshold *t = &alerts_levels[lv];
		int64_t at = limit * t->pct;

		if (limit == 0 && lv != AL_OVER)
			continue;
		if (subject == ALS_BUDGET && t->budget_past ? used * 100 > at :
		    used * 100 >= at)
			return lv;
	}
	return AL_OK;
}

int
alerts_budget_level(const struct budget_status *b)
{
	/* Spent to the top and no more (the plan's own pick, a Colab Pro
	 * month at a ₹899 top) is at budget: no nudge. */
	if (b->max > 0 && b->spent == b->max)
		return AL_OK;
	return alerts_level(ALS_BUDGET, b->spent, b->max);
}

const char *
alerts_budget_word(const struct budget_status *b)
{
	int lv = alerts_budget_level(b);

	if (lv != AL_OK)
		return alerts_levels[lv].word;
	if (b->max > 0 && b->spent == b->max)
		return "at budget";
	return b->state == BS_UNDER ? "under" : "within";
}

static const struct platform *
find_platform(const struct platform *p, size_t np, const char *key)
{
	size_t i;

	for (i = 0; i < np; i++)
		if (strcmp(p[i].key, key) == 0)
			return &p[i];
	return NULL;
}

int
alerts_ckpt_due(int64_t el_ms, int64_t after_ms, int checkpointed)
{
	return !checkpointed && el_ms > after_ms;
}

int
alerts_past_cap(const struct platform *p, int64_t open_s)
{
	return p != NULL && p->session_cap_s > 0 && open_s > p->session_cap_s;
}

/* Adds n to out when there is room; counts it either way. */
static void
put(struct nudge *out, size_t max, size_t *count, const struct nudge *n)
{
	if (*count < max)
		out[*count] = *n;
	(*count)++;
}

static void
start(struct nudge *n, int kind, int level, const char *platform)
{
	memset(n, 0, sizeof *n);
	n->kind = kind;
	n->level = level;
	n->quota = -1;
	if (platform != NULL)
		snprintf(n->platform, sizeof n->platform, "%s", platform);
}

size_t
alerts_nudges(const struct nudge_input *in, struct nudge *out, size_t max)
{
	const struct budget_status *b = in->budget;
	size_t i, count = 0;
	struct nudge n;
	int lv;

	for (i = 0; i < in->nquotas; i++) {
		const struct quota *q = &in->quotas[i];
		const struct quota_status *st = &in->qs[i];

		if (st->state < AL_NEAR)
			continue;
		start(&n, NUDGE_QUOTA, st->state, q->platform);
		n.quota = (int)i;
		n.pct = st->pct;
		n.value = st->used;
		n.limit = st->limit;
		n.at = q->window == QW_ROLLING ? 0 : st->we;
		put(out, max, &count, &n);
	}
	if (b != NULL && (lv = alerts_budget_level(b)) >= AL_NEAR) {
		start(&n, NUDGE_BUDGET, lv, NULL);
		n.pct = b->pct;
		n.value = b->spent;
		n.limit = b->max;
		put(out, max, &count, &n);
	}
	for (i = 0; i < in->nopen; i++) {
		const struct run *r = &in->open[i];
		const struct platform *p = find_platform(in->platforms,
		    in->nplatforms, r->platform);
		int paid = alerts_paid(p, r);
		int64_t el = run_end_at(r, in->now) - r->start;

		if (alerts_past_cap(p, el)) {
			start(&n, NUDGE_OPEN, AL_OVER, r->platform);
			n.limit = p->session_cap_s;
			n.past_cap = 1;
		} else if (paid && el > ALERTS_OPEN_LIMIT) {
			start(&n, NUDGE_OPEN, AL_NEAR, r->platform);
			n.limit = ALERTS_OPEN_LIMIT;
		} else {
			continue;
		}
		n.run_id = r->id;
		n.value = el;
		n.at = r->start;
		put(out, max, &count, &n);
	}
	for (i = 0; in->open_idle != NULL && i < in->nopen; i++) {
		const struct run *r = &in->open[i];

		if (in->open_idle[i] <= 0 || !alerts_paid(find_platform(
		    in->platforms, in->nplatforms, r->platform), r))
			continue;
		start(&n, NUDGE_IDLE, AL_NEAR, r->platform);
		n.run_id = r->id;
		n.value = in->now > in->open_idle[i] ? in->now -
		    in->open_idle[i] : 0;
		n.at = in->open_idle[i];
		put(out, max, &count, &n);
	}
	for (i = 0; i < in->nquotas; i++) {
		const struct quota *q = &in->quotas[i];
		const struct quota_status *st = &in->qs[i];
		int64_t left;

		/* Use it or lose it: free hours, a reset near, and enough of
		 * them left to be worth a run. */
		const struct platform *p = find_platform(in->platforms,
		    in->nplatforms, q->platform);

		if (!alerts_free_tier(p) || q->window == QW_ROLLING ||
		    st->limit <= 0 || st->we <= in->now ||
		    st->we - in->now > ALERTS_LAPSE_WITHIN)
			continue;
		left = alerts_lapse(q, st, in->open, in->nopen,
		    in->cu_centi_h != NULL ? in->cu_centi_h[i] : 0,
		    p->session_cap_s, in->now);
		if (left * 100 < st->limit * ALERTS_LAPSE_PCT)
			continue;
		start(&n, NUDGE_LAPSE, AL_WARN, q->platform);
		n.quota = (int)i;
		n.pct = left * 100 / st->limit;
		n.value = left;
		n.limit = st->limit;
		n.at = st->we;
		put(out, max, &count, &n);
	}
	for (i = 0; i < in->npacks; i++) {
		const struct quota_pack *p = &in->packs[i];

		if (p->left <= 0 || p->expires - in->now > ALERTS_PACK_WITHIN ||
		    p->quota < 0 || (size_t)p->quota >= in->nquotas)
			continue;
		start(&n, NUDGE_PACK, AL_WARN, in->quotas[p->quota].platform);
		n.quota = p->quota;
		n.run_id = p->id;
		n.pct = p->units > 0 ? p->left * 100 / p->units : 0;
		n.value = p->left;
		n.limit = p->units;
		n.at = p->expires;
		put(out, max, &count, &n);
	}
	for (i = 0; i < in->nbilled; i++) {
		const struct cloud_billed *bi = &in->billed[i];

		start(&n, NUDGE_BILLED, AL_NEAR, bi->provider);
		snprintf(n.what, sizeof n.what, "%s", bi->id);
		n.value = bi->micro_h;
		n.at = bi->seen;
		put(out, max, &count, &n);
	}
	return count;
}

int64_t
alerts_lapse(const struct quota *q, const struct quota_status *st,
    const struct run *open, size_t nopen, int64_t cu_centi_h, int64_t cap_s,
    int64_t now)
{
	int64_t left = st->remaining - st->packs; /* packs do not lapse */
	size_t i;

	if (q->window == QW_ROLLING || st->we <= now)
		return 0;
	/* The open runs go on using the quota until the reset, or until
	 * their session cap ends them. */
	for (i = 0; i < nopen && left > 0; i++) {
		struct run r;

		if (strcmp(open[i].platform, q->platform) != 0 ||
		    open[i].end != RUN_OPEN)
			continue;
		r = open[i];
		r.end = st->we;
		if (cap_s > 0 && r.start + cap_s < r.end)
			r.end = r.start + cap_s > now ? r.start + cap_s : now;
		r.cu_centi = -1;
		left -= quota_run_use(q, &r, now, st->we, st->we, cu_centi_h);
	}
	return left > 0 ? left : 0;
}

int
alerts_free_tier(const struct platform *p)
{
	return p != NULL && p->billing == BILL_FREE &&
	    strcmp(p->key, "local") != 0;
}

/* A rate in millionths of a USD, to compare across currencies. */
static int64_t
in_usd(const struct rate *r, int64_t usd_inr_micro)
{
	if (strcmp(r->currency, "INR") != 0)
		return r->rate_micro;
	return usd_inr_micro > 0 ? (int64_t)((double)r->rate_micro * 1e6 /
	    (double)usd_inr_micro) : r->rate_micro;
}

int64_t
alerts_market_rate(const struct rate *rates, size_t nr,
    const struct platform *p, size_t np, const char *gpu,
    int64_t usd_inr_micro, char cur[4], char via[32])
{
	const struct rate *best = NULL;
	const struct gpu_info *g = gpu_lookup(gpu);
	size_t i;
	int pass;

	cur[0] = via[0] = '\0';
	if (g != NULL && g->cls == GPU_MPS)
		return 0;
	/* The same model first; then, for a known model, its class. */
	for (pass = 0; pass < 2 && best == NULL; pass++) {
		for (i = 0; i < nr; i++) {
			const struct platform *pl = find_platform(p, np,
			    rates[i].platform);

			if (pl == NULL || pl->billing != BILL_HOURLY ||
			    rates[i].rate_micro <= 0)
				continue;
			if (pass == 0 ? !gpu_same(rates[i].gpu, gpu) :
			    (g == NULL || !gpu_meets(rates[i].gpu, g->name, 0)))
				continue;
			if (best == NULL || in_usd(&rates[i], usd_inr_micro) <
			    in_usd(best, usd_inr_micro))
				best = &rates[i];
		}
	}
	if (best == NULL)
		return 0;
	memcpy(cur, best->currency, 4);
	memcpy(via, best->gpu, 32);
	return best->rate_micro;
}
