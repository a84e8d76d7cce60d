/*
 * cmd-prices.c: `gpulog prices update`: Vast.ai's offer search (no key)
 * gives each catalog GPU of vast its median price of verified, rentable
 * offers at least 97% reliable; RunPod's REST catalog (when RUNPOD_API_KEY
 * is set; its GraphQL API when the REST address is gone or failing) the
 * lowest community price of runpod's; Lambda's instance types (when
 * LAMBDA_API_KEY is set) the lowest GPU's share of lambda's.  All are
 * stored, dated, in one change, or nothing is when a fetch fails.
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
			/* The range seen now, or none: never an old one. */
			nw.low_micro = p[i].low_micro;
			nw.high_micro = p[i].high_micro;
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

/* "Authorization: Bearer KEY", malloc'd; wiped and freed by unauth(). */
static char *
bearer(const char *key)
{
	size_t n = strlen(key) + 32;
	char *h = xmalloc(n);

	snprintf(h, n, "Authorization: Bearer %s", key);
	return h;
}

static void
unauth(char *h)
{
	if (h != NULL) {
		memset(h, 0, strlen(h));
		free(h);
	}
}

/* The key in the variable env, or NULL when it is unset or empty. */
static const char *
key_of(const char *env)
{
	const char *k = getenv(env);

	return k != NULL && *k != '\0' ? k : NULL;
}

/*
 * RunPod's prices into p: its REST catalog, or, when that address is gone
 * (404, 410) or failing (5xx), its GraphQL gpuTypes, saying so in *via.
 * Credentials refused, a wait asked for, or a bad answer are not retried.
 */
static int
runpod_prices(const char *key, struct gpu_price *p, size_t np,
    char via[160], struct err *e)
{
	/* The on-demand price of one GPU of each type. */
	static const char gql[] = "{\"query\":\"query { gpuTypes { id "
	    "displayName memoryInGb securePrice communityPrice lowestPrice("
	    "input: {gpuCount: 1}) { minimumBidPrice uninterruptablePrice } }"
	    " }\"}";
	struct fetch_req q;
	char url[1024], *auth = bearer(key), *body = NULL;
	size_t len = 0;
	long status = 0;
	struct err first, gq;
	int rc;

	memset(&q, 0, sizeof q);
	q.service = "RunPod";
	q.auth = auth;
	q.auth_kind = "the key in RUNPOD_API_KEY";
	q.status = &status;
	q.url = url;
	*via = '\0';
	snprintf(url, sizeof url, "%s/v2/catalog/gpus", fetch_base(
	    "GPULOG_RUNPOD_URL", RUNPOD_URL));
	rc = fetch(&q, &body, &len, &first);
	if (rc == 0) {
		rc = rates_parse_runpod_rest(body, len, "RunPod", p, np, e);
	} else if (status == 404 || status == 410 || status >= 500) {
		long rest = status;

		free(body);
		body = NULL;
		snprintf(url, sizeof url, "%s/graphql", fetch_base(
		    "GPULOG_RUNPOD_URL", RUNPOD_URL));
		q.body = gql;
		if ((rc = fetch(&q, &body, &len, &gq)) == 0)
			rc = rates_parse_runpod(body, len, "RunPod", p, np,
			    &gq);
		if (rc == 0)
			snprintf(via, 160, "runpod  (its REST catalog answered "
			    "HTTP %ld; used its GraphQL API, which retires in "
			    "2027)\n", rest);
		else
			err_set(e, "%s; and its GraphQL API: %s", first.msg,
			    gq.msg);
	} else
		*e = first;
	unauth(auth);
	free(body);
	return rc;
}

/* Lambda's prices into p from its instance types. */
static int
lambda_prices(const char *key, struct gpu_price *p, size_t np,
    struct err *e)
{
	char url[1024], *auth = bearer(key), *body = NULL;
	size_t len = 0;
	int rc;

	snprintf(url, sizeof url, "%s/api/v1/instance-types", fetch_base(
	    "GPULOG_LAMBDA_URL", LAMBDA_URL));
	rc = fetch_url("Lambda", url, NULL, auth, "the key in LAMBDA_API_KEY", &body,
	    &len, e);
	if (rc == 0)
		rc = rates_parse_lambda(body, len, "Lambda", p, np, e);
	unauth(auth);
	free(body);
	return rc;
}

int
cmd_prices(struct ctx *c, const struct args *a)
{
	/* Verified, rentable, reliable on-demand offers. */
	static const char vast_q[] = "%7B%22verified%22%3A%7B%22eq%22%3Atrue"
	    "%7D%2C%22rentable%22%3A%7B%22eq%22%3Atrue%7D%2C%22reliability%22"
	    "%3A%7B%22gte%22%3A0.97%7D%2C%22type%22%3A%22on-demand%22%2C"
	    "%22limit%22%3A1000%7D";
	struct rate *r = NULL, *nw = NULL;
	struct gpu_price *vp = NULL, *rp = NULL, *lp = NULL;
	size_t nr = 0, nv = 0, nrp = 0, nlp = 0, nnw = 0, msglen = 0;
	char *msg = NULL, via[160] = "";
	char url[1024], *vbody = NULL;
	const char *rkey = key_of("RUNPOD_API_KEY");
	const char *lkey = key_of("LAMBDA_API_KEY");
	size_t vlen = 0;
	struct err e;
	int rc = EXIT_FAIL;

	if (strcmp(a->pos[0], "update") != 0)
		return cli_fail(EXIT_USAGE, "prices: unknown action \"%s\"; "
		    "the one action is update", a->pos[0]);
	if (store_load_rates(c->s, &r, &nr, &e) < 0)
		return cli_err(EXIT_FAIL, &e);
	vp = gpus_of(r, nr, "vast", &nv);
	rp = gpus_of(r, nr, "runpod", &nrp);
	lp = gpus_of(r, nr, "lambda", &nlp);
	/* Everything is fetched and checked before anything is written. */
	snprintf(url, sizeof url, "%s/api/v0/bundles/?q=%s",
	    fetch_base("GPULOG_VAST_URL", VAST_URL), vast_q);
	if (nv > 0 && (fetch_url("Vast.ai", url, NULL, NULL, NULL, &vbody, &vlen,
	    &e) < 0 || rates_parse_vast(vbody, vlen, "Vast.ai", vp, nv, &e) <
	    0))
		goto fail;
	if (rkey != NULL && nrp > 0 && runpod_prices(rkey, rp, nrp, via, &e) <
	    0)
		goto fail;
	if (lkey != NULL && nlp > 0 && lambda_prices(lkey, lp, nlp, &e) < 0)
		goto fail;
	nw = xcalloc(nv + nrp + nlp + 1, sizeof *nw);
	new_prices(c, "vast", "vast", vp, nv, r, nr, "median of", nw, &nnw,
	    &msg, &msglen);
	if (rkey != NULL)
		new_prices(c, "runpod", "runpod", rp, nrp, r, nr, "lowest of",
		    nw, &nnw, &msg, &msglen);
	if (lkey != NULL)
		new_prices(c, "lambda", "lambda", lp, nlp, r, nr, "lowest of",
		    nw, &nnw, &msg, &msglen);
	if (ops_set_rates(&c->ops, nw, nnw, "prices update", &e) < 0)
		goto fail;
	if (msg != NULL)
		fputs(msg, stdout);
	fputs(via, stdout);
	if (rkey == NULL)
		printf("runpod  (set RUNPOD_API_KEY to fetch RunPod's "
		    "prices)\n");
	if (lkey == NULL)
		printf("lambda  (set LAMBDA_API_KEY to fetch Lambda's "
		    "prices)\n");
	rc = EXIT_OK;
	goto out;
fail:
	cli_fail(EXIT_FAIL, "prices update: %s", e.msg);
out:
	free(vbody);
	free(vp);
	free(rp);
	free(lp);
	free(r);
	free(nw);
	free(msg);
	return rc;
}
