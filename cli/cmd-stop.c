/* cmd-stop.c: `gpulog stop`: the open run ends. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/runopt.h"
#include "ops/ops.h"

const struct opt stop_opts[] = {
	{ RO_AT, 0, "at", "TIME", "when it ended (default: now)" },
	{ 0, 0, NULL, NULL, NULL },
};

int
cmd_stop(struct ctx *c, const struct args *a)
{
	struct ops_result res;
	struct err e;
	int64_t id;
	int rc;

	ops_result_init(&res);
	if (runopt_open_id(c, a->npos ? a->pos[0] : NULL, &id, &e) < 0)
		rc = cli_fail(EXIT_USAGE, "stop: %s", e.msg);
	else if (ops_stop(&c->ops, id, opt_get(a, RO_AT), &res, &e) < 0)
		rc = runopt_fail(c, "stop", &e);
	else
		rc = runopt_report(c, "stopped", &res);
	ops_result_clear(&res);
	return rc;
}
