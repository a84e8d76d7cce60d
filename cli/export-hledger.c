/*
 * export-hledger.c: `gpulog export --hledger`: spend as an hledger journal
 * (plain text accounting), oldest first:
 *
 *   commodity directives (INR with Indian digit grouping), a P directive
 *   for each exchange rate gpulog knows, then
 *   a transaction for each run that costs money, on its start's local day:
 *     expenses:gpu:PLATFORM, from assets:cash (or assets:credits:PLATFORM
 *     where the platform has credit top-ups);
 *   a transaction for each expense: spend into expenses:gpu:PLATFORM (or
 *   expenses:gpu when it has no platform), a credit top-up into
 *   assets:credits:PLATFORM in its own currency, both from assets:cash.
 *
 * An amount paid in another currency than the display currency is posted
 * at what gpulog counts it in the display currency (summary_convert(): the
 * rate of its day, rounded to the minor unit), with @@ and what was paid,
 * so that `hledger bal --value=then,CUR` totals what gpulog totals, to the
 * minor unit.  Free runs cost nothing and are left out.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "core/clock.h"
#include "core/fmt.h"
#include "core/fx.h"
#include "core/model.h"
#include "core/text.h"
#include "store/store.h"
#include "store/summary.h"

struct journal {
	FILE *f;
	struct summary *sm;
	int64_t now;
	char (*credit)[32];   /* platforms with credit top-ups */
	size_t ncredit;
};

/* minor units as "1234.50 INR". */
static void
put_amount(FILE *f, int64_t minor, const char *cur)
{
	fprintf(f, "%s%lld.%02lld %s", minor < 0 ? "-" : "",
	    (long long)(minor < 0 ? -minor : minor) / 100,
	    (long long)(minor < 0 ? -minor : minor) % 100, cur);
}

/* A description or note, harmless in a journal: control characters as
 * text_safe() writes them, and `;` and `|` (a comment, a payee's end) as
 * `,` and `/`. */
static void
put_text(FILE *f, const char *s)
{
	char *safe = text_safe(s), *p;

	for (p = safe; *p != '\0'; p++)
		putc(*p == ';' ? ',' : *p == '|' ? '/' : *p, f);
	free(safe);
}

static int
has_credit(const struct journal *j, const char *platform)
{
	size_t i;

	for (i = 0; i < j->ncredit; i++)
		if (strcmp(j->credit[i], platform) == 0)
			return 1;
	return 0;
}

/* The two postings: account gets minor of cur at t, from `from`; spend
 * (as_spend) in the display currency. */
static void
put_postings(struct journal *j, const char *account, const char *from,
    int64_t minor, const char *cur, int64_t t, int as_spend)
{
	const char *show = j->sm->currency;

	fprintf(j->f, "    %-32s  ", account);
	if (cur[0] == '\0' || strcmp(cur, show) == 0 || !as_spend) {
		put_amount(j->f, minor, cur[0] != '\0' ? cur : show);
		fprintf(j->f, "\n    %s\n\n", from);
		return;
	}
	put_amount(j->f, summary_convert(j->sm, minor, cur, t), show);
	fputs(" @@ ", j->f);
	put_amount(j->f, minor, cur);
	fprintf(j->f, "\n    %-32s  ", from);
	put_amount(j->f, -minor, cur);
	fputs("\n\n", j->f);
}

static int
note_credit(const struct expense *x, void *arg)
{
	struct journal *j = arg;

	if (expense_kind(x) != EXP_CREDIT || x->platform[0] == '\0' ||
	    has_credit(j, x->platform))
		return 0;
	j->credit = xrealloc(j->credit, (j->ncredit + 1) * sizeof *j->credit);
	memcpy(j->credit[j->ncredit++], x->platform, sizeof x->platform);
	return 0;
}

static int
put_expense(const struct expense *x, void *arg)
{
	struct journal *j = arg;
	char day[16], account[64];
	int kind = expense_kind(x);

	fprintf(j->f, "%s %s %s", fmt_local(day, sizeof day, x->at,
	    "%Y-%m-%d"), x->platform[0] != '\0' ? x->platform : "-",
	    expense_kind_name(kind));
	if (x->note != NULL && x->note[0] != '\0') {
		fputs(" | ", j->f);
		put_text(j->f, x->note);
	}
	fprintf(j->f, "  ; gpulog:e%lld\n", (long long)x->id);
	if (kind == EXP_CREDIT)
		snprintf(account, sizeof account, "assets:credits:%s",
		    x->platform[0] != '\0' ? x->platform : "other");
	else if (x->platform[0] != '\0')
		snprintf(account, sizeof account, "expenses:gpu:%s",
		    x->platform);
	else
		snprintf(account, sizeof account, "expenses:gpu");
	put_postings(j, account, "assets:cash", x->amount_minor, x->currency,
	    x->at, kind != EXP_CREDIT);
	return 0;
}

static int
put_run(const struct run *r, void *arg)
{
	struct journal *j = arg;
	int64_t cost = run_cost_at(r, j->now);
	char day[16], len[32], account[64], from[64];

	if (cost <= 0)
		return 0;
	fprintf(j->f, "%s %s", fmt_local(day, sizeof day, r->start,
	    "%Y-%m-%d"), r->platform);
	if (r->gpu[0] != '\0') {
		putc(' ', j->f);
		put_text(j->f, r->gpu);
	}
	if (r->gpus > 1)
		fprintf(j->f, " x%d", r->gpus);
	fprintf(j->f, " %s%s", fmt_duration(len, sizeof len,
	    run_end_at(r, j->now) - r->start), r->end == RUN_OPEN ?
	    " (open)" : "");
	if (r->note != NULL && r->note[0] != '\0') {
		fputs(" | ", j->f);
		put_text(j->f, r->note);
	}
	fprintf(j->f, "  ; gpulog:%lld\n", (long long)r->id);
	snprintf(account, sizeof account, "expenses:gpu:%s", r->platform);
	if (has_credit(j, r->platform))
		snprintf(from, sizeof from, "assets:credits:%s", r->platform);
	else
		snprintf(from, sizeof from, "assets:cash");
	put_postings(j, account, from, cost, r->currency, r->start, 1);
	return 0;
}

/* The P directives: one a rate, "P 2026-07-01 USD 83.50 INR". */
static void
put_rates(FILE *f, const struct summary *sm)
{
	char rate[32];
	size_t i;

	for (i = 0; i < sm->cat.nfx; i++) {
		const struct fx_point *p = &sm->cat.fx[i];
		int64_t y;
		int m, d;

		civil_from_days(p->day, &y, &m, &d);
		fprintf(f, "P %04lld-%02d-%02d USD %s INR\n", (long long)y, m,
		    d, fmt_fixed6(rate, sizeof rate, p->usd_inr_micro));
	}
}

int
cli_export_hledger(FILE *f, const char *label, struct ctx *c, struct err *e)
{
	struct summary sm;
	struct journal j = { f, &sm, c->now, NULL, 0 };
	struct filter all;
	char stamp[32];
	int rc = -1;

	memset(&sm, 0, sizeof sm);
	memset(&all, 0, sizeof all);
	all.counted = 1;
	if (summary_load_catalog(&sm, c->s, c->now, e) < 0)
		goto out;
	fprintf(f, "; gpulog export --hledger, %s: spend in %s.\n"
	    "; Amounts paid in another currency are posted in %s as "
	    "gpulog counts them\n; (the rate of their day), with @@ and what "
	    "was paid.\n\n"
	    "commodity 1,00,000.00 INR\ncommodity 1,000.00 USD\n\n",
	    fmt_iso_utc(stamp, sizeof stamp, c->now), sm.currency,
	    sm.currency);
	put_rates(f, &sm);
	putc('\n', f);
	if (store_each_expense(c->s, INT64_MIN, INT64_MAX, note_credit, &j,
	    e) < 0 ||
	    store_each_expense(c->s, INT64_MIN, INT64_MAX, put_expense, &j,
	    e) < 0 ||
	    store_each_run(c->s, &all, put_run, &j, e) < 0)
		goto out;
	if (fflush(f) != 0 || ferror(f))
		err_set(e, "cannot write %s: %s", label,
		    strerror(errno ? errno : EIO));
	else
		rc = 0;
out:
	free(j.credit);
	summary_free(&sm);
	return rc;
}
