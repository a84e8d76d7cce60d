/*
 * cmd-prices.c: `gpulog prices update`: Vast.ai's offer search (no key)
 * gives each catalog GPU of vast its median price of verified, rentable
 * offers at least 97% reliable; RunPod's gpuTypes (when RUNPOD_API_KEY is
 * set) the cheapest on-demand price of runpod's.  All are stored, dated,
 * in one change, or nothing is when a fetch fails.
 */
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "core/fmt.h"
#include "core/model.h"
#include "importers/fetch.h"
#include "importers/rates.h"
#include "store/store.h"

const struct opt prices_opts[] = {
	{ 0, 0, NULL, NULL, NULL },
};

/* The catalog GPUs of platform, as gpu_price slots. */
static struct gpu_price *
gpus_of(const struct rate *r, size_t n, const char *platform, size_t *np)
{
	struct gpu_price *p = xcalloc(n + 1, sizeof *p);
	size_t i;

	*np = 0;
	for (i = 0; i < n; i++)
		if (strcmp(r[i].platform, platform) == 0)
			snprintf(p[(*np)++].gpu, sizeof p->gpu, "%s", r[i].gpu);
	return p;
}

static const struct rate *
old_rate(const struct rate *r, size_t n, const char *platform,
    const char *gpu)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (strcmp(r[i].platform, platform) == 0 &&
		    strcmp(r[i].gpu, gpu) == 0)
			return &r[i];
	return NULL;
}

static int
get(const char *service, const char *url, const char *body,
    const char *auth, const char *kind, char **out, size_t *len,
    struct err *e)
{
	struct fetch_req q;

	memset(&q, 0, sizeof q);
	q.service = service;
	q.url = url;
	q.body = body;
	q.auth = auth;
	q.auth_kind = kind;
	return fetch(&q, out, len, e);
}

/* Adds p's prices for platform to the rates to write (*out, *nout) and
 * the lines that say so to msg (each line's old figure read from r). */
static void
new_prices(struct ctx *c, const char *platform, const char *source,
    const struct gpu_price *p, size_t np, const struct rate *r, size_t nr,
    const char *how, struct rate *out, size_t *nout, char **msg,
    size_t *msglen)
{
	const struct rate *o;
	struct rate nw;
	size_t i;
	char a[32], b[32], line[256];

	for (i = 0; i < np; i++) {
		o = old_rate(r, nr, platform, p[i].gpu);
		if (p[i].n == 0) {
			snprintf(line, sizeof line, "%-7s %-10s no offer "
			    "matched; kept %s\n", platform, p[i].gpu, o ?
			    fmt_rate(a, sizeof a, o->rate_micro, o->currency,
			    c->fmt) : "none");
		} else {
			memset(&nw, 0, sizeof nw);
			if (o != NULL)
				nw = *o;
			snprintf(nw.platform, sizeof nw.platform, "%s",
			    platform);
			snprintf(nw.gpu, sizeof nw.gpu, "%s", p[i].gpu);
			strcpy(nw.currency, "USD");
			nw.rate_micro = p[i].rate_micro;
			if (p[i].low_micro > 0) {
				nw.low_micro = p[i].low_micro;
				nw.high_micro = p[i].high_micro;
			}
			snprintf(nw.source, sizeof nw.source, "%s", source);
			out[(*nout)++] = nw;
			snprintf(line, sizeof line, "%-7s %-10s %s (%s %d "
			    "offer%s; was %s)\n", platform, p[i].gpu,
			    fmt_rate(a, sizeof a, nw.rate_micro, "USD",
			    c->fmt), how, p[i].n, p[i].n == 1 ? "" : "s", o ?
			    fmt_rate(b, sizeof b, o->rate_micro, o->currency,
			    c->fmt) : "none");
		}
		*msg = xrealloc(*msg, *msglen + strlen(line) + 1);
		memcpy(*msg + *msglen, line, strlen(line) + 1);
		*msglen += strlen(line);
	}
}

int
cmd_prices(struct ctx *c, const struct args *a)
{
	/* Verified, rentable, reliable on-demand offers. */
	static const char vast_q[] = "%7B%22verified%22%3A%7B%22eq%22%3Atrue"
	    "%7D%2C%22rentable%22%3A%7B%22eq%22%3Atrue%7D%2C%22reliability%22"
	    "%3A%7B%22gte%22%3A0.97%7D%2C%22type%22%3A%22on-demand%22%2C"
	    "%22limit%22%3A1000%7D";
	static const char runpod_q[] = "{\"query\":\"query { gpuTypes { id "
	    "displayName memoryInGb securePrice communityPrice lowestPrice("
	    "input: {gpuCount: 1}) { minimumBidPrice uninterruptablePrice } }"
	    " }\"}";
	struct rate *r = NULL, *nw = NULL;
	struct gpu_price *vp = NULL, *rp = NULL;
	size_t nr = 0, nv = 0, nrp = 0, nnw = 0, msglen = 0;
	char *msg = NULL;
	char url[1024], *vbody = NULL, *rbody = NULL, *auth = NULL;
	const char *key = getenv("RUNPOD_API_KEY");
	size_t vlen = 0, rlen = 0;
	struct err e;
	int rc = EXIT_FAIL;

	if (strcmp(a->pos[0], "update") != 0)
		return cli_fail(EXIT_USAGE, "prices: unknown action \"%s\"; "
		    "the one action is update", a->pos[0]);
	if (store_load_rates(c->s, &r, &nr, &e) < 0)
		return cli_err(EXIT_FAIL, &e);
	vp = gpus_of(r, nr, "vast", &nv);
	rp = gpus_of(r, nr, "runpod", &nrp);
	/* Everything is fetched and checked before anything is written. */
	snprintf(url, sizeof url, "%s/api/v0/bundles/?q=%s",
	    fetch_base("GPULOG_VAST_URL", VAST_URL), vast_q);
	if (nv > 0 && (get("Vast.ai", url, NULL, NULL, NULL, &vbody, &vlen,
	    &e) < 0 || rates_parse_vast(vbody, vlen, "Vast.ai", vp, nv, &e) <
	    0))
		goto fail;
	if (key != NULL && *key != '\0' && nrp > 0) {
		size_t n = strlen(key) + 32;

		auth = xmalloc(n);
		snprintf(auth, n, "Authorization: Bearer %s", key);
		snprintf(url, sizeof url, "%s/graphql", fetch_base(
		    "GPULOG_RUNPOD_URL", RUNPOD_URL));
		if (get("RunPod", url, runpod_q, auth, "the key in "
		    "RUNPOD_API_KEY", &rbody, &rlen, &e) < 0 ||
		    rates_parse_runpod(rbody, rlen, "RunPod", rp, nrp, &e) < 0)
			goto fail;
	}
	nw = xcalloc(nv + nrp + 1, sizeof *nw);
	new_prices(c, "vast", "vast", vp, nv, r, nr, "median of", nw, &nnw,
	    &msg, &msglen);
	if (rbody != NULL)
		new_prices(c, "runpod", "runpod", rp, nrp, r, nr, "lowest of",
		    nw, &nnw, &msg, &msglen);
	if (ops_set_rates(&c->ops, nw, nnw, "prices update", &e) < 0)
		goto fail;
	if (msg != NULL)
		fputs(msg, stdout);
	if (rbody == NULL)
		printf("runpod  (set RUNPOD_API_KEY to fetch RunPod's "
		    "prices)\n");
	rc = EXIT_OK;
	goto out;
fail:
	cli_fail(EXIT_FAIL, "prices update: %s", e.msg);
out:
	if (auth != NULL) {
		memset(auth, 0, strlen(auth));
		free(auth);
	}
	free(vbody);
	free(rbody);
	free(vp);
	free(rp);
	free(r);
	free(nw);
	free(msg);
	return rc;
}
