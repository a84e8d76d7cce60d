/*
 * cmd-where.c: `gpulog where DURATION`: where a job of that length should
 * run now.  The ranking is core/where.c's; this file loads what it reads
 * and prints the rows as text or JSON.
 */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "core/fields.h"
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



#define AT(f) .off = offsetof(struct where_row, f), \
	.size = sizeof ((struct where_row *)0)->f

static int
has_quota(const void *rec)
{
	return ((const struct where_row *)rec)->has_quota;
}

static int
has_rate(const void *rec)
{
	return ((const struct where_row *)rec)->rate_micro > 0;
}

static const char *
quota_unit_word(const void *rec, char *buf, size_t n)
{
	(void)buf;
	(void)n;
	return quota_unit_json(((const struct where_row *)rec)->quota_unit);
}

static int64_t
quota_left(const void *rec, int64_t now)
{
	const struct where_row *w = rec;

	(void)now;
	return quota_centi(w->quota_unit, w->quota_left);
}

static int64_t
quota_need(const void *rec, int64_t now)
{
	const struct where_row *w = rec;

	(void)now;
	return quota_centi(w->quota_unit, w->quota_need);
}

static const struct field quota_fields[] = {
	{ .shown = "unit", .csv = "quota_unit", .kind = FK_TEXT,
	    .text = quota_unit_word },
	{ .shown = "left", .csv = "quota_left", .kind = FK_SCENTI,
	    .value = quota_left },
	{ .shown = "need", .csv = "quota_need", .kind = FK_SCENTI,
	    .value = quota_need },
	{ .shown = "resets", .csv = "resets", .kind = FK_TIME,
	    .flags = FF_ZERO_NULL, AT(resets) },
};

/* A row of where --json and --csv. */
static const struct field row_fields[] = {
	{ .shown = "rank", .csv = "rank", .kind = FK_INT, AT(rank) },
	{ .shown = "platform", .csv = "platform", .kind = FK_TEXT,
	    AT(platform) },
	{ .shown = "gpu", .csv = "gpu", .kind = FK_TEXT,
	    .flags = FF_SHOWN_NULL_EMPTY, AT(gpu) },
	{ .shown = "group", .csv = "group", .kind = FK_NAME, AT(group),
	    .names = where_group_names },
	{ .shown = "kind", .csv = "kind", .kind = FK_NAME, AT(kind),
	    .names = kinds },
	{ .shown = "in_phase", .csv = "in_phase", .kind = FK_YESNO,
	    AT(in_phase) },
	{ .shown = "sessions", .csv = "sessions", .kind = FK_INT,
	    AT(sessions) },
	{ .shown = "session_cap_s", .csv = "session_cap_s",
	    .kind = FK_INT64, .flags = FF_ZERO_NULL, AT(session_cap_s) },
	{ .shown = "quota", .kind = FK_OBJECT, .present = has_quota,
	    .sub = quota_fields,
	    .nsub = sizeof quota_fields / sizeof quota_fields[0] },
	{ .shown = "rate", .csv = "rate", .kind = FK_MICRO,
	    .flags = FF_NEG_NULL | FF_ZERO_NULL, AT(rate_micro) },
	{ .shown = "rate_currency", .csv = "rate_currency",
	    .kind = FK_CURRENCY, .present = has_rate, AT(rate_cur) },
	{ .shown = "cost_usd_minor", .csv = "cost_usd", .kind = FK_MONEY,
	    .flags = FF_NEG_NULL, AT(cost_usd) },
	{ .shown = "cost_inr_minor", .csv = "cost_inr", .kind = FK_MONEY,
	    .flags = FF_NEG_NULL, AT(cost_inr) },
	{ .shown = "packs", .kind = FK_INT, AT(packs) },
	{ .shown = "why", .csv = "why", .kind = FK_TEXT, AT(why) },
};
#define NROW (sizeof row_fields / sizeof row_fields[0])

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
		char *row = fields_json(row_fields, NROW, &w[i], FIELDS_SPACED,
		    c->now);

		printf("%s\n    %s", i ? "," : "", row);
		free(row);
	}
	printf("%s]\n}\n", n ? "\n  " : "");
}

/* `where --csv`: one row a platform, in rank order, the fields of
 * print_json()'s rows. */
static void
print_csv(struct ctx *c, const struct where_row *w, size_t n)
{
	size_t i;

	cli_csv_header(row_fields, NROW);
	for (i = 0; i < n; i++) {
		char *row = fields_csv(row_fields, NROW, &w[i], c->now);

		puts(row);
		free(row);
	}
}

static void
print_text(struct ctx *c, const struct summary *sm,
    const struct where_job *j, const struct where_row *w, size_t n)
{
	char d[32], col[64], pad[96], pk[160], m[48], m2[48];
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
		printf(" %2zu %s ", i + 1, cli_pad(pk, sizeof pk, safe, 10,
		    0));
		printf("%s %s  ", cli_pad(pk, sizeof pk, sg, 10, 0),
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
		print_csv(c, rows, n);
	} else {
		print_text(c, &sm, &j, rows, n);
	}
	free(rows);
	summary_free(&sm);
	return rc;
}
