/* cmd-rm.c: `gpulog rm`: a run, an expense, several runs, or every run
 * from a source. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/runopt.h"
#include "core/text.h"
#include "ops/ops.h"
#include "store/store.h"

enum { RM_SOURCE = 1 };

const struct opt rm_opts[] = {
	{ RM_SOURCE, 0, "source", "SOURCE", "every run imported from SOURCE "
	    "(reconcile, csv, kaggle, ...)" },
	{ 0, 0, NULL, NULL, NULL },
};

/* The ids of the runs whose source is the one sought. */
struct by_source {
	int64_t *ids;
	size_t n;
};

static int
add_source_run(const struct run *r, void *arg)
{
	struct by_source *b = arg;

	b->ids = xrealloc(b->ids, (b->n + 1) * sizeof *b->ids);
	b->ids[b->n++] = r->id;
	return 0;
}

/* rm of several runs, or of every run from --source: one change. */
static int
rm_many(struct ctx *c, const struct args *a)
{
	struct by_source b = { NULL, 0 };
	struct filter f;
	struct run *runs;
	struct err e;
	size_t i;
	int rc = EXIT_FAIL;

	if (opt_has(a, RM_SOURCE)) {
		if (a->npos > 0)
			return cli_fail(EXIT_USAGE, "rm: give IDs or --source, "
			    "not both");
		memset(&f, 0, sizeof f);
		f.source = opt_get(a, RM_SOURCE);
		f.any_order = 1;
		if (store_each_run(c->s, &f, add_source_run, &b, &e) < 0)
			return cli_err(EXIT_FAIL, &e);
		if (b.n == 0) {
			char *safe = text_safe(f.source);

			rc = cli_fail(EXIT_FAIL, "rm: no run comes from %s",
			    safe);
			free(safe);
			return rc;
		}
	} else {
		b.ids = xcalloc((size_t)a->npos, sizeof *b.ids);
		for (i = 0; i < (size_t)a->npos; i++, b.n++) {
			int64_t x;

			if (cli_expense_id(c, a->pos[i], &x, &e) != 0) {
				free(b.ids);
				return cli_fail(EXIT_USAGE, "rm: %s: several "
				    "are runs alone; remove an expense by "
				    "itself", a->pos[i]);
			}
			if (cli_run_id(c, a->pos[i], 0, &b.ids[i], &e) < 0) {
				free(b.ids);
				return cli_fail(EXIT_USAGE, "rm: %s", e.msg);
			}
		}
	}
	runs = xcalloc(b.n, sizeof *runs);
	for (i = 0; i < b.n; i++)
		run_init(&runs[i]);
	if (ops_rm_many(&c->ops, b.ids, b.n, runs, &e) < 0) {
		rc = runopt_fail(c, "rm", &e);
	} else {
		for (i = 0; i < b.n; i++) {
			char what[96];

			printf("removed #%lld %s\n", (long long)runs[i].id,
			    cli_run_label(what, sizeof what, &runs[i],
			    c->now));
		}
		printf("removed %zu runs in one change (gpulog undo brings "
		    "them back)\n", b.n);
		rc = EXIT_OK;
	}
	for (i = 0; i < b.n; i++)
		run_clear(&runs[i]);
	free(runs);
	free(b.ids);
	return rc;
}

int
cmd_rm(struct ctx *c, const struct args *a)
{
	struct ops_result res;
	struct err e;
	int64_t id;
	int rc;

	if (a->npos != 1 || opt_has(a, RM_SOURCE)) {
		if (a->npos == 0 && !opt_has(a, RM_SOURCE))
			return cli_fail(EXIT_USAGE, "rm: give an ID, several, "
			    "or --source SOURCE");
		return rm_many(c, a);
	}
	switch (cli_expense_id(c, a->pos[0], &id, &e)) {
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
		rc = runopt_removed(c, "removed", &res);
	ops_result_clear(&res);
	return rc;
}
