/*
 * price.c: what a run costs, from the catalog (core/price.h).
 */
#include "core/price.h"

#include <string.h>

#include "core/catalog.h"
#include "core/model.h"

int
price_run(const struct catalog *c, struct run *r)
{
	const struct platform *p = catalog_platform(c, r->platform);
	const struct rate *rt;
	const char *gpu = r->gpu[0] ? r->gpu : p ? p->default_gpu : "";
	int rc = 0;

	if (r->rate_micro == 0 && p != NULL && p->billing == BILL_HOURLY) {
		rt = catalog_rate(c, r->platform, gpu);
		if (rt == NULL || rt->rate_micro == 0) {
			rc = 1;
		} else {
			r->rate_micro = rt->rate_micro;
			memcpy(r->currency, rt->currency, sizeof r->currency);
		}
	}
	if (r->rate_micro > 0 && r->end != RUN_OPEN) {
		if (rate_cost_checked(r->rate_micro, (r->end - r->start) *
		    r->gpus, &r->cost_minor) < 0)
			return -1;
	} else if (r->rate_micro == 0)
		r->cost_minor = 0;
	/* A cost of 0 with no rate is in no currency, on every path. */
	if (r->cost_minor == 0 && r->rate_micro == 0)
		r->currency[0] = '\0';
	return rc;
}

int
price_reprice(const struct catalog *c, const struct run *old, struct run *r,
    int cost_given, int rate_given)
{
	if (cost_given)
		return 0;
	if (rate_given)
		return price_run(c, r);
	/* A cost given by hand has no rate; it stays unless replaced. */
	if (old->rate_micro == 0 && old->cost_minor > 0 &&
	    r->cost_minor == old->cost_minor)
		return 0;
	if (strcmp(r->platform, old->platform) != 0 ||
	    strcmp(r->gpu, old->gpu) != 0) {
		r->rate_micro = 0;
		r->cost_minor = 0;
		return price_run(c, r);
	}
	/* An open run that ends has its length at last. */
	if (r->rate_micro > 0 && (r->start != old->start ||
	    r->end != old->end || r->gpus != old->gpus))
		return price_run(c, r);
	return 0;
}
