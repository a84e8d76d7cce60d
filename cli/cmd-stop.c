/* cmd-stop.c: `gpulog stop`, `gpulog cancel`, `gpulog rm` and `gpulog undo`. */
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/runopt.h"
#include "ops/ops.h"

const struct opt stop_opts[] = {
	{ RO_AT, 0, "at", "TIME", "when it ended (default: now)" },
	{ 0, 0, NULL, NULL, NULL },
};

/* The run named by pos ("42", "#42", "-1") in *id, or 0 when pos is
 * NULL (the only open run). */
static int
open_id(struct ctx *c, const char *pos, int64_t *id, struct err *e)
{
	*id = 0;
	return pos == NULL ? 0 : cli_run_id(c, pos, 1, id, e);
}

int
cmd_stop(struct ctx *c, const struct args *a)
{
	struct ops_result res;
	struct err e;
	int64_t id;
	int rc;

	ops_result_init(&res);
	if (open_id(c, a->npos ? a->pos[0] : NULL, &id, &e) < 0)
		rc = cli_fail(EXIT_USAGE, "stop: %s", e.msg);
	else if (ops_stop(&c->ops, id, opt_get(a, RO_AT), &res, &e) < 0)
		rc = runopt_fail(c, "stop", &e);
	else
		rc = runopt_report(c, "stopped", &res);
	ops_result_clear(&res);
	return rc;
}

/* Prints what cancel or rm removed: "removed #42 kaggle P100 2h30m". */
static int
removed(struct ctx *c, const char *verb, const struct ops_result *res)
{
	char what[96];

	printf("%s #%lld %s\n", verb, (long long)res->run.id,
	    cli_run_label(what, sizeof what, &res->run, c->now));
	return EXIT_OK;
}

int
cmd_cancel(struct ctx *c, const struct args *a)
{
	struct ops_result res;
	struct err e;
	int64_t id;
	int rc;

	ops_result_init(&res);
	if (open_id(c, a->npos ? a->pos[0] : NULL, &id, &e) < 0)
		rc = cli_fail(EXIT_USAGE, "cancel: %s", e.msg);
	else if (ops_cancel(&c->ops, id, &res, &e) < 0)
		rc = runopt_fail(c, "cancel", &e);
	else
		rc = removed(c, "cancelled", &res);
	ops_result_clear(&res);
	return rc;
}

int
cmd_rm(struct ctx *c, const struct args *a)
{
	struct ops_result res;
	struct err e;
	int64_t id;
	int rc;

	switch (cli_expense_id(a->pos[0], &id, &e)) {
	case 1: {
		struct expense x;

		expense_init(&x);
		if (ops_expense_rm(&c->ops, id, &x, &e) < 0) {
			rc = runopt_fail(c, "rm", &e);
		} else {
			fputs("removed ", stdout);
			cli_print_expense(c, &x);
			rc = EXIT_OK;
		}
		expense_clear(&x);
		return rc;
	}
	case -1:
		return cli_fail(EXIT_USAGE, "rm: %s", e.msg);
	}
	ops_result_init(&res);
	if (cli_run_id(c, a->pos[0], 0, &id, &e) < 0)
		rc = cli_fail(EXIT_USAGE, "rm: %s", e.msg);
	else if (ops_rm(&c->ops, id, &res, &e) < 0)
		rc = runopt_fail(c, "rm", &e);
	else
		rc = removed(c, "removed", &res);
	ops_result_clear(&res);
	return rc;
}

int
cmd_undo(struct ctx *c, const struct args *a)
{
	struct err e;
	char what[256];
	int rc;

	(void)a;
	rc = ops_undo(&c->ops, what, sizeof what, &e);
	if (rc < 0)
		return runopt_fail(c, "undo", &e);
	if (rc == 0)
		return cli_fail(EXIT_FAIL, "undo: nothing to undo");
	fputs("undid: ", stdout);
	cli_put_safe(stdout, what);
	putchar('\n');
	return EXIT_OK;
}
