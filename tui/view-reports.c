/*
 * view-reports.c: the Reports view: GPU-hours a week per platform for the
 * last weeks as a stacked bar chart (a glyph and a colour per platform,
 * so it reads in monochrome too), and the spend of each plan month so far
 * against its budget range.  Weeks are local ISO weeks, by run start.
 */
#include <stdlib.h>
#include <string.h>

#include "core/budget.h"
#include "core/clock.h"
#include "core/fmt.h"
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

int
reports_load(struct tui *t, struct err *e)
{
	int64_t ws = local_week_start(t->now);
	size_t i;
	int w;

	if (plan_load(t, e) < 0)
		return -1;
	t->nweeks = weeks_for(t);
	t->nseries = 0;
	memset(t->week_gpu_s, 0, sizeof t->week_gpu_s);
	/* Week i starts i - nweeks + 1 weeks from this one, on the clock. */
	for (w = 0; w < t->nweeks; w++)
		t->week_start[w] = local_week_start(ws - (int64_t)(t->nweeks -
		    1 - w) * WEEK_S + 3 * DAY_S);
	/* Keep the catalog's order for the colours' sake. */
	for (i = 0; i < t->sm.cat.nplatforms; i++)
		(void)0;
	if (page_buckets(t->s, t->week_start[0], ws + WEEK_S + DAY_S,
	    week_bucket, t, e) < 0)
		return -1;
	for (i = 0; i < t->sm.nopen; i++) {
		const struct run *r = &t->sm.open[i];

		if ((w = week_of(t, r->start)) >= 0 &&
		    r->start >= ws - (int64_t)(t->nweeks - 1) * WEEK_S - DAY_S)
			t->week_gpu_s[w][series_of(t, r->platform)] +=
			    (run_end_at(r, t->now) - r->start) * r->gpus;
	}
	return 0;
}

static void
draw_weeks(struct tui *t, int y0, int y1)
{
	struct canvas *cv = &t->cv;
	int64_t top = 0, tot;
	int w, s, h = y1 - y0 - 3, x, row, nweeks = t->nweeks;
	char b[32];

	if (nweeks > weeks_for(t))
		nweeks = weeks_for(t);
	for (w = t->nweeks - nweeks; w < t->nweeks; w++) {
		for (tot = 0, s = 0; s <= TUI_SERIES; s++)
			tot += t->week_gpu_s[w][s];
		if (tot > top)
			top = tot;
	}
	snprintf(b, sizeof b, "%d", nweeks);
	{
		char title[96];

		snprintf(title, sizeof title, "GPU-hours a week, last %s weeks",
		    b);
		tui_section(t, y0, 1, cv->w - 2, title);
	}
	if (h < 2)
		return;
	/* The axis: the top value and zero. */
	fmt_hours(b, sizeof b, top);
	cv_put_right(cv, y0 + 1, 8, 7, CA_DIM, b);
	cv_put_right(cv, y0 + h, 8, 7, CA_DIM, "0");
	for (row = 0; row < h; row++)
		cv_put(cv, y0 + 1 + row, 9, 1, CA_DIM, cv->g->vl);
	for (w = t->nweeks - nweeks, x = 11; w < t->nweeks; w++, x += 5) {
		int64_t acc = 0;
		int filled = 0;

		for (s = 0; s <= TUI_SERIES; s++) {
			int cells;

			acc += t->week_gpu_s[w][s];
			cells = top > 0 ? (int)((acc * h + top / 2) / top) : 0;
			if (t->week_gpu_s[w][s] > 0 && cells == filled)
				cells = filled + 1 <= h ? filled + 1 : filled;
			for (; filled < cells && filled < h; filled++)
				cv_fill(cv, y0 + h - filled, x, 3,
				    series_color[s], cv->g->fills[s < 6 ? s :
				    5]);
		}
		/* Every other week is labelled, from the latest back. */
		if ((t->nweeks - 1 - w) % 2 == 0)
			cv_put(cv, y0 + h + 1, x - 1, 6, CA_DIM, fmt_local(b,
			    sizeof b, t->week_start[w], "%d %b"));
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
		    cv->g->fills[s < 6 ? s : 5]) + 1;
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
reports_draw(struct tui *t, int y0, int y1)
{
	int split = y0 + (y1 - y0) * 3 / 5;

	draw_weeks(t, y0, split);
	draw_months(t, split, y1);
}
