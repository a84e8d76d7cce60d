/*
 * where.c: the ranking behind `gpulog where`; the rules are in where.h.
 * It reads the catalog and quota states it is given and prints nothing.
 */
#include "core/where.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/catalog.h"
#include "core/clock.h"
#include "core/err.h"
#include "core/fmt.h"
#include "core/fx.h"
#include "core/gpu.h"
#include "core/model.h"
#include "core/plan.h"
#include "core/quota.h"

const char *const where_group_names[] = { "?", "free", "sessions", "paid",
	"no" };

const char *
where_group_name(int group)
{
	return group >= WG_FREE && group <= WG_NO ? where_group_names[group] :
	    "?";
}


/* 1 when the platform names model among its GPUs ("T4 or P100"), in any
 * spelling. */
static int
lists_model(const struct platform *p, const char *model)
{
	char text[64], *tok, *save = NULL;

	if (gpu_same(p->default_gpu, model))
		return 1;
	snprintf(text, sizeof text, "%s", p->gpu);
	for (tok = text; (tok = strstr(tok, " or ")) != NULL; tok += 4)
		memcpy(tok, "////", 4);
	for (tok = strtok_r(text, "/,+", &save); tok != NULL;
	    tok = strtok_r(NULL, "/,+", &save)) {
		while (*tok == ' ')
			tok++;
		if (gpu_same(tok, model))
			return 1;
	}
	return 0;
}

/*
 * The GPU a free or included platform would give the job: its default GPU
 * when that meets the request, else the least capable of those it lists
 * (in its words, "T4 or P100", "T4/V100/A100", "RTX 3090+") or has rates
 * for.  Returns 1 and fills out, or 0 when none meets it.
 */
static int
free_gpu(const struct where_in *in, const struct platform *p,
    const struct where_job *job, char out[32])
{
	char text[64], *tok, *save = NULL;
	const struct gpu_info *g, *best = NULL;
	size_t i;

	/* A model asked for by name that the platform lists is that model
	 * (Kaggle's P100, not its T4). */
	if (job->gpu[0] != '\0' && lists_model(p, job->gpu) &&
	    gpu_meets(job->gpu, job->gpu, job->vram_gb)) {
		snprintf(out, 32, "%s", job->gpu);
		return 1;
	}
	if (p->default_gpu[0] && gpu_meets(p->default_gpu, job->gpu,
	    job->vram_gb)) {
		snprintf(out, 32, "%s", p->default_gpu);
		return 1;
	}
	/* Words joined by " or " become a list like the rest. */
	snprintf(text, sizeof text, "%s", p->gpu);
	for (tok = text; (tok = strstr(tok, " or ")) != NULL; tok += 4)
		memcpy(tok, "////", 4);
	for (tok = strtok_r(text, "/,+", &save); tok != NULL;
	    tok = strtok_r(NULL, "/,+", &save)) {
		while (*tok == ' ')
			tok++;
		for (i = strlen(tok); i > 0 && tok[i - 1] == ' '; i--)
			tok[i - 1] = '\0';
		if (*tok == '\0' || !gpu_meets(tok, job->gpu, job->vram_gb))
			continue;
		g = gpu_lookup(tok);
		if (g == NULL) {
			/* An unknown model asked for by its own name. */
			snprintf(out, 32, "%s", tok);
			return 1;
		}
		if (best == NULL || g->cls < best->cls)
			best = g;
	}
	for (i = 0; i < in->cat->nrates; i++) {
		const struct rate *r = &in->cat->rates[i];

		if (strcmp(r->platform, p->key) != 0 ||
		    !gpu_meets(r->gpu, job->gpu, job->vram_gb))
			continue;
		g = gpu_lookup(r->gpu);
		if (g == NULL) {
			snprintf(out, 32, "%s", r->gpu);
			return 1;
		}
		if (best == NULL || g->cls < best->cls)
			best = g;
	}
	if (best == NULL)
		return 0;
	snprintf(out, 32, "%s", best->name);
	return 1;
}

/*
 * Fills cost_usd and cost_inr for gpu_s GPU-seconds at the row's rate.
 * The other currency's cost is priced from the converted rate, so that
 * it is not a rounded amount converted.
 */
static void
price_row(const struct where_in *in, struct where_row *w, int64_t gpu_s)
{
	int64_t fx = fx_rate_on(in->cat->fx, in->cat->nfx,
	    local_day_number(in->now));
	int inr = strcmp(w->rate_cur, "INR") == 0;
	int64_t other = fx <= 0 ? -1 : inr ? rate_cost((int64_t)((double)
	    w->rate_micro * 1e6 / (double)fx + 0.5), gpu_s) :
	    rate_cost((int64_t)((double)w->rate_micro * (double)fx / 1e6 +
	    0.5), gpu_s);

	w->cost_usd = inr ? other : rate_cost(w->rate_micro, gpu_s);
	w->cost_inr = inr ? rate_cost(w->rate_micro, gpu_s) : other;
}

/* What the job costs in INR for comparing; unknown prices sort last. */
static int64_t
cost_key(const struct where_row *w)
{
	if (w->cost_inr >= 0)
		return w->cost_inr;
	if (w->cost_usd >= 0)
		return w->cost_usd * 84;
	return INT64_MAX;
}

/* The cheapest priced GPU on hourly platform p that meets the job. */
static int
paid_gpu(const struct where_in *in, const struct platform *p,
    const struct where_job *job, struct where_row *w)
{
	struct where_row best, t;
	size_t i;
	int found = 0;

	for (i = 0; i < in->cat->nrates; i++) {
		const struct rate *r = &in->cat->rates[i];

		if (strcmp(r->platform, p->key) != 0 || r->rate_micro <= 0 ||
		    !gpu_meets(r->gpu, job->gpu, job->vram_gb))
			continue;
		t = *w;
		snprintf(t.gpu, sizeof t.gpu, "%s", r->gpu);
		t.rate_micro = r->rate_micro;
		t.rate_updated = r->updated;
		memcpy(t.rate_cur, r->currency, sizeof t.rate_cur);
		price_row(in, &t, job->dur_s);
		if (!found || cost_key(&t) < cost_key(&best))
			best = t;
		found = 1;
	}
	if (found)
		*w = best;
	return found;
}

/* Appends formatted text to the row's why. */
static void
say(struct where_row *w, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static void
say(struct where_row *w, const char *fmt, ...)
{
	size_t k = strlen(w->why);
	va_list ap;

	if (k + 1 >= sizeof w->why)
		return;
	va_start(ap, fmt);
	vsnprintf(w->why + k, sizeof w->why - k, fmt, ap);
	va_end(ap);
}

static char *
amount(char *buf, size_t n, int unit, int64_t v)
{
	return fmt_quota_amount(buf, n, unit, v);
}

/* The quota part of a free row: need, left, reset. */
static void
say_quota(const struct where_in *in, struct where_row *w,
    const struct quota *q)
{
	char a[32], b[32], wn[16], at[32], rel[32];

	say(w, "%s %s of %s %s left this %s", w->group == WG_NO ? "needs" :
	    "uses", amount(a, sizeof a, w->quota_unit, w->quota_need),
	    amount(b, sizeof b, w->quota_unit, w->quota_left),
	    quota_unit_name(w->quota_unit), quota_window_name(q, wn,
	    sizeof wn));
	if (w->open_use > 0)
		say(w, " once the open runs use %s", amount(a, sizeof a,
		    w->quota_unit, w->open_use));
	if (q->window != QW_ROLLING)
		say(w, ", resets %s (%s)", fmt_when(at, sizeof at, w->resets,
		    in->now), fmt_relative(rel, sizeof rel,
		    w->resets - in->now));
}

static void
say_sessions(struct where_row *w, const struct platform *p)
{
	char cap[32];

	if (w->session_cap_s == 0)
		say(w, "; no session cap");
	else if (w->sessions == 1)
		say(w, "; fits one session (cap %s)", fmt_duration(cap,
		    sizeof cap, w->session_cap_s));
	else
		say(w, "; needs %d sessions of at most %s: checkpoint and "
		    "resume", w->sessions, fmt_duration(cap, sizeof cap,
		    w->session_cap_s));
	if (strchr(p->session_text, '~') || strstr(p->session_text,
	    "unreliable"))
		say(w, " (%s)", p->session_text);
}

/* The request in words: "T4-class", "A100 80GB", "T4-class with 24 GB". */
static void
want_text(char *buf, size_t n, const struct where_job *job)
{
	if (job->vram_gb > 0)
		snprintf(buf, n, "%s with %d GB", job->gpu[0] ? job->gpu :
		    "T4-class", job->vram_gb);
	else
		snprintf(buf, n, "%s", job->gpu[0] ? job->gpu : "T4-class");
}

/* A subscription (or units sold in packs) nothing bought covers: a paid
 * place at its price a month (a pack), which is what the job would cost
 * to start now. */
static void
rank_offer(const struct where_in *in, const struct platform *p,
    const struct quota *q, const struct quota_status *st,
    const struct where_job *job, struct where_row *w)
{
	char b[64], b2[32];
	int64_t k = 1, need;

	w->kind = WK_SUBSCRIBE;
	w->group = WG_PAID;
	/* What the job uses, at one GPU: as many packs as that takes. */
	need = quota_use(q->unit, job->dur_s, 1, quota_meter(q->unit)->rated ?
	    catalog_burn(in->cat, p->key, w->gpu) : 0);
	if (p->billing == BILL_UNITS && q->amount > 0) {
		k = need > q->amount ? (need + q->amount - 1) / q->amount : 1;
		w->packs = (int)k;
	}
	w->cost_inr = catalog_monthly_minor(p, "INR", NULL);
	w->cost_usd = catalog_monthly_minor(p, "USD", NULL);
	if (w->cost_inr > 0)
		w->cost_inr *= k;
	if (w->cost_usd > 0)
		w->cost_usd *= k;
	say(w, "%s: ", catalog_absent_word(p, st));
	if (k > 1)
		say(w, "%lld packs, each ", (long long)k);
	say(w, "%s", catalog_subscribe_text(p, q, in->currency != NULL ?
	    in->currency : "INR", in->fmt_flags, b, sizeof b));
	/* A month that gives less than the job uses is said so. */
	if (p->billing != BILL_UNITS && q->amount > 0 && need > q->amount)
		say(w, "; a month's %s %s cover %d%% of the %s it needs",
		    amount(b, sizeof b, q->unit, q->amount),
		    quota_unit_name(q->unit), (int)(q->amount * 100 / need),
		    amount(b2, sizeof b2, q->unit, need));
	say_sessions(w, p);
}

/* Ranks one free, included or own platform. */
static void
rank_free(const struct where_in *in, const struct platform *p,
    const struct where_job *job, struct where_row *w)
{
	const struct quota *q = NULL;
	const struct quota_status *st = NULL;
	char want[64], have[64];
	size_t i;

	for (i = 0; i < in->cat->nquotas; i++)
		if (strcmp(in->cat->quotas[i].platform, p->key) == 0) {
			q = &in->cat->quotas[i];
			st = &in->qs[i];
		}
	want_text(want, sizeof want, job);
	if (!free_gpu(in, p, job, w->gpu)) {
		w->group = WG_NO;
		snprintf(have, sizeof have, "%s", p->gpu[0] ? p->gpu :
		    p->default_gpu);
		say(w, "offers %s, not %s", have, want);
		if (w->kind == WK_OWN)
			say(w, ": fine for CPU/MPS prototypes");
		return;
	}
	w->sessions = w->session_cap_s > 0 ? (int)((job->dur_s +
	    w->session_cap_s - 1) / w->session_cap_s) : 1;
	w->group = w->sessions > 1 ? WG_SESSIONS : WG_FREE;
	if (q != NULL && w->kind == WK_INCLUDED && quota_absent(st)) {
		rank_offer(in, p, q, st, job, w);
		return;
	}
	/* Free with an amount nobody has set: whether the job fits is not
	 * known, so it ranks as a free place without a quota. */
	if (q != NULL && st->unset && quota_absent(st)) {
		char a[32];

		say(w, "free %s, no amount set: uses %s %s",
		    quota_meter(q->unit)->name, amount(a, sizeof a, q->unit,
		    quota_use(q->unit, job->dur_s, 1, catalog_burn(in->cat,
		    p->key, w->gpu))), quota_unit_name(q->unit));
		say_sessions(w, p);
		return;
	}
	if (q != NULL) {
		int64_t before = job->dur_s, after = 0, burn = 0;

		w->has_quota = 1;
		w->quota_unit = q->unit;
		w->quota_left = st->remaining;
		if (q->window != QW_ROLLING) {
			w->resets = st->we;
			if (st->we - in->now < before)
				before = st->we - in->now;
			after = job->dur_s - before;
		}
		/* What the open runs will use while the job runs is not
		 * the job's: an open run that would use the rest first
		 * leaves the job no room. */
		if ((w->open_use = quota_open_use(st, in->now, before)) > 0)
			w->quota_left = w->quota_left > w->open_use ?
			    w->quota_left - w->open_use : 0;
		if (quota_meter(q->unit)->rated)
			burn = catalog_burn(in->cat, p->key, w->gpu);
		/* The job holds one GPU. */
		w->quota_need = quota_use(q->unit, before, 1, burn);
		after = quota_use(q->unit, after, 1, burn);
		if (w->quota_need > w->quota_left || after > q->amount)
			w->group = WG_NO;
		say(w, "%s", w->kind != WK_INCLUDED ? "free: " : p->billing ==
		    BILL_UNITS ? "in your packs: " : "in the subscription: ");
		say_quota(in, w, q);
		if (after > 0 && w->group != WG_NO)
			say(w, " (the rest counts after it)");
		if (w->group == WG_NO)
			return;
	} else if (w->kind == WK_OWN) {
		say(w, "your own machine: no quota");
	} else {
		say(w, "free, no published quota");
	}
	say_sessions(w, p);
}

static void
rank_paid(const struct where_in *in, const struct platform *p,
    const struct where_job *job, struct where_row *w)
{
	char r[32], a[48], b[48], d[32], want[64];
	int64_t age;

	w->group = WG_PAID;
	if (!paid_gpu(in, p, job, w)) {
		w->group = WG_NO;
		want_text(want, sizeof want, job);
		say(w, "no price for a GPU that is %s (`gpulog platforms "
		    "set %s -g MODEL --rate AMOUNT`)", want, p->key);
		return;
	}
	say(w, "%s at %s: ", w->gpu, fmt_rate(r, sizeof r, w->rate_micro,
	    w->rate_cur, in->fmt_flags));
	if (w->cost_inr >= 0 && w->cost_usd >= 0)
		say(w, "%s (%s)", fmt_money(a, sizeof a, w->cost_inr, "INR",
		    in->fmt_flags), fmt_money(b, sizeof b, w->cost_usd, "USD",
		    in->fmt_flags));
	else
		say(w, "%s", fmt_money(a, sizeof a, w->cost_usd >= 0 ?
		    w->cost_usd : w->cost_inr, w->cost_usd >= 0 ? "USD" :
		    "INR", in->fmt_flags));
	say(w, " for %s", fmt_duration(d, sizeof d, job->dur_s));
	/* The seed's advice on which rental suits which job. */
	if (strcmp(p->key, "vast") == 0 && job->dur_s >= 8 * 3600)
		say(w, "; an interruptible host: filter reliability > 97%% "
		    "and checkpoint");
	else if (strcmp(p->key, "runpod") == 0 && job->dur_s >= 8 * 3600) {
		say(w, "; reliable for runs of 8 h and more");
		w->seed_long = w->group == WG_PAID;
	}
	else if (strcmp(p->key, "cloud") == 0)
		say(w, "; avoid unless someone else pays");
	/* Prices move: one older than 30 days says so. */
	age = (in->now - w->rate_updated) / DAY_S;
	if (w->rate_updated > 0 && age > WHERE_PRICE_OLD_DAYS)
		say(w, "; price %lld days old (gpulog prices update)",
		    (long long)age);
}

/* The order of where.h; catalog order settles the rest. */
static int
cmp_row(const void *pa, const void *pb)
{
	const struct where_row *a = pa, *b = pb;

	if (a->seed_first != b->seed_first)
		return a->seed_first ? -1 : 1;
	if (a->group != b->group)
		return a->group < b->group ? -1 : 1;
	if (a->group == WG_NO)
		return 0;
	if (a->in_phase != b->in_phase)
		return a->in_phase ? -1 : 1;
	if (a->group == WG_PAID && a->seed_long != b->seed_long)
		return a->seed_long ? -1 : 1;
	if (a->group == WG_PAID) {
		int64_t x = cost_key(a), y = cost_key(b);

		return x < y ? -1 : x > y;
	}
	if ((a->kind == WK_OWN) != (b->kind == WK_OWN))
		return a->kind == WK_OWN ? 1 : -1;
	if (a->has_quota != b->has_quota)
		return a->has_quota ? -1 : 1;
	if (a->kind != b->kind)
		return a->kind < b->kind ? -1 : 1;
	if (a->has_quota && a->resets != b->resets)
		return a->resets < b->resets ? -1 : 1;
	return 0;
}

struct indexed {
	struct where_row row;
	size_t i;
};

static int
cmp_indexed(const void *pa, const void *pb)
{
	const struct indexed *a = pa, *b = pb;
	int c = cmp_row(&a->row, &b->row);

	if (c != 0)
		return c;
	return a->i < b->i ? -1 : a->i > b->i;
}

/* 1 when the job asks for a CPU or Apple's MPS rather than a GPU. */
static int
laptop_job(const struct where_job *job)
{
	return strcasecmp(job->gpu, "cpu") == 0 || strcasecmp(job->gpu,
	    "mps") == 0 || strcasecmp(job->gpu, "apple mps") == 0;
}

/* Rule 0: one's own machine takes a CPU/MPS job, first, saying why in
 * the seed's words; in plan months 1-8, a job that asks for no GPU too,
 * on its own device. */
static void
rank_laptop(const struct where_in *in, const struct platform *p,
    const struct where_job *job, struct where_row *w)
{
	int cpu = strcasecmp(job->gpu, "cpu") == 0;

	w->seed_first = 1;
	w->group = WG_FREE;
	w->sessions = 1;
	snprintf(w->gpu, sizeof w->gpu, "%.31s", cpu ? "CPU" :
	    job->gpu[0] != '\0' ? "Apple MPS" : p->default_gpu[0] ?
	    p->default_gpu : p->gpu);
	w->why[0] = '\0';
	if (job->gpu[0] == '\0') {
		say(w, "your own machine, free: \"your primary compute "
		    "resource for months 1-8\"; move to a GPU platform when "
		    "it is too slow");
		say(w, "; no quota, no session cap");
		return;
	}
	if (in->phase != NULL && in->phase->last_month <= 6)
		say(w, "your own machine, free: \"most ML learning in months "
		    "1-6 can happen without GPU\"; \"CPU/MPS sufficient\"");
	else
		say(w, "your own machine, free: \"Prototyping any architecture "
		    "before scaling to cloud GPU\"");
	say(w, "; no quota, no session cap");
}

int
where_rank(const struct where_in *in, const struct where_job *asked,
    struct where_row **rows, size_t *n, struct err *e)
{
	struct where_job canon = *asked, *job = &canon;
	struct indexed *x;
	size_t i;

	*rows = NULL;
	*n = 0;
	if (job->dur_s <= 0)
		return err_set(e, "the job needs a duration, such as 8h");
	/* Any spelling of a model asks for it by the catalog's name. */
	gpu_canon(asked->gpu, 0, job->gpu, NULL);
	x = xcalloc(in->cat->nplatforms + 1, sizeof *x);
	for (i = 0; i < in->cat->nplatforms; i++) {
		const struct platform *p = &in->cat->platforms[i];
		struct where_row *w = &x[i].row;

		x[i].i = i;
		snprintf(w->platform, sizeof w->platform, "%s", p->key);
		w->in_phase = in->phase != NULL &&
		    catalog_in_list(in->phase->platforms, p->key);
		w->session_cap_s = p->session_cap_s;
		w->sessions = 1;
		w->cost_usd = w->cost_inr = -1;
		if (strcmp(p->key, "local") == 0)
			w->kind = WK_OWN;
		else if (p->billing == BILL_FREE)
			w->kind = WK_FREE;
		else if (p->billing == BILL_SUBSCRIPTION ||
		    p->billing == BILL_UNITS)
			w->kind = WK_INCLUDED;
		else
			w->kind = WK_HOURLY;
		if (w->kind == WK_OWN && (laptop_job(job) ||
		    (asked->gpu[0] == '\0' && job->vram_gb == 0 &&
		    in->plan_month >= 1 && in->plan_month <= 8)))
			rank_laptop(in, p, job, w);
		else if (laptop_job(job)) {
			w->group = WG_NO;
			if (strcasecmp(job->gpu, "cpu") == 0)
				say(w, "a GPU platform: the seed runs CPU jobs "
				    "on your own machine");
			else
				say(w, "offers %s, not Apple MPS", p->gpu[0] ?
				    p->gpu : p->default_gpu);
		} else if (w->kind == WK_HOURLY)
			rank_paid(in, p, job, w);
		else
			rank_free(in, p, job, w);
		if (w->in_phase && in->phase != NULL)
			say(w, "; the plan's pick for %s", in->phase->name);
	}
	qsort(x, in->cat->nplatforms, sizeof *x, cmp_indexed);
	*rows = xcalloc(in->cat->nplatforms + 1, sizeof **rows);
	for (i = 0; i < in->cat->nplatforms; i++) {
		(*rows)[i] = x[i].row;
		(*rows)[i].rank = (int)i + 1;
	}
	*n = in->cat->nplatforms;
	free(x);
	return 0;
}
