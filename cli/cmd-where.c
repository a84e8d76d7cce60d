/*
 * cmd-where.c: `gpulog where DURATION`: where a job of that length should
 * run now.  The ranking is core/where.c's; this file loads what it reads
 * and prints the rows as text or JSON.
 */
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "core/fmt.h"
#include "core/gpu.h"
#include "core/model.h"
#include "core/parse.h"
#include "core/quota.h"
#include "core/text.h"
#include "core/where.h"
#include "store/summary.h"

enum { W_GPU = 1, W_VRAM, W_JSON, W_CSV };

const struct opt where_opts[] = {
	{ W_GPU, 'g', "gpu", "MODEL", "the GPU the job needs (default: "
	    "T4-class)" },
	{ W_VRAM, 0, "vram", "GB", "the GPU memory it needs" },
	{ W_JSON, 0, "json", NULL, "print JSON" },
	{ W_CSV, 0, "csv", NULL, "print CSV" },
	{ 0, 0, NULL, NULL, NULL },
};

static const char *const kinds[] = { "free", "included", "hourly", "own",
	"subscribe" };



static void
print_json(struct ctx *c, const struct summary *sm, const struct where_job *j,
    const struct where_row *w, size_t n)
{
	char b[64];
	size_t i;

	printf("{\n  \"now\": \"%s\",\n  \"job\": {\"duration_s\": %lld, "
	    "\"gpu\": ", fmt_iso_utc(b, sizeof b, c->now),
	    (long long)j->dur_s);
	json_str(stdout, j->gpu[0] ? j->gpu : "T4-class");
	printf(", \"vram_gb\": %d},\n  \"plan_month\": %d, \"phase\": ",
	    gpu_need_vram(j->gpu, j->vram_gb), sm->plan_month);
	json_str(stdout, sm->phase ? sm->phase->name : NULL);
	printf(",\n  \"rows\": [");
	for (i = 0; i < n; i++) {
		printf("%s\n    {\"rank\": %zu, \"platform\": ", i ? "," : "",
		    i + 1);
		json_str(stdout, w[i].platform);
		printf(", \"gpu\": ");
		json_str(stdout, w[i].gpu[0] ? w[i].gpu : NULL);
		printf(", \"group\": \"%s\", \"kind\": \"%s\", \"in_phase\": "
		    "%s, \"sessions\": %d, \"session_cap_s\": ",
		    where_group_name(w[i].group), kinds[w[i].kind],
		    w[i].in_phase ? "true" : "false", w[i].sessions);
		if (w[i].session_cap_s)
			printf("%lld", (long long)w[i].session_cap_s);
		else
			printf("null");
		if (w[i].has_quota) {
			printf(", \"quota\": {\"unit\": \"%s\", \"left\": %s",
			    quota_unit_json(w[i].quota_unit), fmt_quota_json(b,
			    sizeof b,
			    w[i].quota_unit, w[i].quota_left));
			printf(", \"need\": %s, \"resets\": ", fmt_quota_json(b,
			    sizeof b, w[i].quota_unit, w[i].quota_need));
			if (w[i].resets)
				printf("\"%s\"}", fmt_iso_utc(b, sizeof b,
				    w[i].resets));
			else
				printf("null}");
		} else {
			printf(", \"quota\": null");
		}
		if (w[i].rate_micro > 0)
			printf(", \"rate\": %s, \"rate_currency\": \"%s\"",
			    fmt_fixed6(b, sizeof b, w[i].rate_micro),
			    w[i].rate_cur);
		else
			printf(", \"rate\": null, \"rate_currency\": null");
		printf(", \"cost_usd_minor\": ");
		if (w[i].cost_usd >= 0)
			printf("%lld", (long long)w[i].cost_usd);
		else
			printf("null");
		printf(", \"cost_inr_minor\": ");
		if (w[i].cost_inr >= 0)
			printf("%lld", (long long)w[i].cost_inr);
		else
			printf("null");
		printf(", \"packs\": %d, \"why\": ", w[i].packs);
		json_str(stdout, w[i].why);
		putchar('}');
	}
	printf("%s]\n}\n", n ? "\n  " : "");
}

/* `where --csv`: one row a platform, in rank order, the fields of
 * print_json()'s rows. */
static void
print_csv(const struct where_row *w, size_t n)
{
	char b[64];
	size_t i;

	puts("rank,platform,gpu,group,kind,in_phase,sessions,session_cap_s,"
	    "quota_unit,quota_left,quota_need,resets,rate,rate_currency,"
	    "cost_usd,cost_inr,why");
	for (i = 0; i < n; i++) {
		printf("%zu,", i + 1);
		csv_field(stdout, w[i].platform);
		putchar(',');
		csv_field(stdout, w[i].gpu);
		printf(",%s,%s,%s,%d,", where_group_name(w[i].group),
		    kinds[w[i].kind], w[i].in_phase ? "yes" : "no",
		    w[i].sessions);
		if (w[i].session_cap_s)
			printf("%lld", (long long)w[i].session_cap_s);
		if (w[i].has_quota) {
			printf(",%s,", quota_unit_json(w[i].quota_unit));
			printf("%s,", fmt_quota_json(b, sizeof b,
			    w[i].quota_unit, w[i].quota_left));
			printf("%s,", fmt_quota_json(b, sizeof b,
			    w[i].quota_unit, w[i].quota_need));
			if (w[i].resets)
				fputs(fmt_iso_utc(b, sizeof b, w[i].resets),
				    stdout);
		} else {
			fputs(",,,,", stdout);
		}
		if (w[i].rate_micro > 0)
			printf(",%s,%s", fmt_fixed6(b, sizeof b,
			    w[i].rate_micro), w[i].rate_cur);
		else
			fputs(",,", stdout);
		putchar(',');
		if (w[i].cost_usd >= 0)
			fputs(fmt_centi(b, sizeof b, w[i].cost_usd), stdout);
		putchar(',');
		if (w[i].cost_inr >= 0)
			fputs(fmt_centi(b, sizeof b, w[i].cost_inr), stdout);
		putchar(',');
		csv_field(stdout, w[i].why);
		putchar('\n');
	}
}

static void
print_text(struct ctx *c, const struct summary *sm,
    const struct where_job *j, const struct where_row *w, size_t n)
{
	char d[32], col[64], pad[96], m[48], m2[48];
	size_t i;
	int shown_no = 0;

	printf("%sWhere to run %s%s on %s (%d GB)", cli_color(c, C_BOLD),
	    fmt_duration(d, sizeof d, j->dur_s), cli_color(c, C_OFF),
	    j->gpu[0] ? j->gpu : "a T4-class GPU", gpu_need_vram(j->gpu,
	    j->vram_gb));
	if (sm->phase != NULL) {
		printf(" %s month %d, ", c->dot, sm->plan_month);
		cli_put_safe(stdout, sm->phase->name);
	}
	putchar('\n');
	for (i = 0; i < n; i++) {
		char *safe = text_safe(w[i].platform);
		char *sg = text_safe(w[i].gpu[0] ? w[i].gpu : "-");

		if (w[i].group == WG_NO && !shown_no) {
			printf("%snot now%s\n", cli_color(c, C_DIM),
			    cli_color(c, C_OFF));
			shown_no = 1;
		}
		if (w[i].kind == WK_SUBSCRIBE)
			snprintf(col, sizeof col, "%s%s", w[i].cost_inr >= 0 ?
			    cli_money_whole(c, m, sizeof m, w[i].cost_inr,
			    "INR") : w[i].cost_usd >= 0 ? cli_money_whole(c, m2,
			    sizeof m2, w[i].cost_usd, "USD") : "?",
			    w[i].packs > 1 ? "" : w[i].packs ? "/pack" :
			    "/mo");
		else if (w[i].group == WG_PAID)
			snprintf(col, sizeof col, "%s", w[i].cost_inr >= 0 ?
			    cli_money(c, m, sizeof m, w[i].cost_inr, "INR") :
			    cli_money(c, m2, sizeof m2, w[i].cost_usd, "USD"));
		else if (w[i].group == WG_NO)
			snprintf(col, sizeof col, "-");
		else
			snprintf(col, sizeof col, "%s",
			    w[i].kind == WK_INCLUDED ? "included" : "free");
		printf(" %2zu %-10s %-10s %s  ", i + 1, safe, sg,
		    cli_pad(pad, sizeof pad, col, 9, 1));
		cli_put_safe(stdout, w[i].why);
		putchar('\n');
		free(safe);
		free(sg);
	}
}

int
cmd_where(struct ctx *c, const struct args *a)
{
	struct summary sm;
	struct where_job j;
	struct where_in in;
	struct where_row *rows = NULL;
	struct err e;
	const char *v;
	size_t n = 0;
	int64_t x;
	int rc = EXIT_OK;

	memset(&j, 0, sizeof j);
	if (opt_has(a, W_JSON) && opt_has(a, W_CSV))
		return cli_fail(EXIT_USAGE, "where: choose --json or --csv");
	if (parse_duration(a->pos[0], &j.dur_s, &e) < 0)
		return cli_fail(EXIT_USAGE, "where: %s", e.msg);
	if ((v = opt_get(a, W_GPU)) != NULL) {
		if (!text_is_name(v, 31, ""))
			return cli_fail(EXIT_USAGE, "where: invalid --gpu: a "
			    "model name is 1 to 31 characters, as in T4 or "
			    "\"A100 80GB\"");
		snprintf(j.gpu, sizeof j.gpu, "%s", v);
	}
	if ((v = opt_get(a, W_VRAM)) != NULL) {
		if (parse_int(v, "--vram", 1, 1024, &x, &e) < 0)
			return cli_fail(EXIT_USAGE, "where: %s", e.msg);
		j.vram_gb = (int)x;
	}
	if (summary_load(&sm, c->s, c->now, &e) < 0) {
		summary_free(&sm);
		return cli_err(EXIT_FAIL, &e);
	}
	memset(&in, 0, sizeof in);
	in.now = c->now;
	in.cat = &sm.cat;
	in.qs = sm.qs;
	in.phase = sm.phase;
	in.currency = sm.currency;
	in.plan_month = sm.phase != NULL ? sm.plan_month : 0;
	in.fmt_flags = c->fmt;
	if (where_rank(&in, &j, &rows, &n, &e) < 0) {
		rc = cli_fail(EXIT_USAGE, "where: %s", e.msg);
	} else if (opt_has(a, W_JSON)) {
		print_json(c, &sm, &j, rows, n);
	} else if (opt_has(a, W_CSV)) {
		print_csv(rows, n);
	} else {
		print_text(c, &sm, &j, rows, n);
	}
	free(rows);
	summary_free(&sm);
	return rc;
}
