/*
 * cmd-continue.c: `gpulog continue [ID] [--at TIME]`: start a new run as
 * an earlier, ended one was (the newest by default): its platform, GPU
 * and GPU count, note, project and tags, through the same change as
 * `start`.  A run still open is not continued.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/runopt.h"
#include "ops/ops.h"
#include "store/store.h"

enum { C_AT = 1 };

const struct opt continue_opts[] = {
	{ C_AT, 0, "at", "TIME", "when it started again (default: now)" },
	{ 0, 0, NULL, NULL, NULL },
};

/* Splits the run's comma-separated tags into in's list, in buf. */
static void
take_tags(struct ops_run_in *in, char *buf)
{
	char *p = buf, *comma;

	in->ntags = 0;
	in->tags_set = 1;
	while (p != NULL && *p != '\0' && in->ntags < OPS_TAGS_MAX) {
		if ((comma = strchr(p, ',')) != NULL)
			*comma = '\0';
		if (*p != '\0')
			in->tags[in->ntags++] = p;
		p = comma != NULL ? comma + 1 : NULL;
	}
}

int
cmd_continue(struct ctx *c, const struct args *a)
{
	struct ops_run_in in;
	struct ops_result res;
	struct run r;
	struct err e;
	char gpus[16], *tags = NULL;
	int64_t id;
	int rc;

	run_init(&r);
	ops_run_in_init(&in);
	ops_result_init(&res);
	if (cli_run_id(c, a->npos > 0 ? a->pos[0] : "-1", 0, &id, &e) < 0) {
		rc = a->npos > 0 ? cli_fail(EXIT_USAGE, "continue: %s", e.msg) :
		    cli_fail(EXIT_USAGE, "continue: there is no run yet");
		goto out;
	}
	switch (store_get_run(c->s, id, &r, &e)) {
	case -1:
		rc = cli_err(EXIT_FAIL, &e);
		goto out;
	case 0:
		rc = cli_fail(EXIT_USAGE, "continue: no run #%lld",
		    (long long)id);
		goto out;
	}
	if (r.end == RUN_OPEN) {
		rc = cli_fail(EXIT_USAGE, "continue: run #%lld on %s is still "
		    "open; `gpulog stop` ends it", (long long)r.id,
		    r.platform);
		goto out;
	}
	in.platform = r.platform;
	in.gpu = r.gpu;
	snprintf(gpus, sizeof gpus, "%d", r.gpus);
	in.gpus = gpus;
	in.note = r.note;
	in.project = r.project;
	if (r.tags != NULL) {
		tags = xstrdup(r.tags);
		take_tags(&in, tags);
	}
	in.start = opt_get(a, C_AT);
	if (ops_start(&c->ops, &in, &res, &e) < 0) {
		rc = runopt_fail(c, "continue", &e);
		goto out;
	}
	rc = runopt_report(c, "started", &res);
out:
	free(tags);
	run_clear(&r);
	ops_result_clear(&res);
	return rc;
}
