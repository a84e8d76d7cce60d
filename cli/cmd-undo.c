/* cmd-undo.c: `gpulog undo`: the latest change, taken back. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/runopt.h"
#include "ops/ops.h"

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
