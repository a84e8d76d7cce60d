/*
 * view-plan.c: the Plan view: the 13 months with their phases, platforms
 * and budget ranges, and the spend and GPU-hours of each month so far,
 * the current month marked.  Months are summed from hours (store/page.c),
 * so a year of runs is read as a few thousand rows.
 */
#include <stdlib.h>
#include <string.h>

#include "core/budget.h"
#include "core/catalog.h"
#include "core/clock.h"
#include "core/fmt.h"
#include "core/plan.h"
#include "core/text.h"
#include "store/store.h"
#include "tui/internal.h"

static int
month_bucket(int64_t b, const char *platform, const char *cur, int64_t cost,
    int64_t gpu_s, int64_t runs, void *arg)
{
	struct tui *t = arg;
	int m = plan_month(t->sm.plan_start, b);

	(void)platform;
	if (m >= 1 && m <= PLAN_MONTHS) {
		t->plan_spent[m] = summary_add(&t->sm, &t->plan_x[m], cost,
		    cur, b);
		t->plan_gpu_s[m] += gpu_s;
		t->plan_runs[m] += (int)runs;
	}
	return 0;
}

static int
month_expense(const struct expense *x, void *arg)
{
	struct tui *t = arg;
	int m = plan_month(t->sm.plan_start, x->at);

	if (m >= 1 && m <= PLAN_MONTHS && expense_is_spend(x))
		t->plan_spent[m] = summary_add(&t->sm, &t->plan_x[m],
		    x->amount_minor, x->currency, x->at);
	return 0;
}

int
plan_load(struct tui *t, struct err *e)
{
	int64_t since = t->sm.plan_start;
	int64_t until = plan_month_start(t->sm.plan_start, PLAN_MONTHS + 1);
	/* Each run's spend is converted on its own day. */
	int64_t days[(PLAN_MONTHS + 1) * 31];
	size_t i, ndays = local_day_starts(since, until, days,
	    sizeof days / sizeof days[0]);

	memset(t->plan_spent, 0, sizeof t->plan_spent);
	memset(t->plan_x, 0, sizeof t->plan_x);
	memset(t->plan_gpu_s, 0, sizeof t->plan_gpu_s);
	memset(t->plan_runs, 0, sizeof t->plan_runs);
	if (page_buckets(t->s, since, until, days, ndays, month_bucket, t,
	    e) < 0 ||
	    store_each_expense(t->s, since, until, month_expense, t, e) < 0)
		return -1;
	for (i = 0; i < t->sm.nopen; i++) {
		const struct run *r = &t->sm.open[i];
		int m = plan_month(t->sm.plan_start, r->start);

		if (m >= 1 && m <= PLAN_MONTHS) {
			t->plan_spent[m] = summary_add(&t->sm, &t->plan_x[m],
			    run_cost_at(r, t->now), r->currency, r->start);
			t->plan_gpu_s[m] += (run_end_at(r, t->now) - r->start)
			    * r->gpus;
			t->plan_runs[m]++;
		}
	}
	return 0;
}

void
plan_draw(struct tui *t, int y0, int y1)
{
	struct canvas *cv = &t->cv;
	const struct summary *sm = &t->sm;
	int y = y0, m, wide = cv->w >= 120;
	int ww = wide ? cv->w - 100 : cv->w >= 100 ? 24 : 0; /* "where" */
	char title[128], d[32], b1[48], b2[48], b3[96], h[32];

	if (sm->plan_month < 1)
		snprintf(title, sizeof title, "Plan %s starts %s", cv->g->dot,
		    fmt_local(d, sizeof d, sm->plan_start, "%Y-%m-%d"));
	else if (sm->plan_month > PLAN_MONTHS)
		snprintf(title, sizeof title, "Plan %s ended; `gpulog plan "
		    "--start DATE` starts another", cv->g->dot);
	else
		snprintf(title, sizeof title, "Plan %s month %d of %d %s "
		    "started %s", cv->g->dot, sm->plan_month, PLAN_MONTHS,
		    cv->g->dot, fmt_local(d, sizeof d, sm->plan_start,
		    "%Y-%m-%d"));
	tui_section(t, y++, 1, cv->w - 2, title);
	cv_fill(cv, y, 0, cv->w, CA_BOLD | CA_UL, " ");
	cv_printf(cv, y++, 1, -1, CA_BOLD | CA_UL, "%5s  %-8s  %-17s %-*s%s"
	    "%-15s %10s %7s %5s", "month", "from", "phase", ww, ww ? "where" :
	    "", ww ? " " : "", "budget", "spent", "GPU-h", "runs");
	for (m = 1; m <= PLAN_MONTHS && y < y1; m++, y++) {
		const struct phase *p = plan_phase(sm->cat.phases,
		    sm->cat.nphases, m);
		int cur = m == sm->plan_month, base = cur ? CA_BOLD : 0, x = 1;
		int past = m <= sm->plan_month;
		int64_t lo = p ? summary_convert(&t->sm, p->budget_min_minor,
		    p->currency, t->now) : 0;
		int64_t hi = p ? summary_convert(&t->sm, p->budget_max_minor,
		    p->currency, t->now) : 0;
		int over = past && p && t->plan_spent[m] > hi;

		if (cur)
			cv_fill(cv, y, 0, cv->w, CA_REV, " ");
		base |= cur ? CA_REV : 0;
		cv_printf(cv, y, x, -1, base, "%s%4d", cur ? cv->g->mark : " ",
		    m);
		x += 7;
		cv_put(cv, y, x, 8, base, fmt_local(d, sizeof d,
		    plan_month_start(sm->plan_start, m), "%b %Y"));
		x += 10;
		tui_put_safe(t, y, x, 17, base, p ? p->name : "-");
		x += 18;
		if (ww > 0) {
			tui_put_safe(t, y, x, ww, base, p ? p->where : "-");
			x += ww + 1;
		}
		snprintf(b3, sizeof b3, "%s%s%s", tui_money_whole(t, b1,
		    sizeof b1, lo, sm->currency), cv->g->dash,
		    tui_money_whole(t, b2, sizeof b2, hi, sm->currency));
		cv_put(cv, y, x, 15, base, p ? b3 : "-");
		x += 16;
		cv_put_right(cv, y, x + 10, 10, base | (over ? CC_RED : 0),
		    past ? tui_money_whole(t, b1, sizeof b1, t->plan_spent[m],
		    sm->currency) : "-");
		x += 11;
		cv_put_right(cv, y, x + 7, 7, base, past ? fmt_hours(h,
		    sizeof h, t->plan_gpu_s[m]) : "-");
		x += 8;
		snprintf(h, sizeof h, "%d", t->plan_runs[m]);
		cv_put_right(cv, y, x + 5, 5, base, past ? h : "-");
	}
	if (y + 1 < y1 && sm->phase != NULL) {
		char list[sizeof sm->phase->platforms], *k, *save = NULL;

		y++;
		cv_put(cv, y, 2, -1, CA_DIM, "now");
		tui_put_safe(t, y++, 8, cv->w - 9, 0, sm->phase->reason);
		/* The plan's words on its platforms, and today's facts where
		 * they differ. */
		snprintf(list, sizeof list, "%s", sm->phase->platforms);
		for (k = strtok_r(list, ",", &save); k != NULL && y < y1;
		    k = strtok_r(NULL, ",", &save)) {
			char pw[96], td[160], line[300];

			if (!catalog_plan_today(&sm->cat, k, t->fmt, pw,
			    sizeof pw, td, sizeof td))
				continue;
			tui_put_safe(t, y, 2, 10, CA_DIM, k);
			snprintf(line, sizeof line, "plan: %s %s today: %s", pw,
			    cv->g->dot, td);
			/* Too wide for one row: the two on rows of their
			 * own. */
			if ((int)text_width(line) > cv->w - 14 && y + 1 < y1) {
				snprintf(line, sizeof line, "plan:  %s", pw);
				tui_put_safe(t, y++, 13, cv->w - 14, 0, line);
				snprintf(line, sizeof line, "today: %s", td);
			}
			tui_put_safe(t, y++, 13, cv->w - 14, 0, line);
		}
	}
}
