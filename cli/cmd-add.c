/* cmd-add.c: `gpulog add`, `gpulog start` and `gpulog edit`. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "core/parse.h"
#include "cli/runopt.h"
#include "ops/ops.h"

#define RUN_OPTS \
	{ RO_GPU, 'g', "gpu", "MODEL", \
	    "GPU model, as in P100 or \"RTX 4090\"" }, \
	{ RO_GPUS, 0, "gpus", "N", "number of GPUs (default 1)" }, \
	{ RO_NOTE, 'n', "note", "TEXT", "what the run was" }, \
	{ RO_TAG, 't', "tag", "TAG", "a tag (repeat for more)" }, \
	{ RO_PROJECT, 0, "project", "NAME", "the project it belongs to" }, \
	{ RO_COST, 0, "cost", "AMOUNT", "what it cost: 250INR, $3.20" }, \
	{ RO_RATE, 0, "rate", "AMOUNT", "price per GPU-hour (USD if bare)" }, \
	{ RO_UNITS, 0, "units", "CU", "compute units it used (Colab)" }, \
	{ RO_CKPT, 0, "checkpointed", NULL, "the run saved checkpoints" }

const struct opt add_opts[] = {
	RUN_OPTS,
	{ RO_START, 0, "start", "TIME", "start time (ISO 8601, or HH:MM)" },
	{ RO_END, 0, "end", "TIME", "end time (default: now)" },
	{ RO_FUTURE, 0, "future", NULL, "allow a run that ends after now" },
	{ 0, 0, NULL, NULL, NULL },
};

const struct opt start_opts[] = {
	RUN_OPTS,
	{ RO_AT, 0, "at", "TIME", "when it started (default: now)" },
	{ 0, 0, NULL, NULL, NULL },
};

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

/*
 * Reads WHEN from positionals pos[0..n) (a duration, a range, or a day and
 * a range) into in, refusing it beside --start/--end.  Words are joined
 * with spaces, so that Timewarrior's spellings, `14:00 - 17:30` and
 * `1h 30m`, read as one; a first word that names a day is the day.  The
 * text lives in buf, of size BUFSIZ.
 */
static int
read_when(const struct args *a, const char *const *pos, int n,
    struct ops_run_in *in, char *buf, struct err *e)
{
	int i = 0;
	size_t len = 0;

	if (n > 0 && (opt_has(a, RO_START) || opt_has(a, RO_END)))
		return err_set(e, "give WHEN or --start/--end, not both");
	if (n == 0)
		return 0;
	if (n > 1 && is_day_word(pos[0]))
		in->day = pos[i++];
	buf[0] = '\0';
	for (; i < n; i++) {
		size_t k = strlen(pos[i]);

		if (len + k + 2 > BUFSIZ)
			return err_set(e, "WHEN is too long");
		if (len > 0)
			buf[len++] = ' ';
		memcpy(buf + len, pos[i], k + 1);
		len += k;
	}
	in->when = buf;
	return 0;
}

/* add and start: one new run from the command line. */
static int
new_run(struct ctx *c, const struct args *a, const char *verb)
{
	struct ops_run_in in;
	struct ops_result res;
	struct err e;
	char when[BUFSIZ];
	int rc;

	ops_run_in_init(&in);
	ops_result_init(&res);
	if (runopt_input(a, &in, &e) < 0 || (strcmp(verb, "add") == 0 &&
	    read_when(a, a->pos + 1, a->npos - 1, &in, when, &e) < 0)) {
		rc = cli_fail(EXIT_USAGE, "%s: %s", verb, e.msg);
		goto out;
	}
	in.platform = a->pos[0];
	if (strcmp(verb, "start") == 0) {
		in.start = opt_get(a, RO_AT);
		in.future = 0;
	}
	if ((strcmp(verb, "add") == 0 ? ops_add(&c->ops, &in, &res, &e) :
	    ops_start(&c->ops, &in, &res, &e)) < 0) {
		rc = runopt_fail(c, verb, &e);
		goto out;
	}
	rc = runopt_report(c, strcmp(verb, "add") == 0 ? "added" : "started",
	    &res);
out:
	ops_result_clear(&res);
	return rc;
}

int
cmd_add(struct ctx *c, const struct args *a)
{
	return new_run(c, a, "add");
}

int
cmd_start(struct ctx *c, const struct args *a)
{
	return new_run(c, a, "start");
}

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

	switch (cli_expense_id(a->pos[0], &id, &e)) {
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
	    read_when(a, a->pos + 1, a->npos - 1, &in, when, &e) < 0) {
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
