/* cmd-start.c: `gpulog start`: a run going on now. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/runopt.h"
#include "ops/ops.h"

const struct opt start_opts[] = {
	RUN_OPTS,
	{ RO_AT, 0, "at", "TIME", "when it started (default: now)" },
	{ 0, 0, NULL, NULL, NULL },
};

int
cmd_start(struct ctx *c, const struct args *a)
{
	return runopt_new_run(c, a, "start");
}
