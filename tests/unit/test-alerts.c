/*
 * test-alerts.c: the table of thresholds at every boundary, the nudges
 * (quota, budget, open run, use it or lose it), and the market rate that
 * prices what the free tiers saved.
 */
#include <stdlib.h>
#include <string.h>

#include "core/alerts.h"
#include "core/budget.h"
#include "core/catalog.h"
#include "core/cloud.h"
#include "core/notify.h"
#include "core/model.h"
#include "core/quota.h"
#include "t.h"

#define H(x) ((int64_t)(x) * 3600)

/* The catalog's quotas at now, each with used[i] used. */
static void
quotas_at(struct quota_status *qs, int64_t now, const int64_t *used)
{
	size_t i;

	/* The callers' arrays hold 8. */
	if (!CHECK(catalog_nquotas <= 8))
		return;
	for (i = 0; i < catalog_nquotas; i++) {
		quota_status_init(&qs[i], &catalog_quotas[i], now);
		qs[i].used = used[i];
		quota_status_finish(&qs[i], now);
	}
}

/* The nudges for the catalog's quotas and platforms. */
static size_t
nudges(const struct quota_status *qs, const struct budget_status *b,
    const struct run *open, size_t nopen, int64_t now, struct nudge *out,
    size_t max)
{
	struct nudge_input in;

	memset(&in, 0, sizeof in);
	in.quotas = catalog_quotas;
	in.qs = qs;
	in.nquotas = qs != NULL ? catalog_nquotas : 0;
	in.budget = b;
	in.open = open;
	in.nopen = nopen;
	in.platforms = catalog_platforms;
	in.nplatforms = catalog_nplatforms;
	in.now = now;
	return alerts_nudges(&in, out, max);
}

static void
test_table(void)
{
	struct budget_status b;

	/* The table's words, percentages and colours. */
	CHECK_EQ_STR(alerts_levels[AL_OK].word, "ok");
	CHECK_EQ_STR(alerts_levels[AL_WARN].word, "warn");
	CHECK_EQ_STR(alerts_levels[AL_NEAR].word, "near");
	CHECK_EQ_STR(alerts_levels[AL_OVER].word, "over");
	CHECK_EQ_INT(alerts_levels[AL_WARN].pct, 80);
	CHECK_EQ_INT(alerts_levels[AL_NEAR].pct, 90);
	CHECK_EQ_INT(alerts_levels[AL_OVER].pct, 100);
	CHECK_EQ_INT(alerts_levels[AL_OK].colour, AC_GREEN);
	CHECK_EQ_INT(alerts_levels[AL_WARN].colour, AC_YELLOW);
	CHECK_EQ_INT(alerts_levels[AL_NEAR].colour, AC_RED);
	CHECK_EQ_INT(alerts_levels[AL_OVER].colour, AC_RED);

	/* A quota: warn from 80%, near from 90%, over all used. */
	CHECK_EQ_INT(alerts_level(ALS_QUOTA, 0, 100), AL_OK);
	CHECK_EQ_INT(alerts_level(ALS_QUOTA, 79, 100), AL_OK);
	CHECK_EQ_INT(alerts_level(ALS_QUOTA, 7999, 10000), AL_OK);
	CHECK_EQ_INT(alerts_level(ALS_QUOTA, 80, 100), AL_WARN);
	CHECK_EQ_INT(alerts_level(ALS_QUOTA, 89, 100), AL_WARN);
	CHECK_EQ_INT(alerts_level(ALS_QUOTA, 8999, 10000), AL_WARN);
	CHECK_EQ_INT(alerts_level(ALS_QUOTA, 90, 100), AL_NEAR);
	CHECK_EQ_INT(alerts_level(ALS_QUOTA, 99, 100), AL_NEAR);
	CHECK_EQ_INT(alerts_level(ALS_QUOTA, 9999, 10000), AL_NEAR);
	CHECK_EQ_INT(alerts_level(ALS_QUOTA, 100, 100), AL_OVER);
	CHECK_EQ_INT(alerts_level(ALS_QUOTA, 110, 100), AL_OVER);
	/* The budget the same, but over only past its top. */
	CHECK_EQ_INT(alerts_level(ALS_BUDGET, 79, 100), AL_OK);
	CHECK_EQ_INT(alerts_level(ALS_BUDGET, 80, 100), AL_WARN);
	CHECK_EQ_INT(alerts_level(ALS_BUDGET, 89, 100), AL_WARN);
	CHECK_EQ_INT(alerts_level(ALS_BUDGET, 90, 100), AL_NEAR);
	CHECK_EQ_INT(alerts_level(ALS_BUDGET, 100, 100), AL_NEAR);
	CHECK_EQ_INT(alerts_level(ALS_BUDGET, 10001, 10000), AL_OVER);
	/* Zero limits are never warn or near; no budget is ok. */
	CHECK_EQ_INT(alerts_level(ALS_QUOTA, 0, 0), AL_OVER);
	CHECK_EQ_INT(alerts_level(ALS_BUDGET, 0, 0), AL_OK);
	CHECK_EQ_INT(alerts_level(ALS_BUDGET, 1, 0), AL_OVER);
	CHECK_EQ_INT(alerts_level(ALS_BUDGET, 500, -1), AL_OK);

	/* The quota's state and the budget's are the table's levels. */
	{
		struct quota_status st;
		const int64_t used[] = { H(24) - 1, H(24), H(27) - 1, H(27),
			H(30) - 1, H(30) };
		const int want[] = { QS_OK, QS_WARN, QS_WARN, QS_NEAR, QS_NEAR,
			QS_OVER };
		size_t i;

		for (i = 0; i < 6; i++) {
			quota_status_init(&st, &catalog_quotas[0],
			    t_utc(2026, 12, 1, 12, 0, 0));
			st.used = used[i];
			quota_status_finish(&st, t_utc(2026, 12, 1, 12, 0, 0));
			CHECK_EQ_INT(st.state, want[i]);
			CHECK_EQ_INT(st.state, alerts_level(ALS_QUOTA, used[i],
			    H(30)));
		}
	}
	budget_init(&b, "INR", t_utc(2026, 12, 10, 0, 0, 0));
	b.min = 0;
	b.max = 89900;
	b.spent = 71919;                    /* 79.99% */
	budget_finish(&b, t_utc(2026, 12, 10, 0, 0, 0));
	CHECK_EQ_INT(b.state, BS_WITHIN);
	CHECK_EQ_STR(alerts_budget_word(&b), "within");
	b.spent = 71920;                    /* 80% */
	budget_finish(&b, t_utc(2026, 12, 10, 0, 0, 0));
	CHECK_EQ_INT(b.state, BS_WARN);
	CHECK_EQ_STR(alerts_budget_word(&b), "warn");
	b.spent = 80910;                    /* 90% */
	budget_finish(&b, t_utc(2026, 12, 10, 0, 0, 0));
	CHECK_EQ_INT(b.state, BS_NEAR);
	CHECK_EQ_INT(alerts_budget_level(&b), AL_NEAR);
	CHECK_EQ_STR(alerts_budget_word(&b), "near");
	b.spent = 89901;                    /* past the top */
	budget_finish(&b, t_utc(2026, 12, 10, 0, 0, 0));
	CHECK_EQ_INT(b.state, BS_OVER);
	CHECK_EQ_STR(alerts_budget_word(&b), "over");
	b.min = 89900;
	b.max = 200000;
	b.spent = 50000;
	budget_finish(&b, t_utc(2026, 12, 10, 0, 0, 0));
	CHECK_EQ_STR(alerts_budget_word(&b), "under");
}

static void
test_quota_budget(void)
{
	int64_t now = t_utc(2026, 12, 1, 12, 0, 0);  /* Tue; 3.5 d to reset */
	int64_t used[8] = { 0 };
	struct quota_status qs[8];
	struct budget_status b;
	struct nudge n[8];

	memset(&b, 0, sizeof b);
	b.max = -1;
	quotas_at(qs, now, used);
	CHECK_EQ_INT(nudges(qs, &b, NULL, 0, now, n, 8), 0);

	/* Kaggle at 27 of 30 h is 90%: near; one second less is not. */
	used[0] = H(27) - 1;
	quotas_at(qs, now, used);
	CHECK_EQ_INT(nudges(qs, &b, NULL, 0, now, n, 8), 0);
	used[0] = H(27);
	quotas_at(qs, now, used);
	CHECK_EQ_INT(nudges(qs, &b, NULL, 0, now, n, 8), 1);
	CHECK_EQ_INT(n[0].kind, NUDGE_QUOTA);
	CHECK_EQ_INT(n[0].level, AL_NEAR);
	CHECK_EQ_STR(n[0].platform, "kaggle");
	CHECK_EQ_INT(n[0].quota, 0);
	CHECK_EQ_INT(n[0].pct, 90);
	CHECK_EQ_INT(n[0].value, H(27));
	CHECK_EQ_INT(n[0].limit, H(30));
	CHECK_EQ_INT(n[0].at, t_utc(2026, 12, 5, 0, 0, 0));
	used[0] = H(30);
	quotas_at(qs, now, used);
	CHECK_EQ_INT(nudges(qs, &b, NULL, 0, now, n, 8), 1);
	CHECK_EQ_INT(n[0].level, AL_OVER);
	/* Colab Pro's compute units: 95 of 100 is near too. */
	used[2] = 9500;
	quotas_at(qs, now, used);
	CHECK_EQ_INT(nudges(qs, &b, NULL, 0, now, n, 8), 2);
	CHECK_EQ_STR(n[1].platform, "colab-pro");
	CHECK_EQ_INT(n[1].level, AL_NEAR);
	/* Counted beyond max, written up to it. */
	CHECK_EQ_INT(nudges(qs, &b, NULL, 0, now, n, 1), 2);
	CHECK_EQ_STR(n[0].platform, "kaggle");

	/* The budget: ₹899's 90% is ₹809.10; past ₹899 is over. */
	b.max = 89900;
	b.spent = 80909;
	CHECK_EQ_INT(nudges(NULL, &b, NULL, 0, now, n, 8), 0);
	b.spent = 80910;
	CHECK_EQ_INT(nudges(NULL, &b, NULL, 0, now, n, 8), 1);
	CHECK_EQ_INT(n[0].kind, NUDGE_BUDGET);
	CHECK_EQ_INT(n[0].level, AL_NEAR);
	CHECK_EQ_INT(n[0].quota, -1);
	CHECK_EQ_STR(n[0].platform, "");
	CHECK_EQ_INT(n[0].value, 80910);
	CHECK_EQ_INT(n[0].limit, 89900);
	/* Exactly the top (the plan's own pick costs it) is at budget: no
	 * nudge, every month; a paisa less is near, a paisa more over. */
	b.spent = 89900;
	CHECK_EQ_INT(nudges(NULL, &b, NULL, 0, now, n, 8), 0);
	CHECK_EQ_INT(alerts_budget_level(&b), AL_OK);
	CHECK_EQ_STR(alerts_budget_word(&b), "at budget");
	b.spent = 89899;
	CHECK_EQ_INT(nudges(NULL, &b, NULL, 0, now, n, 8), 1);
	CHECK_EQ_INT(n[0].level, AL_NEAR);
	b.spent = 90000;
	CHECK_EQ_INT(nudges(NULL, &b, NULL, 0, now, n, 8), 1);
	CHECK_EQ_INT(n[0].level, AL_OVER);
	/* Quotas come first, then the budget. */
	CHECK_EQ_INT(nudges(qs, &b, NULL, 0, now, n, 8), 3);
	CHECK_EQ_INT(n[2].kind, NUDGE_BUDGET);
}

static void
test_open(void)
{
	int64_t now = t_utc(2026, 12, 1, 12, 0, 0);
	struct run open[2];
	struct nudge n[8];

	run_init(&open[0]);
	run_init(&open[1]);
	strcpy(open[0].platform, "vast");
	open[0].id = 4;
	open[0].gpus = 1;
	strcpy(open[1].platform, "kaggle");
	open[1].id = 5;
	open[1].gpus = 1;

	/* A paid run: 2 h open is not past the limit; a second more is. */
	open[0].start = now - H(2);
	CHECK_EQ_INT(nudges(NULL, NULL, open, 1, now, n, 8), 0);
	open[0].start = now - H(2) - 1;
	CHECK_EQ_INT(nudges(NULL, NULL, open, 1, now, n, 8), 1);
	CHECK_EQ_INT(n[0].kind, NUDGE_OPEN);
	CHECK_EQ_INT(n[0].level, AL_NEAR);
	CHECK_EQ_INT(n[0].run_id, 4);
	CHECK_EQ_INT(n[0].value, H(2) + 1);
	CHECK_EQ_INT(n[0].limit, ALERTS_OPEN_LIMIT);
	CHECK_EQ_INT(n[0].past_cap, 0);
	CHECK_EQ_INT(n[0].at, now - H(2) - 1);
	/* A free run 11 h open is fine; past Kaggle's 12 h cap it is over. */
	open[1].start = now - H(11);
	CHECK_EQ_INT(nudges(NULL, NULL, &open[1], 1, now, n, 8), 0);
	open[1].start = now - H(12);
	CHECK_EQ_INT(nudges(NULL, NULL, &open[1], 1, now, n, 8), 0);
	open[1].start = now - H(12) - 60;
	CHECK_EQ_INT(nudges(NULL, NULL, open, 2, now, n, 8), 2);
	CHECK_EQ_INT(n[1].run_id, 5);
	CHECK_EQ_INT(n[1].level, AL_OVER);
	CHECK_EQ_INT(n[1].past_cap, 1);
	CHECK_EQ_INT(n[1].limit, H(12));
	/* A run with a rate of its own is paid wherever it runs. */
	open[1].start = now - H(3);
	open[1].rate_micro = 100000;
	CHECK_EQ_INT(nudges(NULL, NULL, &open[1], 1, now, n, 8), 1);
	CHECK_EQ_INT(n[0].level, AL_NEAR);
	CHECK(alerts_past_cap(&catalog_platforms[3], H(12) + 1));
	CHECK(!alerts_past_cap(&catalog_platforms[3], H(12)));
	CHECK(!alerts_past_cap(&catalog_platforms[5], H(99)));  /* vast */
	CHECK(!alerts_past_cap(NULL, H(99)));
}

static void
test_lapse(void)
{
	/* Kaggle resets Saturday 00:00 UTC. */
	int64_t reset = t_utc(2026, 12, 5, 0, 0, 0);
	int64_t now = reset - H(12);
	int64_t used[8] = { 0 };
	struct quota_status qs[8];
	struct nudge n[8];
	struct run open;

	/* 7.5 of 30 h left is 25%: a nudge; 24.9% is not. */
	used[0] = H(30) - H(30) / 4;
	quotas_at(qs, now, used);
	CHECK_EQ_INT(nudges(qs, NULL, NULL, 0, now, n, 8), 1);
	CHECK_EQ_INT(n[0].kind, NUDGE_LAPSE);
	CHECK_EQ_INT(n[0].level, AL_WARN);
	CHECK_EQ_STR(n[0].platform, "kaggle");
	CHECK_EQ_INT(n[0].quota, 0);
	CHECK_EQ_INT(n[0].pct, 25);
	CHECK_EQ_INT(n[0].value, H(30) / 4);
	CHECK_EQ_INT(n[0].limit, H(30));
	CHECK_EQ_INT(n[0].at, reset);
	used[0] = H(30) - H(30) * 249 / 1000;
	quotas_at(qs, now, used);
	CHECK_EQ_INT(nudges(qs, NULL, NULL, 0, now, n, 8), 0);
	used[0] = H(30) - H(30) / 4 + 1;
	quotas_at(qs, now, used);
	CHECK_EQ_INT(nudges(qs, NULL, NULL, 0, now, n, 8), 0);

	/* Nothing used: 23 h 59 before the reset a nudge, 24 h 01 not;
	 * 24 h is within. */
	used[0] = 0;
	quotas_at(qs, reset - H(24) + 60, used);
	CHECK_EQ_INT(nudges(qs, NULL, NULL, 0, reset - H(24) + 60, n, 8), 1);
	CHECK_EQ_INT(n[0].pct, 100);
	quotas_at(qs, reset - H(24), used);
	CHECK_EQ_INT(nudges(qs, NULL, NULL, 0, reset - H(24), n, 8), 1);
	quotas_at(qs, reset - H(24) - 60, used);
	CHECK_EQ_INT(nudges(qs, NULL, NULL, 0, reset - H(24) - 60, n, 8), 0);

	/* The open Kaggle run uses the rest by the reset: nothing lapses;
	 * started 2 h before it, 2 of the 7.5 h go, 5.5 (18%) lapse. */
	used[0] = H(30) - H(30) / 4;
	quotas_at(qs, now, used);
	run_init(&open);
	strcpy(open.platform, "kaggle");
	open.gpus = 1;
	open.start = now;
	CHECK_EQ_INT(nudges(qs, NULL, &open, 1, now, n, 8), 0);
	CHECK_EQ_INT(alerts_lapse(&catalog_quotas[0], &qs[0], &open, 1, 0, 0,
	    now), 0);
	CHECK_EQ_INT(alerts_lapse(&catalog_quotas[0], &qs[0], NULL, 0, 0, 0,
	    now), H(30) / 4);
	CHECK_EQ_INT(alerts_lapse(&catalog_quotas[0], &qs[0], &open, 1, 0, 0,
	    reset - H(2)), H(30) / 4 - H(2));
	/* Kaggle's 12 h session cap ends a run 11 h old within the hour:
	 * it uses 1 of the 7.5 h, and 6.5 lapse, where an uncapped run
	 * would use them all. */
	open.start = now - H(11);
	CHECK_EQ_INT(alerts_lapse(&catalog_quotas[0], &qs[0], &open, 1, 0,
	    H(12), now), H(30) / 4 - H(1));
	CHECK_EQ_INT(alerts_lapse(&catalog_quotas[0], &qs[0], &open, 1, 0, 0,
	    now), 0);
	/* A run already past its cap uses nothing more. */
	open.start = now - H(13);
	CHECK_EQ_INT(alerts_lapse(&catalog_quotas[0], &qs[0], &open, 1, 0,
	    H(12), now), H(30) / 4);
	open.start = now;

	/* New Year's Eve noon: Lightning (free) and Colab Pro (paid by
	 * the month) both reset at midnight, unused; Lightning's credits
	 * have no amount set, so nothing lapses but Kaggle's over. */
	now = t_utc(2026, 12, 31, 12, 0, 0);
	used[0] = H(30);
	quotas_at(qs, now, used);
	CHECK_EQ_INT(nudges(qs, NULL, NULL, 0, now, n, 8), 1);
	CHECK_EQ_INT(n[0].kind, NUDGE_QUOTA);
	/* With 15 credits set, they are a nudge; Colab Pro's are not. */
	{
		struct quota qv[8];
		struct nudge_input in;
		size_t i;

		memcpy(qv, catalog_quotas, catalog_nquotas * sizeof *qv);
		for (i = 0; i < catalog_nquotas; i++) {
			if (strcmp(qv[i].platform, "lightning") == 0)
				qv[i].amount = 1500;
			quota_status_init(&qs[i], &qv[i], now);
			qs[i].used = used[i];
			quota_status_finish(&qs[i], now);
		}
		memset(&in, 0, sizeof in);
		in.quotas = qv;
		in.qs = qs;
		in.nquotas = catalog_nquotas;
		in.platforms = catalog_platforms;
		in.nplatforms = catalog_nplatforms;
		in.now = now;
		CHECK_EQ_INT(alerts_nudges(&in, n, 8), 2);
		CHECK_EQ_INT(n[1].kind, NUDGE_LAPSE);
		CHECK_EQ_STR(n[1].platform, "lightning");
		CHECK_EQ_INT(n[1].value, 1500);
		CHECK_EQ_INT(n[1].at, t_utc(2027, 1, 1, 0, 0, 0));
	}
	/* Lightning's month is far from its reset on the 1st. */
	now = t_utc(2026, 12, 1, 12, 0, 0);
	used[0] = 0;
	quotas_at(qs, now, used);
	CHECK_EQ_INT(nudges(qs, NULL, NULL, 0, now, n, 8), 0);
}

static void
test_market(void)
{
	char cur[4], via[32];

	/* Market rates: the model's own cheapest; a T4 at the cheapest GPU
	 * of its class or above; Apple MPS none. */
	CHECK_EQ_INT(alerts_market_rate(catalog_rates, catalog_nrates,
	    catalog_platforms, catalog_nplatforms, "A100 80GB", 83500000, cur,
	    via), 1150000);
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
}

/* A pack with units left is a nudge within 7 days of its expiry, not
 * before and not when used up; nor are its units lapse at the reset. */
static void
test_pack(void)
{
	int64_t now = t_utc(2026, 12, 1, 12, 0, 0);
	int64_t used[8] = { 0 };
	struct quota_status qs[8];
	struct quota_pack p;
	struct nudge n[8];
	struct nudge_input in;

	quotas_at(qs, now, used);
	memset(&p, 0, sizeof p);
	p.id = 5;
	p.quota = 2; /* colab-pro */
	p.units = 3000;
	p.left = 1900;
	p.expires = now + 7 * 86400;
	memset(&in, 0, sizeof in);
	in.quotas = catalog_quotas;
	in.qs = qs;
	in.nquotas = catalog_nquotas;
	in.platforms = catalog_platforms;
	in.nplatforms = catalog_nplatforms;
	in.packs = &p;
	in.npacks = 1;
	in.now = now;
	CHECK_EQ_STR(catalog_quotas[2].platform, "colab-pro");
	CHECK_EQ_INT(alerts_nudges(&in, n, 8), 1);
	CHECK_EQ_INT(n[0].kind, NUDGE_PACK);
	CHECK_EQ_INT(n[0].level, AL_WARN);
	CHECK_EQ_STR(n[0].platform, "colab-pro");
	CHECK_EQ_INT(n[0].run_id, 5);
	CHECK_EQ_INT(n[0].value, 1900);
	CHECK_EQ_INT(n[0].limit, 3000);
	CHECK_EQ_INT(n[0].pct, 63);
	CHECK_EQ_INT(n[0].at, now + 7 * 86400);
	CHECK_EQ_STR(nudge_kinds[NUDGE_PACK], "pack");
	p.expires = now + 7 * 86400 + 1;
	CHECK_EQ_INT(alerts_nudges(&in, n, 8), 0);
	p.expires = now + 86400;
	p.left = 0;
	CHECK_EQ_INT(alerts_nudges(&in, n, 8), 0);

	/* Kaggle with 10 h of pack beside its 30: only the allowance can
	 * lapse at the reset. */
	now = t_utc(2026, 12, 4, 12, 0, 0);
	used[0] = H(30) - H(30) / 4;
	quotas_at(qs, now, used);
	qs[0].packs = H(10);
	qs[0].limit += H(10);
	qs[0].remaining += H(10);
	CHECK_EQ_INT(alerts_lapse(&catalog_quotas[0], &qs[0], NULL, 0, 0, 0, now),
	    H(30) / 4);
}

/* An idle GPU, as `gpulog run` recorded it: a nudge on a paid run only,
 * for as long as it is idle. */
static void
test_idle(void)
{
	int64_t now = t_utc(2026, 12, 1, 12, 0, 0);
	int64_t idle[2] = { 0, 0 };
	struct nudge_input in;
	struct run open[2];
	struct nudge n[8];

	run_init(&open[0]);
	run_init(&open[1]);
	strcpy(open[0].platform, "vast");
	open[0].id = 4;
	open[0].start = now - 1800;
	strcpy(open[1].platform, "kaggle");
	open[1].id = 5;
	open[1].start = now - 1800;
	memset(&in, 0, sizeof in);
	in.open = open;
	in.nopen = 2;
	in.open_idle = idle;
	in.platforms = catalog_platforms;
	in.nplatforms = catalog_nplatforms;
	in.now = now;
	CHECK_EQ_INT(alerts_nudges(&in, n, 8), 0);
	idle[0] = now - 1200;
	idle[1] = now - 1200; /* Kaggle is free: no nudge */
	CHECK_EQ_INT(alerts_nudges(&in, n, 8), 1);
	CHECK_EQ_INT(n[0].kind, NUDGE_IDLE);
	CHECK_EQ_STR(nudge_kinds[n[0].kind], "idle");
	CHECK_EQ_INT(n[0].level, AL_NEAR);
	CHECK_EQ_INT(n[0].run_id, 4);
	CHECK_EQ_INT(n[0].value, 1200);
	CHECK_EQ_INT(n[0].at, now - 1200);
	/* A rate of its own makes the Kaggle run paid too. */
	open[1].rate_micro = 100000;
	CHECK_EQ_INT(alerts_nudges(&in, n, 8), 2);
	CHECK_EQ_INT(n[1].run_id, 5);
	CHECK(alerts_paid(&catalog_platforms[5], &open[0]));  /* vast */
	CHECK_EQ_INT(ALERTS_IDLE_PCT, 5);
	CHECK_EQ_INT(ALERTS_IDLE_S, 900);
	run_clear(&open[0]);
	run_clear(&open[1]);
}

/* Stopped instances still billed: the setting's lines per provider, a
 * nudge each, and notify's condition once an instance. */
static void
test_billed(void)
{
	struct cloud_instance v[3];
	struct cloud_billed b[8];
	struct nudge out[8];
	struct nudge_input in;
	char *t1, *t2, key[NOTIFY_KEY_MAX];
	size_t n;

	memset(v, 0, sizeof v);
	snprintf(v[0].id, sizeof v[0].id, "31000002");
	v[0].state = CS_STOPPED;
	v[0].storage_micro_h = 13300;
	snprintf(v[0].label, sizeof v[0].label, "tab\there\033[2J");
	snprintf(v[1].id, sizeof v[1].id, "31000001");
	v[1].state = CS_RUNNING;
	v[1].storage_micro_h = 13300;
	snprintf(v[2].id, sizeof v[2].id, "31000009");
	v[2].state = CS_STOPPED;          /* no storage billed */
	t1 = cloud_billed_edit("runpod\tpod1\t54795\t100\t\n", "vast", v,
	    3, 200);
	CHECK_EQ_STR(t1, "runpod\tpod1\t54795\t100\t\n"
	    "vast\t31000002\t13300\t200\ttab?here?[2J\n");
	/* A later import of vast replaces its lines, and keeps runpod's. */
	v[0].state = CS_RUNNING;
	t2 = cloud_billed_edit(t1, "vast", v, 3, 300);
	CHECK_EQ_STR(t2, "runpod\tpod1\t54795\t100\t\n");
	n = cloud_billed_parse(t1, b, 8);
	CHECK_EQ_INT(n, 2);
	CHECK_EQ_STR(b[1].provider, "vast");
	CHECK_EQ_STR(b[1].id, "31000002");
	CHECK_EQ_INT(b[1].micro_h, 13300);
	CHECK_EQ_INT(b[1].seen, 200);
	CHECK_EQ_INT(cloud_billed_parse("junk\n\nvast\tx\t0\t1\t\n", b, 8), 0);

	memset(&in, 0, sizeof in);
	n = cloud_billed_parse(t1, b, 8);
	in.billed = b;
	in.nbilled = n;
	in.now = 400;
	CHECK_EQ_INT(alerts_nudges(&in, out, 8), 2);
	CHECK_EQ_INT(out[1].kind, NUDGE_BILLED);
	CHECK_EQ_INT(out[1].level, AL_NEAR);
	CHECK_EQ_STR(out[1].what, "31000002");
	CHECK_EQ_INT(out[1].value, 13300);
	CHECK_EQ_STR(notify_key(&out[1], 0, key, sizeof key),
	    "billed:vast:31000002");
	/* Seen again later: the same condition. */
	out[1].at = 900;
	CHECK_EQ_STR(notify_key(&out[1], 0, key, sizeof key),
	    "billed:vast:31000002");
	free(t1);
	free(t2);
}

/* The key a run within an instance carries, and reading it back. */
static void
test_within(void)
{
	char buf[200], prov[64], inst[64];

	CHECK_EQ_INT(cloud_within_key(buf, sizeof buf, "vast", "31000001",
	    "01a2"), 0);
	CHECK_EQ_STR(buf, "vast:31000001/01a2");
	CHECK_EQ_INT(cloud_within_parse(buf, prov, inst), 1);
	CHECK_EQ_STR(prov, "vast");
	CHECK_EQ_STR(inst, "31000001");
	CHECK_EQ_INT(cloud_within_key(buf, sizeof buf, "runpod",
	    "xedezhzb9la3ye", "u"), 0);
	CHECK_EQ_INT(cloud_within_parse(buf, prov, inst), 1);
	CHECK_EQ_STR(inst, "xedezhzb9la3ye");
	/* Ids with glob or path characters, empty or too long: refused. */
	CHECK_EQ_INT(cloud_within_key(buf, sizeof buf, "vast", "31*", "u"),
	    -1);
	CHECK_EQ_INT(cloud_within_key(buf, sizeof buf, "vast", "", "u"), -1);
	CHECK_EQ_INT(cloud_within_key(buf, sizeof buf, "vast", "a/b", "u"),
	    -1);
	CHECK_EQ_INT(cloud_within_key(buf, 12, "vast", "31000001", "01a2"),
	    -1);
	/* Not one: an import's own key, a typed one, a broken one. */
	CHECK_EQ_INT(cloud_within_parse("31000001@1796120080", prov, inst),
	    0);
	CHECK_EQ_INT(cloud_within_parse(NULL, prov, inst), 0);
	CHECK_EQ_INT(cloud_within_parse(":31/u", prov, inst), 0);
	CHECK_EQ_INT(cloud_within_parse("vast:/u", prov, inst), 0);
	CHECK_EQ_INT(cloud_within_parse("vast:3 1/u", prov, inst), 0);
	/* An import's keys of one instance: its running periods. */
	CHECK_EQ_INT(cloud_key_of_instance("31000001", "31000001"), 1);
	CHECK_EQ_INT(cloud_key_of_instance("31000001#2", "31000001"), 1);
	CHECK_EQ_INT(cloud_key_of_instance("xedez@1796120080", "xedez"), 1);
	CHECK_EQ_INT(cloud_key_of_instance("310000012", "31000001"), 0);
	CHECK_EQ_INT(cloud_key_of_instance("3100000", "31000001"), 0);
	CHECK_EQ_INT(cloud_key_of_instance(NULL, "31000001"), 0);
}

int
main(void)
{
	test_idle();
	test_table();
	test_quota_budget();
	test_open();
	test_lapse();
	test_pack();
	test_market();
	test_billed();
	test_within();
	return t_done();
}
