/* cmd-stop.c: `gpulog stop`, `gpulog cancel`, `gpulog rm` and `gpulog undo`. */
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/runopt.h"
#include "core/model.h"
#include "core/parse.h"
#include "store/store.h"
#include "store/summary.h"

const struct opt stop_opts[] = {
	{ RO_AT, 0, "at", "TIME", "when it ended (default: now)" },
	{ 0, 0, NULL, NULL, NULL },
};

struct open_list {
	int64_t ids[4];
	char names[4][32];
	int n;
};

static int
list_open(const struct run *r, void *arg)
{
	struct open_list *l = arg;

	if (l->n < 4) {
		l->ids[l->n] = r->id;
		memcpy(l->names[l->n], r->platform, 32);
	}
	l->n++;
	return 0;
}

/* The open run named by pos (or the only open one) into r. */
static int
find_open(struct ctx *c, const char *pos, struct run *r, struct err *e,
    int *code)
{
	struct open_list l = { { 0 }, { { 0 } }, 0 };
	struct filter f;
	int64_t id;
	int rc, i;

	*code = EXIT_USAGE;
	if (pos == NULL) {
		memset(&f, 0, sizeof f);
		f.open_only = 1;
		if (store_each_run(c->s, &f, list_open, &l, e) < 0) {
			*code = EXIT_FAIL;
			return -1;
		}
		if (l.n == 0)
			return err_set(e, "no run is open");
		if (l.n > 1) {
			char buf[160] = "";

			for (i = 0; i < l.n && i < 4; i++) {
				size_t k = strlen(buf);

				snprintf(buf + k, sizeof buf - k, "%s#%lld %s",
				    i ? ", " : "", (long long)l.ids[i],
				    l.names[i]);
			}
			return err_set(e, "%d runs are open (%s%s): name one",
			    l.n, buf, l.n > 4 ? ", ..." : "");
		}
		id = l.ids[0];
	} else if (cli_run_id(c, pos, 1, &id, e) < 0) {
		return -1;
	}
	if ((rc = store_get_run(c->s, id, r, e)) <= 0) {
		if (rc < 0)
			*code = EXIT_FAIL;
		return rc < 0 ? -1 : err_set(e, "no run #%lld", (long long)id);
	}
	if (r->end != RUN_OPEN)
		return err_set(e, "run #%lld has already ended", (long long)id);
	return 0;
}

int
cmd_stop(struct ctx *c, const struct args *a)
{
	struct summary sm;
	struct run r;
	struct err e;
	const char *at;
	char label[64];
	int code, rc;

	run_init(&r);
	memset(&sm, 0, sizeof sm);
	if (find_open(c, a->npos ? a->pos[0] : NULL, &r, &e, &code) < 0) {
		rc = cli_fail(code, "stop: %s", e.msg);
		goto out;
	}
	r.end = c->now;
	if ((at = opt_get(a, RO_AT)) != NULL &&
	    parse_time(at, c->now, &r.end, &e) < 0) {
		rc = cli_fail(EXIT_USAGE, "stop: --at: %s", e.msg);
		goto out;
	}
	if (runopt_check_times(c, &r, 0, &e) < 0) {
		rc = cli_fail(EXIT_USAGE, "stop: %s", e.msg);
		goto out;
	}
	if (summary_load_catalog(&sm, c->s, c->now, &e) < 0) {
		rc = cli_err(EXIT_FAIL, &e);
		goto out;
	}
	if (r.rate_micro > 0)
		r.cost_minor = rate_cost(r.rate_micro, (r.end - r.start) *
		    r.gpus);
	r.modified = c->now;
	snprintf(label, sizeof label, "stop #%lld", (long long)r.id);
	if (store_begin(c->s, label, &e) < 0 ||
	    store_update_run(c->s, &r, &e) < 0 ||
	    store_commit(c->s, &e) < 0) {
		store_rollback(c->s);
		rc = cli_err(EXIT_FAIL, &e);
		goto out;
	}
	runopt_warn(c, &sm, &r);
	rc = runopt_report(c, &sm, "stopped", &r);
out:
	summary_free(&sm);
	run_clear(&r);
	return rc;
}

/* Deletes r as the change named verb and prints what went. */
static int
remove_run(struct ctx *c, const struct run *r, const char *verb)
{
	struct err e;
	char label[128], what[96];

	cli_run_label(what, sizeof what, r, c->now);
	snprintf(label, sizeof label, "%s #%lld %s", verb, (long long)r->id,
	    what);
	if (store_begin(c->s, label, &e) < 0 ||
	    store_delete_run(c->s, r->id, &e) < 0 ||
	    store_commit(c->s, &e) < 0) {
		store_rollback(c->s);
		return cli_err(EXIT_FAIL, &e);
	}
	printf("%s #%lld %s\n", strcmp(verb, "rm") == 0 ? "removed" :
	    "cancelled", (long long)r->id, what);
	return EXIT_OK;
}

int
cmd_cancel(struct ctx *c, const struct args *a)
{
	struct run r;
	struct err e;
	int code, rc;

	run_init(&r);
	if (find_open(c, a->npos ? a->pos[0] : NULL, &r, &e, &code) < 0)
		rc = cli_fail(code, "cancel: %s", e.msg);
	else
		rc = remove_run(c, &r, "cancel");
	run_clear(&r);
	return rc;
}

int
cmd_rm(struct ctx *c, const struct args *a)
{
	struct run r;
	struct err e;
	int64_t id;
	int rc;

	run_init(&r);
	if (cli_run_id(c, a->pos[0], 0, &id, &e) < 0) {
		rc = cli_fail(EXIT_USAGE, "rm: %s", e.msg);
	} else if ((rc = store_get_run(c->s, id, &r, &e)) <= 0) {
		rc = rc < 0 ? cli_err(EXIT_FAIL, &e) :
		    cli_fail(EXIT_USAGE, "rm: no run #%lld", (long long)id);
	} else {
		rc = remove_run(c, &r, "rm");
	}
	run_clear(&r);
	return rc;
}

int
cmd_undo(struct ctx *c, const struct args *a)
{
	struct err e;
	char what[256];
	int rc;

	(void)a;
	rc = store_undo(c->s, what, sizeof what, &e);
	if (rc < 0)
		return cli_err(EXIT_FAIL, &e);
	if (rc == 0)
		return cli_fail(EXIT_FAIL, "undo: nothing to undo");
	fputs("undid: ", stdout);
	cli_put_safe(stdout, what);
	putchar('\n');
	return EXIT_OK;
}
