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
	struct err e;
	const char *v;
	char label[96], m1[48], m2[48], m3[48];
	int rc = EXIT_USAGE;

	expense_init(&x);
	memset(&sm, 0, sizeof sm);
	if (summary_load_catalog(&sm, c->s, c->now, &e) < 0) {
		rc = cli_err(EXIT_FAIL, &e);
		goto out;
	}
	if (parse_money(a->pos[0], 2, sm.currency, &x.amount_minor,
	    x.currency, &e) < 0)
		goto bad;
	if (x.amount_minor <= 0) {
		err_set(&e, "invalid amount \"%s\": must be more than zero",
		    a->pos[0]);
		goto bad;
	}
	if (a->npos > 1 && cli_platform(&sm, a->pos[1], x.platform, &e) < 0)
		goto bad;
	x.at = c->now;
	if ((v = opt_get(a, S_DATE)) != NULL &&
	    parse_time(v, c->now, &x.at, &e) < 0)
		goto bad;
	if (x.at > c->now && !opt_has(a, S_FUTURE)) {
		err_set(&e, "the date is in the future; give --future if it "
		    "is meant");
		goto bad;
	}
	if ((v = opt_get(a, S_NOTE)) != NULL && *v != '\0')
		x.note = xstrdup(v);
	snprintf(label, sizeof label, "spend %s%s%s", cli_money(c, m1,
	    sizeof m1, x.amount_minor, x.currency), x.platform[0] ? " on " :
	    "", x.platform);
	if (store_begin(c->s, label, &e) < 0 ||
	    store_add_expense(c->s, &x, &e) < 0 ||
	    store_commit(c->s, &e) < 0) {
		store_rollback(c->s);
		rc = cli_err(EXIT_FAIL, &e);
		goto out;
	}
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
	goto out;
bad:
	rc = cli_fail(EXIT_USAGE, "spend: %s", e.msg);
out:
	summary_free(&sm);
	expense_clear(&x);
	return rc;
}
