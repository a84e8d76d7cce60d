/*
 * cmd-status.c: `gpulog status`: quotas, this month's budget, the plan and
 * open runs, as text, one line (--short) or JSON.  Every figure comes from
 * store/summary.c, as the dashboard's do.
 */
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "core/alerts.h"
#include "core/clock.h"
#include "core/fmt.h"
#include "core/model.h"
#include "core/parse.h"
#include "core/quota.h"
#include "store/metrics.h"
#include "store/store.h"
#include "store/summary.h"

enum { ST_SHORT = 1, ST_JSON, ST_CHECK, ST_QUOTA_PCT, ST_OPEN_LIMIT,
	ST_LAPSE_WITHIN };

const struct opt status_opts[] = {
	{ ST_SHORT, 's', "short", NULL, "one line, for a status bar" },
	{ ST_JSON, 0, "json", NULL, "print JSON" },
	{ ST_CHECK, 0, "check", NULL, "print only what needs attention; exit "
	    "3 when anything does" },
	{ ST_QUOTA_PCT, 0, "quota-pct", "N", "--check: a quota used N% or "
	    "more (default 90)" },
	{ ST_OPEN_LIMIT, 0, "open-limit", "T", "--check: a paid run open "
	    "longer than T (default 2h)" },
	{ ST_LAPSE_WITHIN, 0, "lapse-within", "T", "show free hours that "
	    "lapse at a reset within T (default 48h)" },
	{ 0, 0, NULL, NULL, NULL },
};

#define EXIT_CHECK 3 /* status --check found something */

/* The nudges beside the figures: alerts, lapsing hours, savings. */
struct nudges {
	struct alert al[32];
	size_t nal;           /* may exceed 32; only 32 are kept */
	int64_t *lapse;       /* lapse[i] for quota i, in its unit */
	struct savings saved; /* this month */
};

static const char *const qstate[] = { "ok", "warn", "over" };
static const char *const bstate[] = { "under", "within", "warn", "over" };


/* A quota amount in its unit: "12.5" hours or "12.34" units. */
static char *
amount(char *buf, size_t n, const struct quota *q, int64_t v)
{
	return q->unit == QU_CU ? fmt_centi(buf, n, v) : fmt_hours(buf, n, v);
}

/* The same as a JSON number with two decimals. */
static char *
amount_json(char *buf, size_t n, const struct quota *q, int64_t v)
{
	return fmt_centi(buf, n, q->unit == QU_CU ? v :
	    (v * 100 + (v >= 0 ? 1800 : -1800)) / 3600);
}

/* Warnings for an open run: the checkpoint rule and the session cap. */
static int
run_warnings(const struct summary *sm, const struct run *r, const char **w,
    char caps[2][96])
{
	return summary_run_warnings(sm, r, sm->now, w, caps);
}

static void print_nudges_json(struct ctx *c, const struct summary *sm,
    const struct nudges *nd);

static void
print_json(struct ctx *c, struct summary *sm, const struct nudges *nd)
{
	char b[64], b2[64];
	size_t i;
	int k;

	printf("{\n  \"now\": \"%s\",\n  \"currency\": \"%s\",\n"
	    "  \"quotas\": [", fmt_iso_utc(b, sizeof b, c->now), sm->currency);
	for (i = 0; i < sm->cat.nquotas; i++) {
		const struct quota *q = &sm->cat.quotas[i];
		const struct quota_status *st = &sm->qs[i];

		printf("%s\n    {\"platform\": ", i ? "," : "");
		json_str(stdout, q->platform);
		printf(", \"unit\": \"%s\", \"window\": \"%s\"",
		    q->unit == QU_CU ? "compute_units" : "gpu_hours",
		    q->window == QW_WEEK ? "week" : q->window == QW_MONTH ?
		    "month" : "rolling");
		printf(", \"used\": %s", amount_json(b, sizeof b, q,
		    st->used));
		printf(", \"limit\": %s", amount_json(b, sizeof b, q,
		    st->limit));
		printf(", \"remaining\": %s", amount_json(b, sizeof b, q,
		    st->remaining));
		printf(", \"used_raw\": %lld, \"limit_raw\": %lld, "
		    "\"percent\": %d, \"state\": \"%s\"", (long long)st->used,
		    (long long)st->limit, st->pct, qstate[st->state]);
		printf(", \"window_start\": \"%s\"", fmt_iso_utc(b, sizeof b,
		    st->ws));
		if (q->window == QW_ROLLING)
			printf(", \"resets\": null, \"resets_in_s\": null");
		else
			printf(", \"resets\": \"%s\", \"resets_in_s\": %lld",
			    fmt_iso_utc(b, sizeof b, st->we),
			    (long long)(st->we - c->now));
		if (st->runs_out)
			printf(", \"runs_out\": \"%s\"}", fmt_iso_utc(b,
			    sizeof b, st->runs_out));
		else
			printf(", \"runs_out\": null}");
	}
	printf("%s],\n", sm->cat.nquotas ? "\n  " : "");
	printf("  \"budget\": {\"month\": \"%s\", \"currency\": \"%s\", "
	    "\"spent_minor\": %lld, ", fmt_local(b, sizeof b, sm->budget.ms,
	    "%Y-%m"), sm->currency, (long long)sm->budget.spent);
	if (sm->budget.max >= 0)
		printf("\"min_minor\": %lld, \"max_minor\": %lld, "
		    "\"remaining_minor\": %lld, \"percent\": %d, ",
		    (long long)sm->budget.min, (long long)sm->budget.max,
		    (long long)sm->budget.remaining, sm->budget.pct);
	else
		printf("\"min_minor\": null, \"max_minor\": null, "
		    "\"remaining_minor\": null, \"percent\": null, ");
	printf("\"projected_minor\": %lld, \"state\": \"%s\", \"runs\": %d, "
	    "\"gpu_hours\": %s, \"fx_missing\": %s},\n",
	    (long long)sm->budget.projected, bstate[sm->budget.state],
	    sm->month_runs, fmt_centi(b2, sizeof b2,
	    (sm->month_gpu_s * 100 + 1800) / 3600),
	    sm->budget.fx_missing ? "true" : "false");
	printf("  \"plan\": {\"start\": \"%s\", \"month\": %d, \"months\": %d",
	    fmt_local(b, sizeof b, sm->plan_start, "%Y-%m-%d"),
	    sm->plan_month, PLAN_MONTHS);
	if (sm->phase != NULL) {

		printf(", \"phase\": ");
		json_str(stdout, sm->phase->name);
		printf(", \"first_month\": %d, \"last_month\": %d, "
		    "\"platforms\": ", sm->phase->first_month,
		    sm->phase->last_month);
		json_list(stdout, sm->phase->platforms);
		printf(", \"where\": ");
		json_str(stdout, sm->phase->where);
		printf(", \"reason\": ");
		json_str(stdout, sm->phase->reason);
	} else {
		printf(", \"phase\": null");
	}
	printf("},\n");
	cli_kaggle_report(c, 1);
	printf("  \"open_runs\": [");
	for (i = 0; i < sm->nopen; i++) {
		const char *w[3];
		char caps[2][96];
		int n = run_warnings(sm, &sm->open[i], w, caps);

		printf("%s\n    {\"run\": ", i ? "," : "");
		cli_json_run(stdout, &sm->open[i], c->now);
		printf(", \"elapsed_s\": %lld, \"warnings\": [",
		    (long long)(c->now - sm->open[i].start));
		for (k = 0; k < n; k++) {
			if (k)
				putchar(',');
			json_str(stdout, w[k]);
		}
		printf("]}");
	}
	printf("%s],\n", sm->nopen ? "\n  " : "");
	print_nudges_json(c, sm, nd);
	printf("}\n");
}

static void
print_short(struct ctx *c, struct summary *sm)
{
	char b[48], m[48];
	size_t i;

	for (i = 0; i < sm->cat.nquotas; i++) {
		const struct quota *q = &sm->cat.quotas[i];

		printf("%s %s%s %s ", q->platform, amount(b, sizeof b, q,
		    sm->qs[i].remaining), q->unit == QU_CU ? "cu" : "h",
		    c->dot);
	}
	printf("%s", cli_money_whole(c, m, sizeof m, sm->budget.spent,
	    sm->currency));
	if (sm->budget.max >= 0)
		printf("/%s", cli_money_whole(c, b, sizeof b, sm->budget.max,
		    sm->currency));
	if (sm->phase != NULL) {
		printf(" %s M%d ", c->dot, sm->plan_month);
		cli_put_safe(stdout, sm->phase->name);
	}
	if (sm->nopen > 0)
		printf(" %s %zu running", c->dot, sm->nopen);
	putchar('\n');
}

static void
print_text(struct ctx *c, struct summary *sm, const struct nudges *nd)
{
	char b[64], b2[64], b3[64], rel[32];
	size_t i;

	printf("%sQuotas%s\n", cli_color(c, C_BOLD), cli_color(c, C_OFF));
	if (sm->cat.nquotas == 0)
		printf("  none set (`gpulog platforms set KEY --quota 30h/week`)"
		    "\n");
	for (i = 0; i < sm->cat.nquotas; i++) {
		const struct quota *q = &sm->cat.quotas[i];
		const struct quota_status *st = &sm->qs[i];
		int col = st->state == QS_OVER ? C_RED : st->state == QS_WARN ?
		    C_YELLOW : C_GREEN;
		char w[16];

		/* Two lines a quota, so that status fits 80 columns. */
		printf("  %-11s %s of %s %s this %s %s %s left %s %d%% "
		    "%s%s%s\n", q->platform, amount(b, sizeof b, q, st->used),
		    amount(b2, sizeof b2, q, st->limit),
		    quota_unit_name(q->unit), quota_window_name(q, w,
		    sizeof w), c->dot, amount(b3, sizeof b3, q,
		    st->remaining), c->dot, st->pct, cli_color(c, col),
		    qstate[st->state], cli_color(c, C_OFF));
		printf("  %-11s ", "");
		if (q->window != QW_ROLLING)
			printf("resets %s (%s) %s ", fmt_when(b, sizeof b,
			    st->we, c->now), fmt_relative(rel, sizeof rel,
			    st->we - c->now), c->dot);
		if (st->state == QS_OVER)
			printf("used up");
		else if (st->runs_out)
			printf("runs out %s", fmt_when(b,
			    sizeof b, st->runs_out, c->now));
		else if (q->window != QW_ROLLING)
			printf(st->used > 0 ? "lasts to reset" : "unused");
		else
			printf("a rolling window: no reset");
		putchar('\n');
	}
	for (i = 0; i < sm->cat.nquotas; i++) {
		const struct quota *q = &sm->cat.quotas[i];

		if (nd->lapse[i] <= 0)
			continue;
		printf("  %suse it or lose it:%s %s %s on %s lapse unused at "
		    "the reset %s (%s)\n", cli_color(c, C_YELLOW),
		    cli_color(c, C_OFF), amount(b, sizeof b, q, nd->lapse[i]),
		    quota_unit_name(q->unit), q->platform, fmt_local(b2,
		    sizeof b2,
		    sm->qs[i].we, "%a %H:%M"), fmt_relative(rel, sizeof rel,
		    sm->qs[i].we - c->now));
	}

	cli_kaggle_report(c, 0);
	printf("\n%sBudget%s %s %s", cli_color(c, C_BOLD), cli_color(c, C_OFF),
	    c->dot, fmt_local(b, sizeof b, sm->budget.ms, "%B %Y"));
	if (sm->phase != NULL && sm->budget.max >= 0)
		printf(" %s %s%s%s", c->dot, cli_money_whole(c, b, sizeof b,
		    sm->budget.min, sm->currency), c->dash,
		    cli_money_whole(c, b2, sizeof b2, sm->budget.max,
		    sm->currency));
	printf("\n  spent %s", cli_money(c, b, sizeof b, sm->budget.spent,
	    sm->currency));
	if (sm->budget.max >= 0) {
		int col = sm->budget.state == BS_OVER ? C_RED :
		    sm->budget.state == BS_WARN ? C_YELLOW : C_GREEN;

		printf(" (%d%%) %s ", sm->budget.pct, c->dot);
		if (sm->budget.remaining >= 0)
			printf("%s left", cli_money(c, b, sizeof b,
			    sm->budget.remaining, sm->currency));
		else
			printf("%s over", cli_money(c, b, sizeof b,
			    -sm->budget.remaining, sm->currency));
		printf(" %s %s%s%s\n  %s by %s at this pace", c->dot,
		    cli_color(c, col), bstate[sm->budget.state],
		    cli_color(c, C_OFF), cli_money(c, b2, sizeof b2,
		    sm->budget.projected, sm->currency), fmt_local(b3,
		    sizeof b3, sm->budget.me - 1, "%d %b"));
	}
	printf("\n  %d run%s, %s GPU-h this month\n", sm->month_runs,
	    sm->month_runs == 1 ? "" : "s", fmt_hours(b, sizeof b,
	    sm->month_gpu_s));
	if (nd->saved.gpu_s > 0)
		printf("  free tiers saved %s this month (%s GPU-h at market "
		    "rates)\n", cli_money(c, b, sizeof b, nd->saved.amount,
		    nd->saved.currency), fmt_hours(b2, sizeof b2,
		    nd->saved.gpu_s));
	if (sm->budget.fx_missing)
		printf("  (some amounts had no exchange rate: `gpulog fx "
		    "RATE`)\n");

	printf("\n%sPlan%s %s ", cli_color(c, C_BOLD), cli_color(c, C_OFF),
	    c->dot);
	if (sm->plan_month < 1)
		printf("starts %s\n", fmt_local(b, sizeof b, sm->plan_start,
		    "%Y-%m-%d"));
	else if (sm->plan_month > PLAN_MONTHS)
		printf("finished (month %d; 13 planned)\n", sm->plan_month);
	else
		printf("month %d of %d", sm->plan_month, PLAN_MONTHS);
	if (sm->phase != NULL) {
		/* The plan's words may come from an imported file. */
		printf(" %s ", c->dot);
		cli_put_safe(stdout, sm->phase->name);
		printf(" (months %d%s%d)\n  where: ", sm->phase->first_month,
		    c->dash, sm->phase->last_month);
		cli_put_safe(stdout, sm->phase->where);
		printf("\n  why:   ");
		cli_put_wrapped(stdout, sm->phase->reason, 9, 79);
		putchar('\n');
	} else if (sm->plan_month >= 1 && sm->plan_month <= PLAN_MONTHS) {
		putchar('\n');
	}

	if (sm->nopen == 0)
		return;
	printf("\n%sOpen runs%s\n", cli_color(c, C_BOLD), cli_color(c, C_OFF));
	for (i = 0; i < sm->nopen; i++) {
		const struct run *r = &sm->open[i];
		const char *w[3];
		char caps[2][96], label[96];
		int k, n = run_warnings(sm, r, w, caps);

		printf("  #%lld %s, since %s", (long long)r->id,
		    cli_run_label(label, sizeof label, r, c->now),
		    fmt_local(b, sizeof b, r->start, local_day_start(r->start)
		    == local_day_start(c->now) ? "%H:%M" : "%a %H:%M"));
		if (run_cost_at(r, c->now) > 0)
			printf(", %s so far", cli_money(c, b, sizeof b,
			    run_cost_at(r, c->now), r->currency));
		for (k = 0; k < n; k++)
			printf("  %s! %s%s", cli_color(c, C_YELLOW), w[k],
			    cli_color(c, C_OFF));
		putchar('\n');
	}
}

static const char *const alert_kinds[] = { "quota", "budget", "open_run" };

/* One alert in words: why --check fails. */
static void
print_alert(FILE *f, struct ctx *c, const struct summary *sm,
    const struct alert *al)
{
	char b[48], b2[48], d[32];
	int qi;

	switch (al->kind) {
	case AL_QUOTA:
		qi = summary_quota_index(sm, al->platform);
		fprintf(f, "%s quota %d%% used (%s of %s %s)", al->platform,
		    al->pct, qi < 0 ? "?" : amount(b, sizeof b,
		    &sm->cat.quotas[qi], al->value), qi < 0 ? "?" : amount(b2,
		    sizeof b2, &sm->cat.quotas[qi], al->limit), qi < 0 ? "" :
		    quota_unit_name(sm->cat.quotas[qi].unit));
		if (qi >= 0 && sm->cat.quotas[qi].window != QW_ROLLING)
			fprintf(f, ", resets %s", fmt_local(d, sizeof d,
			    sm->qs[qi].we, "%a %H:%M"));
		break;
	case AL_BUDGET:
		fprintf(f, "%s is past its budget: %s spent of %s (%d%%)",
		    fmt_local(d, sizeof d, sm->budget.ms, "%B %Y"),
		    cli_money(c, b, sizeof b, al->value, sm->currency),
		    cli_money_whole(c, b2, sizeof b2, al->limit, sm->currency),
		    al->pct);
		break;
	default:
		fprintf(f, "run #%lld on %s open for %s (limit %s): a paid "
		    "instance left running costs by the hour",
		    (long long)al->run_id, al->platform, fmt_duration(b,
		    sizeof b, al->value), fmt_duration(b2, sizeof b2,
		    al->limit));
	}
	putc('\n', f);
}

static void
print_nudges_json(struct ctx *c, const struct summary *sm,
    const struct nudges *nd)
{
	char b[64], b2[64];
	size_t i, k = 0;

	printf("  \"use_it_or_lose_it\": [");
	for (i = 0; i < sm->cat.nquotas; i++) {
		const struct quota *q = &sm->cat.quotas[i];

		if (nd->lapse[i] <= 0)
			continue;
		printf("%s\n    {\"platform\": ", k++ ? "," : "");
		json_str(stdout, q->platform);
		printf(", \"unit\": \"%s\", \"lapses\": %s, \"lapses_raw\": "
		    "%lld, \"resets\": \"%s\"}", q->unit == QU_CU ?
		    "compute_units" : "gpu_hours", amount_json(b, sizeof b, q,
		    nd->lapse[i]), (long long)nd->lapse[i], fmt_iso_utc(b2,
		    sizeof b2, sm->qs[i].we));
	}
	printf("%s],\n", k ? "\n  " : "");
	printf("  \"free_tiers_saved\": {\"month\": \"%s\", \"currency\": "
	    "\"%s\", \"amount_minor\": %lld, ", fmt_local(b, sizeof b,
	    sm->budget.ms, "%Y-%m"), nd->saved.currency,
	    (long long)nd->saved.amount);
	printf("\"gpu_hours\": %s, \"runs\": %d, \"unpriced_runs\": %d},\n",
	    fmt_centi(b, sizeof b, (nd->saved.gpu_s * 100 + 1800) / 3600),
	    nd->saved.runs, nd->saved.unpriced);
	printf("  \"alerts\": [");
	for (i = 0; i < nd->nal && i < 32; i++) {
		const struct alert *al = &nd->al[i];

		printf("%s\n    {\"kind\": \"%s\", \"platform\": ",
		    i ? "," : "", alert_kinds[al->kind]);
		json_str(stdout, al->kind == AL_BUDGET ? NULL : al->platform);
		printf(", \"run\": ");
		if (al->kind == AL_OPEN_RUN)
			printf("%lld", (long long)al->run_id);
		else
			printf("null");
		printf(", \"percent\": ");
		if (al->kind == AL_OPEN_RUN)
			printf("null");
		else
			printf("%d", al->pct);
		printf(", \"value\": %lld, \"limit\": %lld, \"why\": ",
		    (long long)al->value, (long long)al->limit);
		/* The same words as the text, as a JSON string. */
		{
			char *line = NULL;
			size_t len = 0;
			FILE *m = open_memstream(&line, &len);

			if (m != NULL) {
				print_alert(m, c, sm, al);
				fclose(m);
			}
			if (line == NULL)
				die("out of memory");
			if (len > 0 && line[len - 1] == '\n')
				line[len - 1] = '\0';
			json_str(stdout, line);
			free(line);
		}
		putchar('}');
	}
	printf("%s]\n", nd->nal ? "\n  " : "");
}

/* Reads --check's limits and the lapse horizon. */
static int
read_limits(const struct args *a, struct alert_limits *lim, int64_t *within,
    struct err *e)
{
	const char *v;
	int64_t n;

	lim->quota_pct = 90;
	lim->open_limit_s = 2 * 3600;
	*within = ALERTS_LAPSE_NEAR;
	if ((v = opt_get(a, ST_QUOTA_PCT)) != NULL) {
		if (parse_int(v, "--quota-pct", 1, 100, &n, e) < 0)
			return -1;
		lim->quota_pct = (int)n;
	}
	if ((v = opt_get(a, ST_OPEN_LIMIT)) != NULL &&
	    parse_duration(v, &lim->open_limit_s, e) < 0)
		return err_set(e, "--open-limit: %s", e->msg);
	if ((v = opt_get(a, ST_LAPSE_WITHIN)) != NULL &&
	    parse_duration(v, within, e) < 0)
		return err_set(e, "--lapse-within: %s", e->msg);
	return 0;
}

int
cmd_status(struct ctx *c, const struct args *a)
{
	struct summary sm;
	struct nudges nd;
	struct alert_limits lim;
	struct err e;
	int64_t within;
	size_t i;
	int rc = EXIT_OK;

	memset(&nd, 0, sizeof nd);
	if (read_limits(a, &lim, &within, &e) < 0)
		return cli_fail(EXIT_USAGE, "status: %s", e.msg);
	if (summary_load(&sm, c->s, c->now, &e) < 0 ||
	    metrics_savings(c->s, &sm, sm.budget.ms, sm.budget.me, NULL,
	    &nd.saved, &e) < 0) {
		summary_free(&sm);
		return cli_err(EXIT_FAIL, &e);
	}
	nd.lapse = xcalloc(sm.cat.nquotas + 1, sizeof *nd.lapse);
	for (i = 0; i < sm.cat.nquotas; i++)
		nd.lapse[i] = alerts_lapse(&sm.cat.quotas[i], &sm.qs[i], sm.open,
		    sm.nopen, summary_cu_rate(&sm, sm.cat.quotas[i].platform, ""),
		    c->now, within);
	nd.nal = alerts_check(sm.cat.quotas, sm.qs, sm.cat.nquotas, &sm.budget,
	    sm.open, sm.nopen, sm.cat.platforms, sm.cat.nplatforms, &lim, c->now,
	    nd.al, 32);
	if (opt_has(a, ST_JSON))
		print_json(c, &sm, &nd);
	else if (opt_has(a, ST_SHORT))
		print_short(c, &sm);
	else if (opt_has(a, ST_CHECK))
		for (i = 0; i < nd.nal && i < 32; i++)
			print_alert(stdout, c, &sm, &nd.al[i]);
	else
		print_text(c, &sm, &nd);
	if (opt_has(a, ST_CHECK) && nd.nal > 0)
		rc = EXIT_CHECK;
	free(nd.lapse);
	summary_free(&sm);
	return rc;
}
