/* cmd-add.c: `gpulog add`: a run that ended, from the command line. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/runopt.h"
#include "ops/ops.h"

const struct opt add_opts[] = {
	RUN_OPTS,
	{ RO_START, 0, "start", "TIME", "start time (ISO 8601, or HH:MM)" },
	{ RO_END, 0, "end", "TIME", "end time (default: now)" },
	{ RO_FUTURE, 0, "future", NULL, "allow a run that ends after now" },
	{ 0, 0, NULL, NULL, NULL },
};

int
cmd_add(struct ctx *c, const struct args *a)
{
	return runopt_new_run(c, a, "add");
}
