/*
 * test-catalog.c: core/catalog.c's provenance: every built-in fact (each
 * platform's session cap and cost, each quota, each rate) is cited with a
 * date and a source, and a fact the user or `prices update` changed says
 * so with its own date.
 */
#include <string.h>

#include "core/catalog.h"
#include "t.h"

static void
test_every_fact_cited(void)
{
	struct provenance pv;
	size_t i;

	for (i = 0; i < catalog_nplatforms; i++) {
		const struct cite *c = catalog_cite(catalog_platforms[i].key,
		    FACT_PLATFORM, NULL);

		if (!CHECK(c != NULL && c->asof > 0 && *c->source != '\0'))
			printf("  platform %s\n", catalog_platforms[i].key);
	}
	for (i = 0; i < catalog_nquotas; i++) {
		const struct cite *c = catalog_cite(catalog_quotas[i].platform,
		    FACT_QUOTA, NULL);

		if (!CHECK(c != NULL && c->asof > 0 && *c->source != '\0'))
			printf("  quota %s\n", catalog_quotas[i].platform);
	}
	for (i = 0; i < catalog_nrates; i++) {
		const struct rate *r = &catalog_rates[i];
		const struct cite *c = catalog_cite(r->platform, FACT_RATE,
		    r->gpu);

		/* A rate's date is its own, never the citation's. */
		if (!CHECK(c != NULL && c->asof == 0 && r->updated > 0))
			printf("  rate %s %s\n", r->platform, r->gpu);
	}
	/* A citation for one GPU wins over its platform's. */
	catalog_provenance("runpod", FACT_RATE, &catalog_rates[6], 0, &pv);
	CHECK_EQ_STR(catalog_rates[6].gpu, "RTX 3090");
	CHECK_EQ_STR(pv.source, "the plan's compute chapter");
	CHECK_EQ_STR(pv.date, "2026-07-01");
	catalog_provenance("runpod", FACT_RATE, &catalog_rates[7], 0, &pv);
	CHECK_EQ_STR(pv.source, "runpod.io/pricing");
	CHECK_EQ_STR(pv.date, "2026-09-01");
	catalog_provenance("kaggle", FACT_PLATFORM, NULL, 0, &pv);
	CHECK_EQ_STR(pv.source, "kaggle.com/docs/notebooks");
	CHECK_EQ_STR(pv.date, "2026-12-01");
}

static void
test_changed_facts(void)
{
	struct provenance pv;
	struct rate r = catalog_rates[0];

	/* 2026-12-04 10:00 UTC. */
	catalog_provenance("kaggle", FACT_QUOTA, NULL, 1796378400, &pv);
	CHECK_EQ_STR(pv.source, "set by you");
	CHECK_EQ_STR(pv.date, "2026-12-04");
	strcpy(r.source, "vast");
	r.updated = 1796378400;
	catalog_provenance(r.platform, FACT_RATE, &r, 0, &pv);
	CHECK_EQ_STR(pv.source, "prices update from vast");
	CHECK_EQ_STR(pv.date, "2026-12-04");
	strcpy(r.source, "user");
	catalog_provenance(r.platform, FACT_RATE, &r, 0, &pv);
	CHECK_EQ_STR(pv.source, "set by you");
	/* A platform the binary does not ship, unchanged: no date. */
	catalog_provenance("mybox", FACT_PLATFORM, NULL, 0, &pv);
	CHECK_EQ_STR(pv.source, "gpulog's catalog");
	CHECK_EQ_STR(pv.date, "");
}

int
main(void)
{
	test_every_fact_cited();
	test_changed_facts();
	return t_done();
}
