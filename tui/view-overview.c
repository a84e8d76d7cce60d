/*
 * view-overview.c: the Overview: the date, the plan month and phase, a
 * gauge per quota with its reset and pace, the month's budget with its
 * daily spend, the phase's advice, open runs with their warnings, and the
 * latest runs.  Every figure comes from the summary, as `gpulog status`'s.
 */
#include <stdlib.h>
#include <string.h>

#include "core/alerts.h"
#include "core/budget.h"
#include "core/clock.h"
#include "core/err.h"
#include "core/fmt.h"
#include "core/fx.h"
#include "core/plan.h"
#include "core/quota.h"
#include "core/text.h"
#include "core/where.h"
#include "store/store.h"
#include "tui/internal.h"

/* Under 23 rows: one line a quota, no day bars. */
static int
short_of_rows(const struct tui *t)
{
	return t->cv.h < 23;
}

/* A screen under 80 columns or 23 rows: the Overview's compact mode,
 * shorter words and, short of rows, one line a quota. */
static int
compact(const struct tui *t)
{
	return t->cv.w < 80 || short_of_rows(t);
}

/* Room for the long forms (the 20-cell quota gauges, the next line's
 * reason wrapped): 120 columns, or one of the two columns of a screen of
 * 160 or more. */
static int
roomy(const struct tui *t)
{
	return t->cv.w >= 120 || t->columns;
}

static int
keep_latest(const struct run *r, void *arg)
{
	struct tui *t = arg;

	run_copy(&t->latest[t->nlatest++], r);
	return 0;
}

static int
day_bucket(int64_t b, const char *platform, const char *cur, int64_t cost,
    int64_t gpu_s, int64_t runs, void *arg)
{
	struct tui *t = arg;
	int64_t d = local_day_number(b) - local_day_number(t->sm.budget.ms);

	(void)platform;
	(void)gpu_s;
	(void)runs;
	if (d >= 0 && d < 32)
		t->day_spend[d] = fx_total_add(&t->day_x[d], cost, cur,
		    t->sm.currency, local_day_number(b), t->sm.cat.fx,
		    t->sm.cat.nfx, NULL);
	return 0;
}

static int
day_expense(const struct expense *x, void *arg)
{
	struct tui *t = arg;
	int64_t d = local_day_number(x->at) -
	    local_day_number(t->sm.budget.ms);

	if (d >= 0 && d < 32 && expense_is_spend(x))
		t->day_spend[d] = fx_total_add(&t->day_x[d], x->amount_minor,
		    x->currency, t->sm.currency, local_day_number(x->at),
		    t->sm.cat.fx, t->sm.cat.nfx, NULL);
	return 0;
}

int
overview_load(struct tui *t, struct err *e)
{
	const struct budget_status *b = &t->sm.budget;
	int64_t days[32];
	size_t i, ndays;
	int k;

	for (k = 0; k < t->nlatest; k++)
		run_clear(&t->latest[k]);
	t->nlatest = 0;
	t->weeks_loaded = 0;
	{
		struct page_query q = { PAGE_NEWEST, NULL, t->now };

		if (page_runs(t->s, &q, NULL, 0, 0, TUI_LATEST, keep_latest, t,
		    e) < 0)
			return -1;
	}
	memset(t->day_spend, 0, sizeof t->day_spend);
	memset(t->day_x, 0, sizeof t->day_x);
	t->ndays = (int)(local_day_number(b->me - 1) -
	    local_day_number(b->ms) + 1);
	ndays = local_day_starts(b->ms, b->me, days, sizeof days /
	    sizeof days[0]);
	if (page_buckets(t->s, b->ms, b->me, days, ndays, day_bucket, t,
	    e) < 0 ||
	    store_each_expense(t->s, b->ms, b->me, day_expense, t, e) < 0)
		return -1;
	for (i = 0; i < t->sm.nopen; i++) {
		const struct run *r = &t->sm.open[i];
		int64_t d = local_day_number(r->start) -
		    local_day_number(b->ms);

		if (r->start >= b->ms && r->start < b->me && d < 32)
			t->day_spend[d] = fx_total_add(&t->day_x[d],
			    run_cost_at(r, t->now), r->currency,
			    t->sm.currency, local_day_number(r->start),
			    t->sm.cat.fx, t->sm.cat.nfx, NULL);
	}
	return 0;
}

/* "12.5" hours or "12.34" units. */
static char *
amount(char *buf, size_t n, const struct quota *q, int64_t v)
{
	return fmt_quota_amount(buf, n, q->unit, v);
}

/* The nudge of kind on quota qi or run id (else 0), from the summary's
 * list: the Overview reads it as status does and computes none. */
static const struct nudge *
find_nudge(const struct tui *t, int kind, int qi, int64_t run_id)
{
	size_t i;

	for (i = 0; i < t->sm.nnudges; i++) {
		const struct nudge *n = &t->sm.nudges[i];

		if (n->kind == kind && n->quota == qi && n->run_id == run_id)
			return n;
	}
	return NULL;
}

/* When it resets and how the pace looks. */
static void
quota_when(struct tui *t, const struct quota *q, const struct quota_status *st,
    char *buf, size_t n)
{
	char at[48], rel[32], out[96], dot[16];
	size_t k;

	snprintf(dot, sizeof dot, " %s ", t->cv.g->dot);

	buf[0] = '\0';
	if (q->window != QW_ROLLING)
		snprintf(buf, n, "resets %s (%s)", fmt_when(at, sizeof at,
		    st->we, t->now), fmt_relative(rel, sizeof rel,
		    st->we - t->now));
	k = strlen(buf);
	quota_projection_brief(st, t->now, out, sizeof out);
	/* A rolling window's line has no reset to lead it. */
	if (!(q->window == QW_ROLLING && !st->runs_out && !st->lasts))
		snprintf(buf + k, n - k, "%s%s", k ? dot : "", out);
}

/*
 * Puts the parts of text (joined by " dot ") from (y, x) on, each whole:
 * a part that does not fit goes to the next line at x0, so that no fact
 * is cut while a line below is free.  The last part takes last_attr.
 * Returns the row after the last one used.
 */
static int
put_parts(struct tui *t, int y, int y1, int x, int x0, const char *text,
    int attr, int last_attr)
{
	struct canvas *cv = &t->cv;
	char sep[16], buf[256], *p, *q;
	int first = 1, sw;

	snprintf(sep, sizeof sep, " %s ", cv->g->dot);
	sw = cv_width(sep);
	snprintf(buf, sizeof buf, "%s", text);
	for (p = buf; p != NULL && y < y1; p = q) {
		int w, a;

		if ((q = strstr(p, sep)) != NULL) {
			*q = '\0';
			q += strlen(sep);
		}
		a = q == NULL ? last_attr : attr;
		w = cv_width(p) + (first ? 0 : sw);
		if (!first && x + w > cv->w - 1) {
			if (++y >= y1)
				return y;
			x = x0;
			first = 1;
		}
		if (!first)
			x += cv_put(cv, y, x, -1, attr, sep);
		x += cv_put(cv, y, x, cv->w - 1 - x, a, p);
		first = 0;
	}
	return y + 1;
}

static int
draw_quotas(struct tui *t, int y, int y1)
{
	struct canvas *cv = &t->cv;
	int wide = roomy(t), gw = wide ? 20 : cv->w < 80 ? 8 : 14;
	char b1[32], b2[32], b3[32], when[160];
	size_t i;

	tui_section(t, y++, 1, cv->w - 2, "Quotas");
	if (t->sm.cat.nquotas == 0 && y < y1)
		cv_put(cv, y++, 2, -1, CA_DIM, "none set: 3 shows the platforms"
		    " (e sets a quota)");
	for (i = 0; i < t->sm.cat.nquotas && y < y1; i++) {
		const struct quota *q = &t->sm.cat.quotas[i];
		const struct quota_status *st = &t->sm.qs[i];
		const struct nudge *lapse = find_nudge(t, NUDGE_LAPSE, (int)i,
		    0);
		int lvl = tui_colour(st->state), x = 2;
		const struct platform *p;

		if (!catalog_offer_shown(&t->sm.cat, q, st))
			continue;
		x += tui_put_safe(t, y, x, 11, CA_BOLD, q->platform);
		x = 14;
		/* Nothing bought covers the window: the offer, no gauge. */
		if (quota_absent(st)) {
			p = summary_platform(&t->sm, q->platform);
			catalog_absent_text(q, st, p, t->sm.currency,
			    cv->ascii ? FMT_ASCII : 0, cv->g->dot, when,
			    sizeof when);
			/* Short of rows, its first line only. */
			y = put_parts(t, y, short_of_rows(t) && y + 1 < y1 ?
			    y + 1 : y1, x, 14, when, CA_DIM, CA_DIM);
			continue;
		}
		tui_gauge(t, y, x, gw, st->pct, lvl);
		/* The pace tick, as the budget's: where an even use of the
		 * window would be by now. */
		if (!st->rolling && st->we > st->ws && t->now >= st->ws) {
			int xt = (int)((t->now - st->ws) * gw / (st->we -
			    st->ws));

			if (xt < gw)
				cv_put(cv, y, x + xt, 1, CC_CYAN | CA_BOLD,
				    cv->g->down);
		}
		x += gw + 1;
		x += cv_printf(cv, y, x, -1, lvl | CA_BOLD, "%4lld%%",
		    (long long)st->pct);
		x += cv_printf(cv, y, x + 1, -1, 0, "%7s of %-6s %-5s",
		    amount(b1, sizeof b1, q, st->used), amount(b2, sizeof b2,
		    q, st->limit), quota_unit_name(q->unit)) + 1;
		/* What is left, when it fits (the gauge and the amounts
		 * tell it on a narrow screen). */
		fmt_quota_left(b3, sizeof b3, q->unit, st->remaining);
		if (x + 13 <= cv->w - 1)
			x += cv_printf(cv, y, x, -1, st->remaining < 0 ?
			    CC_RED : 0, "%13s", b3);
		quota_when(t, q, st, when, sizeof when);
		/* Short of rows, the gauges of every quota before any
		 * quota's reset line. */
		if (short_of_rows(t)) {
			y++;
			continue;
		}
		if (lapse != NULL) {
			size_t k = strlen(when);

			/* Use it or lose it, as status says it. */
			snprintf(when + k, sizeof when - k, " %s %s %s lapse",
			    t->cv.g->dot, amount(b1, sizeof b1, q,
			    lapse->value), quota_unit_name(q->unit));
		}
		/* The reset, the forecast and the lapse warning: beside the
		 * gauge when they fit there, else below it, wrapped whole. */
		{
			char sep[16];
			int fw;

			snprintf(sep, sizeof sep, " %s ", cv->g->dot);
			fw = strstr(when, sep) != NULL ? (int)(strstr(when, sep)
			    - when) : (int)strlen(when);
			if (wide && x + 2 + fw <= cv->w - 1)
				y = put_parts(t, y, y1, x + 2, 14, when,
				    CA_DIM, lapse != NULL ? CC_YELLOW |
				    CA_BOLD : CA_DIM);
			else if (++y < y1)
				y = put_parts(t, y, y1, 14, 14, when, CA_DIM,
				    lapse != NULL ? CC_YELLOW | CA_BOLD :
				    CA_DIM);
		}
	}
	return y;
}

/*
 * The budget's range gauge, w cells scaled to a quarter past the top of the
 * range (or to what is spent, when more): what is spent filled in the
 * level's colour, the range shaded, a tick at each end of it (the low end
 * only when above zero) and the pace marker where an even spend to the top
 * would be by now (budget_even()).
 */
static void
budget_gauge(struct tui *t, int y, int x, int w, int attr)
{
	const struct budget_status *b = &t->sm.budget;
	const struct glyphs *g = t->cv.g;
	int64_t top = b->max + b->max / 4, even = budget_even(b, t->now);
	int k, fill, xlo, xhi, xeven;

	if (b->spent > top)
		top = b->spent;
	if (top <= 0)
		top = 1;
	fill = (int)((b->spent * w + top / 2) / top);
	if (b->spent > 0 && fill == 0)
		fill = 1;
	/* The cell that holds each mark; the top's is the last within it. */
	xlo = (int)(b->min * w / top);
	xhi = (int)(b->max * w / top) - (b->max * w % top == 0 && b->max > 0);
	xeven = (int)(even * w / top);
	if (xhi >= w)
		xhi = w - 1;
	if (xeven >= w)
		xeven = w - 1;
	for (k = 0; k < w; k++) {
		const char *gl = k < fill ? g->full : k >= xlo && k <= xhi ?
		    g->shade : g->light;

		cv_put(&t->cv, y, x + k, 1, k < fill ? attr : CA_DIM, gl);
	}
	if (b->min > 0)
		cv_put(&t->cv, y, x + xlo, 1, CA_BOLD, g->vl);
	cv_put(&t->cv, y, x + xhi, 1, CA_BOLD, g->vl);
	cv_put(&t->cv, y, x + xeven, 1, CC_CYAN | CA_BOLD, g->down);
}

static int
draw_budget(struct tui *t, int y, int y1)
{
	const struct budget_status *b = &t->sm.budget;
	struct canvas *cv = &t->cv;
	char title[128], m1[48], m2[48], m3[48], pace[160];
	const char *word;
	int x, d, lvl = tui_colour(alerts_budget_level(b));
	int64_t top = 0, today;

	fmt_local(m1, sizeof m1, b->ms, "%B %Y");
	if (b->max >= 0)
		snprintf(title, sizeof title, "Budget %s %s %s %s%s%s",
		    cv->g->dot, m1, cv->g->dot, tui_money_whole(t, m2,
		    sizeof m2, b->min, b->currency), cv->g->dash,
		    tui_money_whole(t, m3, sizeof m3, b->max, b->currency));
	else
		snprintf(title, sizeof title, "Budget %s %s", cv->g->dot, m1);
	tui_section(t, y++, 1, cv->w - 2, title);
	if (y >= y1)
		return y;
	x = 2;
	if (b->max >= 0) {
		int gw = cv->w >= 100 ? 24 : 8;

		budget_gauge(t, y, x, gw, lvl);
		x += gw + 1;
	}
	x += cv_printf(cv, y, x, -1, CA_BOLD, "%s spent", tui_money(t, m1,
	    sizeof m1, b->spent, b->currency));
	if (b->max >= 0) {
		x += cv_printf(cv, y, x, -1, 0, " (%lld%%) %s ",
		    (long long)b->pct, cv->g->dot);
		/* Over: the amount over is said in the level's colour,
		 * and the state's word is not said again. */
		x += cv_printf(cv, y, x, -1, b->remaining < 0 ? lvl | CA_BOLD :
		    0, "%s %s", tui_money(t, m2, sizeof m2, b->remaining < 0 ?
		    -b->remaining : b->remaining, b->currency),
		    b->remaining < 0 ? "over" : "left");
		fmt_local(m3, sizeof m3, b->me - 1, "%d %b");
		if (b->basis)
			snprintf(pace, sizeof pace, " %s %dd pace %s by %s",
			    cv->g->dot, b->pace_days, tui_money(t, m1,
			    sizeof m1, b->projected, b->currency), m3);
		else if (b->coming > 0)
			snprintf(pace, sizeof pace, " %s %s by %s with "
			    "subscriptions", cv->g->dot, tui_money(t, m1,
			    sizeof m1, b->projected, b->currency), m3);
		else
			snprintf(pace, sizeof pace, " %s no pace yet",
			    cv->g->dot);
		/* The state's word always; the pace before it when both
		 * fit. */
		word = b->remaining < 0 ? "" : alerts_budget_word(b);
		if (x + cv_width(pace) + (word[0] != '\0' ? 2 +
		    cv_width(word) : 0) <= cv->w - 1)
			x += cv_put(cv, y, x, -1, 0, pace);
		if (word[0] != '\0')
			cv_put(cv, y, x + 2, -1, lvl | CA_BOLD, word);
	}
	/* Short of rows, the day bars give way to what comes next. */
	if (++y >= y1 || short_of_rows(t))
		return y;
	/* The month's days as one row of bars, today's marked. */
	x = cv_put(cv, y, 2, -1, CA_DIM, "daily ") + 2;
	today = local_day_number(t->now) - local_day_number(b->ms);
	for (d = 0; d < t->ndays && d < 32; d++)
		if (t->day_spend[d] > top)
			top = t->day_spend[d];
	for (d = 0; d < t->ndays && d < 32; d++) {
		int64_t v = t->day_spend[d];
		int e8 = top > 0 ? (int)((v * 8 + top - 1) / top) : 0;

		if (d > today)
			cv_put(cv, y, x + d, 1, CA_DIM, cv->g->dot);
		else
			cv_put(cv, y, x + d, 1, d == today ? CC_CYAN | CA_BOLD :
			    CC_CYAN, e8 > 0 ? cv->g->eighths[e8] : "_");
	}
	x += t->ndays + 2;
	if (top > 0 && cv->w >= 100)
		x += cv_printf(cv, y, x, -1, CA_DIM, "max %s a day  ",
		    tui_money_whole(t, m1, sizeof m1, top, b->currency));
	x += cv_printf(cv, y, x, -1, 0, "%d run%s %s %s GPU-h",
	    t->sm.month_runs, t->sm.month_runs == 1 ? "" : "s", cv->g->dot,
	    fmt_hours(m2, sizeof m2, t->sm.month_gpu_s));
	/* What the free tiers saved, as status prices it. */
	if (t->sm.saved.amount > 0)
		cv_printf(cv, y, x, cv->w - x - 1, CC_GREEN, " %s saved %s",
		    cv->g->dot, tui_money_whole(t, m1, sizeof m1,
		    t->sm.saved.amount, b->currency));
	y++;
	/* Run spend apart from expenses (subscriptions and other payments,
	 * paid once), where the screen has a line for it. */
	if (b->lump > 0 && cv->h >= 32 && y < y1) {
		x = 2 + cv_put(cv, y, 2, -1, CA_DIM, "of it ");
		cv_printf(cv, y++, x, cv->w - x - 1, 0, "runs %s %s expenses "
		    "%s (subscriptions and payments: paid once, so no pace)",
		    tui_money(t, m1, sizeof m1, b->spent - b->lump,
		    b->currency), cv->g->dot, tui_money(t, m2, sizeof m2,
		    b->lump, b->currency));
	}
	if (b->fx_missing && y < y1)
		cv_put(cv, y++, 2, -1, CC_YELLOW, "some amounts had no "
		    "exchange rate: gpulog fx RATE sets one");
	return y;
}

/* The job the Now panel asks `gpulog where` about: two hours on a
 * T4-class GPU. */
#define NOW_JOB_S 7200

/*
 * The Now panel's "next" text from column x of row *y: with room for the
 * long forms (roomy()) and 30 rows or more, what does not fit goes on to
 * one more row
 * (cut at a space), so that the reason is read whole while there is room;
 * else it is cut.
 */
static void
next_line(struct tui *t, int *y, int y1, int x, const char *text)
{
	struct canvas *cv = &t->cv;
	char *safe = text_safe(text);
	size_t w = (size_t)(cv->w - x - 1), n, k;

	n = text_cut(safe, w);
	if (safe[n] != '\0' && roomy(t) && cv->h >= 30 && *y + 1 < y1) {
		for (k = n; k > 0 && safe[k] != ' '; k--)
			;
		if (k > 0)
			n = k;
		{
			char *head = xstrndup(safe, n);

			cv_put(cv, (*y)++, x, (int)w, 0, head);
			free(head);
		}
		while (safe[n] == ' ')
			n++;
		cv_put(cv, (*y)++, 8, cv->w - 9, 0, safe + n);
	} else {
		cv_put(cv, (*y)++, x, (int)w, 0, safe);
	}
	free(safe);
}

/*
 * The Now panel: where the next job should go (the first row of `gpulog
 * where 2h`, by core/where.c's ranking), what is exhausted (quotas and
 * the budget at 100% or more), what is burning money (open paid runs),
 * and the next reset that will waste free hours (the summary's lapse
 * nudge that comes first).  Every line from the same rules as the
 * commands; a line with nothing to say is left out.
 */
static int
draw_now(struct tui *t, int y, int y1)
{
	const struct summary *sm = &t->sm;
	struct canvas *cv = &t->cv;
	struct where_in in;
	struct where_job job;
	struct where_row *rows = NULL;
	const struct nudge *lapse = NULL;
	struct err e;
	char line[512], b1[48], b2[48], d[32];
	size_t n = 0, i, k;
	int x;

	if (y + 1 >= y1)
		return y;
	tui_section(t, y++, 1, cv->w - 2, "Now");
	memset(&in, 0, sizeof in);
	in.now = t->now;
	in.cat = &sm->cat;
	in.qs = sm->qs;
	in.phase = sm->phase;
	in.currency = sm->currency;
	in.plan_month = sm->phase != NULL ? sm->plan_month : 0;
	in.fmt_flags = t->fmt;
	memset(&job, 0, sizeof job);
	job.dur_s = NOW_JOB_S;
	if (where_rank(&in, &job, &rows, &n, &e) == 0 && n > 0 && y < y1) {
		cv_put(cv, y, 2, -1, CA_DIM, "next");
		x = 8 + tui_put_safe(t, y, 8, 12, CA_BOLD | CC_GREEN,
		    rows[0].platform);
		if (rows[0].gpu[0] != '\0')
			x += 1 + tui_put_safe(t, y, x + 1, 12, 0, rows[0].gpu);
		snprintf(line, sizeof line, " %s a 2h job: %s", cv->g->dot,
		    rows[0].why);
		next_line(t, &y, y1, x, line);
	}
	free(rows);
	/* Exhausted: quotas used up, and the budget past its top. */
	line[0] = '\0';
	for (i = 0; i < sm->cat.nquotas; i++)
		if (sm->qs[i].pct >= 100) {
			k = strlen(line);
			snprintf(line + k, sizeof line - k, "%s%s %lld%%",
			    k ? "  " : "", sm->cat.quotas[i].platform,
			    (long long)sm->qs[i].pct);
		}
	if (sm->budget.pct >= 100) {
		k = strlen(line);
		snprintf(line + k, sizeof line - k, "%sbudget %lld%%", k ? "  " :
		    "", (long long)sm->budget.pct);
	}
	if (line[0] != '\0' && y < y1) {
		cv_put(cv, y, 2, -1, CA_DIM, "out");
		tui_put_safe(t, y++, 8, cv->w - 9, CC_RED | CA_BOLD, line);
	}
	/* Burning: open runs that cost money, as they run. */
	for (i = 0; i < sm->nopen && y < y1; i++) {
		const struct run *r = &sm->open[i];

		if (run_cost_at(r, t->now) <= 0)
			continue;
		cv_put(cv, y, 2, -1, CA_DIM, "burn");
		snprintf(line, sizeof line, "#%lld %s %s, %s so far, open %s",
		    (long long)r->id, r->platform, r->gpu[0] ? r->gpu : "",
		    tui_money(t, b1, sizeof b1, run_cost_at(r, t->now),
		    r->currency), fmt_duration(d, sizeof d, t->now -
		    r->start));
		tui_put_safe(t, y++, 8, cv->w - 9, CC_YELLOW | CA_BOLD, line);
	}
	/* The next reset that will waste free hours. */
	for (i = 0; i < sm->nnudges; i++)
		if (sm->nudges[i].kind == NUDGE_LAPSE && (lapse == NULL ||
		    sm->nudges[i].at < lapse->at))
			lapse = &sm->nudges[i];
	if (lapse != NULL && lapse->quota >= 0 && y < y1) {
		const struct quota *q = &sm->cat.quotas[lapse->quota];

		cv_put(cv, y, 2, -1, CA_DIM, "lapse");
		snprintf(line, sizeof line, "%s resets %s with %s %s unused "
		    "(%lld%%): use it or lose it", q->platform, fmt_when(b2,
		    sizeof b2, lapse->at, t->now), amount(b1, sizeof b1, q,
		    lapse->value), quota_unit_name(q->unit),
		    (long long)lapse->pct);
		tui_put_safe(t, y++, 8, cv->w - 9, CC_YELLOW, line);
	}
	return y;
}

static int
draw_plan(struct tui *t, int y, int y1)
{
	const struct summary *sm = &t->sm;
	const struct phase *p = sm->phase;
	struct canvas *cv = &t->cv;
	char title[192], m1[48], m2[48];
	char *name;

	if (sm->plan_month < 1)
		snprintf(title, sizeof title, "Plan %s starts %s", cv->g->dot,
		    fmt_local(m1, sizeof m1, sm->plan_start, "%Y-%m-%d"));
	else if (sm->plan_month > PLAN_MONTHS)
		snprintf(title, sizeof title, "Plan %s finished (month %d; 13 "
		    "planned)", cv->g->dot, sm->plan_month);
	else if (p != NULL) {
		name = text_safe(p->name);
		snprintf(title, sizeof title, "Plan %s month %d of %d %s %s "
		    "(months %d%s%d)", cv->g->dot, sm->plan_month, PLAN_MONTHS,
		    cv->g->dot, name, p->first_month, cv->g->dash,
		    p->last_month);
		free(name);
	} else
		snprintf(title, sizeof title, "Plan %s month %d of %d",
		    cv->g->dot, sm->plan_month, PLAN_MONTHS);
	tui_section(t, y++, 1, cv->w - 2, title);
	if (p == NULL || y >= y1)
		return y;
	cv_put(cv, y, 2, -1, CA_DIM, "use");
	{
		char plats[128];
		int x, k;

		snprintf(plats, sizeof plats, "%s", p->platforms);
		for (k = 0; plats[k] != '\0'; k++)
			if (plats[k] == ',')
				plats[k] = ' ';
		x = 8 + tui_put_safe(t, y, 8, cv->w - 40, CA_BOLD, plats);

		/* The plan's words, when a few of them fit. */
		if (cv->w - x - 30 >= 8) {
			x += cv_put(cv, y, x, -1, 0, "  (");
			x += tui_put_safe(t, y, x, cv->w - x - 30, 0,
			    p->where);
			x += cv_put(cv, y, x, -1, 0, ")");
		}
		cv_printf(cv, y, x + 2, cv->w - x - 3, 0, "budget %s%s%s a "
		    "month", tui_money_whole(t, m1, sizeof m1,
		    summary_convert(&t->sm, p->budget_min_minor, p->currency,
		    t->now), t->sm.currency), cv->g->dash, tui_money_whole(t,
		    m2, sizeof m2, summary_convert(&t->sm,
		    p->budget_max_minor, p->currency, t->now),
		    t->sm.currency));
	}
	/* The phase's reason is the first thing a short screen drops: the
	 * open and latest runs below it are facts. */
	if (++y >= y1 || cv->h < 32)
		return y;
	cv_put(cv, y, 2, -1, CA_DIM, "why");
	tui_put_safe(t, y++, 8, cv->w - 9, 0, p->reason);
	return y;
}

static int
draw_open(struct tui *t, int y, int y1)
{
	struct canvas *cv = &t->cv;
	char title[64], b[48], label[128];
	size_t i;

	if (t->sm.nopen == 0)
		return y;
	snprintf(title, sizeof title, "Running (%zu)", t->sm.nopen);
	tui_section(t, y++, 1, cv->w - 2, title);
	for (i = 0; i < t->sm.nopen && y < y1; i++, y++) {
		const struct run *r = &t->sm.open[i];
		const struct nudge *nd;
		const char *w[3];
		char caps[2][96];
		int k, n = tui_run_warnings(t, r, w, caps), x = 2;

		x += cv_printf(cv, y, x, -1, CA_BOLD | CC_GREEN, "#%lld",
		    (long long)r->id) + 1;
		x += tui_put_safe(t, y, x, 40, 0, tui_run_label(label,
		    sizeof label, r, t->now)) + 1;
		x += cv_printf(cv, y, x, -1, CA_DIM, "since %s", fmt_local(b,
		    sizeof b, r->start, local_day_start(r->start) ==
		    local_day_start(t->now) ? "%H:%M" : "%a %H:%M")) + 1;
		if (run_cost_at(r, t->now) > 0)
			x += cv_printf(cv, y, x, -1, 0, "%s so far ",
			    tui_money(t, b, sizeof b, run_cost_at(r, t->now),
			    r->currency));
		if (t->sm.open_seen != NULL && t->sm.open_seen[i] > 0)
			x += cv_printf(cv, y, x, cv->w - x - 2, CA_DIM,
			    "seen %s ago ", fmt_duration(b, sizeof b, t->now >
			    t->sm.open_seen[i] ? t->now - t->sm.open_seen[i] :
			    0));
		for (k = 0; k < n; k++)
			x += cv_printf(cv, y, x + 1, cv->w - x - 2, CC_YELLOW |
			    CA_BOLD, "! %s", w[k]) + 1;
		/* A paid run open too long; the cap's warning is above. */
		if ((nd = find_nudge(t, NUDGE_OPEN, -1, r->id)) != NULL &&
		    !nd->past_cap)
			x += cv_printf(cv, y, x + 1, cv->w - x - 2,
			    tui_colour(nd->level) | CA_BOLD, "! paid, open "
			    "past %s", fmt_duration(b, sizeof b,
			    nd->limit)) + 1;
	}
	return y;
}

/* At most this many columns of a GPU's name in the latest runs. */
#define LATEST_GPU_MAX 12

/* The text of each column of a latest run's row (see draw_latest()). */
struct latest_row {
	char id[24], when[48], dur[32], gpu[128], cost[48];
};

static void
latest_row(struct tui *t, const struct run *r, struct latest_row *row)
{
	char start[32], end[16];
	char *gpu = text_safe(r->gpu[0] ? r->gpu : "-");

	snprintf(row->id, sizeof row->id, "#%lld", (long long)r->id);
	fmt_local(start, sizeof start, r->start, t->cv.w >= 100 ?
	    "%a %d %b %H:%M" : "%d %b %H:%M");
	if (r->end == RUN_OPEN)
		snprintf(end, sizeof end, "now");
	else
		fmt_local(end, sizeof end, r->end, "%H:%M");
	snprintf(row->when, sizeof row->when, "%s%s%s", start, t->cv.g->dash,
	    end);
	fmt_duration(row->dur, sizeof row->dur, run_end_at(r, t->now) -
	    r->start);
	snprintf(row->gpu, sizeof row->gpu, "%s", gpu);
	free(gpu);
	if (run_cost_at(r, t->now) > 0)
		tui_money(t, row->cost, sizeof row->cost, run_cost_at(r, t->now),
		    r->currency);
	else
		snprintf(row->cost, sizeof row->cost, "-");
}

/*
 * The latest runs, a row each: id, when, length, platform, GPU, cost and
 * note.  Each column is as wide as its longest entry among the rows shown,
 * and the GPU and cost columns are left out when no row has one, so that
 * the note gets the rest of the line (at 80 columns, or in the right half
 * of a 160-column screen, most of the line rather than a few letters).
 */
static int
draw_latest(struct tui *t, int y, int y1)
{
	struct canvas *cv = &t->cv;
	struct latest_row *rows;
	int n, i, x, w[6] = { 0 }, any_gpu = 0, any_cost = 0;

	if (y + 1 >= y1)
		return y;
	tui_section(t, y++, 1, cv->w - 2, "Latest runs");
	if (t->nlatest == 0) {
		cv_put(cv, y++, 2, -1, CA_DIM, "no runs yet: a adds one, s "
		    "starts one, or `gpulog add kaggle 2h` in a shell");
		return y;
	}
	n = t->nlatest < y1 - y ? t->nlatest : y1 - y;
	rows = xcalloc((size_t)n + 1, sizeof *rows);
	for (i = 0; i < n; i++) {
		const struct run *r = &t->latest[i];
		int k;

		latest_row(t, r, &rows[i]);
		if ((k = cv_width(rows[i].id)) > w[0])
			w[0] = k;
		if ((k = cv_width(rows[i].dur)) > w[1])
			w[1] = k;
		if ((k = (int)text_width(r->platform)) > w[2])
			w[2] = k;
		if ((k = cv_width(rows[i].gpu)) > w[3])
			w[3] = k < LATEST_GPU_MAX ? k : LATEST_GPU_MAX;
		if ((k = cv_width(rows[i].when)) > w[5])
			w[5] = k;
		if ((k = cv_width(rows[i].cost)) > w[4])
			w[4] = k;
		any_gpu |= r->gpu[0] != '\0';
		any_cost |= strcmp(rows[i].cost, "-") != 0;
	}
	for (i = 0; i < n; i++, y++) {
		const struct run *r = &t->latest[i];

		x = 2;
		x += cv_put(cv, y, x, w[0], CA_BOLD, rows[i].id);
		x += 2 + (w[0] - cv_width(rows[i].id));
		cv_put(cv, y, x, w[5], 0, rows[i].when);
		x += w[5] + 1;
		cv_put_right(cv, y, x + w[1], w[1], 0, rows[i].dur);
		x += w[1] + 1;
		tui_put_safe(t, y, x, w[2], r->end == RUN_OPEN ? CC_GREEN : 0,
		    r->platform);
		x += w[2] + 1;
		if (any_gpu) {
			cv_put(cv, y, x, w[3], 0, rows[i].gpu);
			x += w[3] + 1;
		}
		if (any_cost) {
			cv_put_right(cv, y, x + w[4], w[4], 0, rows[i].cost);
			x += w[4] + 1;
		}
		if (r->note != NULL && x + 2 < cv->w - 1)
			tui_put_safe(t, y, x + 1, cv->w - x - 2, CA_DIM,
			    r->note);
	}
	free(rows);
	return y;
}

/* The figures of now: quotas, budget and the Now panel. */
static int
draw_left(struct tui *t, int y, int y1)
{
	y = draw_quotas(t, y, y1);
	if (y < y1)
		y = draw_budget(t, y, y1);
	if (y < y1)
		y = draw_now(t, y, y1);
	return y;
}

/* The plan and the runs. */
static int
draw_right(struct tui *t, int y, int y1)
{
	y = draw_plan(t, y, y1);
	if (y < y1)
		y = draw_open(t, y, y1);
	if (y < y1)
		y = draw_latest(t, y, y1);
	return y;
}

/* From this width the Overview is two columns of at least 80 each. */
#define OVERVIEW_TWO_COLUMNS 160

void
overview_weeks_load(struct tui *t)
{
	struct err e;

	if (t->weeks_loaded == 0)
		t->weeks_loaded = reports_load(t, &e) == 0 ? 1 : -1;
}

/*
 * Two columns: the figures on the left (three fifths, their lines being
 * the longest), the plan and runs on the right (two fifths, 80 columns
 * at least).  Each is drawn by the same functions into
 * a canvas of its own width, in their long forms (roomy()), so each lays
 * out as on a wide screen, then copied beside the other.
 */
static void
overview_columns(struct tui *t, int y0, int y1)
{
	struct canvas whole = t->cv, col;
	int wr = whole.w * 2 / 5 < 80 ? 80 : whole.w * 2 / 5;
	int wl = whole.w - wr, side, y;

	t->columns = 1;
	for (side = 0; side < 2; side++) {
		cv_init(&col, side ? whole.w - wl : wl, whole.h, whole.ascii);
		t->cv = col;
		if (side == 0 && (y = draw_left(t, y0, y1)) + 10 <= y1) {
			/* Rows to spare under the figures: the weeks' GPU-hours,
			 * as the Reports view draws them, read once a load;
			 * on the screen after the frame without them, so that
			 * a long history does not hold the first frame back. */
			if (t->weeks_loaded == 0 && t->curses)
				t->weeks_wanted = 1;
			else
				overview_weeks_load(t);
			if (t->weeks_loaded == 1)
				reports_weeks_draw(t, y, y1);
		} else if (side == 1) {
			draw_right(t, y0, y1);
		}
		col = t->cv;
		t->cv = whole;
		cv_blit(&t->cv, &col, y0, y1, side ? wl : 0);
		cv_free(&col);
	}
	t->columns = 0;
}

/* The nudge that most needs the user: the highest level, the first of
 * it in the summary's order; NULL when none. */
static const struct nudge *
first_alert(const struct summary *sm, size_t *others)
{
	const struct nudge *best = NULL;
	size_t i;

	*others = 0;
	for (i = 0; i < sm->nnudges; i++) {
		if (best == NULL || sm->nudges[i].level > best->level)
			best = &sm->nudges[i];
	}
	if (best != NULL)
		*others = sm->nnudges - 1;
	return best;
}

/* A nudge in a few words, for the alert line. */
static void
alert_text(const struct tui *t, const struct nudge *n, char *buf, size_t len)
{
	const struct summary *sm = &t->sm;
	const struct quota *q = n->quota >= 0 && (size_t)n->quota <
	    sm->cat.nquotas ? &sm->cat.quotas[n->quota] : NULL;
	const struct quota_status *st = q != NULL ? &sm->qs[n->quota] : NULL;
	char a[48], b[48], d[32];

	switch (n->kind) {
	case NUDGE_QUOTA:
		if (q != NULL && st->remaining < 0)
			snprintf(buf, len, "%s quota used up, %s", q->platform,
			    fmt_quota_left(a, sizeof a, q->unit,
			    st->remaining));
		else if (q != NULL && st->runs_out > t->now)
			snprintf(buf, len, "%s runs out %s (in %s)",
			    q->platform, fmt_when(a, sizeof a, st->runs_out,
			    t->now), fmt_relative(d, sizeof d, st->runs_out -
			    t->now));
		else
			snprintf(buf, len, "%s quota %lld%% used", n->platform,
			    (long long)n->pct);
		break;
	case NUDGE_BUDGET:
		if (n->value > n->limit)
			snprintf(buf, len, "budget over by %s (%lld%%)",
			    tui_money(t, a, sizeof a, n->value - n->limit,
			    sm->currency), (long long)n->pct);
		else
			snprintf(buf, len, "budget %lld%% spent",
			    (long long)n->pct);
		break;
	case NUDGE_OPEN:
		snprintf(buf, len, "#%lld %s open %s, %s (%s %s)",
		    (long long)n->run_id, n->platform, fmt_duration(d,
		    sizeof d, n->value), n->past_cap ? "past its session cap" :
		    "paid", n->past_cap ? "cap" : "limit", fmt_duration(b,
		    sizeof b, n->limit));
		break;
	case NUDGE_IDLE:
		snprintf(buf, len, "#%lld %s GPU idle %s", (long long)n->run_id,
		    n->platform, fmt_duration(d, sizeof d, n->value));
		break;
	case NUDGE_BILLED:
		snprintf(buf, len, "%s %s stopped, disk billed %s (seen %s "
		    "ago)", n->platform, n->what, fmt_rate(a, sizeof a,
		    n->value, "USD", 0), fmt_duration(d, sizeof d, t->now >
		    n->at ? t->now - n->at : 0));
		break;
	case NUDGE_LAPSE:
		if (q != NULL)
			snprintf(buf, len, "%s resets %s with %s %s unused",
			    q->platform, fmt_when(a, sizeof a, n->at, t->now),
			    amount(b, sizeof b, q, n->value),
			    quota_unit_name(q->unit));
		else
			snprintf(buf, len, "%s resets with quota unused",
			    n->platform);
		break;
	default:
		snprintf(buf, len, "pack e%lld of %s expires %s",
		    (long long)n->run_id, n->platform, fmt_when(a, sizeof a,
		    n->at, t->now));
		break;
	}
}

void
overview_draw(struct tui *t, int y0, int y1)
{
	struct canvas *cv = &t->cv;
	char head[160], tz[16];
	const struct nudge *al;
	size_t others;
	int y = y0, x;

	/* What most needs the user, in its level's colour, in place of the
	 * date (the tab bar has the time). */
	if ((al = first_alert(&t->sm, &others)) != NULL) {
		char text[256];

		alert_text(t, al, text, sizeof text);
		x = 1 + cv_printf(cv, y, 1, -1, tui_colour(al->level) |
		    CA_BOLD, "! ");
		x += tui_put_safe(t, y, x, cv->w - x - 14, tui_colour(al->level)
		    | CA_BOLD, text);
		if (others > 0)
			cv_printf(cv, y, x + 1, -1, CA_DIM, "(+%zu more)",
			    others);
	} else {
		fmt_local(head, sizeof head, t->now, compact(t) ?
		    "%a %d %b, %H:%M" : "%A %d %B %Y, %H:%M");
		fmt_local(tz, sizeof tz, t->now, "%Z");
		x = 1 + cv_printf(cv, y, 1, -1, CA_BOLD, "%s %s", head, tz);
	}
	if (al == NULL && t->sm.plan_month >= 1 && t->sm.plan_month <=
	    PLAN_MONTHS) {
		x += cv_printf(cv, y, x, -1, 0, compact(t) ? " %s month %d/%d" :
		    " %s plan month %d of %d", cv->g->dot, t->sm.plan_month,
		    PLAN_MONTHS);
		if (t->sm.phase != NULL) {
			x += cv_printf(cv, y, x, -1, 0, " %s ", cv->g->dot);
			tui_put_safe(t, y, x, cv->w - x - 1, CA_BOLD | CC_CYAN,
			    t->sm.phase->name);
		}
	}
	y++;
	if (cv->w >= OVERVIEW_TWO_COLUMNS) {
		overview_columns(t, y, y1);
		return;
	}
	y = draw_left(t, y, y1);
	if (y < y1)
		draw_right(t, y, y1);
}
