/*
 * summary.c: the figures of `gpulog status` and the overview, computed once
 * from the store with core's rules.  It writes no SQL of its own.
 */
#include "store/summary.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/clock.h"
#include "core/cloud.h"
#include "core/err.h"
#include "core/fmt.h"
#include "core/fx.h"
#include "core/gpu.h"
#include "core/parse.h"
#include "store/metrics.h"
#include "store/store.h"

/* Every pack of a quota up to now, oldest first, into sm->hist; those
 * valid now into sm->packs as well. */
static int
collect_pack(const struct expense *x, void *arg)
{
	struct summary *sm = arg;
	const struct platform *p = summary_platform(sm, x->platform);
	int qi = summary_quota_index(sm, x->platform);
	struct quota_pack k;
	int kind = expense_kind(x);

	/* A payment to a subscription's platform: what covers its quota. */
	if ((kind == EXP_SPEND || kind == EXP_MONTHLY) && p != NULL &&
	    qi >= 0 && p->billing == BILL_SUBSCRIPTION) {
		sm->pays[qi] = xrealloc(sm->pays[qi], (sm->npays[qi] + 1) *
		    sizeof *sm->pays[qi]);
		sm->pays[qi][sm->npays[qi]++] = x->at;
		return 0;
	}
	if (kind != EXP_PACK || p == NULL || qi < 0 || x->units_centi <= 0)
		return 0;
	k.id = x->id;
	k.quota = qi;
	k.at = x->at;
	k.expires = x->at + (int64_t)p->pack_days * DAY_S;
	/* Hundredths of the quota's unit in its stored amount: a compute
	 * unit's as they are, an hour's as 36 s. */
	k.units = x->units_centi * quota_meter(sm->cat.quotas[qi].unit)->scale /
	    100;
	k.left = k.units;
	sm->hist = xrealloc(sm->hist, (sm->nhist + 1) * sizeof *sm->hist);
	sm->hist[sm->nhist++] = k;
	if (k.expires <= sm->now)
		return 0;
	sm->packs = xrealloc(sm->packs, (sm->npacks + 1) * sizeof *sm->packs);
	sm->packs[sm->npacks++] = k;
	return 0;
}

/* The credit top-ups, from every expense up to now. */
static int
collect_credit(const struct expense *x, void *arg)
{
	struct summary *sm = arg;
	struct summary_credit *c;
	size_t k;

	if (expense_kind(x) != EXP_CREDIT || x->platform[0] == '\0')
		return 0;
	for (k = 0; k < sm->ncredits; k++)
		if (strcmp(sm->credits[k].platform, x->platform) == 0)
			break;
	if (k == sm->ncredits) {
		sm->credits = xrealloc(sm->credits, (sm->ncredits + 1) *
		    sizeof *sm->credits);
		c = &sm->credits[sm->ncredits++];
		memset(c, 0, sizeof *c);
		memcpy(c->platform, x->platform, sizeof c->platform);
		memcpy(c->currency, x->currency, sizeof c->currency);
		c->since = x->at;
	}
	c = &sm->credits[k];
	c->total = fx_total_add(&c->total_x, x->amount_minor, x->currency,
	    c->currency, local_day_number(x->at), sm->cat.fx, sm->cat.nfx,
	    NULL);
	return 0;
}

/* Every expense up to now, read once: the packs and the credit
 * top-ups. */
static int
collect_expense(const struct expense *x, void *arg)
{
	return collect_pack(x, arg) || collect_credit(x, arg);
}

int
summary_load_catalog(struct summary *sm, struct store *s, int64_t now,
    struct err *e)
{
	char buf[32];
	int rc;

	memset(sm, 0, sizeof *sm);
	sm->now = now;
	if (store_load_platforms(s, &sm->cat.platforms,
	    &sm->cat.nplatforms, e) < 0 ||
	    store_load_quotas(s, &sm->cat.quotas, &sm->cat.nquotas, e) < 0 ||
	    store_load_rates(s, &sm->cat.rates, &sm->cat.nrates, e) < 0 ||
	    store_load_phases(s, &sm->cat.phases, &sm->cat.nphases, e) < 0 ||
	    store_load_fx(s, &sm->cat.fx, &sm->cat.nfx, e) < 0)
		return -1;
	rc = store_get_setting(s, "currency", buf, sizeof buf, e);
	if (rc < 0)
		return -1;
	if (rc == 0 || parse_currency(buf, sm->currency, NULL) < 0)
		strcpy(sm->currency, "INR");
	rc = store_get_setting(s, "plan.start", buf, sizeof buf, e);
	if (rc < 0)
		return -1;
	if (rc == 0 || parse_day(buf, now, &sm->plan_start, NULL) < 0)
		sm->plan_start = local_month_start(now);
	sm->plan_month = plan_month(sm->plan_start, now);
	sm->phase = plan_phase(sm->cat.phases, sm->cat.nphases, sm->plan_month);
	sm->pays = xcalloc(sm->cat.nquotas + 1, sizeof *sm->pays);
	sm->npays = xcalloc(sm->cat.nquotas + 1, sizeof *sm->npays);
	return store_each_expense(s, 0, now + 1, collect_expense, sm, e) < 0 ?
	    -1 : 0;
}

const struct platform *
summary_platform(const struct summary *sm, const char *key)
{
	return catalog_platform(&sm->cat, key);
}

int
summary_quota_index(const struct summary *sm, const char *platform)
{
	return catalog_quota_index(&sm->cat, platform);
}

const struct rate *
summary_rate(const struct summary *sm, const char *platform, const char *gpu)
{
	return catalog_rate(&sm->cat, platform, gpu);
}

int64_t
summary_allowance(const struct summary *sm, int i, int64_t ws, int64_t we)
{
	const struct quota *q = &sm->cat.quotas[i];
	const struct platform *p = summary_platform(sm, q->platform);

	/* Units sold in packs: only the packs bought count. */
	if (p != NULL && p->billing == BILL_UNITS)
		return 0;
	if (p == NULL || p->billing != BILL_SUBSCRIPTION)
		return q->amount;
	return quota_paid(sm->pays[i], sm->npays[i], ws, we) ? q->amount : 0;
}

int64_t
summary_cu_rate(const struct summary *sm, const char *platform,
    const char *gpu)
{
	return catalog_burn(&sm->cat, platform, gpu);
}

/* The hourly rate run r burns of quota i, when its meter is rated (compute
 * units); 0 otherwise. */
static int64_t
quota_rate(const struct summary *sm, int i, const struct run *r)
{
	const struct quota *q = &sm->cat.quotas[i];

	return quota_meter(q->unit)->rated ? summary_cu_rate(sm, q->platform,
	    r->gpu) : 0;
}

int64_t
summary_run_use(const struct summary *sm, int i, const struct run *r)
{
	const struct quota_status *st = &sm->qs[i];

	return quota_run_use(&sm->cat.quotas[i], r, st->ws, st->we, sm->now,
	    quota_rate(sm, i, r));
}

struct quota_walk {
	int64_t lo;      /* the lookback span's start */
	int64_t recent;  /* use in [lo, now) */
	int64_t first;   /* the earliest start seen in it */
};

/* Whether r lies in [lo, hi): as store_each_window_run() reads it. */
static int
in_span(const struct run *r, int64_t lo, int64_t hi)
{
	return r->start < hi && (r->end == RUN_OPEN || r->end > lo);
}

/* Run r's part of quota i: its use in the window holding now (and, open,
 * its burn), and its part of the lookback span. */
static void
quota_take(struct summary *sm, int i, struct quota_walk *w,
    const struct run *r)
{
	const struct quota *q = &sm->cat.quotas[i];
	struct quota_status *st = &sm->qs[i];
	int64_t cu = quota_rate(sm, i, r);

	if (in_span(r, st->ws, st->we)) {
		st->used += quota_run_use(q, r, st->ws, st->we, sm->now, cu);
		if (r->end == RUN_OPEN && r->start <= sm->now) {
			const struct platform *p = summary_platform(sm,
			    q->platform);

			/* It burns until its session cap ends it, if it
			 * has one. */
			quota_add_burn(st, quota_burn_h(q, r, cu), p != NULL &&
			    p->session_cap_s > 0 ? r->start + p->session_cap_s :
			    0);
		}
	}
	if (in_span(r, w->lo, sm->now)) {
		w->recent += quota_run_use(q, r, w->lo, sm->now, sm->now, cu);
		if (r->start < w->first)
			w->first = r->start;
	}
}

/* Quota i before its runs: its window and allowance, and the span its
 * walk reads, [*lo, *hi). */
static void
quota_begin(struct summary *sm, int i, struct quota_walk *w, int64_t *lo,
    int64_t *hi)
{
	struct quota_status *st = &sm->qs[i];

	quota_status_init(st, &sm->cat.quotas[i], sm->now);
	st->limit = st->remaining = summary_allowance(sm, i, st->ws, st->we);
	st->unpaid = st->limit == 0 && sm->cat.quotas[i].amount > 0;
	w->lo = sm->now - (int64_t)st->lookback_days * DAY_S;
	w->recent = 0;
	w->first = INT64_MAX;
	*lo = st->ws < w->lo ? st->ws : w->lo;
	*hi = st->we > sm->now ? st->we : sm->now;
}

/*
 * The whole days since platform's (any platform's, for NULL) first run
 * started, counted up to span (0 when it is under a day old, or there is
 * none).  seen is the earliest start of the runs that reach into the span
 * [now - span days, now), INT64_MAX for none.  A run that started before
 * the span and reaches into it is one of those; any other that started
 * before it ended by its start, so when seen is inside the span one search
 * for such a run tells a full span from the days since seen.  Returns the
 * days, or -1.
 */
static int
history_days(struct store *s, const char *platform, int64_t now,
    int64_t seen, int span, struct err *e)
{
	int64_t lo = now - (int64_t)span * DAY_S, d;
	int older = 0;

	if (seen > lo && (older = store_ended_by(s, platform, lo, e)) < 0)
		return -1;
	if (older)
		return span;
	d = seen < now ? (now - seen) / DAY_S : 0;
	return d > span ? span : (int)d;
}

/* Draws over, a window's use beyond its allowance, from quota i's packs
 * valid at lim (the window's last instant, or now), oldest first. */
static void
draw_window(struct summary *sm, int i, int64_t over, int64_t lim)
{
	size_t k;
	int64_t d;

	for (k = 0; k < sm->nhist && over > 0; k++) {
		struct quota_pack *p = &sm->hist[k];

		if (p->quota != i || p->at > lim || p->expires <= lim)
			continue;
		d = over < p->left ? over : p->left;
		p->left -= d;
		over -= d;
	}
}

struct window_use {
	struct summary *sm;
	int i;
	int64_t ws, we, used;
};

static int
add_window_use(const struct run *r, void *arg)
{
	struct window_use *w = arg;

	w->used += quota_run_use(&w->sm->cat.quotas[w->i], r, w->ws, w->we,
	    w->sm->now, quota_rate(w->sm, w->i, r));
	return 0;
}

/* Quota i's packs.  What is used beyond the allowance in each window is
 * drawn from the packs valid at the window's end (now, for the current
 * one), oldest first, from the window of the oldest pack valid now (or of
 * an older pack still valid when that one was bought, and so on back) to
 * the current window; that sets what each pack has left.  What the packs
 * valid now held when the current window began joins its limit.  A
 * rolling window counts its current span only. */
static int
draw_packs(struct summary *sm, struct store *s, int i, struct err *e)
{
	const struct quota *q = &sm->cat.quotas[i];
	struct quota_status *st = &sm->qs[i];
	struct window_use w = { sm, i, 0, 0, 0 };
	int64_t t = INT64_MAX;
	size_t k, j;
	int moved;

	for (k = 0; k < sm->nhist; k++)
		if (sm->hist[k].quota == i) {
			sm->hist[k].left = sm->hist[k].units;
			if (sm->hist[k].expires > sm->now &&
			    sm->hist[k].at < t)
				t = sm->hist[k].at;
		}
	if (t == INT64_MAX)
		return 0;
	do {
		moved = 0;
		for (k = 0; k < sm->nhist; k++)
			if (sm->hist[k].quota == i && sm->hist[k].at < t &&
			    sm->hist[k].expires > t) {
				t = sm->hist[k].at;
				moved = 1;
			}
	} while (moved);
	while (!st->rolling) {
		quota_window(q, t, &w.ws, &w.we);
		if (w.we > sm->now)
			break;
		w.used = 0;
		if (store_each_window_run(s, q->platform, w.ws, w.we,
		    add_window_use, &w, e) < 0)
			return -1;
		draw_window(sm, i, w.used - summary_allowance(sm, i, w.ws,
		    w.we), w.we - 1);
		t = w.we;
	}
	/* What the valid packs hold when the current window begins joins
	 * its limit. */
	for (k = 0; k < sm->nhist; k++)
		if (sm->hist[k].quota == i && sm->hist[k].expires > sm->now)
			st->packs += sm->hist[k].left;
	st->limit += st->packs;
	draw_window(sm, i, st->used - (st->limit - st->packs), sm->now);
	for (k = 0; k < sm->npacks; k++)
		for (j = 0; j < sm->nhist; j++)
			if (sm->packs[k].quota == i &&
			    sm->hist[j].id == sm->packs[k].id)
				sm->packs[k].left = sm->hist[j].left;
	return 0;
}

/* Quota i after its runs: the average (needed only with nothing open),
 * the packs, the figures. */
static int
quota_end(struct summary *sm, struct store *s, int i,
    const struct quota_walk *w, struct err *e)
{
	struct quota_status *st = &sm->qs[i];
	int h;

	if (st->burn_h == 0) {
		st->recent = w->recent;
		if (st->recent > 0) {
			if ((h = history_days(s, sm->cat.quotas[i].platform,
			    sm->now, w->first, st->lookback_days, e)) < 0)
				return -1;
			st->history = h;
		}
	}
	if (draw_packs(sm, s, i, e) < 0)
		return -1;
	quota_status_finish(st, sm->now);
	return 0;
}

struct one_quota {
	struct summary *sm;
	int i;
	struct quota_walk w;
};

static int
take_one(const struct run *r, void *arg)
{
	struct one_quota *o = arg;

	quota_take(o->sm, o->i, &o->w, r);
	return 0;
}

int
summary_refresh_quota(struct summary *sm, struct store *s, int i,
    struct err *e)
{
	struct one_quota o = { sm, i, { 0, 0, 0 } };
	int64_t lo, hi;

	quota_begin(sm, i, &o.w, &lo, &hi);
	if (store_each_window_run(s, sm->cat.quotas[i].platform, lo, hi,
	    take_one, &o, e) < 0)
		return -1;
	return quota_end(sm, s, i, &o.w, e);
}

int
summary_run_warnings(const struct summary *sm, const struct run *r,
    int64_t now, const char **w, char caps[2][96])
{
	const struct platform *p = summary_platform(sm, r->platform);
	int64_t el = run_end_at(r, now) - r->start;
	int n = 0;
	char d[32];

	if (alerts_ckpt_due(el * 1000, (int64_t)ALERTS_CKPT_S * 1000,
	    r->checkpointed))
		w[n++] = "no checkpoint after 30 min";
	if (p != NULL && p->session_cap_s > 0) {
		if (alerts_past_cap(p, el)) {
			snprintf(caps[0], 96, "past %s's %s session cap",
			    r->platform, fmt_duration(d, sizeof d,
			    p->session_cap_s));
			w[n++] = caps[0];
		} else if (p->session_cap_s - el <= 1800) {
			snprintf(caps[1], 96, "%s to %s's session cap",
			    fmt_duration(d, sizeof d, p->session_cap_s - el),
			    r->platform);
			w[n++] = caps[1];
		}
	}
	return n;
}

/* The local day number of t (the last one kept: runs come mostly in time
 * order, so most conversions need no calendar arithmetic). */
static int64_t
day_of(struct summary *sm, int64_t t)
{
	if (t < sm->day_lo || t >= sm->day_hi) {
		sm->day_lo = local_day_start(t);
		sm->day_hi = local_day_start(sm->day_lo + DAY_S + 3600);
		sm->day_no = local_day_number(t);
	}
	return sm->day_no;
}

int64_t
summary_convert(struct summary *sm, int64_t minor, const char *cur, int64_t t)
{
	if (cur[0] == '\0' || minor == 0 || strcmp(cur, sm->currency) == 0)
		return minor;
	return fx_convert_on(minor, cur, sm->currency, day_of(sm, t),
	    sm->cat.fx, sm->cat.nfx, &sm->budget.fx_missing);
}

int64_t
summary_add(struct summary *sm, struct fx_total *acc, int64_t minor,
    const char *cur, int64_t t)
{
	if (cur[0] == '\0' || minor == 0 || strcmp(cur, sm->currency) == 0)
		return fx_total_add(acc, minor, "", "", 0, NULL, 0, NULL);
	return fx_total_add(acc, minor, cur, sm->currency, day_of(sm, t),
	    sm->cat.fx, sm->cat.nfx, &sm->budget.fx_missing);
}

/* The month's runs: their spend, GPU-seconds and count, and what those
 * on a free tier saved. */
struct month_walk {
	struct summary *sm;
	struct savings_walk saved;
};

static int
month_run(const struct run *r, void *arg)
{
	struct month_walk *w = arg;
	struct summary *sm = w->sm;

	sm->budget.spent = summary_add(sm, &sm->spent_x, run_cost_at(r,
	    sm->now), r->currency, r->start);
	sm->month_gpu_s += (run_end_at(r, sm->now) - r->start) * r->gpus;
	sm->month_runs++;
	savings_add(&w->saved, r);
	return 0;
}

/* The month's spend: plain expenses and packs; a credit top-up is not
 * spend, the runs paid from it are. */
static int
month_expense(const struct expense *x, void *arg)
{
	struct summary *sm = arg;

	if (!expense_is_spend(x))
		return 0;
	sm->budget.spent = summary_add(sm, &sm->spent_x, x->amount_minor,
	    x->currency, x->at);
	sm->budget.lump = summary_add(sm, &sm->lump_x, x->amount_minor,
	    x->currency, x->at);
	return 0;
}

/* A run's cost for its part of the pace's span [lo, now), in proportion
 * to time. */
static void
pace_take(struct summary *sm, int64_t lo, int64_t *first, const struct run *r)
{
	int64_t end = run_end_at(r, sm->now), len = end - r->start;
	int64_t in = overlap(r->start, end, lo, sm->now);
	int64_t cost = run_cost_at(r, sm->now);

	if (in > 0 && len > 0 && cost != 0)
		sm->budget.recent += summary_convert(sm,
		    (int64_t)((double)cost * (double)in / (double)len + 0.5),
		    r->currency, r->start);
	if (r->start < *first)
		*first = r->start;
}

/* The walk behind status: every quota's windows and the budget's pace,
 * from one read of the runs in their spans. */
struct span_walk {
	struct summary *sm;
	struct quota_walk *q;  /* q[i] for quota i */
	int64_t pace_lo;       /* the pace's span [pace_lo, now) */
	int64_t pace_first;    /* the earliest start seen in it */
};

static int
take_all(const struct run *r, void *arg)
{
	struct span_walk *w = arg;
	struct summary *sm = w->sm;
	size_t i;

	for (i = 0; i < sm->cat.nquotas; i++)
		if (strcmp(sm->cat.quotas[i].platform, r->platform) == 0)
			quota_take(sm, (int)i, &w->q[i], r);
	if (in_span(r, w->pace_lo, sm->now) && summary_platform(sm,
	    r->platform) != NULL)
		pace_take(sm, w->pace_lo, &w->pace_first, r);
	return 0;
}

/*
 * Every quota's status and the budget's recent pace (each platform's runs
 * in the last BUDGET_PACE_DAYS), from one walk of the catalog's runs over
 * the span that holds them all.
 */
static int
load_spans(struct summary *sm, struct store *s, struct err *e)
{
	struct span_walk w = { sm, NULL, sm->now - BUDGET_PACE_DAYS * DAY_S,
	    INT64_MAX };
	int64_t lo = w.pace_lo, hi = sm->now, l, h;
	size_t i;
	int rc = -1, d;

	w.q = xcalloc(sm->cat.nquotas + 1, sizeof *w.q);
	for (i = 0; i < sm->cat.nquotas; i++) {
		quota_begin(sm, (int)i, &w.q[i], &l, &h);
		lo = l < lo ? l : lo;
		hi = h > hi ? h : hi;
	}
	if (store_each_span_run(s, lo, hi, take_all, &w, e) < 0)
		goto out;
	for (i = 0; i < sm->cat.nquotas; i++)
		if (quota_end(sm, s, (int)i, &w.q[i], e) < 0)
			goto out;
	if ((d = history_days(s, NULL, sm->now, w.pace_first,
	    BUDGET_PACE_DAYS, e)) < 0)
		goto out;
	sm->budget.history = d;
	rc = 0;
out:
	free(w.q);
	return rc;
}

/* The budget's coming payments: each subscription's after now and before
 * the month's end, on the days local_month_same_day() gives. */
static int
month_coming(const struct expense *x, void *arg)
{
	struct summary *sm = arg;
	int64_t t;
	int n;

	for (n = 1; (t = local_month_same_day(x->at, n)) < sm->budget.me;
	    n++)
		if (t > sm->now && t >= sm->budget.ms)
			sm->budget.coming = summary_add(sm, &sm->coming_x,
			    x->amount_minor, x->currency, t);
	return 0;
}

struct credit_walk {
	struct summary *sm;
	struct summary_credit *c;
};

static int
credit_run(const struct run *r, void *arg)
{
	struct credit_walk *w = arg;

	w->c->used = fx_total_add(&w->c->used_x, run_cost_at(r, w->sm->now),
	    r->currency, w->c->currency, local_day_number(r->start),
	    w->sm->cat.fx, w->sm->cat.nfx, NULL);
	return 0;
}

/* Each platform's credit left: the top-ups less the cost of its runs
 * since the first. */
static int
load_credit(struct summary *sm, struct store *s, struct err *e)
{
	struct credit_walk w = { sm, NULL };
	struct filter f;
	size_t k;

	for (k = 0; k < sm->ncredits; k++) {
		w.c = &sm->credits[k];
		memset(&f, 0, sizeof f);
		f.platform = w.c->platform;
		f.since = w.c->since;
		f.brief = 1;
		f.counted = 1;
		if (store_each_run(s, &f, credit_run, &w, e) < 0)
			return -1;
		w.c->left = w.c->total - w.c->used;
	}
	return 0;
}

static int
collect_open(const struct run *r, void *arg)
{
	struct summary *sm = arg;

	sm->open = xrealloc(sm->open, (sm->nopen + 1) * sizeof *sm->open);
	run_copy(&sm->open[sm->nopen++], r);
	return 0;
}

/* The nudges, once, from the figures just computed. */
static void
load_nudges(struct summary *sm)
{
	struct nudge_input in;
	int64_t *cu = xcalloc(sm->cat.nquotas + 1, sizeof *cu);
	size_t i, max = 2 * sm->cat.nquotas + 1 + 2 * sm->nopen + sm->npacks +
	    sm->nbilled;

	for (i = 0; i < sm->cat.nquotas; i++)
		cu[i] = summary_cu_rate(sm, sm->cat.quotas[i].platform, "");
	memset(&in, 0, sizeof in);
	in.quotas = sm->cat.quotas;
	in.qs = sm->qs;
	in.cu_centi_h = cu;
	in.nquotas = sm->cat.nquotas;
	in.budget = &sm->budget;
	in.open = sm->open;
	in.nopen = sm->nopen;
	in.open_idle = sm->open_idle;
	in.platforms = sm->cat.platforms;
	in.nplatforms = sm->cat.nplatforms;
	in.packs = sm->packs;
	in.npacks = sm->npacks;
	in.billed = sm->billed;
	in.nbilled = sm->nbilled;
	in.now = sm->now;
	sm->nudges = xcalloc(max, sizeof *sm->nudges);
	sm->nnudges = alerts_nudges(&in, sm->nudges, max);
	free(cu);
}

/* The stopped instances still billed, from the setting "billed". */
static int
load_billed(struct summary *sm, struct store *s, struct err *e)
{
	enum { MAX_BILLED = 64 };
	char *buf = xmalloc(MAX_BILLED * 256);
	int rc;

	sm->billed = xcalloc(MAX_BILLED, sizeof *sm->billed);
	sm->nbilled = 0;
	if ((rc = store_get_setting(s, "billed", buf, MAX_BILLED * 256, e)) <
	    0) {
		free(buf);
		return -1;
	}
	if (rc == 1)
		sm->nbilled = cloud_billed_parse(buf, sm->billed, MAX_BILLED);
	free(buf);
	return 0;
}

/* What the settings say of each open run: its idleness, as `gpulog run`
 * recorded it, and for a rented instance's, when its source was read. */
static int
load_open_notes(struct summary *sm, struct store *s, struct err *e)
{
	char key[48], val[32];
	size_t i;
	int rc;

	sm->open_idle = xcalloc(sm->nopen + 1, sizeof *sm->open_idle);
	for (i = 0; i < sm->nopen; i++) {
		snprintf(key, sizeof key, "idle.%lld",
		    (long long)sm->open[i].id);
		if ((rc = store_get_setting(s, key, val, sizeof val, e)) < 0)
			return -1;
		/* One from before the run began is an earlier run's that
		 * had its id (ended without ops_record_close(), removed). */
		if (rc == 1 && strtoll(val, NULL, 10) >= sm->open[i].start)
			sm->open_idle[i] = strtoll(val, NULL, 10);
	}
	/* An instance's run is as fresh as the last read of its source. */
	sm->open_seen = xcalloc(sm->nopen + 1, sizeof *sm->open_seen);
	for (i = 0; i < sm->nopen; i++) {
		const char *src = sm->open[i].source;

		if (strcmp(src, "vast") != 0 && strcmp(src, "runpod") != 0 &&
		    strcmp(src, "lambda") != 0)
			continue;
		snprintf(key, sizeof key, "refresh.%s", src);
		if ((rc = store_get_setting(s, key, val, sizeof val, e)) < 0)
			return -1;
		if (rc == 1)
			sm->open_seen[i] = strtoll(val, NULL, 10);
	}
	return 0;
}

/* summary_load() within its read snapshot. */
static int
load_all(struct summary *sm, struct store *s, int64_t now, struct err *e)
{
	struct month_walk mw;
	struct filter f;

	if (summary_load_catalog(sm, s, now, e) < 0)
		return -1;
	if (load_credit(sm, s, e) < 0)
		return -1;
	sm->qs = xcalloc(sm->cat.nquotas, sizeof *sm->qs);
	budget_init(&sm->budget, sm->currency, now);
	memset(&sm->spent_x, 0, sizeof sm->spent_x);
	memset(&sm->lump_x, 0, sizeof sm->lump_x);
	memset(&sm->coming_x, 0, sizeof sm->coming_x);
	if (sm->phase != NULL) {
		sm->budget.min = summary_convert(sm,
		    sm->phase->budget_min_minor, sm->phase->currency, now);
		sm->budget.max = summary_convert(sm,
		    sm->phase->budget_max_minor, sm->phase->currency, now);
	}
	memset(&f, 0, sizeof f);
	f.since = sm->budget.ms;
	f.until = sm->budget.me;
	f.brief = 1;
	f.counted = 1;
	mw.sm = sm;
	savings_begin(&mw.saved, sm, &sm->saved);
	if (store_each_run(s, &f, month_run, &mw, e) < 0 ||
	    store_each_expense(s, sm->budget.ms, sm->budget.me, month_expense,
	    sm, e) < 0 || load_spans(sm, s, e) < 0 ||
	    store_each_monthly(s, month_coming, sm, e) < 0)
		return -1;
	budget_finish(&sm->budget, now);
	memset(&f, 0, sizeof f);
	f.open_only = 1;
	f.counted = 1;
	if (store_each_run(s, &f, collect_open, sm, e) < 0 ||
	    load_open_notes(sm, s, e) < 0 || load_billed(sm, s, e) < 0)
		return -1;
	load_nudges(sm);
	return 0;
}

int
summary_load(struct summary *sm, struct store *s, int64_t now, struct err *e)
{
	int began = store_read_begin(s, e), rc;

	if (began < 0) {
		memset(sm, 0, sizeof *sm);
		return -1;
	}
	rc = load_all(sm, s, now, e);
	if (began)
		store_read_end(s);
	return rc;
}

void
summary_free(struct summary *sm)
{
	size_t i;

	for (i = 0; sm->pays != NULL && i < sm->cat.nquotas; i++)
		free(sm->pays[i]);
	free(sm->pays);
	free(sm->npays);
	catalog_free(&sm->cat);
	free(sm->qs);
	for (i = 0; i < sm->nopen; i++)
		run_clear(&sm->open[i]);
	free(sm->open);
	free(sm->open_idle);
	free(sm->open_seen);
	free(sm->nudges);
	free(sm->billed);
	free(sm->packs);
	free(sm->hist);
	free(sm->credits);
	memset(sm, 0, sizeof *sm);
}
