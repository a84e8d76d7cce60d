/* cmd-edit.c: `gpulog edit`: a run's figures, or an expense's. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/runopt.h"
#include "ops/ops.h"

const struct opt edit_opts[] = {
	RUN_OPTS,
	{ RO_NO_CKPT, 0, "no-checkpointed", NULL, "the run saved none" },
	{ RO_PLATFORM, 'p', "platform", "PLATFORM", "move it to a platform" },
	{ RO_START, 0, "start", "TIME", "new start time" },
	{ RO_END, 0, "end", "TIME", "new end time" },
	{ RO_FUTURE, 0, "future", NULL, "allow a run that ends after now" },
	{ RO_AMOUNT, 0, "amount", "AMOUNT", "an expense's new amount" },
	{ RO_DATE, 'd', "date", "D", "an expense's new date" },
	{ 0, 0, NULL, NULL, NULL },
};

/* `gpulog edit eN`: an expense's amount, date, platform and note. */
static int
edit_expense(struct ctx *c, const struct args *a, int64_t id)
{
	struct ops_expense_in in;
	struct expense x;
	struct err e;
	int i, rc;

	for (i = 0; i < a->ngiven; i++) {
		int k = a->given[i].id;

		if (k != RO_AMOUNT && k != RO_DATE && k != RO_PLATFORM &&
		    k != RO_NOTE && k != RO_FUTURE)
			return cli_fail(EXIT_USAGE, "edit: an expense takes "
			    "--amount, --date, --platform, --note and "
			    "--future");
	}
	if (a->npos > 1)
		return cli_fail(EXIT_USAGE, "edit: an expense has no WHEN; "
		    "give --date");
	memset(&in, 0, sizeof in);
	in.amount = opt_get(a, RO_AMOUNT);
	in.at = opt_get(a, RO_DATE);
	in.platform = opt_get(a, RO_PLATFORM);
	if (opt_has(a, RO_NOTE))
		in.note = opt_get(a, RO_NOTE) ? opt_get(a, RO_NOTE) : "";
	in.future = opt_has(a, RO_FUTURE);
	expense_init(&x);
	if (ops_expense_edit(&c->ops, id, &in, &x, &e) < 0) {
		rc = c->ops.field == OPS_F_NONE ? cli_err(EXIT_FAIL, &e) :
		    cli_fail(EXIT_USAGE, "edit: %s%s", e.msg, c->ops.future ?
		    "; give --future if it is meant" : "");
	} else {
		fputs("changed ", stdout);
		cli_print_expense(c, &x);
		rc = EXIT_OK;
	}
	expense_clear(&x);
	return rc;
}

int
cmd_edit(struct ctx *c, const struct args *a)
{
	struct ops_run_in in;
	struct ops_result res;
	struct err e;
	char when[BUFSIZ];
	int64_t id;
	int rc;

	switch (cli_expense_id(c, a->pos[0], &id, &e)) {
	case 1:
		return edit_expense(c, a, id);
	case -1:
		return cli_fail(EXIT_USAGE, "edit: %s", e.msg);
	}
	if (opt_has(a, RO_AMOUNT) || opt_has(a, RO_DATE))
		return cli_fail(EXIT_USAGE, "edit: --amount and --date are for "
		    "an expense (eN); a run takes WHEN or --start/--end");
	ops_run_in_init(&in);
	ops_result_init(&res);
	if (cli_run_id(c, a->pos[0], 0, &id, &e) < 0 ||
	    runopt_input(a, &in, &e) < 0 ||
	    runopt_when(a, a->pos + 1, a->npos - 1, &in, when, &e) < 0) {
		rc = cli_fail(EXIT_USAGE, "edit: %s", e.msg);
		goto out;
	}
	if (ops_edit(&c->ops, id, &in, &res, &e) < 0) {
		rc = runopt_fail(c, "edit", &e);
		goto out;
	}
	rc = runopt_report(c, "changed", &res);
out:
	ops_result_clear(&res);
	return rc;
}
