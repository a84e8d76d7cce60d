/*
 * test-alerts.c: the rules of status --check, use it or lose it, and the
 * market rate that prices what the free tiers saved.
 */
#include <string.h>

#include "core/alerts.h"
#include "core/budget.h"
#include "core/catalog.h"
#include "core/model.h"
#include "core/quota.h"
#include "t.h"

int
main(void)
{
	int64_t now = t_utc(2026, 12, 4, 12, 0, 0); /* Fri, 12 h to reset */
	struct quota_status qs[3];
	struct budget_status b;
	struct alert_limits lim = { 90, 2 * 3600 };
	struct alert al[8];
	struct run open[2];
	char cur[4], via[32];
	size_t i;

	for (i = 0; i < catalog_nquotas; i++) {
		quota_status_init(&qs[i], &catalog_quotas[i], now);
		qs[i].used = 0;
		quota_status_finish(&qs[i], now);
	}
	memset(&b, 0, sizeof b);
	b.max = -1;
	CHECK_EQ_INT(alerts_check(catalog_quotas, qs, catalog_nquotas, &b,
	    NULL, 0, catalog_platforms, catalog_nplatforms, &lim, now, al, 8),
	    0);

	/* Kaggle at 27 of 30 h is 90%; 26 is not. */
	qs[0].used = 27 * 3600;
	quota_status_finish(&qs[0], now);
	CHECK_EQ_INT(alerts_check(catalog_quotas, qs, catalog_nquotas, &b,
	    NULL, 0, catalog_platforms, catalog_nplatforms, &lim, now, al, 8),
	    1);
	CHECK_EQ_INT(al[0].kind, AL_QUOTA);
	CHECK_EQ_STR(al[0].platform, "kaggle");
	CHECK_EQ_INT(al[0].pct, 90);
	qs[0].used = 26 * 3600;
	quota_status_finish(&qs[0], now);
	CHECK_EQ_INT(alerts_check(catalog_quotas, qs, catalog_nquotas, &b,
	    NULL, 0, catalog_platforms, catalog_nplatforms, &lim, now, al, 8),
	    0);

	/* A month past its budget; at the budget is not past. */
	b.max = 89900;
	b.spent = 89900;
	CHECK_EQ_INT(alerts_check(NULL, NULL, 0, &b, NULL, 0, NULL, 0, &lim,
	    now, al, 8), 0);
	b.spent = 90000;
	CHECK_EQ_INT(alerts_check(NULL, NULL, 0, &b, NULL, 0, NULL, 0, &lim,
	    now, al, 8), 1);
	CHECK_EQ_INT(al[0].kind, AL_BUDGET);
	b.max = -1;

	/* Open runs: a Vast one for 3 h is reported, Kaggle's is free. */
	run_init(&open[0]);
	run_init(&open[1]);
	strcpy(open[0].platform, "vast");
	open[0].id = 4;
	open[0].start = now - 3 * 3600;
	open[0].gpus = 1;
	strcpy(open[1].platform, "kaggle");
	open[1].id = 5;
	open[1].start = now - 4 * 3600;
	open[1].gpus = 1;
	CHECK_EQ_INT(alerts_check(NULL, NULL, 0, NULL, open, 2,
	    catalog_platforms, catalog_nplatforms, &lim, now, al, 8), 1);
	CHECK_EQ_INT(al[0].kind, AL_OPEN_RUN);
	CHECK_EQ_INT(al[0].run_id, 4);
	CHECK_EQ_INT(al[0].value, 3 * 3600);
	lim.open_limit_s = 4 * 3600;
	CHECK_EQ_INT(alerts_check(NULL, NULL, 0, NULL, open, 2,
	    catalog_platforms, catalog_nplatforms, &lim, now, al, 0), 0);

	/* Use it or lose it: 4 h left, 12 h to the reset. */
	CHECK_EQ_INT(alerts_lapse(&catalog_quotas[0], &qs[0], NULL, 0, 0, now,
	    48 * 3600), 4 * 3600);
	CHECK_EQ_INT(alerts_lapse(&catalog_quotas[0], &qs[0], NULL, 0, 0, now,
	    6 * 3600), 0);
	/* The open Kaggle run goes on using it until the reset: nothing
	 * lapses; 2 h before the reset, 2 of the 4 h will. */
	CHECK_EQ_INT(alerts_lapse(&catalog_quotas[0], &qs[0], &open[1], 1, 0,
	    now, 48 * 3600), 0);
	CHECK_EQ_INT(alerts_lapse(&catalog_quotas[0], &qs[0], &open[1], 1, 0,
	    now + 10 * 3600, 48 * 3600), 4 * 3600 - 2 * 3600);
	/* Lightning's month is 27 days from its reset. */
	CHECK_EQ_INT(alerts_lapse(&catalog_quotas[1], &qs[1], NULL, 0, 0, now,
	    48 * 3600), 0);

	/* Market rates: the model's own cheapest; a T4 at the cheapest GPU
	 * of its class or above; Apple MPS none. */
	CHECK_EQ_INT(alerts_market_rate(catalog_rates, catalog_nrates,
	    catalog_platforms, catalog_nplatforms, "A100 80GB", 83500000, cur,
	    via), 1100000);
	CHECK_EQ_STR(via, "A100 80GB");
	CHECK_EQ_INT(alerts_market_rate(catalog_rates, catalog_nrates,
	    catalog_platforms, catalog_nplatforms, "T4", 83500000, cur, via),
	    135000);
	CHECK_EQ_STR(via, "RTX 3090");
	CHECK_EQ_STR(cur, "USD");
	CHECK_EQ_INT(alerts_market_rate(catalog_rates, catalog_nrates,
	    catalog_platforms, catalog_nplatforms, "V100", 83500000, cur, via),
	    225000);
	CHECK_EQ_INT(alerts_market_rate(catalog_rates, catalog_nrates,
	    catalog_platforms, catalog_nplatforms, "MPS", 83500000, cur, via),
	    0);
	CHECK_EQ_INT(alerts_market_rate(catalog_rates, catalog_nrates,
	    catalog_platforms, catalog_nplatforms, "Frob 9", 83500000, cur,
	    via), 0);
	CHECK(alerts_free_tier(&catalog_platforms[3]));   /* kaggle */
	CHECK(!alerts_free_tier(&catalog_platforms[0]));  /* local */
	CHECK(!alerts_free_tier(&catalog_platforms[2]));  /* colab-pro */
	return t_done();
}
