/* cmd-cancel.c: `gpulog cancel`: an open run that should not have been
 * started goes. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/runopt.h"
#include "ops/ops.h"

int
cmd_cancel(struct ctx *c, const struct args *a)
{
	struct ops_result res;
	struct err e;
	int64_t id;
	int rc;

	ops_result_init(&res);
	if (runopt_open_id(c, a->npos ? a->pos[0] : NULL, &id, &e) < 0)
		rc = cli_fail(EXIT_USAGE, "cancel: %s", e.msg);
	else if (ops_cancel(&c->ops, id, &res, &e) < 0)
		rc = runopt_fail(c, "cancel", &e);
	else
		rc = runopt_removed(c, "cancelled", &res);
	ops_result_clear(&res);
	return rc;
}
