/* runopt.c: options shared by add, start and edit, and what follows. */
#include "cli/runopt.h"

#include <stdlib.h>
#include <string.h>

#include "core/clock.h"
#include "core/fmt.h"
#include "core/model.h"
#include "core/parse.h"
#include "core/quota.h"
#include "core/text.h"
#include "ops/ops.h"
#include "store/store.h"
#include "store/summary.h"

int
runopt_input(const struct args *a, struct ops_run_in *in, struct err *e)
{
	int i;

	in->platform = opt_get(a, RO_PLATFORM);
	in->gpu = opt_get(a, RO_GPU);
	in->gpus = opt_get(a, RO_GPUS);
	if (opt_has(a, RO_NOTE))
		in->note = opt_get(a, RO_NOTE) ? opt_get(a, RO_NOTE) : "";
	in->project = opt_get(a, RO_PROJECT);
	for (i = 0; i < a->ngiven; i++) {
		if (a->given[i].id != RO_TAG)
			continue;
		if (in->ntags == OPS_TAGS_MAX)
			return err_set(e, "too many tags (at most %d)",
			    OPS_TAGS_MAX);
		in->tags[in->ntags++] = a->given[i].val;
		in->tags_set = 1;
	}
	in->units = opt_get(a, RO_UNITS);
	if (opt_has(a, RO_CKPT))
		in->checkpointed = 1;
	if (opt_has(a, RO_NO_CKPT))
		in->checkpointed = 0;
	in->rate = opt_get(a, RO_RATE);
	in->cost = opt_get(a, RO_COST);
	if (in->rate != NULL && in->cost != NULL)
		return err_set(e, "give --cost or --rate, not both");
	in->start = opt_get(a, RO_START);
	in->end = opt_get(a, RO_END);
	in->future = opt_has(a, RO_FUTURE);
	return 0;
}

int
runopt_fail(struct ctx *c, const char *verb, const struct err *e)
{
	if (c->ops.field == OPS_F_NONE)
		return cli_err(EXIT_FAIL, e);
	return cli_fail(EXIT_USAGE, "%s: %s%s", verb, e->msg, c->ops.future ?
	    "; use `gpulog start` for a run going on now, or --future" : "");
}

/* Quota qi in the window holding t, as it stood when that window ended;
 * sm->now is left at c->now.  Returns 1, or -1 with e. */
static int
past_window(struct summary *sm, struct ctx *c, int qi, int64_t t,
    struct err *e)
{
	sm->now = t;
	if (summary_refresh_quota(sm, c->s, qi, e) < 0)
		return -1;
	sm->now = sm->qs[qi].we - 1;
	if (summary_refresh_quota(sm, c->s, qi, e) < 0)
		return -1;
	sm->now = c->now;
	return 1;
}

int
runopt_report(struct ctx *c, const char *verb, const struct ops_result *res)
{
	char label[96], money[48], used[16], lim[16], w[16], at[32], rel[32];
	const struct run *r = &res->run;
	struct summary *sm = &c->ops.cat;
	struct quota_status *st;
	struct err e;
	int qi, past = 0;

	for (qi = 0; qi < res->nwarn; qi++) {
		fputs("gpulog: warning: ", stderr);
		cli_put_safe(stderr, res->warn[qi]);
		fputc('\n', stderr);
	}
	if (ops_catalog(&c->ops, &e) == NULL)
		return cli_err(EXIT_FAIL, &e);

	printf("%s #%lld %s", verb, (long long)r->id,
	    cli_run_label(label, sizeof label, r, c->now));
	if (run_cost_at(r, c->now) > 0)
		printf(" %s", cli_money(c, money, sizeof money,
		    run_cost_at(r, c->now), r->currency));
	if ((qi = summary_quota_index(sm, r->platform)) >= 0) {
		const struct quota *q = &sm->cat.quotas[qi];

		if (sm->qs == NULL)
			sm->qs = xcalloc(sm->cat.nquotas, sizeof *sm->qs);
		sm->now = c->now;
		if (summary_refresh_quota(sm, c->s, qi, &e) < 0) {
			putchar('\n');
			return cli_err(EXIT_FAIL, &e);
		}
		st = &sm->qs[qi];
		/* A run that ended before this window began is reported in
		 * its own window, as that window ended. */
		if (q->window != QW_ROLLING && run_end_at(r, c->now) <= st->ws &&
		    (past = past_window(sm, c, qi, r->start, &e)) < 0)
			return cli_err(EXIT_FAIL, &e);
		fmt_quota_amount(used, sizeof used, q->unit, st->used);
		fmt_quota_limit(lim, sizeof lim, q->unit, st->limit);
		quota_window_name(q, w, sizeof w);
		if (quota_absent(st))
			/* Nothing bought covers the window: no "of". */
			printf(" %s %s %s %s ", c->dot, r->platform, used,
			    quota_unit_name(q->unit));
		else
			printf(" %s %s %s of %s %s ", c->dot, r->platform,
			    used, lim, quota_unit_name(q->unit));
		if (past)
			printf("the %s from %s", w, fmt_local(at, sizeof at,
			    st->ws, "%a %d %b"));
		else
			printf("this %s", w);
		if (quota_absent(st))
			printf(", %s", catalog_absent_word(summary_platform(sm,
			    q->platform), st));
		else if (q->window != QW_ROLLING && !past)
			printf(", resets %s (%s)", fmt_when(at, sizeof at,
			    st->we, c->now), fmt_relative(rel, sizeof rel,
			    st->we - c->now));
		/* Past the limit by an amount that shows as more than 0 is
		 * "over by"; else all used is "used up". */
		fmt_quota_amount(used, sizeof used, q->unit, -st->remaining);
		if (st->state == QS_OVER && strspn(used, "0.") == strlen(used))
			printf(", %sused up%s", cli_color(c, C_RED),
			    cli_color(c, C_OFF));
		else if (st->state == QS_OVER)
			printf(", %sover by %s%s", cli_color(c, C_RED), used,
			    cli_color(c, C_OFF));
	}
	putchar('\n');
	return EXIT_OK;
}

/*
 * Reads WHEN from positionals pos[0..n) (a duration, a range, or a day and
 * a range) into in, refusing it beside --start/--end.  Words are joined
 * with spaces, so that Timewarrior's spellings, `14:00 - 17:30` and
 * `1h 30m`, read as one; a first word that names a day is the day.  The
 * text lives in buf, of size BUFSIZ.
 */
int
runopt_when(const struct args *a, const char *const *pos, int n,
    struct ops_run_in *in, char *buf, struct err *e)
{
	int i = 0;
	size_t len = 0;

	if (n > 0 && (opt_has(a, RO_START) || opt_has(a, RO_END)))
		return err_set(e, "give WHEN or --start/--end, not both");
	if (n == 0)
		return 0;
	if (n > 1 && is_day_word(pos[0]))
		in->day = pos[i++];
	buf[0] = '\0';
	for (; i < n; i++) {
		size_t k = strlen(pos[i]);

		if (len + k + 2 > BUFSIZ)
			return err_set(e, "WHEN is too long");
		if (len > 0)
			buf[len++] = ' ';
		memcpy(buf + len, pos[i], k + 1);
		len += k;
	}
	in->when = buf;
	return 0;
}

/* add and start: one new run from the command line. */
int
runopt_new_run(struct ctx *c, const struct args *a, const char *verb)
{
	struct ops_run_in in;
	struct ops_result res;
	struct err e;
	char when[BUFSIZ];
	int rc;

	ops_run_in_init(&in);
	ops_result_init(&res);
	if (runopt_input(a, &in, &e) < 0 || (strcmp(verb, "add") == 0 &&
	    runopt_when(a, a->pos + 1, a->npos - 1, &in, when, &e) < 0)) {
		rc = cli_fail(EXIT_USAGE, "%s: %s", verb, e.msg);
		goto out;
	}
	in.platform = a->pos[0];
	if (strcmp(verb, "start") == 0) {
		in.start = opt_get(a, RO_AT);
		in.future = 0;
	}
	if ((strcmp(verb, "add") == 0 ? ops_add(&c->ops, &in, &res, &e) :
	    ops_start(&c->ops, &in, &res, &e)) < 0) {
		rc = runopt_fail(c, verb, &e);
		goto out;
	}
	rc = runopt_report(c, strcmp(verb, "add") == 0 ? "added" : "started",
	    &res);
out:
	ops_result_clear(&res);
	return rc;
}

/* The run named by pos ("42", "#42", "-1") in *id, or 0 when pos is
 * NULL (the only open run). */
int
runopt_open_id(struct ctx *c, const char *pos, int64_t *id, struct err *e)
{
	*id = 0;
	return pos == NULL ? 0 : cli_run_id(c, pos, 1, id, e);
}

/* Prints what cancel or rm removed: "removed #42 kaggle P100 2h30m". */
int
runopt_removed(struct ctx *c, const char *verb, const struct ops_result *res)
{
	char what[96];

	printf("%s #%lld %s\n", verb, (long long)res->run.id,
	    cli_run_label(what, sizeof what, &res->run, c->now));
	return EXIT_OK;
}
