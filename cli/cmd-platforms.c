/*
 * cmd-platforms.c: `gpulog platforms`: the catalog (the seed's matrix,
 * quotas and hourly rates), `gpulog platforms set KEY ...` to change a
 * quota, a rate, a monthly cost or a session cap, or to add a platform,
 * and `platforms export` / `import FILE` for a catalog file.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "core/fields.h"
#include "core/catalog.h"
#include "core/fmt.h"
#include "core/model.h"
#include "core/parse.h"
#include "core/quota.h"
#include "core/snapshot.h"
#include "core/text.h"
#include "store/snapshot.h"
#include "store/store.h"
#include "store/summary.h"

enum { PL_JSON = 1, PL_QUOTA, PL_RESET, PL_METER, PL_NO_QUOTA, PL_GPU,
	PL_RATE, PL_CU, PL_MONTHLY, PL_CAP, PL_NAME, PL_BILLING,
	PL_DEFAULT_GPU, PL_PACK_DAYS, PL_OUTPUT, PL_DRY_RUN };

const struct opt platforms_opts[] = {
	{ PL_JSON, 0, "json", NULL, "print JSON" },
	{ PL_QUOTA, 0, "quota", "AMOUNT/WINDOW", "set the free quota: "
	    "30h/week, 80h/month, 100cu/month, 15cr/month, 20h/7d" },
	{ PL_RESET, 0, "reset", "WHEN", "when it resets: \"sat 00:00 UTC\", "
	    "\"1 00:00 UTC\"" },
	{ PL_METER, 0, "meter", "METER", "what the quota counts: "
	    "session (session hours, whatever the GPU count), gpu "
	    "(GPU-hours), units (compute units) or credits" },
	{ PL_NO_QUOTA, 0, "no-quota", NULL, "remove the platform's quota" },
	{ PL_GPU, 'g', "gpu", "MODEL", "the GPU a --rate or --cu-rate is for" },
	{ PL_RATE, 0, "rate", "AMOUNT", "price per GPU-hour (USD if bare)" },
	{ PL_CU, 0, "cu-rate", "CU", "compute units (or credits) a GPU-hour "
	    "burns" },
	{ PL_MONTHLY, 0, "monthly", "AMOUNT", "cost a month: 899INR, $11.99" },
	{ PL_CAP, 0, "session-cap", "DURATION", "longest session (0 for "
	    "none)" },
	{ PL_PACK_DAYS, 0, "pack-days", "DAYS", "how long a pack of the "
	    "quota's units lasts (0 for none)" },
	{ PL_NAME, 0, "name", "NAME", "the platform's name (a new KEY adds "
	    "a platform)" },
	{ PL_BILLING, 0, "billing", "KIND", "free, subscription, hourly or "
	    "units" },
	{ PL_DEFAULT_GPU, 0, "default-gpu", "MODEL", "GPU assumed when a run "
	    "names none" },
	{ PL_OUTPUT, 'o', "output", "FILE", "export: write FILE (default: "
	    "standard output)" },
	{ PL_DRY_RUN, 0, "dry-run", NULL, "import: say what would change, "
	    "change nothing" },
	{ 0, 0, NULL, NULL, NULL },
};

static char *
quota_text(char *buf, size_t n, const struct quota *q,
    const struct platform *p)
{
	char a[32], w[16];
	size_t k;
	static const char *const days[] = { "Sun", "Mon", "Tue", "Wed",
		"Thu", "Fri", "Sat" };

	fmt_quota_amount(a, sizeof a, q->unit, q->amount);
	/* The catalog ships some amounts unknown (Lightning's credits). */
	if (q->amount <= 0)
		snprintf(a, sizeof a, "no amount of");
	if (p != NULL && p->billing == BILL_UNITS)
		snprintf(buf, n, "%s %s a pack, valid %d days (only the packs "
		    "bought count)", a, quota_unit_name(q->unit),
		    p->pack_days);
	else if (q->window == QW_WEEK)
		snprintf(buf, n, "%s %s a week, resets %s %02d:%02d UTC", a,
		    quota_unit_name(q->unit), days[q->reset_wday],
		    q->reset_min / 60, q->reset_min % 60);
	else if (q->window == QW_MONTH)
		snprintf(buf, n, "%s %s a month, resets day %d %02d:%02d UTC",
		    a, quota_unit_name(q->unit), q->reset_mday,
		    q->reset_min / 60, q->reset_min % 60);
	else
		snprintf(buf, n, "%s %s in any %s", a,
		    quota_unit_name(q->unit), quota_window_name(q, w,
		    sizeof w));
	k = strlen(buf);
	snprintf(buf + k, n - k, "; counts %s", quota_meter_text(q->unit));
	return buf;
}

/* ", \"as_of\": DATE, \"cite\": SOURCE" of a fact (null when undated). */
static void
json_provenance(const char *platform, int fact, const struct rate *r,
    int64_t modified, const struct quota_snapshot *snap, int64_t amount)
{
	struct provenance pv;

	catalog_provenance(platform, fact, r, modified, snap, amount, &pv);
	if (pv.date[0] != '\0')
		printf(", \"as_of\": \"%s\", \"cite\": ", pv.date);
	else
		printf(", \"as_of\": null, \"cite\": ");
	json_str(stdout, pv.source);
}

/* "  [DATE SOURCE]" of a fact, escaped (a user's platform key may be
 * anything, its source never is). */
static void
text_provenance(const char *platform, int fact, const struct rate *r,
    int64_t modified, const struct quota_snapshot *snap, int64_t amount)
{
	struct provenance pv;

	catalog_provenance(platform, fact, r, modified, snap, amount, &pv);
	printf("  [%s%s", pv.date, pv.date[0] != '\0' ? " " : "");
	cli_put_safe(stdout, pv.source);
	printf("]\n");
}

/* The newest of what platform itself reported of its quota, or NULL. */
static const struct quota_snapshot *
reported(struct ctx *c, const char *platform, struct quota_snapshot *snap)
{
	struct err e;

	return store_latest_snapshot(c->s, platform, snap, &e) == 1 ? snap :
	    NULL;
}

static void
show_json(struct ctx *c, struct summary *sm)
{
	struct quota_snapshot snap;
	char b[64];
	size_t i;

	printf("{\n  \"platforms\": [");
	for (i = 0; i < sm->cat.nplatforms; i++) {
		const struct platform *p = &sm->cat.platforms[i];

		char *j = fields_json(fields_platform, fields_nplatform, p,
		    FIELDS_SPACED, c->now);

		/* Its provenance follows, inside the object. */
		j[strlen(j) - 1] = '\0';
		printf("%s\n    %s", i ? "," : "", j);
		free(j);
		json_provenance(p->key, FACT_PLATFORM, NULL, p->modified, NULL,
		    0);
		printf("}");
	}
	printf("\n  ],\n  \"quotas\": [");
	for (i = 0; i < sm->cat.nquotas; i++) {
		const struct quota *q = &sm->cat.quotas[i];

		printf("%s\n    {\"platform\": ", i ? "," : "");
		json_str(stdout, q->platform);
		printf(", \"unit\": \"%s\", \"meter\": \"%s\", "
		    "\"amount\": %s, \"window\": \"%s\", \"reset_wday\": %d, "
		    "\"reset_mday\": %d, \"reset_min\": %d, "
		    "\"rolling_days\": %d",
		    quota_meter(q->unit)->amount, quota_meter_name(q->unit),
		    fmt_quota_json(b, sizeof b, q->unit, q->amount),
		    quota_window_word(q->window), q->reset_wday, q->reset_mday,
		    q->reset_min, q->rolling_days);
		json_provenance(q->platform, FACT_QUOTA, NULL, q->modified,
		    reported(c, q->platform, &snap), q->amount);
		printf("}");
	}
	printf("\n  ],\n  \"rates\": [");
	for (i = 0; i < sm->cat.nrates; i++) {
		const struct rate *r = &sm->cat.rates[i];

		char *j = fields_json(fields_rate, fields_nrate, r,
		    FIELDS_SPACED, c->now);

		j[strlen(j) - 1] = '\0';
		printf("%s\n    %s", i ? "," : "", j);
		free(j);
		json_provenance(r->platform, FACT_RATE, r, 0, NULL, 0);
		printf("}");
	}
	printf("\n  ]\n}\n");
}

static void
show_text(struct ctx *c, struct summary *sm)
{
	struct quota_snapshot snap;
	char b[160], b2[48], b3[48], pk[160];
	size_t i;

	printf("%s%-11s %-18s %-14s %-14s %-8s %-12s %-18s %-20s %s%s\n",
	    cli_color(c, C_BOLD), "key", "name", "GPU", "VRAM GB", "$/month",
	    "INR/month", "session", "storage", "best for",
	    cli_color(c, C_OFF));
	for (i = 0; i < sm->cat.nplatforms; i++) {
		const struct platform *p = &sm->cat.platforms[i];
		const char *f[8] = { p->key, p->name, p->gpu, p->vram,
			p->cost_usd, p->cost_inr, p->session_text, p->storage };
		static const int w[8] = { 11, 18, 14, 14, 8, 12, 18, 20 };
		int k;

		/* Catalog text may come from an imported file: escaped. */
		for (k = 0; k < 8; k++) {
			char *safe = text_safe(f[k]);

			printf("%s ", cli_pad(b, sizeof b, safe, w[k], 0));
			free(safe);
		}
		cli_put_safe(stdout, p->best_for);
		putchar('\n');
	}
	printf("\n%sSession caps and costs%s (the table's columns: as of, "
	    "from)\n", cli_color(c, C_BOLD), cli_color(c, C_OFF));
	for (i = 0; i < sm->cat.nplatforms; i++) {
		const struct platform *p = &sm->cat.platforms[i];
		char *sp = text_safe(p->key);

		printf("  %s", cli_pad(b, sizeof b, sp, 11, 0));
		free(sp);
		text_provenance(p->key, FACT_PLATFORM, NULL, p->modified, NULL,
		    0);
	}
	printf("\n%sQuotas%s\n", cli_color(c, C_BOLD), cli_color(c, C_OFF));
	for (i = 0; i < sm->cat.nquotas; i++) {
		const struct quota *q = &sm->cat.quotas[i];
		char *sp = text_safe(q->platform);

		printf("  %s %s", cli_pad(pk, sizeof pk, sp, 11, 0),
		    quota_text(b, sizeof b, q,
		    catalog_platform(&sm->cat, q->platform)));
		free(sp);
		text_provenance(q->platform, FACT_QUOTA, NULL, q->modified,
		    reported(c, q->platform, &snap), q->amount);
	}
	printf("\n%sRates%s (per GPU-hour)\n", cli_color(c, C_BOLD),
	    cli_color(c, C_OFF));
	for (i = 0; i < sm->cat.nrates; i++) {
		const struct rate *r = &sm->cat.rates[i];

		char *sp = text_safe(r->platform), *sg = text_safe(r->gpu);

		printf("  %s ", cli_pad(b, sizeof b, sp, 11, 0));
		printf("%s ", cli_pad(b, sizeof b, sg, 11, 0));
		free(sp);
		free(sg);
		if (r->rate_micro > 0)
			printf("%-9s", fmt_rate(b, sizeof b, r->rate_micro,
			    r->currency, c->fmt));
		else
			printf("%-9s", "-");
		if (r->low_micro > 0 && r->high_micro > 0)
			printf(" (%s%s%s)", fmt_rate(b2, sizeof b2,
			    r->low_micro, r->currency, c->fmt) , c->dash,
			    fmt_rate(b3, sizeof b3, r->high_micro, r->currency,
			    c->fmt));
		if (r->cu_centi_h > 0)
			printf(" %s %s/h", fmt_centi(b, sizeof b,
			    r->cu_centi_h), catalog_burn_label(&sm->cat,
			    r->platform));
		text_provenance(r->platform, FACT_RATE, r, 0, NULL, 0);
	}
}

static int
set_platform(struct ctx *c, const struct args *a)
{
	struct ops_platform_in in;
	struct ops_platform_result res;
	struct err e;
	char b[160];

	if (strcmp(a->pos[0], "set") != 0)
		return cli_fail(EXIT_USAGE, "platforms: unknown action \"%s\"; "
		    "expected set, export or import", a->pos[0]);
	if (a->npos < 2)
		return cli_fail(EXIT_USAGE, "platforms set: missing KEY");
	memset(&in, 0, sizeof in);
	in.key = a->pos[1];
	in.name = opt_get(a, PL_NAME);
	in.billing = opt_get(a, PL_BILLING);
	in.default_gpu = opt_get(a, PL_DEFAULT_GPU);
	in.cap = opt_get(a, PL_CAP);
	in.monthly = opt_get(a, PL_MONTHLY);
	in.pack_days = opt_get(a, PL_PACK_DAYS);
	in.quota = opt_get(a, PL_QUOTA);
	in.reset = opt_get(a, PL_RESET);
	in.meter = opt_get(a, PL_METER);
	in.no_quota = opt_has(a, PL_NO_QUOTA);
	in.gpu = opt_get(a, PL_GPU);
	in.rate = opt_get(a, PL_RATE);
	in.cu_rate = opt_get(a, PL_CU);
	if (ops_platform_set(&c->ops, &in, &res, &e) < 0) {
		if (c->ops.field == OPS_F_INPUT)
			return cli_fail(EXIT_USAGE, "platforms set: nothing to "
			    "change: give --quota, --reset, --meter, --rate, "
			    "--monthly, --session-cap, ...");
		return c->ops.field == OPS_F_NONE ? cli_err(EXIT_FAIL, &e) :
		    cli_fail(EXIT_USAGE, "platforms set: %s", e.msg);
	}
	if (res.quota_removed)
		printf("%s: no quota\n", res.p.key);
	if (res.quota_set)
		printf("%s: %s\n", res.p.key, quota_text(b, sizeof b, &res.q,
		    &res.p));
	if (res.rate_set) {
		const struct rate *rt = &res.rt;

		printf("%s %s:", res.p.key, rt->gpu);
		if (rt->rate_micro > 0 || rt->cu_centi_h == 0)
			printf(" %s", fmt_rate(b, sizeof b, rt->rate_micro,
			    rt->currency, c->fmt));
		if (rt->cu_centi_h)
			printf("%s %s %s/h", rt->rate_micro > 0 ? "," : "",
			    fmt_centi(b, sizeof b, rt->cu_centi_h),
			    quota_meter(res.q.unit)->rated ?
			    quota_unit_name(res.q.unit) : "CU");
		putchar('\n');
	}
	if (res.created)
		printf("added platform %s (%s)\n", res.p.key,
		    billing_name(res.p.billing));
	else if (!res.quota_set && !res.quota_removed && !res.rate_set)
		printf("changed %s\n", res.p.key);
	return EXIT_OK;
}

/* `platforms export [-o FILE]` and `platforms import FILE [--dry-run]`:
 * the catalog alone in the export's format, written and read by export's
 * and import json's code. */
static int
catalog_file(struct ctx *c, const struct args *a)
{
	int out = opt_has(a, PL_OUTPUT), dry = opt_has(a, PL_DRY_RUN);

	if (strcmp(a->pos[0], "export") == 0) {
		if (a->npos > 1 || a->ngiven > out || opt_has(a, PL_JSON))
			return cli_fail(EXIT_USAGE, "platforms export: takes "
			    "-o FILE alone");
		return cli_export_to(c, 1, opt_get(a, PL_OUTPUT));
	}
	if (a->npos != 2)
		return cli_fail(EXIT_USAGE, "platforms import: give one FILE "
		    "(- for standard input)");
	if (a->ngiven > dry)
		return cli_fail(EXIT_USAGE, "platforms import: takes --dry-run "
		    "alone");
	return cli_import_catalog(c, a->pos[1], dry);
}

int
cmd_platforms(struct ctx *c, const struct args *a)
{
	struct summary sm;
	struct err e;
	int rc = EXIT_OK;

	if (a->npos > 0 && (strcmp(a->pos[0], "export") == 0 ||
	    strcmp(a->pos[0], "import") == 0))
		return catalog_file(c, a);
	if (opt_has(a, PL_OUTPUT) || opt_has(a, PL_DRY_RUN))
		return cli_fail(EXIT_USAGE, "platforms: -o is for export, "
		    "--dry-run for import");
	if (summary_load_catalog(&sm, c->s, c->now, &e) < 0) {
		summary_free(&sm);
		return cli_err(EXIT_FAIL, &e);
	}
	if (a->npos > 0)
		rc = set_platform(c, a);
	else if (opt_has(a, PL_JSON))
		show_json(c, &sm);
	else
		show_text(c, &sm);
	summary_free(&sm);
	return rc;
}
