/*
 * cmd-fx.c: `gpulog fx`: the USD to INR rate, shown, set by hand for a day,
 * or fetched (`fx update`: Frankfurter, falling back to open.er-api.com)
 * and stored with the day it holds for; and the currency amounts are shown
 * in.  Fetching and parsing are the importers' (fetch.c, rates.c).
 */
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "core/clock.h"
#include "core/fmt.h"
#include "core/fx.h"
#include "core/parse.h"
#include "importers/fetch.h"
#include "importers/rates.h"
#include "store/store.h"

enum { F_DATE = 1, F_JSON, F_CURRENCY };

const struct opt fx_opts[] = {
	{ F_DATE, 'd', "date", "D", "the day the rate holds from (default: "
	    "today)" },
	{ F_CURRENCY, 0, "currency", "CODE", "show amounts in INR or USD" },
	{ F_JSON, 0, "json", NULL, "print JSON" },
	{ 0, 0, NULL, NULL, NULL },
};

/* Fetches one source's rate: 0, or -1 with the reason in e. */
static int
fetch_fx(int kind, int64_t *day, int64_t *micro, struct err *e)
{
	struct fetch_req q;
	char url[1024], *body = NULL;
	size_t len;
	int rc;

	memset(&q, 0, sizeof q);
	if (kind == FX_FRANKFURTER) {
		snprintf(url, sizeof url, "%s/v1/latest?base=USD&symbols=INR",
		    fetch_base("GPULOG_FX_URL", FX_URL));
		q.service = "Frankfurter";
	} else {
		snprintf(url, sizeof url, "%s/v6/latest/USD",
		    fetch_base("GPULOG_FX_FALLBACK_URL", FX_FALLBACK_URL));
		q.service = "open.er-api.com";
	}
	q.url = url;
	if (fetch(&q, &body, &len, e) < 0)
		return -1;
	rc = rates_parse_fx(body, len, q.service, kind, day, micro, e);
	free(body);
	return rc;
}

/* `gpulog fx update`. */
static int
fx_update(struct ctx *c)
{
	struct fx_point *fx = NULL;
	struct err e1, e2, e;
	int64_t day, micro, y;
	size_t n = 0, i;
	int m, d, kind = FX_FRANKFURTER, have = 0;
	char b[32];
	const char *src;

	if (fetch_fx(FX_FRANKFURTER, &day, &micro, &e1) < 0) {
		kind = FX_ERAPI;
		if (fetch_fx(FX_ERAPI, &day, &micro, &e2) < 0)
			return cli_fail(EXIT_FAIL, "fx update: %s; and the "
			    "fallback: %s", e1.msg, e2.msg);
	}
	src = kind == FX_FRANKFURTER ? "frankfurter" : "er-api";
	civil_from_days(day, &y, &m, &d);
	if (store_load_fx(c->s, &fx, &n, &e) < 0)
		return cli_err(EXIT_FAIL, &e);
	for (i = 0; i < n; i++)
		if (fx[i].day == day && fx[i].usd_inr_micro == micro)
			have = 1;
	free(fx);
	if (kind == FX_ERAPI)
		printf("Frankfurter failed (%s); used open.er-api.com\n",
		    e1.msg);
	if (have) {
		printf("USD 1 = INR %s on %04lld-%02d-%02d: already stored\n",
		    fmt_fixed6(b, sizeof b, micro), (long long)y, m, d);
		return EXIT_OK;
	}
	if (ops_fx_fetched(&c->ops, day, micro, src, &e) < 0)
		return cli_err(EXIT_FAIL, &e);
	printf("USD 1 = INR %s from %04lld-%02d-%02d (%s)\n", fmt_fixed6(b,
	    sizeof b, micro), (long long)y, m, d, kind == FX_FRANKFURTER ?
	    "Frankfurter" : "open.er-api.com");
	return EXIT_OK;
}

int
cmd_fx(struct ctx *c, const struct args *a)
{
	struct fx_point *fx = NULL;
	struct err e;
	size_t n = 0, i;
	int64_t micro, day, y;
	int m, d;
	char b[32], cur[4];

	if (opt_has(a, F_CURRENCY)) {
		if (a->npos > 0)
			return cli_fail(EXIT_USAGE, "fx: give RATE or "
			    "--currency, not both");
		if (ops_set_currency(&c->ops, opt_get(a, F_CURRENCY), cur,
		    &e) < 0)
			return c->ops.field == OPS_F_NONE ?
			    cli_err(EXIT_FAIL, &e) : cli_fail(EXIT_USAGE,
			    "fx: --currency: %s", e.msg);
		printf("amounts are shown in %s\n", cur);
		return EXIT_OK;
	}
	if (a->npos == 1 && strcmp(a->pos[0], "update") == 0)
		return fx_update(c);
	if (a->npos == 1) {
		if (ops_fx_set(&c->ops, a->pos[0], opt_get(a, F_DATE), &day,
		    &micro, &e) < 0)
			return c->ops.field == OPS_F_NONE ?
			    cli_err(EXIT_FAIL, &e) : cli_fail(EXIT_USAGE,
			    "fx: %s%s", c->ops.field == OPS_F_DAY ? "--date: " :
			    "", e.msg);
		civil_from_days(day, &y, &m, &d);
		printf("USD 1 = INR %s from %04lld-%02d-%02d\n",
		    fmt_fixed6(b, sizeof b, micro), (long long)y, m, d);
		return EXIT_OK;
	}
	if (store_load_fx(c->s, &fx, &n, &e) < 0)
		return cli_err(EXIT_FAIL, &e);
	day = local_day_number(c->now);
	if (opt_has(a, F_JSON)) {
		printf("{\"current\": ");
		if (n)
			printf("%s", fmt_fixed6(b, sizeof b, fx_rate_on(fx, n,
			    day)));
		else
			printf("null");
		printf(", \"rates\": [");
		for (i = 0; i < n; i++) {
			civil_from_days(fx[i].day, &y, &m, &d);
			printf("%s{\"date\": \"%04lld-%02d-%02d\", "
			    "\"usd_inr\": %s}", i ? ", " : "", (long long)y, m,
			    d, fmt_fixed6(b, sizeof b, fx[i].usd_inr_micro));
		}
		printf("]}\n");
	} else if (n == 0) {
		printf("no exchange rate; set one with `gpulog fx RATE`\n");
	} else {
		printf("USD 1 = INR %s today\n", fmt_fixed6(b, sizeof b,
		    fx_rate_on(fx, n, day)));
		for (i = n > 10 ? n - 10 : 0; i < n; i++) {
			civil_from_days(fx[i].day, &y, &m, &d);
			printf("  from %04lld-%02d-%02d  %s\n", (long long)y, m,
			    d, fmt_fixed6(b, sizeof b, fx[i].usd_inr_micro));
		}
	}
	free(fx);
	return EXIT_OK;
}
