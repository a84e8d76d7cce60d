/* cmd-spend.c: `gpulog spend`: money that is not a run. */
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "core/fmt.h"
#include "core/model.h"
#include "core/parse.h"
#include "core/text.h"
#include "store/store.h"
#include "store/summary.h"

enum { S_DATE = 1, S_NOTE, S_FUTURE };

const struct opt spend_opts[] = {
	{ S_DATE, 'd', "date", "D", "when it was paid (default: now)" },
	{ S_NOTE, 'n', "note", "TEXT", "what it was for" },
	{ S_FUTURE, 0, "future", NULL, "allow a date after now" },
	{ 0, 0, NULL, NULL, NULL },
};

int
cmd_spend(struct ctx *c, const struct args *a)
{
	struct summary sm;
	struct expense x;
	struct ops_expense_in in;
	struct err e;
	char m1[48], m2[48], m3[48];
	int rc = EXIT_USAGE;

	expense_init(&x);
	memset(&sm, 0, sizeof sm);
	memset(&in, 0, sizeof in);
	in.amount = a->pos[0];
	in.platform = a->npos > 1 ? a->pos[1] : NULL;
	in.at = opt_get(a, S_DATE);
	in.note = opt_get(a, S_NOTE);
	in.future = opt_has(a, S_FUTURE);
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
	printf("spent %s%s%s %s this month %s", m1, x.platform[0] ? " on " :
	    "", x.platform, c->dot, cli_money(c, m2, sizeof m2,
	    sm.budget.spent, sm.currency));
	if (sm.budget.max >= 0)
		printf(" of %s (%d%%)", cli_money_whole(c, m3, sizeof m3,
		    sm.budget.max, sm.currency), sm.budget.pct);
	putchar('\n');
	rc = EXIT_OK;
out:
	summary_free(&sm);
	expense_clear(&x);
	return rc;
}
