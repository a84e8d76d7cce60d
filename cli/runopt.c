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
#include "store/store.h"
#include "store/summary.h"

static int
set_str(char **dst, const char *v)
{
	free(*dst);
	*dst = (v != NULL && *v != '\0') ? xstrdup(v) : NULL;
	return 0;
}

/* Joins every -t given into "a,b", refusing commas and duplicates. */
static int
collect_tags(const struct args *a, struct run *r, struct err *e)
{
	char buf[512] = "";
	int i, any = 0;

	for (i = 0; i < a->ngiven; i++) {
		const char *t = a->given[i].val;

		if (a->given[i].id != RO_TAG)
			continue;
		any = 1;
		if (!text_is_name(t, 64, ",")) {
			char *safe = text_safe(t);

			err_set(e, "invalid tag \"%s\": a tag is 1 to 64 "
			    "characters with no comma or control character",
			    safe);
			free(safe);
			return -1;
		}
		if (strlen(buf) + strlen(t) + 2 > sizeof buf)
			return err_set(e, "too many tags");
		if (buf[0] != '\0')
			strcat(buf, ",");
		strcat(buf, t);
	}
	if (any)
		set_str(&r->tags, buf);
	return 0;
}

int
runopt_apply(struct ctx *c, const struct summary *sm, const struct args *a,
    struct run *r, int *set_cost, struct err *e)
{
	const char *v;
	int64_t n;

	(void)c;
	if ((v = opt_get(a, RO_PLATFORM)) != NULL &&
	    cli_platform(sm, v, r->platform, e) < 0)
		return -1;
	if ((v = opt_get(a, RO_GPU)) != NULL) {
		if (*v != '\0' && !text_is_name(v, 31, ""))
			return err_set(e, "invalid --gpu: a model name is 1 "
			    "to 31 characters, as in P100 or \"RTX 4090\"");
		snprintf(r->gpu, sizeof r->gpu, "%s", v);
	}
	if ((v = opt_get(a, RO_GPUS)) != NULL) {
		if (parse_int(v, "--gpus", 1, 64, &n, e) < 0)
			return -1;
		r->gpus = (int)n;
	}
	if (opt_has(a, RO_NOTE))
		set_str(&r->note, opt_get(a, RO_NOTE));
	if ((v = opt_get(a, RO_PROJECT)) != NULL) {
		if (*v != '\0' && !text_is_name(v, 64, ""))
			return err_set(e, "invalid --project: 1 to 64 "
			    "characters without control characters");
		set_str(&r->project, v);
	}
	if (collect_tags(a, r, e) < 0)
		return -1;
	if ((v = opt_get(a, RO_UNITS)) != NULL) {
		if (parse_fixed(v, 2, "--units", &n, e) < 0)
			return -1;
		r->cu_centi = n;
	}
	if (opt_has(a, RO_CKPT))
		r->checkpointed = 1;
	if (opt_has(a, RO_NO_CKPT))
		r->checkpointed = 0;
	if (opt_has(a, RO_RATE) && opt_has(a, RO_COST))
		return err_set(e, "give --cost or --rate, not both");
	if ((v = opt_get(a, RO_RATE)) != NULL) {
		if (parse_money(v, 6, "USD", &n, r->currency, e) < 0)
			return err_set(e, "invalid --rate: %s", e->msg);
		r->rate_micro = n;
		*set_cost = 2;
	}
	if ((v = opt_get(a, RO_COST)) != NULL) {
		if (parse_money(v, 2, sm->currency, &n, r->currency, e) < 0)
			return err_set(e, "invalid --cost: %s", e->msg);
		r->cost_minor = n;
		r->rate_micro = 0;
		*set_cost = 1;
	}
	return 0;
}

int
runopt_price(const struct summary *sm, struct run *r)
{
	/* The rule lives in the store so the dashboard prices alike. */
	return summary_price_run(sm, r);
}

int
runopt_check_times(struct ctx *c, const struct run *r, int future,
    struct err *e)
{
	char a[32], b[32];

	if (r->end != RUN_OPEN && r->end <= r->start)
		return err_set(e, "the end (%s) is not after the start (%s)",
		    fmt_local(b, sizeof b, r->end, "%Y-%m-%d %H:%M"),
		    fmt_local(a, sizeof a, r->start, "%Y-%m-%d %H:%M"));
	if (!future && (r->start > c->now || (r->end != RUN_OPEN &&
	    r->end > c->now)))
		return err_set(e, "the run %s in the future (%s, now is %s); "
		    "use `gpulog start` for a run going on now, or --future",
		    r->start > c->now ? "starts" : "ends",
		    fmt_local(a, sizeof a, r->start > c->now ? r->start :
		    r->end, "%Y-%m-%d %H:%M"),
		    fmt_local(b, sizeof b, c->now, "%Y-%m-%d %H:%M"));
	return 0;
}

void
runopt_warn(struct ctx *c, const struct summary *sm, const struct run *r)
{
	const struct platform *p = summary_platform(sm, r->platform);
	struct err e;
	int64_t other, len = run_end_at(r, c->now) - r->start;
	char d[32], cap[32];

	if (p != NULL && p->session_cap_s > 0 && len > p->session_cap_s)
		fprintf(stderr, "gpulog: warning: %s is longer than %s's "
		    "session cap of %s\n", fmt_duration(d, sizeof d, len),
		    r->platform, fmt_duration(cap, sizeof cap,
		    p->session_cap_s));
	if (store_find_overlap(c->s, r->platform, r->start, r->end, r->id,
	    c->now, &other, &e) == 1)
		fprintf(stderr, "gpulog: warning: overlaps run #%lld on %s; "
		    "both are kept\n", (long long)other, r->platform);
}

int
runopt_report(struct ctx *c, struct summary *sm, const char *verb,
    const struct run *r)
{
	char label[96], money[48], used[16], lim[16], w[16], at[32], rel[32];
	struct quota_status *st;
	struct err e;
	int qi;

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
		if (q->unit == QU_CU) {
			fmt_centi(used, sizeof used, st->used);
			fmt_centi(lim, sizeof lim, st->limit);
		} else {
			fmt_hours(used, sizeof used, st->used);
			fmt_hours(lim, sizeof lim, st->limit);
			/* "30.0" reads better as "30". */
			if (strlen(lim) > 2 && strcmp(lim + strlen(lim) - 2,
			    ".0") == 0)
				lim[strlen(lim) - 2] = '\0';
		}
		quota_window_name(q, w, sizeof w);
		printf(" %s %s %s of %s %s this %s", c->dot, r->platform, used,
		    lim, quota_unit_name(q->unit), w);
		if (q->window != QW_ROLLING)
			printf(", resets %s (%s)", fmt_when(at, sizeof at,
			    st->we, c->now), fmt_relative(rel, sizeof rel,
			    st->we - c->now));
		if (st->state == QS_OVER)
			printf(", %sover by %s%s", cli_color(c, C_RED),
			    q->unit == QU_CU ? fmt_centi(used, sizeof used,
			    -st->remaining) : fmt_hours(used, sizeof used,
			    -st->remaining), cli_color(c, C_OFF));
	}
	putchar('\n');
	return EXIT_OK;
}
