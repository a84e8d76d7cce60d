/*
 * cmd-status.c: `gpulog status`: quotas, this month's budget, the plan and
 * open runs, as text, one line (--short) or JSON.  Every figure comes from
 * store/summary.c, as the dashboard's do.
 */
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/status-fields.h"
#include "core/fields.h"
#include "core/alerts.h"
#include "core/clock.h"
#include "core/fmt.h"
#include "core/model.h"
#include "core/quota.h"
#include "core/text.h"
#include "store/metrics.h"
#include "store/store.h"
#include "store/summary.h"

enum { ST_SHORT = 1, ST_JSON, ST_CSV, ST_CHECK, ST_FORMAT };

const struct opt status_opts[] = {
	{ ST_SHORT, 's', "short", NULL, "one line, for a status bar; ! marks "
	    "what has a nudge" },
	{ ST_JSON, 0, "json", NULL, "print JSON" },
	{ ST_CSV, 0, "csv", NULL, "print CSV: a row a quota, the budget and "
	    "each credit" },
	{ ST_CHECK, 0, "check", "[=LIST]", "print only the nudges of the "
	    "kinds in LIST (all when none); exit 3 when any" },
	{ ST_FORMAT, 0, "format", "BAR", "the short line for a status bar: "
	    "waybar (JSON), i3blocks (exit 33 when over) or tmux" },
	{ 0, 0, NULL, NULL, NULL },
};

#define EXIT_CHECK 3 /* status --check found a nudge */

/* Colours of the table's levels. */
static int
level_color(int level)
{
	int ac = alerts_levels[level].colour;

	return ac == AC_RED ? C_RED : ac == AC_YELLOW ? C_YELLOW : C_GREEN;
}

/* A quota amount in its unit: "12.5" hours or "12.34" units. */
static char *
amount(char *buf, size_t n, const struct quota *q, int64_t v)
{
	return fmt_quota_amount(buf, n, q->unit, v);
}

/* Quota qi's packs, under it: "pack e3: 89.00 of 100.00 CU left,
 * expires 2027-03-01". */
static void
print_packs(struct ctx *c, const struct summary *sm, int qi)
{
	const struct quota *q = &sm->cat.quotas[qi];
	char b[48], b2[48], d[16];
	size_t k;

	for (k = 0; k < sm->npacks; k++) {
		const struct quota_pack *p = &sm->packs[k];

		if (p->quota != qi)
			continue;
		printf("  %-11s pack e%lld: %s of %s %s left, expires %s\n", "",
		    (long long)p->id, amount(b, sizeof b, q, p->left),
		    amount(b2, sizeof b2, q, p->units),
		    quota_unit_name(q->unit), fmt_local(d, sizeof d,
		    p->expires, "%Y-%m-%d"));
	}
	(void)c;
}

/* Warnings for an open run: the checkpoint rule and the session cap. */
static int
run_warnings(const struct summary *sm, const struct run *r, const char **w,
    char caps[2][96])
{
	return summary_run_warnings(sm, r, sm->now, w, caps);
}

static void print_nudges_json(struct ctx *c, const struct summary *sm);

/* Prints one line of --csv from table t for rec. */
static void
csv_line(const struct field *t, size_t n, const void *rec, int64_t now)
{
	char *line = fields_csv(t, n, rec, now);

	puts(line);
	free(line);
}

/*
 * `status --csv`: one table, a row a quota, then the month's budget, then
 * each platform's credit, in the columns of cli/status-fields.c: kind
 * (quota, budget, credit), name (platform, or the month), used, limit,
 * remaining (hours or units with two decimals for a quota, amounts for
 * the others), unit (the quota's, or the currency), percent, state,
 * resets and projected (the budget's, by the month's end).
 */
static void
print_csv(struct ctx *c, const struct summary *sm)
{
	size_t i;

	cli_csv_header(status_quota_fields, status_nquota);
	for (i = 0; i < sm->cat.nquotas; i++) {
		struct status_quota r = { sm, &sm->cat.quotas[i], &sm->qs[i] };

		csv_line(status_quota_fields, status_nquota, &r, c->now);
	}
	csv_line(status_budget_fields, status_nbudget, sm, c->now);
	for (i = 0; i < sm->ncredits; i++)
		csv_line(status_credit_fields, status_ncredit,
		    &sm->credits[i], c->now);
}

/* Prints rec as a --json object from table t. */
static void
json_object(const struct field *t, size_t n, const void *rec, int64_t now,
    int open)
{
	char *j = fields_json(t, n, rec, FIELDS_SPACED, now);
	size_t len = strlen(j);

	/* open: without its closing brace, for members to follow. */
	if (open && len > 0)
		j[len - 1] = '\0';
	fputs(j, stdout);
	free(j);
}

static void
print_json(struct ctx *c, struct summary *sm)
{
	char b[64];
	size_t i, k;
	int np;

	printf("{\n  \"now\": \"%s\",\n  \"currency\": \"%s\",\n"
	    "  \"quotas\": [", fmt_iso_utc(b, sizeof b, c->now), sm->currency);
	for (i = 0; i < sm->cat.nquotas; i++) {
		struct status_quota r = { sm, &sm->cat.quotas[i], &sm->qs[i] };

		printf("%s\n    ", i ? "," : "");
		json_object(status_quota_fields, status_nquota, &r, c->now, 1);
		printf(", \"pack_list\": [");
		for (k = 0, np = 0; k < sm->npacks; k++) {
			struct status_pack p = { r.q, &sm->packs[k] };

			if (p.p->quota != (int)i)
				continue;
			if (np++)
				printf(", ");
			json_object(status_pack_fields, status_npack, &p,
			    c->now, 0);
		}
		printf("]}");
	}
	printf("%s],\n  \"budget\": ", sm->cat.nquotas ? "\n  " : "");
	json_object(status_budget_fields, status_nbudget, sm, c->now, 0);
	printf(",\n  \"credit\": [");
	for (k = 0; k < sm->ncredits; k++) {
		if (k)
			printf(", ");
		json_object(status_credit_fields, status_ncredit,
		    &sm->credits[k], c->now, 0);
	}
	printf("],\n");
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
		for (np = 0; np < n; np++) {
			if (np)
				putchar(',');
			json_str(stdout, w[np]);
		}
		printf("]}");
	}
	printf("%s],\n", sm->nopen ? "\n  " : "");
	print_nudges_json(c, sm);
	printf("}\n");
}

/* 1 when a nudge of kind names quota qi (-1: any of that kind). */
static int
has_nudge(const struct summary *sm, int kind, int qi)
{
	size_t i;

	for (i = 0; i < sm->nnudges; i++)
		if (sm->nudges[i].kind == kind && (qi < 0 ||
		    sm->nudges[i].quota == qi))
			return 1;
	return 0;
}

void
cli_status_short(FILE *f, struct ctx *c, struct summary *sm)
{
	char b[48], m[48];
	size_t i;

	for (i = 0; i < sm->cat.nquotas; i++) {
		const struct quota *q = &sm->cat.quotas[i];

		/* Nothing bought is nothing left: no figure to show. */
		if (quota_absent(&sm->qs[i]))
			continue;
		fprintf(f, "%s %s%s%s %s ", q->platform, amount(b, sizeof b, q,
		    sm->qs[i].remaining), quota_meter(q->unit)->brief,
		    has_nudge(sm, NUDGE_QUOTA, (int)i) ||
		    has_nudge(sm, NUDGE_LAPSE, (int)i) ? "!" : "", c->dot);
	}
	fprintf(f, "%s", cli_money_whole(c, m, sizeof m, sm->budget.spent,
	    sm->currency));
	if (sm->budget.max >= 0)
		fprintf(f, "/%s", cli_money_whole(c, b, sizeof b,
		    sm->budget.max, sm->currency));
	if (has_nudge(sm, NUDGE_BUDGET, -1))
		putc('!', f);
	if (sm->phase != NULL) {
		fprintf(f, " %s M%d ", c->dot, sm->plan_month);
		cli_put_safe(f, sm->phase->name);
	}
	if (sm->nopen > 0)
		fprintf(f, " %s %zu running%s", c->dot, sm->nopen,
		    has_nudge(sm, NUDGE_OPEN, -1) ||
		    has_nudge(sm, NUDGE_IDLE, -1) ? "!" : "");
	putc('\n', f);
}

/* One nudge in words: a --check line, status's own for a lapse, and what
 * `gpulog notify` sends. */
void
cli_print_nudge(FILE *f, struct ctx *c, const struct summary *sm,
    const struct nudge *n)
{
	const struct quota *q = n->quota >= 0 ? &sm->cat.quotas[n->quota] :
	    NULL;
	char b[48], b2[48], d[32], rel[32];

	switch (n->kind) {
	case NUDGE_QUOTA:
		if (n->level == AL_OVER)
			fprintf(f, "%s quota used up", n->platform);
		else
			fprintf(f, "%s quota %lld%% used", n->platform,
			    (long long)n->pct);
		fprintf(f, " (%s of %s %s)", amount(b, sizeof b, q, n->value),
		    amount(b2, sizeof b2, q, n->limit),
		    quota_unit_name(q->unit));
		if (n->at != 0)
			fprintf(f, ", resets %s", fmt_when(d, sizeof d, n->at,
			    c->now));
		break;
	case NUDGE_BUDGET:
		fmt_local(d, sizeof d, sm->budget.ms, "%B %Y");
		if (n->level == AL_OVER)
			fprintf(f, "%s is past its budget: %s spent of %s "
			    "(%lld%%)", d, cli_money(c, b, sizeof b, n->value,
			    sm->currency), cli_money_whole(c, b2, sizeof b2,
			    n->limit, sm->currency), (long long)n->pct);
		else
			fprintf(f, "%s has spent %lld%% of its budget: %s of %s",
			    d, (long long)n->pct, cli_money(c, b, sizeof b,
			    n->value, sm->currency), cli_money_whole(c, b2,
			    sizeof b2, n->limit, sm->currency));
		break;
	case NUDGE_OPEN:
		if (n->past_cap)
			fprintf(f, "run #%lld on %s open for %s, past %s's %s "
			    "session cap: the platform has ended it; `gpulog "
			    "stop --at TIME` ends it here",
			    (long long)n->run_id, n->platform,
			    fmt_duration(b, sizeof b, n->value), n->platform,
			    fmt_duration(b2, sizeof b2, n->limit));
		else
			fprintf(f, "run #%lld on %s open for %s (limit %s): a "
			    "paid instance left running costs by the hour",
			    (long long)n->run_id, n->platform, fmt_duration(b,
			    sizeof b, n->value), fmt_duration(b2, sizeof b2,
			    n->limit));
		break;
	case NUDGE_IDLE:
		fprintf(f, "run #%lld on %s: its GPU idle since %s (%s): a "
		    "paid GPU doing nothing still costs by the hour",
		    (long long)n->run_id, n->platform, fmt_local(d, sizeof d,
		    n->at, "%a %H:%M"), fmt_duration(b, sizeof b, n->value));
		break;
	case NUDGE_BILLED:
		fprintf(f, "%s instance %s is stopped but its disk is still "
		    "billed, %s (seen %s ago): destroy it when its data is "
		    "not needed", n->platform, n->what, fmt_rate(b, sizeof b,
		    n->value, "USD", 0), fmt_duration(b2, sizeof b2, c->now >
		    n->at ? c->now - n->at : 0));
		break;
	case NUDGE_PACK:
		fprintf(f, "%s pack e%lld: %s of %s %s left expire %s (%s)",
		    n->platform, (long long)n->run_id, amount(b, sizeof b, q,
		    n->value), amount(b2, sizeof b2, q, n->limit),
		    quota_unit_name(q->unit), fmt_local(d, sizeof d, n->at,
		    "%a %Y-%m-%d %H:%M"), fmt_relative(rel, sizeof rel,
		    n->at - c->now));
		break;
	default:
		fprintf(f, "use it or lose it: %s %s on %s (%lld%%) lapse "
		    "unused at the reset %s (%s)", amount(b, sizeof b, q,
		    n->value), quota_unit_name(q->unit), n->platform,
		    (long long)n->pct,
		    fmt_when(d, sizeof d, n->at, c->now),
		    fmt_relative(rel, sizeof rel, n->at - c->now));
	}
	putc('\n', f);
}

/* A quota that nothing bought or set covers, as what it is:
 * "colab-pro   not subscribed this month · ~₹999 a month to subscribe",
 * and a second line when runs were logged on it all the same. */
static void
print_offer(struct ctx *c, const struct summary *sm, int qi)
{
	const struct quota *q = &sm->cat.quotas[qi];
	const struct quota_status *st = &sm->qs[qi];
	const struct platform *p = summary_platform(sm, q->platform);
	char b[192], w[16], pk[160];

	quota_window_name(q, w, sizeof w);
	printf("  %s %s\n", cli_pad(pk, sizeof pk, q->platform, 11, 0),
	    catalog_absent_text(q, st, p,
	    sm->currency, c->fmt, c->dot, b, sizeof b));
	if (st->used > 0 && st->unpaid && p != NULL &&
	    p->billing == BILL_UNITS)
		printf("  %-11s %s %s logged with no pack bought (gpulog spend "
		    "AMOUNT %s --units N)\n", "", amount(b, sizeof b, q,
		    st->used), quota_unit_name(q->unit), q->platform);
	else if (st->used > 0 && st->unpaid)
		printf("  %-11s %s %s logged with no payment this %s "
		    "(gpulog spend AMOUNT %s)\n", "", amount(b, sizeof b, q,
		    st->used), quota_unit_name(q->unit), w, q->platform);
	else if (st->used > 0)
		printf("  %-11s %s %s used this %s\n", "", amount(b, sizeof b,
		    q, st->used), quota_unit_name(q->unit), w);
}

static void
print_text(struct ctx *c, struct summary *sm)
{
	const struct savings *saved = &sm->saved;
	char b[96], b2[96], b3[64], rel[32], pk[160];
	size_t i, nb;

	printf("%sQuotas%s\n", cli_color(c, C_BOLD), cli_color(c, C_OFF));
	if (sm->cat.nquotas == 0)
		printf("  none set (`gpulog platforms set KEY --quota "
		    "30h/week`)\n");
	for (i = 0; i < sm->cat.nquotas; i++) {
		const struct quota *q = &sm->cat.quotas[i];
		const struct quota_status *st = &sm->qs[i];
		char w[16];

		if (quota_absent(st)) {
			if (catalog_offer_shown(&sm->cat, q, st))
				print_offer(c, sm, (int)i);
			continue;
		}
		/* Two lines a quota, so that status fits 80 columns. */
		printf("  %s %s of %s %s this %s %s %s %s %lld%% "
		    "%s%s%s\n", cli_pad(pk, sizeof pk, q->platform, 11, 0),
		    amount(b, sizeof b, q, st->used),
		    amount(b2, sizeof b2, q, st->limit),
		    quota_unit_name(q->unit), quota_window_name(q, w,
		    sizeof w), c->dot, fmt_quota_left(b3, sizeof b3, q->unit,
		    st->remaining), c->dot, (long long)st->pct, cli_color(c,
		    level_color(st->state)), alerts_levels[st->state].word,
		    cli_color(c, C_OFF));
		b2[0] = '\0';
		if (q->window != QW_ROLLING)
			snprintf(b2, sizeof b2, "resets %s (%s)",
			    fmt_when(b, sizeof b, st->we, c->now),
			    fmt_relative(rel, sizeof rel, st->we - c->now));
		quota_projection_text(st, c->now, b, sizeof b);
		/* The projection takes a line of its own past 79 columns. */
		if (b2[0] == '\0')
			printf("  %-11s %s\n", "", b);
		else if (14 + text_width(b2) + 3 + text_width(b) > 79)
			printf("  %-11s %s\n  %-11s %s\n", "", b2, "", b);
		else
			printf("  %-11s %s %s %s\n", "", b2, c->dot, b);
		print_packs(c, sm, (int)i);
	}
	for (i = 0; i < sm->nnudges; i++) {
		if (sm->nudges[i].kind != NUDGE_LAPSE &&
		    sm->nudges[i].kind != NUDGE_PACK)
			continue;
		printf("  %s! %s", cli_color(c, level_color(
		    sm->nudges[i].level)), cli_color(c, C_OFF));
		cli_print_nudge(stdout, c, sm, &sm->nudges[i]);
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
		int col = level_color(alerts_budget_level(&sm->budget));

		printf(" (%lld%%) %s ", (long long)sm->budget.pct, c->dot);
		if (sm->budget.remaining >= 0)
			printf("%s left", cli_money(c, b, sizeof b,
			    sm->budget.remaining, sm->currency));
		else
			printf("%s over", cli_money(c, b, sizeof b,
			    -sm->budget.remaining, sm->currency));
		printf(" %s %s%s%s\n  ", c->dot, cli_color(c, col),
		    alerts_budget_word(&sm->budget), cli_color(c, C_OFF));
		if (sm->budget.basis || sm->budget.coming > 0)
			printf("%s by %s", cli_money(c, b2, sizeof b2,
			    sm->budget.projected, sm->currency), fmt_local(b3,
			    sizeof b3, sm->budget.me - 1, "%d %b"));
		if (sm->budget.basis)
			printf(" at the last %d days' pace%s", sm->budget.pace_days,
			    sm->budget.coming > 0 ? " and the subscriptions "
			    "to come" : "");
		else if (sm->budget.coming > 0)
			printf(" with the subscriptions to come; no pace yet");
		else
			printf("no pace yet: under a day of history");
	}
	printf("\n  %d run%s, %s GPU-h this month\n", sm->month_runs,
	    sm->month_runs == 1 ? "" : "s", fmt_hours(b, sizeof b,
	    sm->month_gpu_s));
	if (saved->gpu_s > 0)
		printf("  free tiers saved %s this month (%s GPU-h at market "
		    "rates)\n", cli_money(c, b, sizeof b, saved->amount,
		    saved->currency), fmt_hours(b2, sizeof b2, saved->gpu_s));
	for (i = 0; i < sm->ncredits; i++) {
		char *sp = text_safe(sm->credits[i].platform);

		printf("  %s credit left: %s (%s in, %s used)\n", sp,
		    cli_money(c, b, sizeof b, sm->credits[i].left,
		    sm->credits[i].currency), cli_money(c, b2, sizeof b2,
		    sm->credits[i].total, sm->credits[i].currency),
		    cli_money(c, b3, sizeof b3, sm->credits[i].used,
		    sm->credits[i].currency));
		free(sp);
	}
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

	/* Instances no run shows: stopped, and still billed for their
	 * disk, as the last refresh saw them. */
	for (i = 0, nb = 0; i < sm->nnudges; i++) {
		if (sm->nudges[i].kind != NUDGE_BILLED)
			continue;
		if (nb++ == 0)
			printf("\n%sStopped instances, still billed%s\n",
			    cli_color(c, C_BOLD), cli_color(c, C_OFF));
		printf("  %s! %s", cli_color(c, level_color(
		    sm->nudges[i].level)), cli_color(c, C_OFF));
		cli_print_nudge(stdout, c, sm, &sm->nudges[i]);
	}
	if (sm->nopen == 0)
		return;
	printf("\n%sOpen runs%s\n", cli_color(c, C_BOLD), cli_color(c, C_OFF));
	for (i = 0; i < sm->nopen; i++) {
		const struct run *r = &sm->open[i];
		const char *w[3];
		char caps[2][96], label[96];
		int k, n = run_warnings(sm, r, w, caps);
		size_t j;

		printf("  #%lld %s, since %s", (long long)r->id,
		    cli_run_label(label, sizeof label, r, c->now),
		    fmt_local(b, sizeof b, r->start, local_day_start(r->start)
		    == local_day_start(c->now) ? "%H:%M" : "%a %H:%M"));
		if (run_cost_at(r, c->now) > 0)
			printf(", %s so far", cli_money(c, b, sizeof b,
			    run_cost_at(r, c->now), r->currency));
		/* A rented instance is as fresh as the last read of it. */
		if (sm->open_seen != NULL && sm->open_seen[i] > 0)
			printf(", seen running %s ago", fmt_duration(b,
			    sizeof b, c->now > sm->open_seen[i] ? c->now -
			    sm->open_seen[i] : 0));
		for (k = 0; k < n; k++)
			printf("  %s! %s%s", cli_color(c, C_YELLOW), w[k],
			    cli_color(c, C_OFF));
		/* A paid run open too long: the cap's warning is above. */
		for (j = 0; j < sm->nnudges; j++)
			if (sm->nudges[j].kind == NUDGE_OPEN &&
			    sm->nudges[j].run_id == r->id &&
			    !sm->nudges[j].past_cap)
				printf("  %s! paid, open past "
				    "%s%s", cli_color(c,
				    level_color(sm->nudges[j].level)),
				    fmt_duration(b, sizeof b,
				    sm->nudges[j].limit), cli_color(c, C_OFF));
			else if (sm->nudges[j].kind == NUDGE_IDLE &&
			    sm->nudges[j].run_id == r->id)
				printf("  %s! GPU idle for %s%s", cli_color(c,
				    level_color(sm->nudges[j].level)),
				    fmt_duration(b, sizeof b,
				    sm->nudges[j].value), cli_color(c, C_OFF));
		putchar('\n');
	}
}

static void
print_nudges_json(struct ctx *c, const struct summary *sm)
{
	const struct savings *saved = &sm->saved;
	char b[64];
	size_t i;

	printf("  \"free_tiers_saved\": {\"month\": \"%s\", \"currency\": "
	    "\"%s\", \"amount_minor\": %lld, ", fmt_local(b, sizeof b,
	    sm->budget.ms, "%Y-%m"), saved->currency,
	    (long long)saved->amount);
	printf("\"gpu_hours\": %s, \"runs\": %d, \"unpriced_runs\": %d},\n",
	    fmt_hours_centi(b, sizeof b, saved->gpu_s),
	    saved->runs, saved->unpriced);
	printf("  \"nudges\": [");
	for (i = 0; i < sm->nnudges; i++) {
		const struct nudge *n = &sm->nudges[i];
		char *line = NULL;
		size_t len = 0;
		FILE *m;

		printf("%s\n    {\"kind\": \"%s\", \"level\": \"%s\", "
		    "\"platform\": ", i ? "," : "", nudge_kinds[n->kind],
		    alerts_levels[n->level].word);
		json_str(stdout, n->kind == NUDGE_BUDGET ? NULL : n->platform);
		printf(", \"run\": ");
		if (n->kind == NUDGE_PACK)
			printf("null, \"expense\": \"e%lld\"",
			    (long long)n->run_id);
		else if (n->kind == NUDGE_OPEN || n->kind == NUDGE_IDLE)
			printf("%lld", (long long)n->run_id);
		else
			printf("null");
		printf(", \"percent\": ");
		if (n->kind == NUDGE_OPEN || n->kind == NUDGE_IDLE ||
		    n->kind == NUDGE_BILLED)
			printf("null");
		else
			printf("%lld", (long long)n->pct);
		printf(", \"value\": %lld, \"limit\": %lld, \"at\": ",
		    (long long)n->value, (long long)n->limit);
		if (n->at != 0)
			printf("\"%s\"", fmt_iso_utc(b, sizeof b, n->at));
		else
			printf("null");
		/* The same words as the text, as a JSON string. */
		printf(", \"why\": ");
		m = open_memstream(&line, &len);
		if (m != NULL) {
			cli_print_nudge(m, c, sm, n);
			fclose(m);
		}
		if (line == NULL)
			die("out of memory");
		if (len > 0 && line[len - 1] == '\n')
			line[len - 1] = '\0';
		json_str(stdout, line);
		free(line);
		putchar('}');
	}
	printf("%s]\n", sm->nnudges ? "\n  " : "");
}

/* Reads --check's LIST into *kinds, a bit for each nudge kind; all of
 * them when no LIST is given. */
static int
read_check(const char *v, unsigned *kinds, struct err *e)
{
	const char *p = v;
	int k;

	*kinds = 0;
	if (v == NULL) {
		*kinds = (1u << NUDGE_NKINDS) - 1;
		return 0;
	}
	for (;;) {
		size_t n = strcspn(p, ",");

		for (k = 0; k < NUDGE_NKINDS; k++)
			if (strlen(nudge_kinds[k]) == n &&
			    strncmp(p, nudge_kinds[k], n) == 0)
				break;
		if (k == NUDGE_NKINDS) {
			char *w = xstrdup(p), *safe;

			w[n] = '\0';
			safe = text_safe(w);
			err_set(e, "--check: unknown kind '%s' (quota, budget, "
			    "open, lapse, pack or idle)", safe);
			free(safe);
			free(w);
			return -1;
		}
		*kinds |= 1u << k;
		if (p[n] == '\0')
			return 0;
		p += n + 1;
	}
}

int
cmd_status(struct ctx *c, const struct args *a)
{
	struct summary sm;
	struct err e;
	unsigned kinds = 0;
	size_t i, ntrip = 0;
	int check = opt_has(a, ST_CHECK);

	if (opt_has(a, ST_CSV) && (opt_has(a, ST_JSON) ||
	    opt_has(a, ST_SHORT) || check))
		return cli_fail(EXIT_USAGE, "status: --csv is not with --json, "
		    "--short or --check");
	if (opt_has(a, ST_FORMAT) && (opt_has(a, ST_CSV) ||
	    opt_has(a, ST_JSON) || check))
		return cli_fail(EXIT_USAGE, "status: --format is not with "
		    "--json, --csv or --check");
	if (opt_has(a, ST_FORMAT) &&
	    cli_status_bar_find(opt_get(a, ST_FORMAT), &e) < 0)
		return cli_fail(EXIT_USAGE, "status: %s", e.msg);
	if (check && read_check(opt_get(a, ST_CHECK), &kinds, &e) < 0)
		return cli_fail(EXIT_USAGE, "status: %s", e.msg);
	if (summary_load(&sm, c->s, c->now, &e) < 0) {
		summary_free(&sm);
		return cli_err(EXIT_FAIL, &e);
	}
	for (i = 0; i < sm.nnudges; i++)
		if (kinds & (1u << sm.nudges[i].kind))
			ntrip++;
	if (opt_has(a, ST_FORMAT)) {
		int rc = cli_status_bar(stdout, c, &sm,
		    cli_status_bar_find(opt_get(a, ST_FORMAT), &e));

		summary_free(&sm);
		return rc;
	}
	if (opt_has(a, ST_JSON))
		print_json(c, &sm);
	else if (opt_has(a, ST_CSV))
		print_csv(c, &sm);
	else if (opt_has(a, ST_SHORT))
		cli_status_short(stdout, c, &sm);
	else if (check)
		for (i = 0; i < sm.nnudges; i++) {
			if (kinds & (1u << sm.nudges[i].kind))
				cli_print_nudge(stdout, c, &sm, &sm.nudges[i]);
		}
	else
		print_text(c, &sm);
	summary_free(&sm);
	return ntrip > 0 ? EXIT_CHECK : EXIT_OK;
}
