/*
 * cmd-show.c: `gpulog show ID|eN`: everything about one run or expense,
 * as text or JSON: its times, GPU, price and how it was priced, the quota
 * windows it counted in (core/quota.c's quota_run_use(), the one rule),
 * what `gpulog run` measured, its source and the changes that made it.
 * Reads only.
 */
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "core/catalog.h"
#include "core/clock.h"
#include "core/cloud.h"
#include "core/fields.h"
#include "core/fmt.h"
#include "core/model.h"
#include "core/quota.h"
#include "core/text.h"
#include "store/history.h"
#include "store/metrics.h"
#include "store/store.h"
#include "store/summary.h"

enum { SH_JSON = 1 };

const struct opt show_opts[] = {
	{ SH_JSON, 0, "json", NULL, "print JSON" },
	{ 0, 0, NULL, NULL, NULL },
};

/* How a run was priced, in --json's word and the text's words. */
enum priced {
	PR_RATE,         /* at its rate a GPU-hour */
	PR_GIVEN,        /* a cost given by hand or by its source */
	PR_FREE,         /* a free platform */
	PR_SUBSCRIPTION, /* covered by a subscription, which is spend */
	PR_UNITS,        /* counted in the quota's units */
	PR_UNPRICED      /* an hourly platform with no rate for the GPU */
};

static const char *const priced_json[] = { "rate", "given", "free",
	"subscription", "units", "unpriced" };

static int
priced(const struct summary *sm, const struct run *r)
{
	const struct platform *p = summary_platform(sm, r->platform);

	if (r->rate_micro > 0)
		return PR_RATE;
	if (r->cost_minor > 0)
		return PR_GIVEN;
	if (p == NULL || p->billing == BILL_FREE)
		return PR_FREE;
	if (p->billing == BILL_SUBSCRIPTION)
		return PR_SUBSCRIPTION;
	if (p->billing == BILL_UNITS)
		return PR_UNITS;
	return PR_UNPRICED;
}

/* 1 when r was paid from its platform's prepaid credit. */
static int
from_credit(const struct summary *sm, const struct run *r)
{
	size_t k;

	for (k = 0; k < sm->ncredits; k++)
		if (strcmp(sm->credits[k].platform, r->platform) == 0 &&
		    r->start >= sm->credits[k].since)
			return 1;
	return 0;
}

/* The pricing in words. */
static void
print_priced(struct ctx *c, const struct summary *sm, const struct run *r)
{
	char b[48], b2[48], h[32];
	int64_t stop = run_end_at(r, c->now);
	char *sp = text_safe(r->platform), *sg = text_safe(r->gpu[0] ?
	    r->gpu : "its GPU"), *ss = text_safe(r->source);

	switch (priced(sm, r)) {
	case PR_RATE:
		printf("%s: %s a GPU-hour for %s GPU-h",
		    cli_money(c, b, sizeof b, run_cost_at(r, c->now),
		    r->currency), fmt_rate(b2, sizeof b2, r->rate_micro,
		    r->currency, c->fmt), fmt_hours(h, sizeof h,
		    (stop - r->start) * r->gpus));
		if (r->end == RUN_OPEN)
			printf(" so far");
		break;
	case PR_GIVEN:
		printf("%s, %s", cli_money(c, b, sizeof b, r->cost_minor,
		    r->currency), strcmp(r->source, "cli") == 0 ?
		    "a cost given by hand" : "the cost its source gave");
		if (strcmp(r->source, "cli") != 0)
			printf(" (%s)", ss);
		break;
	case PR_FREE:
		printf("free: %s is a free platform", sp);
		break;
	case PR_SUBSCRIPTION:
		printf("0 here: %s is a subscription, recorded as spend "
		    "(`gpulog spend`)", sp);
		break;
	case PR_UNITS:
		printf("0 here: %s counts compute units (the quota below); "
		    "their price is spend", sp);
		break;
	default:
		printf("unpriced: %s has no rate for %s (`gpulog platforms set "
		    "%s --gpu MODEL --rate R` prices new runs)", sp, sg, sp);
	}
	if (from_credit(sm, r))
		printf("; paid from %s's prepaid credit", sp);
	putchar('\n');
	free(sp);
	free(sg);
	free(ss);
}

/* The windows of quota qi that r counted in, by quota_run_use(): each
 * window from the one holding its start to the one holding its end (for
 * a rolling window, the one ending now). */
struct window_use {
	int64_t ws, we, use;
};

static size_t
window_uses(const struct summary *sm, int qi, const struct run *r,
    struct window_use *out, size_t max)
{
	const struct quota *q = &sm->cat.quotas[qi];
	int64_t cu = summary_cu_rate(sm, r->platform, r->gpu);
	int64_t end = run_end_at(r, sm->now), t = r->start, ws, we;
	size_t n = 0;

	if (q->window == QW_ROLLING) {
		quota_window(q, sm->now, &ws, &we);
		out[0].ws = ws;
		out[0].we = we;
		out[0].use = quota_run_use(q, r, ws, we, sm->now, cu);
		return 1;
	}
	/* An open run of over a year still shows its last windows. */
	if (end - t > (int64_t)max * 7 * 86400)
		t = end - (int64_t)max * 7 * 86400;
	while (n < max) {
		quota_window(q, t, &ws, &we);
		out[n].ws = ws;
		out[n].we = we;
		out[n].use = quota_run_use(q, r, ws, we, sm->now, cu);
		n++;
		if (we >= end || we <= t)
			break;
		t = we;
	}
	return n;
}

#define MAX_WINDOWS 64

static char *
amount_json(char *buf, size_t n, const struct quota *q, int64_t v)
{
	return fmt_quota_json(buf, n, q->unit, v);
}

/* The metrics as JSON: an object, or null when there are none. */
void
cli_json_metrics(FILE *f, const struct run_metrics *m, int found)
{
	char b[32];

	if (!found) {
		fputs("null", f);
		return;
	}
	fprintf(f, "{\"samples\":%lld,\"peak_mem_mib\":",
	    (long long)m->samples);
	if (m->peak_mem_mib >= 0)
		fprintf(f, "%lld", (long long)m->peak_mem_mib);
	else
		fputs("null", f);
	fputs(",\"mem_total_mib\":", f);
	if (m->mem_total_mib >= 0)
		fprintf(f, "%lld", (long long)m->mem_total_mib);
	else
		fputs("null", f);
	fputs(",\"own_mem_mib\":", f);
	if (m->own_mem_mib >= 0)
		fprintf(f, "%lld", (long long)m->own_mem_mib);
	else
		fputs("null", f);
	fputs(",\"mean_util_pct\":", f);
	if (m->mean_util_pct >= 0)
		fprintf(f, "%d", m->mean_util_pct);
	else
		fputs("null", f);
	fputs(",\"energy_wh\":", f);
	if (m->energy_wh_milli >= 0) {
		snprintf(b, sizeof b, "%lld.%03lld",
		    (long long)(m->energy_wh_milli / 1000),
		    (long long)(m->energy_wh_milli % 1000));
		fputs(b, f);
	} else {
		fputs("null", f);
	}
	fputs(",\"exit_status\":", f);
	if (m->exit_status >= 0)
		fprintf(f, "%d", m->exit_status);
	else
		fputs("null", f);
	fputs(",\"command\":", f);
	json_str(f, m->command);
	fputc('}', f);
}

struct changes_out {
	struct ctx *c;
	int json, n;
};

static int
put_change(int64_t at, const char *what, void *arg)
{
	struct changes_out *o = arg;
	char b[48];

	if (o->json) {
		printf("%s{\"at\": \"%s\", \"what\": ", o->n ? ", " : "",
		    fmt_iso_utc(b, sizeof b, at));
		json_str(stdout, what);
		putchar('}');
	} else {
		printf("  %-10s %s  ", o->n ? "" : "changes",
		    fmt_local(b, sizeof b, at, "%a %Y-%m-%d %H:%M"));
		cli_put_safe(stdout, what);
		putchar('\n');
	}
	o->n++;
	return 0;
}

/* A line "  label      text", the text escaped. */
static void
line(const char *label, const char *text)
{
	printf("  %-10s ", label);
	cli_put_safe(stdout, text);
	putchar('\n');
}

static int
show_run(struct ctx *c, struct summary *sm, const struct run *r, int json)
{
	struct window_use wu[MAX_WINDOWS];
	struct run_metrics m;
	struct changes_out co = { c, json, 0 };
	struct err e;
	char b[64], b2[64], w[16];
	int qi = summary_quota_index(sm, r->platform), found;
	size_t nw = 0, k;
	int64_t stop = run_end_at(r, c->now);

	metrics_init(&m);
	if ((found = metrics_get(c->s, r->id, &m, &e)) < 0)
		return cli_err(EXIT_FAIL, &e);
	if (qi >= 0)
		nw = window_uses(sm, qi, r, wu, MAX_WINDOWS);
	if (json) {
		const struct quota *q = qi >= 0 ? &sm->cat.quotas[qi] : NULL;

		printf("{\"run\": ");
		cli_json_run(stdout, r, c->now);
		printf(",\n \"priced\": \"%s\", \"from_credit\": %s",
		    priced_json[priced(sm, r)], from_credit(sm, r) ? "true" :
		    "false");
		printf(",\n \"quota\": ");
		if (q == NULL) {
			printf("null");
		} else {
			printf("{\"platform\": ");
			json_str(stdout, q->platform);
			printf(", \"unit\": \"%s\", \"window\": \"%s\", "
			    "\"windows\": [", quota_unit_json(q->unit),
			    quota_window_word(q->window));
			for (k = 0; k < nw; k++)
				printf("%s{\"start\": \"%s\", \"end\": \"%s\", "
				    "\"used\": %s, \"used_raw\": %lld}", k ?
				    ", " : "", fmt_iso_utc(b, sizeof b,
				    wu[k].ws), fmt_iso_utc(b2, sizeof b2,
				    wu[k].we), amount_json(w, sizeof w, q,
				    wu[k].use), (long long)wu[k].use);
			printf("]}");
		}
		printf(",\n \"metrics\": ");
		cli_json_metrics(stdout, &m, found);
		printf(",\n \"changes\": [");
	} else {
		char label[96], prov[64], inst[64];
		const struct platform *p = summary_platform(sm, r->platform);

		printf("%srun #%lld%s %s\n", cli_color(c, C_BOLD),
		    (long long)r->id, cli_color(c, C_OFF),
		    cli_run_label(label, sizeof label, r, c->now));
		printf("  %-10s %s (uid %s; #%lld is this machine's number)\n",
		    "ref", uid_ref(r->uid, b, sizeof b), r->uid,
		    (long long)r->id);
		printf("  %-10s %s (%s)\n", "start", fmt_local(b, sizeof b,
		    r->start, "%a %Y-%m-%d %H:%M"), fmt_iso_utc(b2,
		    sizeof b2, r->start));
		if (r->end == RUN_OPEN)
			printf("  %-10s open, running for %s\n", "end",
			    fmt_duration(b, sizeof b, stop - r->start));
		else
			printf("  %-10s %s (%s), %s\n", "end", fmt_local(b,
			    sizeof b, r->end, "%a %Y-%m-%d %H:%M"),
			    fmt_iso_utc(b2, sizeof b2, r->end), fmt_duration(w,
			    sizeof w, stop - r->start));
		printf("  %-10s ", "platform");
		cli_put_safe(stdout, r->platform);
		if (p != NULL) {
			printf(" (%s, ", billing_name(p->billing));
			cli_put_safe(stdout, p->name);
			putchar(')');
		}
		putchar('\n');
		printf("  %-10s ", "gpu");
		if (r->gpus > 1)
			printf("%dx ", r->gpus);
		cli_put_safe(stdout, r->gpu[0] ? r->gpu : "(not named)");
		printf(", %s GPU-h\n", fmt_hours(b, sizeof b,
		    (stop - r->start) * r->gpus));
		printf("  %-10s ", "cost");
		print_priced(c, sm, r);
		if (r->cu_centi >= 0)
			printf("  %-10s %s compute units (its own figure)\n",
			    "units", fmt_centi(b, sizeof b, r->cu_centi));
		for (k = 0; k < nw; k++) {
			const struct quota *q = &sm->cat.quotas[qi];

			printf("  %-10s ", k ? "" : "quota");
			if (q->window == QW_ROLLING)
				printf("the last %d day%s to now",
				    q->rolling_days, q->rolling_days == 1 ?
				    "" : "s");
			else
				printf("%s %s%s%s", quota_window_name(q, w,
				    sizeof w), fmt_local(b, sizeof b, wu[k].ws,
				    "%Y-%m-%d %H:%M"), c->dash, fmt_local(b2,
				    sizeof b2, wu[k].we, "%Y-%m-%d %H:%M"));
			printf(": %s %s\n", fmt_quota_amount(b, sizeof b,
			    q->unit, wu[k].use), quota_unit_name(q->unit));
		}
		if (qi < 0)
			printf("  %-10s none on this platform\n", "quota");
		if (found) {
			printf("  %-10s %lld sample%s", "measured",
			    (long long)m.samples, m.samples == 1 ? "" : "s");
			if (m.peak_mem_mib >= 0) {
				printf(", peak %lld", (long long)m.peak_mem_mib);
				if (m.mem_total_mib > 0)
					printf(" of %lld",
					    (long long)m.mem_total_mib);
				printf(" MiB");
			}
			if (m.own_mem_mib >= 0)
				printf(" (the command's own %lld MiB)",
				    (long long)m.own_mem_mib);
			if (m.mean_util_pct >= 0)
				printf(", mean use %d%%", m.mean_util_pct);
			if (m.energy_wh_milli >= 0)
				printf(", %lld.%03lld Wh",
				    (long long)(m.energy_wh_milli / 1000),
				    (long long)(m.energy_wh_milli % 1000));
			putchar('\n');
			if (m.exit_status >= 0)
				printf("  %-10s %d\n", "exit", m.exit_status);
			if (m.command != NULL)
				line("command", m.command);
		}
		printf("  %-10s ", "source");
		cli_put_safe(stdout, r->source);
		if (r->source_id != NULL) {
			printf(" (id ");
			cli_put_safe(stdout, r->source_id);
			putchar(')');
		}
		putchar('\n');
		if (cloud_within_parse(r->source_id, prov, inst)) {
			struct err ce;
			int ok = store_covered(c->s, &ce) == 0;

			printf("  %-10s %s instance %s%s%s\n", "inside", prov,
			    inst, ok ? ": " : "", !ok ? "" :
			    store_is_covered(c->s, r->id) ?
			    "counted in its imported run" :
			    "no import of it, counted here");
		}
		if (r->project != NULL)
			line("project", r->project);
		if (r->tags != NULL)
			line("tags", r->tags);
		if (r->note != NULL)
			line("note", r->note);
		printf("  %-10s %s\n", "saved", r->checkpointed ?
		    "checkpoints" : "no checkpoints");
		printf("  %-10s %s, modified %s\n", "recorded",
		    fmt_local(b, sizeof b, r->created, "%Y-%m-%d %H:%M"),
		    fmt_local(b2, sizeof b2, r->modified, "%Y-%m-%d %H:%M"));
	}
	metrics_clear(&m);
	if (history_each(c->s, HIST_RUN, r->id, put_change, &co, &e) < 0)
		return cli_err(EXIT_FAIL, &e);
	if (json)
		printf("]}\n");
	else if (co.n == 0)
		printf("  %-10s none kept (undo keeps the latest 500)\n",
		    "changes");
	return EXIT_OK;
}

static int
show_expense(struct ctx *c, struct summary *sm, const struct expense *x,
    int json)
{
	struct changes_out co = { c, json, 0 };
	const struct platform *p = summary_platform(sm, x->platform);
	struct err e;
	char b[64], b2[64];
	int kind = expense_kind(x);
	int64_t expires = kind == EXP_PACK && p != NULL && p->pack_days > 0 ?
	    x->at + (int64_t)p->pack_days * 86400 : 0;

	if (json) {
		char *j = fields_json(fields_expense, fields_nexpense, x,
		    FIELDS_SHOWN, c->now);

		printf("{\"expense\": %s,\n \"expires\": ", j);
		free(j);
		if (expires)
			printf("\"%s\"", fmt_iso_utc(b, sizeof b, expires));
		else
			printf("null");
		printf(",\n \"changes\": [");
	} else {
		printf("%sexpense e%lld%s %s\n", cli_color(c, C_BOLD),
		    (long long)x->id, cli_color(c, C_OFF),
		    expense_kind_name(kind));
		printf("  %-10s %s (uid %s; e%lld is this machine's number)\n",
		    "ref", uid_ref(x->uid, b, sizeof b), x->uid,
		    (long long)x->id);
		printf("  %-10s %s (%s)\n", "paid", fmt_local(b, sizeof b,
		    x->at, "%a %Y-%m-%d %H:%M"), fmt_iso_utc(b2, sizeof b2,
		    x->at));
		line("platform", x->platform[0] ? x->platform : "(none)");
		printf("  %-10s %s\n", "amount", cli_money(c, b, sizeof b,
		    x->amount_minor, x->currency));
		if (kind == EXP_PACK && x->units_centi >= 0) {
			printf("  %-10s %s units of the quota", "pack",
			    fmt_centi(b, sizeof b, x->units_centi));
			if (expires)
				printf(", valid to %s", fmt_local(b2,
				    sizeof b2, expires, "%Y-%m-%d %H:%M"));
			putchar('\n');
		}
		if (kind == EXP_CREDIT)
			printf("  %-10s prepaid credit: the month's spend "
			    "counts the runs paid from it\n", "credit");
		if (kind == EXP_MONTHLY)
			printf("  %-10s paid again each month, next %s; `gpulog "
			    "spend --stop e%lld` stops it\n", "monthly",
			    fmt_local(b, sizeof b, local_month_same_day_after(
			    x->at, c->now), "%a %Y-%m-%d %H:%M"),
			    (long long)x->id);
		if (x->note != NULL)
			line("note", x->note);
		printf("  %-10s ", "source");
		cli_put_safe(stdout, x->source);
		if (x->source_id != NULL) {
			printf(" (id ");
			cli_put_safe(stdout, x->source_id);
			putchar(')');
		}
		putchar('\n');
	}
	if (history_each(c->s, HIST_EXPENSE, x->id, put_change, &co, &e) < 0)
		return cli_err(EXIT_FAIL, &e);
	if (json)
		printf("]}\n");
	else if (co.n == 0)
		printf("  %-10s none kept (undo keeps the latest 500)\n",
		    "changes");
	return EXIT_OK;
}

int
cmd_show(struct ctx *c, const struct args *a)
{
	struct summary sm;
	struct run r;
	struct expense x;
	struct err e;
	const char *in = a->pos[0];
	int64_t id;
	int rc, isexp, json = opt_has(a, SH_JSON);

	if ((isexp = cli_expense_id(c, in, &id, &e)) < 0 ||
	    (!isexp && cli_run_id(c, in, 0, &id, &e) < 0))
		return cli_fail(EXIT_USAGE, "show: %s", e.msg);
	if (summary_load(&sm, c->s, c->now, &e) < 0) {
		summary_free(&sm);
		return cli_err(EXIT_FAIL, &e);
	}
	if (isexp) {
		expense_init(&x);
		rc = store_get_expense(c->s, id, &x, &e);
		if (rc == 1)
			rc = show_expense(c, &sm, &x, json);
		else if (rc == 0)
			rc = cli_fail(EXIT_USAGE, "show: no expense e%lld "
			    "(`gpulog spend` lists them)", (long long)id);
		else
			rc = cli_err(EXIT_FAIL, &e);
		expense_clear(&x);
	} else {
		run_init(&r);
		rc = store_get_run(c->s, id, &r, &e);
		if (rc == 1)
			rc = show_run(c, &sm, &r, json);
		else if (rc == 0)
			rc = cli_fail(EXIT_USAGE, "show: no run #%lld "
			    "(`gpulog log` lists them)", (long long)id);
		else
			rc = cli_err(EXIT_FAIL, &e);
		run_clear(&r);
	}
	summary_free(&sm);
	return rc;
}
