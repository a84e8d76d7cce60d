/*
 * cmd-platforms.c: `gpulog platforms`: the catalog (the seed's matrix,
 * quotas and hourly rates), and `gpulog platforms set KEY ...` to change a
 * quota, a rate, a monthly cost or a session cap, or to add a platform.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "core/catalog.h"
#include "core/fmt.h"
#include "core/model.h"
#include "core/parse.h"
#include "core/quota.h"
#include "core/text.h"
#include "store/store.h"
#include "store/summary.h"

enum { PL_JSON = 1, PL_QUOTA, PL_RESET, PL_NO_QUOTA, PL_GPU, PL_RATE,
	PL_CU, PL_MONTHLY, PL_CAP, PL_NAME, PL_BILLING, PL_DEFAULT_GPU };

const struct opt platforms_opts[] = {
	{ PL_JSON, 0, "json", NULL, "print JSON" },
	{ PL_QUOTA, 0, "quota", "AMOUNT/WINDOW", "set the free quota: "
	    "30h/week, 80h/month, 100cu/month, 20h/7d" },
	{ PL_RESET, 0, "reset", "WHEN", "when it resets: \"sat 00:00 UTC\", "
	    "\"1 00:00 UTC\"" },
	{ PL_NO_QUOTA, 0, "no-quota", NULL, "remove the platform's quota" },
	{ PL_GPU, 'g', "gpu", "MODEL", "the GPU a --rate or --cu-rate is for" },
	{ PL_RATE, 0, "rate", "AMOUNT", "price per GPU-hour (USD if bare)" },
	{ PL_CU, 0, "cu-rate", "CU", "compute units a GPU-hour burns" },
	{ PL_MONTHLY, 0, "monthly", "AMOUNT", "cost a month: 899INR, $11.99" },
	{ PL_CAP, 0, "session-cap", "DURATION", "longest session (0 for "
	    "none)" },
	{ PL_NAME, 0, "name", "NAME", "the platform's name (a new KEY adds "
	    "a platform)" },
	{ PL_BILLING, 0, "billing", "KIND", "free, subscription, hourly or "
	    "units" },
	{ PL_DEFAULT_GPU, 0, "default-gpu", "MODEL", "GPU assumed when a run "
	    "names none" },
	{ 0, 0, NULL, NULL, NULL },
};

static char *
quota_text(char *buf, size_t n, const struct quota *q)
{
	char a[32], w[16];
	static const char *const days[] = { "Sun", "Mon", "Tue", "Wed",
		"Thu", "Fri", "Sat" };

	if (q->unit == QU_CU)
		fmt_centi(a, sizeof a, q->amount);
	else
		fmt_hours(a, sizeof a, q->amount);
	if (q->window == QW_WEEK)
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
	return buf;
}

static void
show_json(struct summary *sm)
{
	char b[64];
	size_t i;

	printf("{\n  \"platforms\": [");
	for (i = 0; i < sm->cat.nplatforms; i++) {
		const struct platform *p = &sm->cat.platforms[i];

		printf("%s\n    {\"key\": ", i ? "," : "");
		json_str(stdout, p->key);
		printf(", \"name\": ");
		json_str(stdout, p->name);
		printf(", \"billing\": \"%s\", \"gpu\": ",
		    billing_name(p->billing));
		json_str(stdout, p->gpu);
		printf(", \"vram\": ");
		json_str(stdout, p->vram);
		printf(", \"cost_usd\": ");
		json_str(stdout, p->cost_usd);
		printf(", \"cost_inr\": ");
		json_str(stdout, p->cost_inr);
		printf(", \"session_cap_s\": %lld, \"session_text\": ",
		    (long long)p->session_cap_s);
		json_str(stdout, p->session_text);
		printf(", \"storage\": ");
		json_str(stdout, p->storage);
		printf(", \"best_for\": ");
		json_str(stdout, p->best_for);
		printf(", \"default_gpu\": ");
		json_str(stdout, p->default_gpu);
		printf("}");
	}
	printf("\n  ],\n  \"quotas\": [");
	for (i = 0; i < sm->cat.nquotas; i++) {
		const struct quota *q = &sm->cat.quotas[i];

		printf("%s\n    {\"platform\": ", i ? "," : "");
		json_str(stdout, q->platform);
		printf(", \"unit\": \"%s\", "
		    "\"amount\": %s, \"window\": \"%s\", \"reset_wday\": %d, "
		    "\"reset_mday\": %d, \"reset_min\": %d, "
		    "\"rolling_days\": %d}",
		    q->unit == QU_CU ? "compute_units" : "gpu_hours",
		    q->unit == QU_CU ? fmt_centi(b, sizeof b, q->amount) :
		    fmt_centi(b, sizeof b, q->amount * 100 / 3600),
		    q->window == QW_WEEK ? "week" : q->window == QW_MONTH ?
		    "month" : "rolling", q->reset_wday, q->reset_mday,
		    q->reset_min, q->rolling_days);
	}
	printf("\n  ],\n  \"rates\": [");
	for (i = 0; i < sm->cat.nrates; i++) {
		const struct rate *r = &sm->cat.rates[i];

		printf("%s\n    {\"platform\": ", i ? "," : "");
		json_str(stdout, r->platform);
		printf(", \"gpu\": ");
		json_str(stdout, r->gpu);
		printf(", \"currency\": ");
		json_str(stdout, r->currency);
		printf(", \"per_gpu_hour\": %s, ", fmt_fixed6(b, sizeof b,
		    r->rate_micro));
		printf("\"low\": %s, ", fmt_fixed6(b, sizeof b, r->low_micro));
		printf("\"high\": %s, ", fmt_fixed6(b, sizeof b,
		    r->high_micro));
		printf("\"cu_per_hour\": %s, \"source\": ", fmt_centi(b,
		    sizeof b, r->cu_centi_h));
		json_str(stdout, r->source);
		printf("}");
	}
	printf("\n  ]\n}\n");
}

static void
show_text(struct ctx *c, struct summary *sm)
{
	char b[96], b2[48], b3[48];
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
	printf("\n%sQuotas%s\n", cli_color(c, C_BOLD), cli_color(c, C_OFF));
	for (i = 0; i < sm->cat.nquotas; i++) {
		char *sp = text_safe(sm->cat.quotas[i].platform);

		printf("  %-11s %s\n", sp, quota_text(b, sizeof b,
		    &sm->cat.quotas[i]));
		free(sp);
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
			printf(" %s CU/h", fmt_centi(b, sizeof b,
			    r->cu_centi_h));
		printf("  [%s]\n", r->source);
	}
}

/* Checks a new platform key: a-z, 0-9 and '-'. */
static int
key_ok(const char *k)
{
	if (*k == '\0' || strlen(k) > 31)
		return 0;
	for (; *k; k++)
		if (!islower((unsigned char)*k) && !isdigit((unsigned char)*k)
		    && *k != '-')
			return 0;
	return 1;
}

static int
set_platform(struct ctx *c, struct summary *sm, const struct args *a)
{
	struct platform np;
	const struct platform *p;
	struct quota q;
	struct rate rt;
	struct err e;
	const char *v;
	char key[32], label[64], b[96], msg[512] = "";
	int64_t n;
	int qi, changed = 0, creating = 0;

	if (strcmp(a->pos[0], "set") != 0)
		return cli_fail(EXIT_USAGE, "platforms: unknown action \"%s\"; "
		    "expected `platforms set KEY [options]`", a->pos[0]);
	if (a->npos < 2)
		return cli_fail(EXIT_USAGE, "platforms set: missing KEY");
	if ((p = summary_platform(sm, a->pos[1])) == NULL) {
		if (!opt_has(a, PL_NAME) && !opt_has(a, PL_BILLING)) {
			if (cli_platform(sm, a->pos[1], key, &e) < 0)
				return cli_fail(EXIT_USAGE, "platforms set: %s;"
				    " give --name to add it", e.msg);
			p = summary_platform(sm, key);
		} else {
			if (!key_ok(a->pos[1]))
				return cli_fail(EXIT_USAGE, "platforms set: "
				    "invalid key \"%s\": use a-z, 0-9 and -",
				    a->pos[1]);
			memset(&np, 0, sizeof np);
			snprintf(np.key, sizeof np.key, "%s", a->pos[1]);
			snprintf(np.name, sizeof np.name, "%s", a->pos[1]);
			np.billing = BILL_HOURLY;
			creating = 1;
		}
	}
	if (p != NULL)
		np = *p;
	if ((v = opt_get(a, PL_NAME)) != NULL) {
		if (!text_is_name(v, 63, ""))
			return cli_fail(EXIT_USAGE, "platforms set: invalid "
			    "--name");
		snprintf(np.name, sizeof np.name, "%s", v);
		changed = 1;
	}
	if ((v = opt_get(a, PL_BILLING)) != NULL) {
		if ((np.billing = billing_parse(v)) < 0)
			return cli_fail(EXIT_USAGE, "platforms set: unknown "
			    "--billing \"%s\": expected free, subscription, "
			    "hourly or units", v);
		changed = 1;
	}
	if ((v = opt_get(a, PL_DEFAULT_GPU)) != NULL) {
		snprintf(np.default_gpu, sizeof np.default_gpu, "%s", v);
		changed = 1;
	}
	if ((v = opt_get(a, PL_CAP)) != NULL) {
		if (strcmp(v, "0") == 0)
			np.session_cap_s = 0;
		else if (parse_duration(v, &np.session_cap_s, &e) < 0)
			return cli_fail(EXIT_USAGE, "platforms set: "
			    "--session-cap: %s", e.msg);
		changed = 1;
	}
	if ((v = opt_get(a, PL_MONTHLY)) != NULL) {
		char cur[4];

		if (parse_money(v, 2, "USD", &n, cur, &e) < 0)
			return cli_fail(EXIT_USAGE, "platforms set: --monthly: "
			    "%s", e.msg);
		if (strcmp(cur, "INR") == 0)
			fmt_centi(np.cost_inr, sizeof np.cost_inr, n);
		else
			fmt_centi(np.cost_usd, sizeof np.cost_usd, n);
		changed = 1;
	}
	snprintf(label, sizeof label, "platforms set %s", np.key);
	if (store_begin(c->s, label, &e) < 0)
		return cli_err(EXIT_FAIL, &e);
	if ((changed || creating) && store_set_platform(c->s, &np,
	    creating ? (int)sm->cat.nplatforms : (int)(p - sm->cat.platforms), &e) < 0)
		goto fail;

	qi = summary_quota_index(sm, np.key);
	if (qi >= 0)
		q = sm->cat.quotas[qi];
	else {
		memset(&q, 0, sizeof q);
		snprintf(q.platform, sizeof q.platform, "%s", np.key);
		q.reset_mday = 1;
	}
	if (opt_has(a, PL_NO_QUOTA)) {
		if (store_delete_quota(c->s, np.key, &e) < 0)
			goto fail;
		snprintf(msg + strlen(msg), sizeof msg - strlen(msg),
		    "%s: no quota\n", np.key);
		changed = 1;
	}
	if (opt_has(a, PL_QUOTA) || opt_has(a, PL_RESET)) {
		if ((v = opt_get(a, PL_QUOTA)) != NULL &&
		    parse_quota(v, &q, &e) < 0)
			goto usage;
		if (qi < 0 && v == NULL) {
			err_set(&e, "%s has no quota to reset; give --quota",
			    np.key);
			goto usage;
		}
		if ((v = opt_get(a, PL_RESET)) != NULL &&
		    parse_reset(v, &q, &e) < 0)
			goto usage;
		if (store_set_quota(c->s, &q, &e) < 0)
			goto fail;
		snprintf(msg + strlen(msg), sizeof msg - strlen(msg),
		    "%s: %s\n", np.key, quota_text(b, sizeof b, &q));
		changed = 1;
	}
	if (opt_has(a, PL_RATE) || opt_has(a, PL_CU)) {
		const struct rate *old;

		if ((v = opt_get(a, PL_GPU)) == NULL || *v == '\0') {
			err_set(&e, "--rate and --cu-rate need --gpu MODEL");
			goto usage;
		}
		old = summary_rate(sm, np.key, v);
		if (old != NULL)
			rt = *old;
		else {
			memset(&rt, 0, sizeof rt);
			snprintf(rt.platform, sizeof rt.platform, "%s", np.key);
			snprintf(rt.gpu, sizeof rt.gpu, "%s", v);
			strcpy(rt.currency, "USD");
		}
		if ((v = opt_get(a, PL_RATE)) != NULL) {
			if (parse_money(v, 6, "USD", &rt.rate_micro,
			    rt.currency, &e) < 0)
				goto usage;
			rt.low_micro = rt.high_micro = 0;
		}
		if ((v = opt_get(a, PL_CU)) != NULL &&
		    parse_fixed(v, 2, "--cu-rate", &rt.cu_centi_h, &e) < 0)
			goto usage;
		rt.updated = c->now;
		strcpy(rt.source, "user");
		if (store_set_rate(c->s, &rt, &e) < 0)
			goto fail;
		snprintf(msg + strlen(msg), sizeof msg - strlen(msg), "%s %s:",
		    np.key, rt.gpu);
		if (rt.rate_micro > 0 || rt.cu_centi_h == 0)
			snprintf(msg + strlen(msg), sizeof msg - strlen(msg),
			    " %s", fmt_rate(b, sizeof b, rt.rate_micro,
			    rt.currency, c->fmt));
		if (rt.cu_centi_h)
			snprintf(msg + strlen(msg), sizeof msg - strlen(msg),
			    "%s %s CU/h", rt.rate_micro > 0 ? "," : "",
			    fmt_centi(b, sizeof b, rt.cu_centi_h));
		snprintf(msg + strlen(msg), sizeof msg - strlen(msg), "\n");
		changed = 1;
	} else if (opt_has(a, PL_GPU)) {
		err_set(&e, "--gpu names the GPU of a --rate or --cu-rate");
		goto usage;
	}
	if (!changed && !creating) {
		err_set(&e, "nothing to change: give --quota, --reset, --rate, "
		    "--monthly, --session-cap, ...");
		goto usage;
	}
	if (store_commit(c->s, &e) < 0)
		goto fail;
	/* Said once it is done, not before a later option fails. */
	fputs(msg, stdout);
	if (creating)
		printf("added platform %s (%s)\n", np.key,
		    billing_name(np.billing));
	else if (!opt_has(a, PL_QUOTA) && !opt_has(a, PL_RESET) &&
	    !opt_has(a, PL_RATE) && !opt_has(a, PL_CU) &&
	    !opt_has(a, PL_NO_QUOTA))
		printf("changed %s\n", np.key);
	return EXIT_OK;
usage:
	store_rollback(c->s);
	return cli_fail(EXIT_USAGE, "platforms set: %s", e.msg);
fail:
	store_rollback(c->s);
	return cli_err(EXIT_FAIL, &e);
}

int
cmd_platforms(struct ctx *c, const struct args *a)
{
	struct summary sm;
	struct err e;
	int rc = EXIT_OK;

	if (summary_load_catalog(&sm, c->s, c->now, &e) < 0) {
		summary_free(&sm);
		return cli_err(EXIT_FAIL, &e);
	}
	if (a->npos > 0)
		rc = set_platform(c, &sm, a);
	else if (opt_has(a, PL_JSON))
		show_json(&sm);
	else
		show_text(c, &sm);
	summary_free(&sm);
	return rc;
}
