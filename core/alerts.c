/*
 * alerts.c: the rules of status --check, use it or lose it, and the free
 * tiers' savings.  It reads what it is given and prints nothing.
 */
#include "core/alerts.h"

#include <string.h>

#include "core/budget.h"
#include "core/gpu.h"
#include "core/model.h"
#include "core/quota.h"

static const struct platform *
find_platform(const struct platform *p, size_t np, const char *key)
{
	size_t i;

	for (i = 0; i < np; i++)
		if (strcmp(p[i].key, key) == 0)
			return &p[i];
	return NULL;
}

size_t
alerts_check(const struct quota *q, const struct quota_status *qs,
    size_t nq, const struct budget_status *b, const struct run *open,
    size_t nopen, const struct platform *p, size_t np,
    const struct alert_limits *lim, int64_t now, struct alert *out,
    size_t max)
{
	size_t i, n = 0;
	struct alert a;

	for (i = 0; i < nq; i++) {
		if (qs[i].limit <= 0 || qs[i].pct < lim->quota_pct)
			continue;
		memset(&a, 0, sizeof a);
		a.kind = AL_QUOTA;
		memcpy(a.platform, q[i].platform, sizeof a.platform);
		a.pct = qs[i].pct;
		a.value = qs[i].used;
		a.limit = qs[i].limit;
		if (n < max)
			out[n] = a;
		n++;
	}
	if (b != NULL && b->max >= 0 && b->spent > b->max) {
		memset(&a, 0, sizeof a);
		a.kind = AL_BUDGET;
		a.pct = b->pct;
		a.value = b->spent;
		a.limit = b->max;
		if (n < max)
			out[n] = a;
		n++;
	}
	for (i = 0; i < nopen; i++) {
		const struct platform *pl = find_platform(p, np,
		    open[i].platform);
		int paid = open[i].rate_micro > 0 || (pl != NULL &&
		    pl->billing == BILL_HOURLY);
		int64_t el = run_end_at(&open[i], now) - open[i].start;

		if (!paid || el <= lim->open_limit_s)
			continue;
		memset(&a, 0, sizeof a);
		a.kind = AL_OPEN_RUN;
		memcpy(a.platform, open[i].platform, sizeof a.platform);
		a.run_id = open[i].id;
		a.value = el;
		a.limit = lim->open_limit_s;
		if (n < max)
			out[n] = a;
		n++;
	}
	return n;
}

int64_t
alerts_lapse(const struct quota *q, const struct quota_status *st,
    const struct run *open, size_t nopen, int64_t cu_centi_h, int64_t now,
    int64_t near_s)
{
	int64_t left = st->remaining;
	size_t i;

	if (q->window == QW_ROLLING || st->we - now > near_s || st->we <= now)
		return 0;
	/* The open runs go on using the quota until the reset. */
	for (i = 0; i < nopen && left > 0; i++) {
		struct run r;

		if (strcmp(open[i].platform, q->platform) != 0 ||
		    open[i].end != RUN_OPEN)
			continue;
		r = open[i];
		r.end = st->we;
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
