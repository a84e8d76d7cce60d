/* cmd-add.c: `gpulog add`, `gpulog start` and `gpulog edit`. */
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/runopt.h"
#include "core/clock.h"
#include "core/model.h"
#include "core/parse.h"
#include "store/store.h"
#include "store/summary.h"

#define RUN_OPTS \
	{ RO_GPU, 'g', "gpu", "MODEL", "GPU model, as in P100 or \"RTX 4090\"" }, \
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
	{ 0, 0, NULL, NULL, NULL },
};

/*
 * Reads WHEN from positionals pos[0..n) (a duration, a range, or a day and
 * a range) or from --start/--end.  With neither, leaves r alone.
 */
static int
read_when(struct ctx *c, const struct args *a, const char *const *pos, int n,
    struct run *r, struct err *e)
{
	const char *sv = opt_get(a, RO_START), *ev = opt_get(a, RO_END);
	int64_t s, t;

	if (n > 0 && (sv != NULL || ev != NULL))
		return err_set(e, "give WHEN or --start/--end, not both");
	if (n == 2) {
		if (!is_day_word(pos[0]))
			return err_set(e, "invalid day \"%s\": expected "
			    "YYYY-MM-DD, today, yesterday or a weekday, before "
			    "a range such as 14:00-15:30", pos[0]);
		if (parse_when(pos[0], pos[1], c->now, &s, &t, e) < 0)
			return -1;
	} else if (n == 1) {
		if (parse_when(NULL, pos[0], c->now, &s, &t, e) < 0)
			return -1;
	} else {
		if (sv == NULL && ev == NULL)
			return 0;
		if (sv == NULL && r->start == 0)
			return err_set(e, "--end needs --start (or give WHEN, "
			    "such as 2h30m)");
		s = r->start;
		t = r->end;
		if (sv != NULL && parse_time(sv, c->now, &s, e) < 0)
			return err_set(e, "--start: %s", e->msg);
		if (ev != NULL && parse_time(ev, c->now, &t, e) < 0)
			return err_set(e, "--end: %s", e->msg);
		if (sv != NULL && ev == NULL && r->start == 0)
			t = c->now;
	}
	r->start = s;
	r->end = t;
	return 0;
}

static int
finish_add(struct ctx *c, struct summary *sm, struct run *r, int set_cost,
    const char *verb)
{
	struct err e;
	char label[128], what[96];
	int no_rate = 0;

	if (set_cost != 1)
		no_rate = runopt_price(sm, r);
	r->created = r->modified = c->now;
	if (store_begin(c->s, verb, &e) < 0 || store_add_run(c->s, r, &e) < 0)
		goto fail;
	snprintf(label, sizeof label, "%s #%lld %s", verb, (long long)r->id,
	    cli_run_label(what, sizeof what, r, c->now));
	if (store_change_label(c->s, label, &e) < 0 ||
	    store_commit(c->s, &e) < 0)
		goto fail;
	if (no_rate)
		fprintf(stderr, "gpulog: warning: no price for %s on %s; "
		    "the cost is 0 (give --rate or --cost)\n",
		    r->gpu[0] ? r->gpu : "its GPU", r->platform);
	runopt_warn(c, sm, r);
	return runopt_report(c, sm, strcmp(verb, "add") == 0 ? "added" :
	    "started", r);
fail:
	store_rollback(c->s);
	return cli_err(EXIT_FAIL, &e);
}

int
cmd_add(struct ctx *c, const struct args *a)
{
	struct summary sm;
	struct run r;
	struct err e;
	int set_cost = 0, rc = EXIT_USAGE;

	run_init(&r);
	if (summary_load_catalog(&sm, c->s, c->now, &e) < 0) {
		rc = cli_err(EXIT_FAIL, &e);
		goto out;
	}
	if (cli_platform(&sm, a->pos[0], r.platform, &e) < 0 ||
	    read_when(c, a, a->pos + 1, a->npos - 1, &r, &e) < 0 ||
	    runopt_apply(c, &sm, a, &r, &set_cost, &e) < 0)
		goto bad;
	if (r.start == 0 && r.end == 0) {
		err_set(&e, "missing WHEN: give a duration (2h30m), a range "
		    "(14:00-17:30) or --start");
		goto bad;
	}
	if (runopt_check_times(c, &r, opt_has(a, RO_FUTURE), &e) < 0)
		goto bad;
	rc = finish_add(c, &sm, &r, set_cost, "add");
	goto out;
bad:
	rc = cli_fail(EXIT_USAGE, "add: %s", e.msg);
out:
	summary_free(&sm);
	run_clear(&r);
	return rc;
}

int
cmd_start(struct ctx *c, const struct args *a)
{
	struct summary sm;
	struct run r;
	struct err e;
	const char *at;
	int set_cost = 0, rc = EXIT_USAGE;

	run_init(&r);
	if (summary_load_catalog(&sm, c->s, c->now, &e) < 0) {
		rc = cli_err(EXIT_FAIL, &e);
		goto out;
	}
	if (cli_platform(&sm, a->pos[0], r.platform, &e) < 0 ||
	    runopt_apply(c, &sm, a, &r, &set_cost, &e) < 0)
		goto bad;
	r.start = c->now;
	if ((at = opt_get(a, RO_AT)) != NULL &&
	    parse_time(at, c->now, &r.start, &e) < 0)
		goto bad;
	r.end = RUN_OPEN;
	if (runopt_check_times(c, &r, 0, &e) < 0)
		goto bad;
	rc = finish_add(c, &sm, &r, set_cost, "start");
	goto out;
bad:
	rc = cli_fail(EXIT_USAGE, "start: %s", e.msg);
out:
	summary_free(&sm);
	run_clear(&r);
	return rc;
}

int
cmd_edit(struct ctx *c, const struct args *a)
{
	struct summary sm;
	struct run r;
	struct err e;
	int64_t id, old_len;
	int set_cost = 0, rc = EXIT_USAGE, found;
	char label[128], old_gpu[32], old_platform[32];
	int old_gpus, old_future, explicit_cost;

	run_init(&r);
	memset(&sm, 0, sizeof sm);
	if (cli_run_id(c, a->pos[0], 0, &id, &e) < 0)
		goto bad;
	if ((found = store_get_run(c->s, id, &r, &e)) <= 0) {
		if (found == 0)
			err_set(&e, "no run #%lld", (long long)id);
		rc = cli_fail(found == 0 ? EXIT_USAGE : EXIT_FAIL, "edit: %s",
		    e.msg);
		goto out;
	}
	if (summary_load_catalog(&sm, c->s, c->now, &e) < 0) {
		rc = cli_err(EXIT_FAIL, &e);
		goto out;
	}
	old_len = run_end_at(&r, c->now) - r.start;
	old_gpus = r.gpus;
	old_future = r.start > c->now || (r.end != RUN_OPEN && r.end > c->now);
	memcpy(old_gpu, r.gpu, sizeof old_gpu);
	memcpy(old_platform, r.platform, sizeof old_platform);
	/* A cost given by hand has no rate; it stays unless replaced. */
	explicit_cost = r.rate_micro == 0 && r.cost_minor > 0;
	if (read_when(c, a, a->pos + 1, a->npos - 1, &r, &e) < 0 ||
	    runopt_apply(c, &sm, a, &r, &set_cost, &e) < 0 ||
	    runopt_check_times(c, &r, opt_has(a, RO_FUTURE) || old_future,
	    &e) < 0)
		goto bad;
	if (set_cost == 2) {
		runopt_price(&sm, &r);
	} else if (set_cost == 0 && !explicit_cost) {
		/* A new platform or GPU has its own price; a new length or
		 * GPU count costs anew at the run's rate. */
		if (strcmp(r.platform, old_platform) != 0 ||
		    strcmp(r.gpu, old_gpu) != 0) {
			r.rate_micro = 0;
			r.cost_minor = 0;
			if (runopt_price(&sm, &r) == 1)
				fprintf(stderr, "gpulog: warning: no price for "
				    "%s on %s; the cost is 0 (give --rate or "
				    "--cost)\n", r.gpu[0] ? r.gpu : "its GPU",
				    r.platform);
		} else if (r.rate_micro > 0 && (run_end_at(&r, c->now) -
		    r.start != old_len || r.gpus != old_gpus)) {
			runopt_price(&sm, &r);
		}
	}
	r.modified = c->now;
	snprintf(label, sizeof label, "edit #%lld", (long long)r.id);
	if (store_begin(c->s, label, &e) < 0 ||
	    store_update_run(c->s, &r, &e) < 0 ||
	    store_commit(c->s, &e) < 0) {
		store_rollback(c->s);
		rc = cli_err(EXIT_FAIL, &e);
		goto out;
	}
	runopt_warn(c, &sm, &r);
	rc = runopt_report(c, &sm, "changed", &r);
	goto out;
bad:
	rc = cli_fail(EXIT_USAGE, "edit: %s", e.msg);
out:
	summary_free(&sm);
	run_clear(&r);
	return rc;
}
