/*
 * cmd-plan.c: `gpulog plan`: the 13 months, the current one marked, with
 * spend and GPU-hours so far.  (`gpulog fx` is in cmd-fx.c.)
 */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "core/fields.h"
#include "core/budget.h"
#include "core/catalog.h"
#include "core/clock.h"
#include "core/fmt.h"
#include "core/model.h"
#include "core/parse.h"
#include "core/plan.h"
#include "store/store.h"
#include "store/summary.h"

enum { P_START = 1, P_JSON, P_CSV };

const struct opt plan_opts[] = {
	{ P_START, 0, "start", "DATE", "set the day month 1 starts" },
	{ P_JSON, 0, "json", NULL, "print JSON" },
	{ P_CSV, 0, "csv", NULL, "print CSV" },
	{ 0, 0, NULL, NULL, NULL },
};

struct plan_acc {
	struct summary *sm;
	int64_t spent[PLAN_MONTHS + 1];
	struct fx_total spent_x[PLAN_MONTHS + 1]; /* spent, exact */
	int64_t gpu_s[PLAN_MONTHS + 1];
	int runs[PLAN_MONTHS + 1];
};

static int
plan_run(const struct run *r, void *arg)
{
	struct plan_acc *p = arg;
	int m = plan_month(p->sm->plan_start, r->start);

	if (m >= 1 && m <= PLAN_MONTHS) {
		p->spent[m] = summary_add(p->sm, &p->spent_x[m],
		    run_cost_at(r, p->sm->now), r->currency, r->start);
		p->gpu_s[m] += (run_end_at(r, p->sm->now) - r->start) *
		    r->gpus;
		p->runs[m]++;
	}
	return 0;
}

static int
plan_expense(const struct expense *x, void *arg)
{
	struct plan_acc *p = arg;
	int m = plan_month(p->sm->plan_start, x->at);

	if (m >= 1 && m <= PLAN_MONTHS && expense_is_spend(x))
		p->spent[m] = summary_add(p->sm, &p->spent_x[m],
		    x->amount_minor, x->currency, x->at);
	return 0;
}

/* One month of `plan --csv`: amounts in the display currency with two
 * decimals, the phase's platforms separated by spaces. */
/* A month of plan --json and --csv. */
struct month_row {
	int month, current, runs;
	char from[32];
	const struct phase *p;
	int64_t lo, hi;           /* the phase's budget range, converted */
	const char *currency;
	int64_t spent, gpu_s;
};

#define MR(rec) ((const struct month_row *)(rec))
#define AT(f) .off = offsetof(struct month_row, f), \
	.size = sizeof ((struct month_row *)0)->f

static int
has_phase(const void *rec)
{
	return MR(rec)->p != NULL;
}

static const char *
phase_name(const void *rec, char *buf, size_t n)
{
	(void)buf;
	(void)n;
	return MR(rec)->p ? MR(rec)->p->name : NULL;
}

static const char *
phase_platforms(const void *rec, char *buf, size_t n)
{
	(void)buf;
	(void)n;
	return MR(rec)->p ? MR(rec)->p->platforms : NULL;
}

static const char *
phase_where(const void *rec, char *buf, size_t n)
{
	(void)buf;
	(void)n;
	return MR(rec)->p ? MR(rec)->p->where : NULL;
}

static const char *
month_currency(const void *rec, char *buf, size_t n)
{
	(void)buf;
	(void)n;
	return MR(rec)->currency;
}

static int64_t
month_hours(const void *rec, int64_t now)
{
	(void)now;
	return hours_centi(MR(rec)->gpu_s);
}

static const struct field month_fields[] = {
	{ .shown = "month", .csv = "month", .kind = FK_INT, AT(month) },
	{ .shown = "from", .csv = "from", .kind = FK_TEXT, AT(from) },
	{ .shown = "current", .csv = "current", .kind = FK_YESNO,
	    AT(current) },
	{ .shown = "phase", .csv = "phase", .kind = FK_TEXT,
	    .text = phase_name },
	{ .shown = "platforms", .csv = "platforms", .kind = FK_LIST,
	    .flags = FF_CSV_SPACES, .text = phase_platforms,
	    .present = has_phase },
	{ .shown = "where", .csv = "where", .kind = FK_TEXT,
	    .text = phase_where },
	{ .shown = "budget_min_minor", .kind = FK_MONEY, AT(lo) },
	{ .csv = "budget_min", .kind = FK_MONEY, AT(lo),
	    .present = has_phase },
	{ .shown = "budget_max_minor", .kind = FK_MONEY, AT(hi) },
	{ .csv = "budget_max", .kind = FK_MONEY, AT(hi),
	    .present = has_phase },
	{ .csv = "currency", .kind = FK_TEXT, .text = month_currency },
	{ .shown = "spent_minor", .csv = "spent", .kind = FK_MONEY,
	    AT(spent) },
	{ .shown = "runs", .csv = "runs", .kind = FK_INT, AT(runs) },
	{ .shown = "gpu_hours", .csv = "gpu_hours", .kind = FK_CENTI,
	    .value = month_hours },
};
#define NMONTH (sizeof month_fields / sizeof month_fields[0])

static int
set_start(struct ctx *c, const char *v)
{
	struct err e;
	int64_t t;
	char day[16];

	if (ops_plan_start(&c->ops, v, &t, day, &e) < 0)
		return c->ops.field == OPS_F_NONE ? cli_err(EXIT_FAIL, &e) :
		    cli_fail(EXIT_USAGE, "plan: --start: %s", e.msg);
	printf("plan month 1 starts %s; today is month %d of %d\n", day,
	    plan_month(t, c->now), PLAN_MONTHS);
	return EXIT_OK;
}

/* The plan's words on the current phase's platforms where today's facts
 * differ, and those facts: lines, or JSON objects. */
static void
plan_changed(struct ctx *c, const struct summary *sm, int json)
{
	char list[sizeof sm->phase->platforms], *k, *save = NULL;
	char pw[96], td[160];
	int n = 0;

	if (sm->phase == NULL)
		return;
	snprintf(list, sizeof list, "%s", sm->phase->platforms);
	for (k = strtok_r(list, ",", &save); k != NULL; k = strtok_r(NULL,
	    ",", &save)) {
		if (!catalog_plan_today(&sm->cat, k, c->fmt, pw, sizeof pw, td,
		    sizeof td))
			continue;
		if (json) {
			printf("%s{\"platform\": ", n++ ? ", " : "");
			json_str(stdout, k);
			printf(", \"plan\": ");
			json_str(stdout, pw);
			printf(", \"today\": ");
			json_str(stdout, td);
			printf("}");
		} else {
			if (n++ == 0)
				printf("\nthe plan's words, and today's facts "
				    "where they differ:\n");
			printf("  %-10s plan: %s; today: %s\n", k, pw, td);
		}
	}
}

int
cmd_plan(struct ctx *c, const struct args *a)
{
	struct summary sm;
	struct plan_acc acc;
	struct filter f;
	struct err e;
	char d[32], b1[48], b2[48], b3[48], h[32], pn[192];
	int m, json = opt_has(a, P_JSON), csv = opt_has(a, P_CSV);

	if (json && csv)
		return cli_fail(EXIT_USAGE, "plan: choose --json or --csv");
	if (opt_has(a, P_START) && (json || csv))
		return cli_fail(EXIT_USAGE, "plan: --json and --csv print the "
		    "plan; not with --start");
	if (opt_has(a, P_START))
		return set_start(c, opt_get(a, P_START));
	if (summary_load_catalog(&sm, c->s, c->now, &e) < 0) {
		summary_free(&sm);
		return cli_err(EXIT_FAIL, &e);
	}
	memset(&acc, 0, sizeof acc);
	acc.sm = &sm;
	memset(&f, 0, sizeof f);
	f.since = sm.plan_start;
	f.until = plan_month_start(sm.plan_start, PLAN_MONTHS + 1);
	f.brief = 1;
	f.counted = 1;
	if (store_each_run(c->s, &f, plan_run, &acc, &e) < 0 ||
	    store_each_expense(c->s, f.since, f.until, plan_expense, &acc,
	    &e) < 0) {
		summary_free(&sm);
		return cli_err(EXIT_FAIL, &e);
	}
	if (json)
		printf("{\n  \"start\": \"%s\", \"month\": %d, \"currency\": "
		    "\"%s\",\n  \"months\": [", fmt_local(d, sizeof d,
		    sm.plan_start, "%Y-%m-%d"), sm.plan_month, sm.currency);
	else if (csv)
		cli_csv_header(month_fields, NMONTH);
	else
		printf("%s   month  from        phase              where"
		    "                          budget               "
		    "spent  GPU-h%s\n",
		    cli_color(c, C_BOLD), cli_color(c, C_OFF));
	for (m = 1; m <= PLAN_MONTHS; m++) {
		const struct phase *p = plan_phase(sm.cat.phases,
		    sm.cat.nphases, m);
		int64_t lo = p ? summary_convert(&sm, p->budget_min_minor,
		    p->currency, c->now) : 0;
		int64_t hi = p ? summary_convert(&sm, p->budget_max_minor,
		    p->currency, c->now) : 0;

		fmt_local(d, sizeof d, plan_month_start(sm.plan_start, m),
		    "%Y-%m-%d");
		if (json || csv) {
			struct month_row r = { m, m == sm.plan_month,
				acc.runs[m], "", p, lo, hi, sm.currency,
				acc.spent[m], acc.gpu_s[m] };
			char *line;

			snprintf(r.from, sizeof r.from, "%s", d);
			line = json ? fields_json(month_fields, NMONTH, &r,
			    FIELDS_SPACED, c->now) : fields_csv(month_fields,
			    NMONTH, &r, c->now);
			if (json)
				printf("%s\n    %s", m > 1 ? "," : "", line);
			else
				puts(line);
			free(line);
			continue;
		}
		snprintf(b1, sizeof b1, "%s%s%s", cli_money_whole(c, b2,
		    sizeof b2, lo, sm.currency), c->dash, cli_money_whole(c,
		    b3, sizeof b3, hi, sm.currency));
		printf("%s%s %5d  %s  ", m == sm.plan_month ? cli_color(c,
		    C_BOLD) : "", m == sm.plan_month ? ">" : " ", m, d);
		printf("%s ", cli_pad(pn, sizeof pn, p ? p->name : "-", 18, 0));
		printf("%s ", cli_pad(pn, sizeof pn, p ? p->where : "-", 30, 0));
		printf("%s ", cli_pad(b3, sizeof b3, p ? b1 : "-", 15, 0));
		printf("%s %6s%s\n", cli_pad(b1, sizeof b1, m <= sm.plan_month
		    ? cli_money_whole(c, b2, sizeof b2, acc.spent[m],
		    sm.currency) : "-", 10, 1), m <= sm.plan_month ?
		    fmt_hours(h, sizeof h, acc.gpu_s[m]) : "-",
		    m == sm.plan_month ? cli_color(c, C_OFF) : "");
	}
	if (json) {
		printf("\n  ],\n  \"changed\": [");
		plan_changed(c, &sm, 1);
		printf("]\n}\n");
	} else if (csv)
		;
	else if (sm.plan_month < 1)
		printf("the plan starts %s\n", fmt_local(d, sizeof d,
		    sm.plan_start, "%Y-%m-%d"));
	else if (sm.plan_month > PLAN_MONTHS)
		printf("the plan ended; `gpulog plan --start DATE` starts "
		    "another\n");
	else
		plan_changed(c, &sm, 0);
	summary_free(&sm);
	return EXIT_OK;
}
