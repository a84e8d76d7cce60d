/*
 * cmd-report.c: `gpulog report`: runs, GPU-hours and spend per group
 * (day, week, a quota's week, month, the plan's phase, platform, gpu,
 * project, tag) and a total.  A run
 * counts in the group of its start (local time); spend is converted to the
 * display currency at the rate of its date.  Expenses count in time and
 * platform groups, and in a group of their own otherwise.
 */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "cli/cli.h"
#include "core/chart.h"
#include "core/clock.h"
#include "core/fields.h"
#include "core/fmt.h"
#include "core/model.h"
#include "core/parse.h"
#include "core/plan.h"
#include "core/quota.h"
#include "core/text.h"
#include "store/metrics.h"
#include "store/store.h"
#include "store/summary.h"

enum { R_BY = 1, R_SINCE, R_UNTIL, R_PLATFORM, R_JSON, R_CSV, R_CHART,
	R_WIDTH, R_WEEK_OF, R_MONTH, R_LAST_MONTH, R_WEEK };

enum { BY_DAY, BY_WEEK, BY_MONTH, BY_PLATFORM, BY_GPU, BY_PROJECT, BY_TAG,
	BY_PHASE };
const char *const report_groups[] = { "day", "week", "month", "platform",
	"gpu", "project", "tag", "phase", NULL };
#define NBY (sizeof report_groups / sizeof report_groups[0] - 1)

const struct opt report_opts[] = {
	{ R_BY, 'b', "by", "GROUP", "group by GROUP (default: month)" },
	{ R_WEEK_OF, 0, "week-of", "P", "weeks from P's weekly quota reset "
	    "(implies --by week)" },
	{ R_SINCE, 0, "since", "D", "from D on" },
	{ R_UNTIL, 0, "until", "D", "before D (a day: through D)" },
	RANGE_OPTS(R_MONTH, R_LAST_MONTH, R_WEEK),
	{ R_PLATFORM, 'p', "platform", "P", "runs and spend on platform P" },
	{ R_JSON, 0, "json", NULL, "print JSON" },
	{ R_CSV, 0, "csv", NULL, "print CSV" },
	{ R_CHART, 0, "chart", "[=WHAT]", "draw the groups as bars of gpu "
	    "(GPU-hours, the default), spend or runs" },
	{ R_WIDTH, 0, "width", "W", "the chart's width in columns (default: "
	    "the terminal's, $COLUMNS, or 80)" },
	{ 0, 0, NULL, NULL, NULL },
};


struct group {
	char key[72];
	int64_t runs, gpu_s, spent;
	struct fx_total spent_x;  /* spent, exact: rounded once */
	int64_t used;         /* --week-of P: what P's runs used of P's quota
	                         in this window, in the quota's unit */
	int unit;             /* ... that unit */
	int order;            /* --by phase: the phase's first month */
};

/* What a run or an expense cost, as it was paid. */
struct amount {
	int64_t minor;
	const char *cur;
	int64_t t;            /* when: its rate's day */
};

struct report {
	struct summary *sm;
	struct savings_walk saved;  /* the free tiers' runs at market rates */
	int by;
	int64_t key_lo, key_hi;   /* the time group [lo, hi) of key */
	char key[72];
	struct group *g;
	size_t n, cap;
	size_t last;          /* the group hit last: runs come in order */
	struct group total;
	const char *platform;
	const struct quota *week_of; /* --week-of: weeks are its windows */
};

static struct group *
group_get(struct report *rp, const char *key)
{
	size_t i;

	if (rp->n > 0 && strcmp(rp->g[rp->last].key, key) == 0)
		return &rp->g[rp->last];
	for (i = 0; i < rp->n; i++)
		if (strcmp(rp->g[i].key, key) == 0) {
			rp->last = i;
			return &rp->g[i];
		}
	if (rp->n == rp->cap)
		rp->g = xrealloc(rp->g, (rp->cap = rp->cap ? rp->cap * 2 : 32) *
		    sizeof *rp->g);
	memset(&rp->g[rp->n], 0, sizeof rp->g[rp->n]);
	snprintf(rp->g[rp->n].key, sizeof rp->g[rp->n].key, "%s", key);
	rp->last = rp->n;
	return &rp->g[rp->n++];
}

/*
 * The time group of t: "2026-11-28", "2026-W48", "2026-11".  Runs come
 * mostly in time order, so the last group's bounds are kept and most runs
 * need no calendar arithmetic at all.
 */
static const char *
time_key(struct report *rp, int64_t t)
{
	int64_t y, lo;
	int m, d, week;

	if (t >= rp->key_lo && t < rp->key_hi)
		return rp->key;
	if (rp->by == BY_DAY) {
		lo = local_day_start(t);
		rp->key_hi = local_day_start(lo + DAY_S + 3600);
		fmt_local(rp->key, sizeof rp->key, t, "%Y-%m-%d");
	} else if (rp->by == BY_MONTH) {
		lo = local_month_start(t);
		rp->key_hi = local_month_add(t, 1);
		fmt_local(rp->key, sizeof rp->key, t, "%Y-%m");
	} else if (rp->week_of != NULL) {
		/* The quota's own week, by the one window rule. */
		quota_window(rp->week_of, t, &lo, &rp->key_hi);
		fmt_local(rp->key, sizeof rp->key, lo, "%Y-%m-%d %H:%M");
	} else {
		/* ISO 8601 week: the year of the week's Thursday. */
		lo = local_week_start(t);
		rp->key_hi = local_week_start(lo + WEEK_S + 3600);
		civil_from_days(local_day_number(lo) + 3, &y, &m, &d);
		week = (int)((days_from_civil(y, m, d) - days_from_civil(y, 1,
		    1)) / 7 + 1);
		snprintf(rp->key, sizeof rp->key, "%04lld-W%02d", (long long)y,
		    week);
	}
	rp->key_lo = lo;
	return rp->key;
}

/* The group of t by the plan's phases: the phase of t's plan month, or
 * "(outside the plan)" before month 1, after the last, or in a month no
 * phase holds. */
static struct group *
phase_group(struct report *rp, int64_t t)
{
	const struct summary *sm = rp->sm;
	const struct phase *p = plan_phase(sm->cat.phases, sm->cat.nphases,
	    plan_month(sm->plan_start, t));
	struct group *g = group_get(rp, p ? p->name : "(outside the plan)");

	g->order = p ? p->first_month : PLAN_MONTHS + 1;
	return g;
}

static void
add_to(struct report *rp, struct group *g, int64_t runs, int64_t gpu_s,
    const struct amount *a)
{
	g->runs += runs;
	g->gpu_s += gpu_s;
	g->spent = summary_add(rp->sm, &g->spent_x, a->minor, a->cur, a->t);
}

/*
 * --week-of P: what run r (on P) used of P's quota, by the rule status
 * counts it by (quota_run_use()), in each window it spans: a run across a
 * reset counts in both weeks, each its part, as the quota counts it.
 */
static void
add_use(struct report *rp, const struct run *r)
{
	const struct quota *q = rp->week_of;
	int64_t now = rp->sm->now, end = run_end_at(r, now), t, lo, hi, u;
	int64_t cu = summary_cu_rate(rp->sm, r->platform, r->gpu);
	struct group *g;

	for (t = r->start; t < end; t = hi) {
		quota_window(q, t, &lo, &hi);
		if (hi <= t)
			break;
		u = quota_run_use(q, r, lo, hi, now, cu);
		g = group_get(rp, time_key(rp, t));
		g->used += u;
		g->unit = q->unit;
		rp->total.used += u;
		rp->total.unit = q->unit;
	}
}

static int
on_run(const struct run *r, void *arg)
{
	struct report *rp = arg;
	int64_t now = rp->sm->now;
	int64_t gpu_s = (run_end_at(r, now) - r->start) * r->gpus;
	struct amount spent = { run_cost_at(r, now), r->currency, r->start };
	char key[72];
	const char *p, *q;

	savings_add(&rp->saved, r);
	if (rp->week_of != NULL && strcmp(r->platform,
	    rp->week_of->platform) == 0)
		add_use(rp, r);
	switch (rp->by) {
	case BY_DAY:
	case BY_WEEK:
	case BY_MONTH:
		add_to(rp, group_get(rp, time_key(rp, r->start)), 1, gpu_s,
		    &spent);
		add_to(rp, &rp->total, 1, gpu_s, &spent);
		return 0;
	case BY_PHASE:
		add_to(rp, phase_group(rp, r->start), 1, gpu_s, &spent);
		add_to(rp, &rp->total, 1, gpu_s, &spent);
		return 0;
	case BY_PLATFORM:
		snprintf(key, sizeof key, "%s", r->platform);
		break;
	case BY_GPU:
		snprintf(key, sizeof key, "%s", r->gpu[0] ? r->gpu : "-");
		break;
	case BY_PROJECT:
		snprintf(key, sizeof key, "%s", r->project ? r->project : "-");
		break;
	default:
		/* A run counts once in each of its tags. */
		if (r->tags == NULL) {
			add_to(rp, group_get(rp, "-"), 1, gpu_s, &spent);
		} else {
			for (p = r->tags; *p; p = *q ? q + 1 : q) {
				q = strchr(p, ',');
				if (q == NULL)
					q = p + strlen(p);
				snprintf(key, sizeof key, "%.*s",
				    (int)(q - p), p);
				add_to(rp, group_get(rp, key), 1, gpu_s, &spent);
			}
		}
		add_to(rp, &rp->total, 1, gpu_s, &spent);
		return 0;
	}
	add_to(rp, group_get(rp, key), 1, gpu_s, &spent);
	add_to(rp, &rp->total, 1, gpu_s, &spent);
	return 0;
}

static int
on_expense(const struct expense *x, void *arg)
{
	struct report *rp = arg;
	struct amount spent = { x->amount_minor, x->currency, x->at };
	char key[72];

	if ((rp->platform != NULL && strcmp(rp->platform, x->platform) != 0)
	    || !expense_is_spend(x))
		return 0;
	if (rp->by == BY_PHASE) {
		add_to(rp, phase_group(rp, x->at), 0, 0, &spent);
		add_to(rp, &rp->total, 0, 0, &spent);
		return 0;
	}
	if (rp->by <= BY_MONTH)
		snprintf(key, sizeof key, "%s", time_key(rp, x->at));
	else if (rp->by == BY_PLATFORM)
		snprintf(key, sizeof key, "%s", x->platform[0] ? x->platform :
		    "(other spend)");
	else
		snprintf(key, sizeof key, "(other spend)");
	add_to(rp, group_get(rp, key), 0, 0, &spent);
	add_to(rp, &rp->total, 0, 0, &spent);
	return 0;
}

static int
cmp_key(const void *a, const void *b)
{
	const struct group *x = a, *y = b;

	return strcmp(x->key, y->key);
}

/* Phases in the plan's order. */
static int
cmp_order(const void *a, const void *b)
{
	const struct group *x = a, *y = b;

	return x->order != y->order ? (x->order < y->order ? -1 : 1) : 0;
}

/* Platforms and the rest sort by GPU-hours, biggest first. */
static int
cmp_size(const void *a, const void *b)
{
	const struct group *x = a, *y = b;

	if (x->gpu_s != y->gpu_s)
		return x->gpu_s < y->gpu_s ? 1 : -1;
	if (x->spent != y->spent)
		return x->spent < y->spent ? 1 : -1;
	return strcmp(x->key, y->key);
}

#define AT(f) .off = offsetof(struct group, f), \
	.size = sizeof ((struct group *)0)->f

static int64_t
group_hours(const void *rec, int64_t now)
{
	(void)now;
	return hours_centi(((const struct group *)rec)->gpu_s);
}

/* --week-of: the quota's use in hundredths of its unit (hours, units). */
static int64_t
group_used(const void *rec, int64_t now)
{
	const struct group *g = rec;

	(void)now;
	return quota_centi(g->unit, g->used);
}

/* A group of --json and --csv; the first field's name is the grouping's
 * (day, platform, ...), the last's spent_ and the display currency. */
static const struct field group_fields[] = {
	{ .kind = FK_TEXT, AT(key) },
	{ .shown = "runs", .csv = "runs", .kind = FK_INT64, AT(runs) },
	{ .shown = "gpu_hours", .csv = "gpu_hours", .kind = FK_CENTI,
	    .value = group_hours },
	{ .shown = "gpu_seconds", .kind = FK_INT64, AT(gpu_s) },
	{ .shown = "spent_minor", .kind = FK_MONEY, AT(spent) },
	/* With --week-of only (the table's last field). */
	{ .shown = "quota_used", .csv = "quota_used", .kind = FK_CENTI,
	    .value = group_used },
};
#define NGROUP (sizeof group_fields / sizeof group_fields[0])

/* group_fields named for rp into t: key names the group's column in both,
 * total leaves it out of --json (the total row). */
static size_t
group_table(struct field *t, const struct report *rp, const char *spent,
    int total)
{
	memcpy(t, group_fields, sizeof group_fields);
	t[0].shown = total ? NULL : report_groups[rp->by];
	t[0].csv = report_groups[rp->by];
	t[NGROUP - 2].csv = spent;
	return rp->week_of != NULL ? NGROUP : NGROUP - 1;
}

static void
print_row(struct ctx *c, const struct report *rp, const struct group *g,
    int mode, int first)
{
	char h[32], m[48], spent[16], u[48];
	struct field t[NGROUP];
	size_t nt;
	char *line;

	snprintf(spent, sizeof spent, "spent_%s", rp->sm->currency);
	nt = group_table(t, rp, spent, g == &rp->total);
	switch (mode) {
	case 1:
		line = fields_json(t, nt, g, FIELDS_SPACED, c->now);
		if (g == &rp->total)
			fputs(line, stdout);
		else
			printf("%s\n    %s", first ? "" : ",", line);
		free(line);
		break;
	case 2:
		line = fields_csv(t, nt, g, c->now);
		puts(line);
		free(line);
		break;
	default: {
		char *safe = text_safe(g->key);

		char pad[64], key[160];

		u[0] = '\0';
		if (rp->week_of != NULL) {
			char a[32];

			snprintf(u, sizeof u, " %9s", fmt_quota_amount(a,
			    sizeof a, rp->week_of->unit, g->used));
		}
		printf("  %s %6lld %9s%s %s\n", cli_pad(key, sizeof key, safe,
		    20, 0), (long long)g->runs, fmt_hours(h, sizeof h,
		    g->gpu_s), u, cli_pad(pad, sizeof pad, cli_money(c, m,
		    sizeof m, g->spent, rp->sm->currency), 16, 1));
		free(safe);
	}
	}
}

/* What --chart measures. */
enum { CH_GPU, CH_SPEND, CH_RUNS };
static const char *const chart_names[] = { "gpu", "spend", "runs" };

static int64_t
chart_value(const struct group *g, int what)
{
	return what == CH_GPU ? g->gpu_s : what == CH_SPEND ? g->spent :
	    g->runs;
}

/* The chart's width: --width, else $COLUMNS, else the terminal's, else
 * 80. */
static int
chart_width(const char *flag, int64_t *w, struct err *e)
{
	const char *v = getenv("COLUMNS");
	struct winsize ws;

	if (flag != NULL)
		return parse_int(flag, "--width", 40, 1000, w, e);
	if (v != NULL && parse_int(v, "COLUMNS", 40, 1000, w, NULL) == 0)
		return 0;
	if (isatty(STDOUT_FILENO) && ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) ==
	    0 && ws.ws_col >= 40) {
		*w = ws.ws_col > 1000 ? 1000 : ws.ws_col;
		return 0;
	}
	*w = 80;
	return 0;
}

/* One row of the chart: the group, its value, and its bar in what the
 * width leaves (41 columns go to the rest). */
static void
chart_row(struct ctx *c, const struct report *rp, const struct group *g,
    int what, int64_t max, int width)
{
	char h[48], pad[64], bar[8192], *safe = text_safe(g->key);
	int64_t v = chart_value(g, what);

	if (what == CH_GPU)
		fmt_hours(h, sizeof h, g->gpu_s);
	else if (what == CH_SPEND)
		cli_money(c, h, sizeof h, g->spent, rp->sm->currency);
	else
		snprintf(h, sizeof h, "%lld", (long long)g->runs);
	printf("  %s %s", cli_pad(bar, sizeof bar, safe, 20, 0),
	    cli_pad(pad, sizeof pad, h, 16, 1));
	if (max >= 0 && chart_bar(bar, sizeof bar, v, max, width - 41,
	    c->fmt & FMT_ASCII)[0] != '\0')
		printf("  %s", bar);
	putchar('\n');
	free(safe);
}

/* --week-of P: platform P's quota, which must reset every week. */
static int
week_of(const struct summary *sm, const char *in, const struct quota **q,
    struct err *e)
{
	char key[32], w[32];
	int qi;

	if (cli_platform(sm, in, key, e) < 0)
		return -1;
	if ((qi = catalog_quota_index(&sm->cat, key)) < 0)
		return err_set(e, "%s has no quota to align weeks to", key);
	*q = &sm->cat.quotas[qi];
	if ((*q)->window != QW_WEEK)
		return err_set(e, "%s's quota resets every %s, not every week",
		    key, quota_window_name(*q, w, sizeof w));
	return 0;
}

int
cmd_report(struct ctx *c, const struct args *a)
{
	struct summary sm;
	struct report rp;
	struct savings saved;
	struct filter f;
	struct err e;
	const char *v;
	char pkey[32], names[128] = "";
	size_t i;
	int mode, rc = EXIT_OK, what = -1;
	int64_t width = 80;

	memset(&rp, 0, sizeof rp);
	memset(&f, 0, sizeof f);
	rp.by = BY_MONTH;
	if ((v = opt_get(a, R_BY)) != NULL) {
		size_t idx;
		int m = text_match(v, report_groups, NBY, &idx, names,
		    sizeof names);

		if (m == MATCH_AMBIGUOUS)
			return cli_fail(EXIT_USAGE, "report: ambiguous group "
			    "\"%s\": it could be %s", v, names);
		if (m != MATCH_OK)
			return cli_fail(EXIT_USAGE, "report: unknown group "
			    "\"%s\": expected day, week, month, phase, platform, "
			    "gpu, project or tag", v);
		rp.by = (int)idx;
	}
	if (opt_has(a, R_WEEK_OF) && opt_has(a, R_BY) && rp.by != BY_WEEK)
		return cli_fail(EXIT_USAGE, "report: --week-of aligns weeks: "
		    "not with --by %s", report_groups[rp.by]);
	if (opt_has(a, R_WEEK_OF))
		rp.by = BY_WEEK;
	if (cli_range_args(c, a, (const int[]){ R_SINCE, R_UNTIL, R_MONTH,
	    R_LAST_MONTH, R_WEEK }, &f.since, &f.until, &e) < 0)
		return cli_fail(EXIT_USAGE, "report: %s", e.msg);
	if (opt_has(a, R_JSON) && opt_has(a, R_CSV))
		return cli_fail(EXIT_USAGE, "report: choose --json or --csv");
	mode = opt_has(a, R_JSON) ? 1 : opt_has(a, R_CSV) ? 2 : 0;
	if (opt_has(a, R_WIDTH) && !opt_has(a, R_CHART))
		return cli_fail(EXIT_USAGE, "report: --width is the chart's: "
		    "give --chart too");
	if (opt_has(a, R_CHART)) {
		v = opt_get(a, R_CHART);
		for (what = 0; v != NULL && what < 3; what++)
			if (strcmp(v, chart_names[what]) == 0)
				break;
		if (v == NULL)
			what = CH_GPU;
		if (what == 3) {
			char *safe = text_safe(v);

			cli_fail(EXIT_USAGE, "report: --chart: unknown measure "
			    "\"%s\": expected gpu, spend or runs", safe);
			free(safe);
			return EXIT_USAGE;
		}
		if (mode != 0)
			return cli_fail(EXIT_USAGE, "report: --chart draws "
			    "text: not with --json or --csv");
		if (chart_width(opt_get(a, R_WIDTH), &width, &e) < 0)
			return cli_fail(EXIT_USAGE, "report: %s", e.msg);
	}
	if (summary_load_catalog(&sm, c->s, c->now, &e) < 0) {
		summary_free(&sm);
		return cli_err(EXIT_FAIL, &e);
	}
	rp.sm = &sm;
	if ((v = opt_get(a, R_PLATFORM)) != NULL) {
		if (cli_platform(&sm, v, pkey, &e) < 0) {
			summary_free(&sm);
			return cli_fail(EXIT_USAGE, "report: %s", e.msg);
		}
		f.platform = rp.platform = pkey;
	}
	if ((v = opt_get(a, R_WEEK_OF)) != NULL &&
	    week_of(&sm, v, &rp.week_of, &e) < 0) {
		summary_free(&sm);
		return cli_fail(EXIT_USAGE, "report: --week-of: %s", e.msg);
	}
	snprintf(rp.total.key, sizeof rp.total.key, "total");
	/* What the free tiers' runs would have cost, in the same pass. */
	savings_begin(&rp.saved, &sm, &saved);
	/* Groups are sorted at the end: read the table in its own order,
	 * and only the project or the tags of a run when grouping by them. */
	f.any_order = 1;
	f.brief = rp.by != BY_PROJECT && rp.by != BY_TAG;
	f.counted = 1;
	if (store_each_run(c->s, &f, on_run, &rp, &e) < 0 ||
	    store_each_expense(c->s, f.since, f.until, on_expense, &rp, &e) <
	    0) {
		rc = cli_err(EXIT_FAIL, &e);
		goto out;
	}
	qsort(rp.g, rp.n, sizeof *rp.g, rp.by <= BY_MONTH ? cmp_key :
	    rp.by == BY_PHASE ? cmp_order : cmp_size);
	if (mode == 1) {
		char b[32];

		printf("{\n  \"by\": \"%s\", \"currency\": \"%s\", "
		    "\"since\": ", report_groups[rp.by], sm.currency);
		if (f.since)
			printf("\"%s\"", fmt_iso_utc(b, sizeof b, f.since));
		else
			printf("null");
		printf(", \"until\": ");
		if (f.until)
			printf("\"%s\"", fmt_iso_utc(b, sizeof b, f.until));
		else
			printf("null");
		printf(",\n  \"groups\": [");
		for (i = 0; i < rp.n; i++)
			print_row(c, &rp, &rp.g[i], 1, i == 0);
		printf("%s],\n  \"total\": ", rp.n ? "\n  " : "");
		print_row(c, &rp, &rp.total, 1, 1);
		printf(",\n");
		printf("  \"free_tiers_saved\": {\"amount_minor\": %lld, "
		    "\"gpu_hours\": %s, \"runs\": %d, \"unpriced_runs\": "
		    "%d}\n}\n", (long long)saved.amount, fmt_hours_centi(b,
		    sizeof b, saved.gpu_s), saved.runs, saved.unpriced);
	} else if (mode == 2) {
		char spent[16];
		struct field t[NGROUP];
		size_t nt;

		snprintf(spent, sizeof spent, "spent_%s", sm.currency);
		nt = group_table(t, &rp, spent, 0);
		cli_csv_header(t, nt);
		for (i = 0; i < rp.n; i++)
			print_row(c, &rp, &rp.g[i], 2, 0);
		print_row(c, &rp, &rp.total, 2, 0);
	} else if (what >= 0) {
		int64_t max = 0;

		for (i = 0; i < rp.n; i++)
			if (chart_value(&rp.g[i], what) > max)
				max = chart_value(&rp.g[i], what);
		printf("%s  %-20s %16s%s\n", cli_color(c, C_BOLD),
		    report_groups[rp.by], what == CH_GPU ? "GPU-h" : what ==
		    CH_SPEND ? "spent" : "runs", cli_color(c, C_OFF));
		for (i = 0; i < rp.n; i++)
			chart_row(c, &rp, &rp.g[i], what, max, (int)width);
		printf("%s", cli_color(c, C_BOLD));
		chart_row(c, &rp, &rp.total, what, -1, (int)width);
		printf("%s", cli_color(c, C_OFF));
	} else {
		char uh[48] = "";

		/* --week-of P: P's meter, as its quota counts (Kaggle's
		 * session hours). */
		if (rp.week_of != NULL)
			snprintf(uh, sizeof uh, " %9.9s", rp.week_of->platform);
		printf("%s  %-20s %6s %9s%s %16s%s\n", cli_color(c, C_BOLD),
		    report_groups[rp.by], "runs", "GPU-h", uh, "spent",
		    cli_color(c, C_OFF));
		for (i = 0; i < rp.n; i++)
			print_row(c, &rp, &rp.g[i], 0, 0);
		printf("%s", cli_color(c, C_BOLD));
		print_row(c, &rp, &rp.total, 0, 0);
		printf("%s", cli_color(c, C_OFF));
		if (saved.gpu_s > 0) {
			char m[48], h[32];

			printf("  free tiers saved %s (%s GPU-h at market "
			    "rates)\n", cli_money(c, m, sizeof m, saved.amount,
			    sm.currency), fmt_hours(h, sizeof h, saved.gpu_s));
		}
	}
	if (sm.budget.fx_missing)
		fprintf(stderr, "gpulog: warning: some amounts had no exchange "
		    "rate and were counted unconverted\n");
out:
	free(rp.g);
	summary_free(&sm);
	return rc;
}
