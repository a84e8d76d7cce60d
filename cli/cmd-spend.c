/*
 * cmd-spend.c: `gpulog spend`: money that is not a run, recorded with an
 * amount, or listed (this month's, or a range's) with none; and what
 * `gpulog edit eN` and `gpulog rm eN` print for an expense.
 */
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "core/clock.h"
#include "core/fields.h"
#include "core/fmt.h"
#include "core/model.h"
#include "core/parse.h"
#include "core/text.h"
#include "store/store.h"
#include "store/summary.h"

enum { S_DATE = 1, S_NOTE, S_FUTURE, S_SINCE, S_UNTIL, S_PLATFORM, S_JSON,
	S_CSV, S_UNITS, S_CREDIT, S_MONTHLY, S_STOP, S_MONTH, S_LAST_MONTH,
	S_WEEK };

const struct opt spend_opts[] = {
	{ S_DATE, 'd', "date", "D", "when it was paid (default: now)" },
	{ S_NOTE, 'n', "note", "TEXT", "what it was for" },
	{ S_FUTURE, 0, "future", NULL, "allow a date after now" },
	{ S_UNITS, 'u', "units", "N", "a pack of N units of the quota" },
	{ S_CREDIT, 0, "credit", NULL, "prepaid credit: its runs count, not "
	    "it" },
	{ S_MONTHLY, 0, "monthly", NULL, "a subscription: paid again each "
	    "month on its day" },
	{ S_STOP, 0, "stop", "eN", "stop subscription eN; its payments stay" },
	{ S_SINCE, 0, "since", "TIME", "list: expenses from TIME (default: "
	    "this month's)" },
	{ S_UNTIL, 0, "until", "TIME", "list: expenses before TIME" },
	RANGE_OPTS(S_MONTH, S_LAST_MONTH, S_WEEK),
	{ S_PLATFORM, 'p', "platform", "PLATFORM", "list: one platform's" },
	{ S_JSON, 0, "json", NULL, "list: print JSON" },
	{ S_CSV, 0, "csv", NULL, "list: print CSV" },
	{ 0, 0, NULL, NULL, NULL },
};

void
cli_print_expense(struct ctx *c, const struct expense *x)
{
	char when[32], money[48], id[24], pad[64], ref[40];
	char *sp = text_safe(x->platform[0] ? x->platform : "-");

	snprintf(id, sizeof id, "e%lld", (long long)x->id);
	fmt_local(when, sizeof when, x->at, "%a %Y-%m-%d %H:%M");
	printf("%-6s %s ", id, cli_pad(pad, sizeof pad, uid_ref(x->uid, ref,
	    sizeof ref), REF_MIN, 0));
	printf("%s  %s ", when, cli_pad(pad, sizeof pad, sp, 10, 0));
	printf("%s", cli_pad(pad, sizeof pad, cli_money(c, money, sizeof money,
	    x->amount_minor, x->currency), 12, 1));
	if (expense_kind(x) == EXP_PACK)
		printf("  pack of %s", fmt_centi(money, sizeof money,
		    x->units_centi));
	else if (expense_kind(x) == EXP_CREDIT)
		fputs("  credit", stdout);
	else if (expense_kind(x) == EXP_MONTHLY)
		fputs("  monthly", stdout);
	else if (strcmp(x->source, EXPENSE_MONTHLY_SRC) == 0)
		fputs("  renewal", stdout);
	if (x->note != NULL) {
		fputs("  ", stdout);
		cli_put_safe(stdout, x->note);
	}
	putchar('\n');
	free(sp);
}

struct spend_list {
	struct ctx *c;
	struct summary *sm;
	const char *platform;     /* a key, or NULL for all */
	int mode;                 /* 0 text, 1 json, 2 csv */
	int n;
	int64_t total;            /* in the display currency */
	struct fx_total total_x;  /* total, exact: rounded once */
};

static int
list_one(const struct expense *x, void *arg)
{
	struct spend_list *l = arg;
	char *j;

	if (l->platform != NULL && strcmp(x->platform, l->platform) != 0)
		return 0;
	switch (l->mode) {
	case 1:
		j = fields_json(fields_expense, fields_nexpense, x,
		    FIELDS_SHOWN, l->c->now);
		fputs(l->n ? ",\n  " : "\n  ", stdout);
		fputs(j, stdout);
		free(j);
		break;
	case 2:
		j = fields_csv(fields_expense, fields_nexpense, x, l->c->now);
		puts(j);
		free(j);
		break;
	default:
		cli_print_expense(l->c, x);
	}
	if (expense_is_spend(x))
		l->total = summary_add(l->sm, &l->total_x, x->amount_minor,
		    x->currency, x->at);
	l->n++;
	return 0;
}

/* A running subscription, under the list: "running: e1 colab-pro
 * ₹899.00 a month since Tue 2026-11-03, next Thu 2027-01-03". */
static int
list_monthly(const struct expense *x, void *arg)
{
	struct spend_list *l = arg;
	char m[48], d[32], next[32];

	if (l->platform != NULL && strcmp(x->platform, l->platform) != 0)
		return 0;
	printf("running: e%lld %s %s a month since %s, next %s\n",
	    (long long)x->id, x->platform[0] != '\0' ? x->platform : "-",
	    cli_money(l->c, m, sizeof m, x->amount_minor, x->currency),
	    fmt_local(d, sizeof d, x->at, "%a %Y-%m-%d"), fmt_local(next,
	    sizeof next, local_month_same_day_after(x->at, l->c->now),
	    "%a %Y-%m-%d"));
	return 0;
}

/* `gpulog spend` with no amount: the month's expenses, or a range's. */
static int
list(struct ctx *c, const struct args *a)
{
	struct summary sm;
	struct spend_list l;
	struct err e;
	int64_t since, until;
	char key[32], b[48];
	int rc = EXIT_OK;

	memset(&l, 0, sizeof l);
	if (summary_load(&sm, c->s, c->now, &e) < 0) {
		summary_free(&sm);
		return cli_err(EXIT_FAIL, &e);
	}
	if (cli_range_args(c, a, (const int[]){ S_SINCE, S_UNTIL, S_MONTH,
	    S_LAST_MONTH, S_WEEK }, &since, &until, &e) < 0 ||
	    (opt_has(a, S_PLATFORM) &&
	    cli_platform(&sm, opt_get(a, S_PLATFORM), key, &e) < 0)) {
		rc = cli_fail(EXIT_USAGE, "spend: %s", e.msg);
		goto out;
	}
	if (since == 0 && until == 0) {
		since = sm.budget.ms;
		until = sm.budget.me;
	}
	l.c = c;
	l.sm = &sm;
	l.platform = opt_has(a, S_PLATFORM) ? key : NULL;
	l.mode = opt_has(a, S_JSON) ? 1 : opt_has(a, S_CSV) ? 2 : 0;
	if (l.mode == 1)
		putchar('[');
	if (l.mode == 2)
		cli_csv_header(fields_expense, fields_nexpense);
	if (store_each_expense(c->s, since, until, list_one, &l, &e) < 0) {
		rc = cli_err(EXIT_FAIL, &e);
		goto out;
	}
	if (l.mode == 1)
		puts(l.n ? "\n]" : "]");
	else if (l.mode == 0 && l.n == 0)
		puts("no expenses");
	else if (l.mode == 0)
		printf("%d expense%s, %s spent (credit top-ups not "
		    "counted)\n", l.n, l.n == 1 ? "" : "s", cli_money(c, b,
		    sizeof b, l.total, sm.currency));
	if (l.mode == 0 && store_each_monthly(c->s, list_monthly, &l, &e) < 0)
		rc = cli_err(EXIT_FAIL, &e);
out:
	summary_free(&sm);
	return rc;
}

/* 1 when an option of the list is given. */
static int
listing(const struct args *a)
{
	static const int ids[] = { S_SINCE, S_UNTIL, S_MONTH, S_LAST_MONTH,
		S_WEEK, S_PLATFORM, S_JSON, S_CSV };
	size_t i;

	for (i = 0; i < sizeof ids / sizeof ids[0]; i++)
		if (opt_has(a, ids[i]))
			return 1;
	return 0;
}

/* `gpulog spend --stop eN`. */

static int
stop(struct ctx *c, const struct args *a)
{
	struct expense x;
	struct err e;
	char m[48], *safe;
	int64_t id;
	int rc;

	if (a->npos > 0 || opt_has(a, S_DATE) || opt_has(a, S_NOTE) ||
	    opt_has(a, S_FUTURE) || opt_has(a, S_UNITS) ||
	    opt_has(a, S_CREDIT) || opt_has(a, S_MONTHLY) ||
	    listing(a))
		return cli_fail(EXIT_USAGE, "spend: --stop takes the "
		    "subscription's eN alone");
	switch (cli_expense_id(c, opt_get(a, S_STOP), &id, &e)) {
	case -1:
		return cli_fail(EXIT_USAGE, "spend: --stop: %s", e.msg);
	case 0:
		safe = text_safe(opt_get(a, S_STOP));
		rc = cli_fail(EXIT_USAGE, "spend: --stop: invalid subscription "
		    "\"%s\": expected its expense id, such as e3", safe);
		free(safe);
		return rc;
	}
	expense_init(&x);
	if (ops_spend_stop(&c->ops, id, &x, &e) < 0) {
		rc = c->ops.field == OPS_F_NONE ? cli_err(EXIT_FAIL, &e) :
		    cli_fail(EXIT_USAGE, "spend: --stop: %s", e.msg);
	} else {
		printf("stopped e%lld %s%s%s monthly; the payments recorded "
		    "stay\n", (long long)x.id, cli_money(c, m, sizeof m,
		    x.amount_minor, x.currency), x.platform[0] ? " on " : "",
		    x.platform);
		rc = EXIT_OK;
	}
	expense_clear(&x);
	return rc;
}

int
cmd_spend(struct ctx *c, const struct args *a)
{
	struct summary sm;
	struct expense x;
	struct ops_expense_in in;
	struct err e;
	char m1[48], m2[48], m3[48];
	int rc = EXIT_USAGE;

	if (opt_has(a, S_STOP))
		return stop(c, a);
	if (a->npos == 0) {
		if (opt_has(a, S_DATE) || opt_has(a, S_NOTE) ||
		    opt_has(a, S_FUTURE) || opt_has(a, S_UNITS) ||
		    opt_has(a, S_CREDIT) || opt_has(a, S_MONTHLY))
			return cli_fail(EXIT_USAGE, "spend: missing AMOUNT "
			    "(--date, --note, --future, --units, --credit and "
			    "--monthly record one)");
		return list(c, a);
	}
	if (listing(a))
		return cli_fail(EXIT_USAGE, "spend: --since, --until, "
		    "--month, --last-month, --week, --platform, --json and "
		    "--csv list expenses; give no AMOUNT");
	expense_init(&x);
	memset(&sm, 0, sizeof sm);
	memset(&in, 0, sizeof in);
	in.amount = a->pos[0];
	in.platform = a->npos > 1 ? a->pos[1] : NULL;
	in.at = opt_get(a, S_DATE);
	in.note = opt_get(a, S_NOTE);
	in.future = opt_has(a, S_FUTURE);
	in.units = opt_get(a, S_UNITS);
	in.credit = opt_has(a, S_CREDIT);
	in.monthly = opt_has(a, S_MONTHLY);
	if (ops_spend(&c->ops, &in, &x, &e) < 0) {
		if (c->ops.field == OPS_F_NONE)
			rc = cli_err(EXIT_FAIL, &e);
		else
			rc = cli_fail(EXIT_USAGE, "spend: %s%s", e.msg,
			    c->ops.future ? "; give --future if it is meant" :
			    "");
		goto out;
	}
	cli_money(c, m1, sizeof m1, x.amount_minor, x.currency);
	summary_free(&sm);
	if (summary_load(&sm, c->s, c->now, &e) < 0) {
		rc = cli_err(EXIT_FAIL, &e);
		goto out;
	}
	printf("spent e%lld %s%s%s", (long long)x.id, m1, x.platform[0] ?
	    " on " : "", x.platform);
	if (expense_kind(&x) == EXP_PACK)
		printf(" (a pack of %s)", fmt_centi(m3, sizeof m3,
		    x.units_centi));
	else if (expense_kind(&x) == EXP_CREDIT)
		fputs(" (credit)", stdout);
	else if (expense_kind(&x) == EXP_MONTHLY)
		printf(" monthly, next %s", fmt_local(m3, sizeof m3,
		    local_month_same_day_after(x.at, c->now), "%a %Y-%m-%d"));
	printf(" %s this month %s", c->dot, cli_money(c, m2, sizeof m2,
	    sm.budget.spent, sm.currency));
	if (sm.budget.max >= 0)
		printf(" of %s (%lld%%)", cli_money_whole(c, m3, sizeof m3,
		    sm.budget.max, sm.currency), (long long)sm.budget.pct);
	putchar('\n');
	rc = EXIT_OK;
out:
	summary_free(&sm);
	expense_clear(&x);
	return rc;
}
