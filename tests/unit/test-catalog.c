/*
 * test-catalog.c: core/catalog.c's provenance: every built-in fact (each
 * platform's session cap and cost, each quota, each rate) is cited with a
 * date and a source, and a fact the user or `prices update` changed says
 * so with its own date.
 */
#include <string.h>

#include "core/catalog.h"
#include "core/snapshot.h"
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
	catalog_provenance("runpod", FACT_RATE, &catalog_rates[6], 0, NULL, 0,
	    &pv);
	CHECK_EQ_STR(catalog_rates[6].gpu, "RTX 3090");
	CHECK_EQ_STR(pv.source, "the plan's compute chapter");
	CHECK_EQ_STR(pv.date, "2026-07-01");
	catalog_provenance("runpod", FACT_RATE, &catalog_rates[7], 0, NULL, 0,
	    &pv);
	CHECK_EQ_STR(pv.source, "runpod.io/pricing");
	CHECK_EQ_STR(pv.date, "2026-09-01");
	catalog_provenance("kaggle", FACT_PLATFORM, NULL, 0, NULL, 0, &pv);
	CHECK_EQ_STR(pv.source, "kaggle.com/docs/notebooks");
	CHECK_EQ_STR(pv.date, "2026-12-01");
}

static void
test_changed_facts(void)
{
	struct provenance pv;
	struct rate r = catalog_rates[0];

	/* 2026-12-04 10:00 UTC. */
	catalog_provenance("kaggle", FACT_QUOTA, NULL, 1796378400, NULL, 0,
	    &pv);
	CHECK_EQ_STR(pv.source, "set by you");
	CHECK_EQ_STR(pv.date, "2026-12-04");
	strcpy(r.source, "vast");
	r.updated = 1796378400;
	catalog_provenance(r.platform, FACT_RATE, &r, 0, NULL, 0, &pv);
	CHECK_EQ_STR(pv.source, "prices update from vast");
	CHECK_EQ_STR(pv.date, "2026-12-04");
	strcpy(r.source, "user");
	catalog_provenance(r.platform, FACT_RATE, &r, 0, NULL, 0, &pv);
	CHECK_EQ_STR(pv.source, "set by you");
	/* A quota that is what the platform last reported: that report's,
	 * dated when it was read; another amount is the user's. */
	{
		struct quota_snapshot q;

		memset(&q, 0, sizeof q);
		strcpy(q.platform, "kaggle");
		q.taken_at = 1796378400 - 86400;
		q.allowed_s = 34 * 3600;
		catalog_provenance("kaggle", FACT_QUOTA, NULL, 1796378400, &q,
		    34 * 3600, &pv);
		CHECK_EQ_STR(pv.source, "as Kaggle reported it (import "
		    "kaggle)");
		CHECK_EQ_STR(pv.date, "2026-12-03");
		catalog_provenance("kaggle", FACT_QUOTA, NULL, 1796378400, &q,
		    30 * 3600, &pv);
		CHECK_EQ_STR(pv.source, "set by you");
	}
	/* A platform the binary does not ship, unchanged: no date. */
	catalog_provenance("mybox", FACT_PLATFORM, NULL, 0, NULL, 0, &pv);
	CHECK_EQ_STR(pv.source, "gpulog's catalog");
	CHECK_EQ_STR(pv.date, "");
}

/* The plan's words beside today's facts, from the catalog as stored. */
static void
test_plan_today(void)
{
	struct catalog src, c;
	char pw[96], td[160];
	size_t i;

	memset(&src, 0, sizeof src);
	memset(&c, 0, sizeof c);
	src.platforms = (struct platform *)catalog_platforms;
	src.nplatforms = catalog_nplatforms;
	src.quotas = (struct quota *)catalog_quotas;
	src.nquotas = catalog_nquotas;
	src.rates = (struct rate *)catalog_rates;
	src.nrates = catalog_nrates;
	catalog_copy(&c, &src);
	CHECK_EQ_INT(catalog_plan_today(&c, "lightning", 0, pw, sizeof pw,
	    td, sizeof td), 1);
	CHECK_EQ_STR(pw, "80 GPU-h a month");
	CHECK_EQ_STR(td, "credits, no amount set");
	CHECK_EQ_INT(catalog_plan_today(&c, "kaggle", 0, pw, sizeof pw, td,
	    sizeof td), 1);
	CHECK_EQ_STR(td, "30.0 h a week, 12 h a session");
	CHECK_EQ_INT(catalog_plan_today(&c, "colab-pro", 0, pw, sizeof pw,
	    td, sizeof td), 1);
	CHECK_EQ_STR(pw, "$11.99 a month, T4/V100/A100");
	CHECK_EQ_STR(td, "$9.99 a month, T4/L4/A100/G4");
	CHECK_EQ_INT(catalog_plan_today(&c, "lambda", 0, pw, sizeof pw, td,
	    sizeof td), 1);
	CHECK_EQ_STR(td, "A100 80GB $2.79/h");
	/* The plan's words still hold for the Mac. */
	CHECK_EQ_INT(catalog_plan_today(&c, "local", 0, pw, sizeof pw, td,
	    sizeof td), 0);
	/* Today's facts are the stored ones: an amount set shows. */
	for (i = 0; i < c.nquotas; i++)
		if (strcmp(c.quotas[i].platform, "lightning") == 0)
			c.quotas[i].amount = 1500;
	catalog_plan_today(&c, "lightning", 0, pw, sizeof pw, td, sizeof td);
	CHECK_EQ_STR(td, "15.00 credits a month");
	catalog_free(&c);
}

int
main(void)
{
	test_every_fact_cited();
	test_changed_facts();
	test_plan_today();
	return t_done();
}
