/*
 * view-reports.c: the Reports view: GPU-hours a week per platform for the
 * last weeks as a stacked bar chart (a glyph and a colour per platform,
 * so it reads in monochrome too), and the spend of each plan month so far
 * against its budget range.  Weeks follow the first weekly quota's reset
 * (quota_window(), core/quota.c), else they are local ISO weeks, by run
 * start; none before the plan began unless it holds runs.
 */
#include <stdlib.h>
#include <string.h>

#include "core/budget.h"
#include "core/chart.h"
#include "core/clock.h"
#include "core/fmt.h"
#include "core/plan.h"
#include "core/quota.h"
#include "core/text.h"
#include "tui/internal.h"

static const int series_color[TUI_SERIES + 1] = { CC_CYAN, CC_GREEN,
	CC_YELLOW, CC_MAGENTA, CC_BLUE, CC_RED, CC_WHITE };

/* Weeks that fit the screen: a bar is 3 columns wide plus a gap. */
static int
weeks_for(const struct tui *t)
{
	int n = (t->cv.w - 12) / 5;

	return n < 4 ? 4 : n > TUI_WEEKS_MAX ? TUI_WEEKS_MAX : n;
}

static int
series_of(struct tui *t, const char *platform)
{
	int i;

	for (i = 0; i < t->nseries; i++)
		if (strcmp(t->series[i], platform) == 0)
			return i;
	if (t->nseries < TUI_SERIES) {
		snprintf(t->series[t->nseries], sizeof t->series[0], "%s",
		    platform);
		return t->nseries++;
	}
	return TUI_SERIES; /* "other" */
}

static int
week_of(const struct tui *t, int64_t at)
{
	int i;

	for (i = t->nweeks - 1; i >= 0; i--)
		if (at >= t->week_start[i])
			return i;
	return -1;
}

static int
week_bucket(int64_t b, const char *platform, const char *cur, int64_t cost,
    int64_t gpu_s, int64_t runs, void *arg)
{
	struct tui *t = arg;
	int w = week_of(t, b);

	(void)cur;
	(void)cost;
	(void)runs;
	if (w >= 0)
		t->week_gpu_s[w][series_of(t, platform)] += gpu_s;
	return 0;
}

/* The weekly quota the chart's weeks follow: the first in the catalog
 * that is metered in hours, or -1 (then weeks are local ISO weeks). */
static int
weekly_quota(const struct tui *t)
{
	size_t i;

	for (i = 0; i < t->sm.cat.nquotas; i++)
		if (t->sm.cat.quotas[i].window == QW_WEEK &&
		    !quota_meter(t->sm.cat.quotas[i].unit)->rated)
			return (int)i;
	return -1;
}

int
reports_load(struct tui *t, struct err *e)
{
	int64_t ws, we;
	size_t i;
	int w, s;

	if (plan_load(t, e) < 0)
		return -1;
	t->nweeks = weeks_for(t);
	t->nseries = 0;
	memset(t->week_gpu_s, 0, sizeof t->week_gpu_s);
	/* Week i ends nweeks - 1 - i weeks before this one: the quota's
	 * window holding that instant (core/quota.c's rule), else the local
	 * ISO week, on the clock. */
	t->week_quota = weekly_quota(t);
	/* The quota's own platform is the first series, stacked at the
	 * bottom, so that its line reads against that platform's bars. */
	if (t->week_quota >= 0)
		series_of(t, t->sm.cat.quotas[t->week_quota].platform);
	for (w = 0; w < t->nweeks; w++) {
		int64_t at = t->now - (int64_t)(t->nweeks - 1 - w) * WEEK_S;

		if (t->week_quota >= 0) {
			quota_window(&t->sm.cat.quotas[t->week_quota], at, &ws,
			    &we);
			t->week_start[w] = ws;
		} else {
			t->week_start[w] = local_week_start(at);
		}
	}
	we = t->week_start[t->nweeks - 1] + WEEK_S + DAY_S;
	if (page_buckets(t->s, t->week_start[0], we, t->week_start + 1,
	    (size_t)t->nweeks - 1, week_bucket, t, e) < 0)
		return -1;
	for (i = 0; i < t->sm.nopen; i++) {
		const struct run *r = &t->sm.open[i];

		if ((w = week_of(t, r->start)) >= 0)
			t->week_gpu_s[w][series_of(t, r->platform)] +=
			    (run_end_at(r, t->now) - r->start) * r->gpus;
	}
	/* No empty weeks before the plan began: the chart starts at the
	 * plan's first week, or at the first week with runs when earlier. */
	t->week_first = week_of(t, t->sm.plan_start);
	if (t->week_first < 0)
		t->week_first = 0;
	for (w = 0; w < t->week_first; w++) {
		for (s = 0; s <= TUI_SERIES; s++)
			if (t->week_gpu_s[w][s] > 0)
				break;
		if (s <= TUI_SERIES) {
			t->week_first = w;
			break;
		}
	}
	return 0;
}

static void
draw_weeks(struct tui *t, int y0, int y1)
{
	struct canvas *cv = &t->cv;
	const struct quota *q = t->week_quota >= 0 ?
	    &t->sm.cat.quotas[t->week_quota] : NULL;
	int64_t top = 0, tot, step, qline = q ? q->amount : 0;
	int w, s, h = y1 - y0 - 3, x, row, first, count, per, bw, every;
	int right = cv->w - 2 - (q ? 14 : 0), cells[TUI_SERIES + 1];
	char b[48], title[160];

	/* As many of the weeks since the plan began as fit, each as wide
	 * as the room allows (3 to 14 columns and a gap of 2). */
	first = t->week_first;
	if (t->nweeks - first > (right - 11) / 5)
		first = t->nweeks - (right - 11) / 5;
	if (first < 0)
		first = 0;
	count = t->nweeks - first;
	per = count > 0 ? (right - 11) / count : 5;
	bw = per - 2 < 3 ? 3 : per - 2 > 14 ? 14 : per - 2;
	per = bw + 2;
	every = per >= 7 ? 1 : 2;
	for (w = first; w < t->nweeks; w++) {
		for (tot = 0, s = 0; s <= TUI_SERIES; s++)
			tot += t->week_gpu_s[w][s];
		if (tot > top)
			top = tot;
	}
	if (qline > top)
		top = qline;
	if (q != NULL) {
		char *sp = text_safe(q->platform);

		snprintf(title, sizeof title, "GPU-hours a week %s weeks from "
		    "%s's reset, %s %s %d week%s", cv->g->dot, sp, fmt_local(b,
		    sizeof b, t->week_start[t->nweeks - 1], "%a %H:%M"),
		    cv->g->dot, count, count == 1 ? "" : "s");
		free(sp);
	} else {
		snprintf(title, sizeof title, "GPU-hours a week %s %d week%s",
		    cv->g->dot, count, count == 1 ? "" : "s");
	}
	tui_section(t, y0, 1, cv->w - 2, title);
	if (h < 2)
		return;
	/* The axis: a label every few rows at a round step, and zero; the
	 * scale's top is the step's multiple at or above the top. */
	step = chart_step(top, h, 3600);
	top = top > 0 ? (top + step - 1) / step * step : step;
	for (row = 0; row < h; row++)
		cv_put(cv, y0 + 1 + row, 9, 1, CA_DIM, cv->g->vl);
	for (tot = step; tot <= top; tot += step) {
		int c = (int)((tot * h + top / 2) / top) - 1;

		snprintf(b, sizeof b, "%lld h", (long long)(tot / 3600));
		if (c >= 0 && c < h)
			cv_put_right(cv, y0 + h - c, 9, 8, CA_DIM, b);
	}
	cv_put_right(cv, y0 + h, 9, 8, CA_DIM, "0");
	/* The quota as a line across the chart, the bars over it. */
	if (q != NULL) {
		int c = (int)((qline * h + top / 2) / top) - 1;

		if (c < 0)
			c = 0;
		cv_fill(cv, y0 + h - c, 10, 1 + count * per, CC_RED,
		    cv->g->hl);
		cv_printf(cv, y0 + h - c, 11 + count * per, cv->w - 12 -
		    count * per, CC_RED, " %s h quota", fmt_hours(b, sizeof b,
		    qline));
	}
	for (w = first, x = 11; w < t->nweeks; w++, x += per) {
		int filled = 0;

		/* Every platform's share, exactly: core/chart.c's stack. */
		chart_stack(t->week_gpu_s[w], TUI_SERIES + 1, top, h, cells);
		for (s = 0; s <= TUI_SERIES; s++)
			for (row = 0; row < cells[s] && filled < h; row++,
			    filled++)
				cv_fill(cv, y0 + h - filled, x, bw,
				    series_color[s], cv->g->fills[s]);
		/* Every week labelled when there is room, else every other,
		 * from the latest back. */
		if ((t->nweeks - 1 - w) % every == 0)
			cv_put(cv, y0 + h + 1, every == 1 ? x : x - 1, every ==
			    1 ? per - 1 : 6, CA_DIM, fmt_local(b, sizeof b,
			    t->week_start[w], "%d %b"));
	}
	/* The legend: glyph, colour and platform. */
	x = 11;
	for (s = 0; s <= TUI_SERIES; s++) {
		const char *label;

		if (s < t->nseries && s < TUI_SERIES)
			label = t->series[s];
		else if (s == TUI_SERIES && t->nseries == TUI_SERIES)
			label = "other";  /* the platforms beyond the six */
		else
			break;
		x += cv_put(cv, y0 + h + 2, x, 2, series_color[s],
		    cv->g->fills[s]) + 1;
		x += tui_put_safe(t, y0 + h + 2, x, 14, 0, label) + 2;
	}
	if (t->nseries == 0)
		cv_put(cv, y0 + h + 2, 11, -1, CA_DIM,
		    "no runs in these weeks");
}

static void
draw_months(struct tui *t, int y0, int y1)
{
	struct canvas *cv = &t->cv;
	const struct summary *sm = &t->sm;
	int last = sm->plan_month < 1 ? 0 : sm->plan_month > PLAN_MONTHS ?
	    PLAN_MONTHS : sm->plan_month;
	int rows = y1 - y0 - 1, first = last - rows + 1, m, y = y0 + 1;
	int bw = cv->w - 60 > 60 ? 60 : cv->w - 60;
	int64_t scale = 1;
	char b1[48], b2[48], b3[96], d[16];

	tui_section(t, y0, 1, cv->w - 2, "Spend a month against the budget "
	    "range");
	if (first < 1)
		first = 1;
	for (m = first; m <= last; m++) {
		const struct phase *p = plan_phase(sm->cat.phases,
		    sm->cat.nphases, m);
		int64_t hi = p ? summary_convert(&t->sm, p->budget_max_minor,
		    p->currency, t->now) : 0;

		if (hi > scale)
			scale = hi;
		if (t->plan_spent[m] > scale)
			scale = t->plan_spent[m];
	}
	if (last == 0)
		cv_put(cv, y, 2, -1, CA_DIM, "the plan has not started");
	for (m = first; m <= last && y < y1; m++, y++) {
		const struct phase *p = plan_phase(sm->cat.phases,
		    sm->cat.nphases, m);
		int64_t lo = p ? summary_convert(&t->sm, p->budget_min_minor,
		    p->currency, t->now) : 0;
		int64_t hi = p ? summary_convert(&t->sm, p->budget_max_minor,
		    p->currency, t->now) : 0;
		int64_t v = t->plan_spent[m];
		int fill = (int)(v * bw / scale), xlo = (int)(lo * bw / scale);
		int xhi = (int)(hi * bw / scale), c = v > hi ? CC_RED : v >= lo
		    ? CC_GREEN : CC_YELLOW, k;

		cv_printf(cv, y, 2, -1, m == sm->plan_month ? CA_BOLD : 0,
		    "M%-2d %s", m, fmt_local(d, sizeof d, plan_month_start(
		    sm->plan_start, m), "%b %Y"));
		for (k = 0; k < bw; k++) {
			const char *g = k < fill ? cv->g->full : k >= xlo &&
			    k <= xhi ? cv->g->shade : cv->g->light;

			cv_put(cv, y, 15 + k, 1, k < fill ? c : CA_DIM, g);
		}
		snprintf(b3, sizeof b3, "%s of %s%s%s", tui_money_whole(t, b1,
		    sizeof b1, v, sm->currency), tui_money_whole(t, b2,
		    sizeof b2, lo, sm->currency), cv->g->dash,
		    tui_money_whole(t, d, sizeof d, hi, sm->currency));
		cv_put(cv, y, 16 + bw, cv->w - 17 - bw, c, b3);
	}
}

void
reports_weeks_draw(struct tui *t, int y0, int y1)
{
	draw_weeks(t, y0, y1);
}

void
reports_draw(struct tui *t, int y0, int y1)
{
	int split = y0 + (y1 - y0) * 3 / 5;

	draw_weeks(t, y0, split);
	draw_months(t, split, y1);
}
