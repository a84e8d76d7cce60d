/*
 * test-where.c: the ranking of `gpulog where` over the built-in catalog,
 * for jobs of 1 h, 8 h and 30 h in different phases and weeks; and the
 * GPU table it stands on (classes, nvidia-smi names and lines).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/catalog.h"
#include "core/clock.h"
#include "core/err.h"
#include "core/fx.h"
#include "core/gpu.h"
#include "core/model.h"
#include "core/plan.h"
#include "core/quota.h"
#include "core/where.h"
#include "t.h"

static struct quota_status qs[8];
static struct fx_point fx = { 0, CATALOG_FX_MICRO, 0 };
/* Copies of the built-in tables: a struct catalog owns writable arrays. */
static struct platform platforms[32];
static struct quota quotas[8];
static struct rate rates[128];
static struct catalog cat;

/* The catalog's quotas at now, with used[i] already used of quota i. */
static void
setup(struct where_in *in, int64_t now, const int64_t *used,
    const struct phase *phase)
{
	size_t i;

	memset(in, 0, sizeof *in);
	memset(&cat, 0, sizeof cat);
	if (!CHECK(catalog_nplatforms <= 32 && catalog_nquotas <= 8 &&
	    catalog_nrates <= 128))
		exit(1);
	memcpy(platforms, catalog_platforms,
	    catalog_nplatforms * sizeof *platforms);
	memcpy(quotas, catalog_quotas, catalog_nquotas * sizeof *quotas);
	/* Lightning's credits, as a user sets them: 60 a month, 84 h of
	 * its T4 at 0.71 credits an hour. */
	for (i = 0; i < catalog_nquotas; i++)
		if (strcmp(quotas[i].platform, "lightning") == 0)
			quotas[i].amount = 6000;
	memcpy(rates, catalog_rates, catalog_nrates * sizeof *rates);
	cat.platforms = platforms;
	cat.nplatforms = catalog_nplatforms;
	cat.quotas = quotas;
	cat.nquotas = catalog_nquotas;
	cat.rates = rates;
	cat.nrates = catalog_nrates;
	cat.fx = &fx;
	cat.nfx = 1;
	in->now = now;
	in->cat = &cat;
	for (i = 0; i < catalog_nquotas; i++) {
		quota_status_init(&qs[i], &quotas[i], now);
		qs[i].used = used ? used[i] : 0;
		/* Colab Pro+ and pay as you go: nothing bought, as
		 * store/summary.c finds them with no payment or pack. */
		if (strcmp(quotas[i].platform, "colab-plus") == 0 ||
		    strcmp(quotas[i].platform, "colab-payg") == 0) {
			qs[i].limit = 0;
			qs[i].unpaid = 1;
		}
		quota_status_finish(&qs[i], now);
	}
	in->qs = qs;
	in->phase = phase;
}

static const struct where_row *
row(const struct where_row *w, size_t n, const char *platform, size_t *rank)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (strcmp(w[i].platform, platform) == 0) {
			if (rank)
				*rank = i + 1;
			return &w[i];
		}
	return NULL;
}

static size_t
rank_of(const struct where_row *w, size_t n, const char *platform)
{
	size_t r = 0;

	row(w, n, platform, &r);
	return r;
}

static void
job(struct where_job *j, int64_t dur, const char *gpu, int vram)
{
	memset(j, 0, sizeof *j);
	j->dur_s = dur;
	snprintf(j->gpu, sizeof j->gpu, "%s", gpu);
	j->vram_gb = vram;
}

/* nvidia-smi's name for a GPU, as the canonicaliser makes it, in b. */
static char *
smi_model(const char *smi, char b[32])
{
	gpu_canon(smi, 0, b, NULL);
	return b;
}

static void
test_gpu(void)
{
	char b[64];
	struct smi_gpu g;

	CHECK(gpu_meets("T4", "", 0));
	CHECK(gpu_meets("P100", NULL, 0));
	CHECK(gpu_meets("RTX 3090", "", 0));
	CHECK(!gpu_meets("MPS", "", 0));
	CHECK(!gpu_meets("T4", "", 24));
	CHECK(gpu_meets("RTX 3090", "", 24));
	CHECK(gpu_meets("A100 80GB", "A100", 0));
	CHECK(!gpu_meets("A100", "A100 80GB", 0));
	CHECK(gpu_meets("H100 80GB", "A100 80GB", 0));
	CHECK(!gpu_meets("RTX 4090", "A100", 0));
	CHECK(gpu_meets("Frob 9", "frob 9", 0));
	CHECK(!gpu_meets("A100", "Frob 9", 0));
	CHECK_EQ_INT(gpu_need_vram("", 0), 16);
	CHECK_EQ_INT(gpu_need_vram("A100 80GB", 0), 80);
	CHECK_EQ_INT(gpu_need_vram("T4", 40), 40);

	CHECK_EQ_STR(smi_model("Tesla T4", b), "T4");
	CHECK_EQ_STR(smi_model("Tesla P100-PCIE-16GB", b),
	    "P100");
	CHECK_EQ_STR(smi_model("NVIDIA A100-SXM4-80GB", b),
	    "A100 80GB");
	CHECK_EQ_STR(smi_model("NVIDIA A100-SXM4-40GB", b),
	    "A100 40GB");
	CHECK_EQ_STR(smi_model("NVIDIA GeForce RTX 4090", b), "RTX 4090");
	CHECK_EQ_STR(smi_model("NVIDIA H100 80GB HBM3", b),
	    "H100 80GB");
	CHECK_EQ_STR(smi_model("NVIDIA L4", b), "L4");
	CHECK_EQ_STR(smi_model("NVIDIA L40S", b), "L40S");

	CHECK(gpu_smi_parse("0, Tesla T4, 9871, 15360, 87, 70.12", &g) == 0);
	CHECK_EQ_INT(g.index, 0);
	CHECK_EQ_STR(g.name, "Tesla T4");
	CHECK_EQ_INT(g.mem_used_mib, 9871);
	CHECK_EQ_INT(g.mem_total_mib, 15360);
	CHECK_EQ_INT(g.util_pct, 87);
	CHECK_EQ_INT(g.power_mw, 70120);
	CHECK(gpu_smi_parse("1, Tesla T4, 0, 15360, 0, [N/A]", &g) == 0);
	CHECK_EQ_INT(g.power_mw, -1);
	CHECK(gpu_smi_parse("0, Tesla T4, [GPU is lost], [GPU is lost], "
	    "[GPU is lost], [GPU is lost]", &g) == 0);
	CHECK_EQ_INT(g.mem_used_mib, -1);
	CHECK(gpu_smi_parse("NVIDIA-SMI has failed because it couldn't "
	    "communicate with the NVIDIA driver.", &g) < 0);
	CHECK(gpu_smi_parse("index, name, memory.used [MiB]", &g) < 0);
	CHECK(gpu_smi_parse("0, T4, 1, 2, 3, 4, 5", &g) < 0);
	CHECK(gpu_smi_parse("0, T4, x, 2, 3, 4", &g) < 0);
	CHECK(gpu_smi_parse("", &g) < 0);

	/* --query-compute-apps, as nvidia-smi 580.159.04 printed it on an
	 * H200 (tests/data/nvidia-smi-580.159.04-h200-compute-apps*.csv). */
	{
		struct smi_app a;

		CHECK(gpu_app_parse("pid, process_name, used_gpu_memory [MiB]",
		    &a) < 0);
		CHECK(gpu_app_parse("580, python3, 1642 MiB", &a) == 0);
		CHECK_EQ_INT(a.pid, 580);
		CHECK_EQ_STR(a.name, "python3");
		CHECK_EQ_INT(a.mem_mib, 1642);
		/* A container's: the host's pid, its name not found, its
		 * memory not available; a name with a comma in it. */
		CHECK(gpu_app_parse("48213, [Not Found], [N/A]", &a) == 0);
		CHECK_EQ_INT(a.pid, 48213);
		CHECK_EQ_STR(a.name, "[Not Found]");
		CHECK_EQ_INT(a.mem_mib, -1);
		CHECK(gpu_app_parse("7, /opt/a,b/python, 12 MiB", &a) == 0);
		CHECK_EQ_STR(a.name, "/opt/a,b/python");
		CHECK_EQ_INT(a.mem_mib, 12);
		CHECK(gpu_app_parse("No running processes found", &a) < 0);
		CHECK(gpu_app_parse("[N/A], python3, 12 MiB", &a) < 0);
		CHECK(gpu_app_parse("7, python3, lots", &a) < 0);
		CHECK(gpu_app_parse("7, python3", &a) < 0);
	}
}

static void
test_rank(void)
{
	/* Tue 2026-12-01 12:00 UTC; Kaggle resets Sat 00:00 UTC. */
	int64_t now = t_utc(2026, 12, 1, 12, 0, 0);
	const struct phase *found = plan_phase(catalog_phases,
	    catalog_nphases, 1);
	const struct phase *ft = plan_phase(catalog_phases, catalog_nphases,
	    10);
	const struct phase *sys = plan_phase(catalog_phases, catalog_nphases,
	    8);
	struct where_in in;
	struct where_job j;
	struct where_row *w;
	const struct where_row *r;
	size_t i;
	struct err e;
	size_t n;
	/* setup() reads one a quota: room for all of them. */
	int64_t used[8] = { 0 };

	setup(&in, now, NULL, found);
	job(&j, 0, "", 0);
	CHECK(where_rank(&in, &j, &w, &n, &e) < 0);

	/* 1 h in Foundations: Kaggle, the phase's pick, first; free before
	 * paid; paid by cost; the Mac cannot do T4 work. */
	job(&j, 3600, "", 0);
	CHECK(where_rank(&in, &j, &w, &n, &e) == 0);
	CHECK_EQ_INT(n, catalog_nplatforms);
	CHECK_EQ_STR(w[0].platform, "kaggle");
	CHECK_EQ_INT(w[0].group, WG_FREE);
	CHECK_EQ_STR(w[0].gpu, "T4");
	CHECK(w[0].in_phase);
	CHECK_EQ_INT(w[0].quota_need, 3600);
	CHECK_EQ_INT(w[0].quota_left, 30 * 3600);
	CHECK(strstr(w[0].why, "fits one session") != NULL);
	CHECK(rank_of(w, n, "lightning") < rank_of(w, n, "colab-pro"));
	CHECK(rank_of(w, n, "colab-pro") < rank_of(w, n, "vast"));
	CHECK(rank_of(w, n, "vast") < rank_of(w, n, "runpod"));
	CHECK(rank_of(w, n, "runpod") < rank_of(w, n, "lambda"));
	CHECK(rank_of(w, n, "lambda") < rank_of(w, n, "cloud"));
	r = row(w, n, "vast", NULL);
	CHECK_EQ_STR(r->gpu, "RTX 3090");
	CHECK_EQ_INT(r->cost_usd, 14);  /* $0.135, rounded half up */
	CHECK_EQ_INT(r->cost_inr, 1127); /* at 83.50 */
	/* The seed's price is months old: the row says so, in days. */
	{
		char want[64];

		CHECK(r->rate_updated > 0);
		snprintf(want, sizeof want, "; price %lld days old (gpulog "
		    "prices update)", (long long)((now - r->rate_updated) /
		    86400));
		CHECK(strstr(r->why, want) != NULL);
	}
	r = row(w, n, "local", NULL);
	CHECK_EQ_INT(r->group, WG_NO);
	/* Among those that cannot run it: after every one that can. */
	for (i = 0; i < n; i++)
		if (w[i].group < WG_NO)
			CHECK(rank_of(w, n, w[i].platform) < rank_of(w, n,
			    "local"));
	free(w);

	/* 30 h: Kaggle needs three 12 h sessions, Lightning none; Colab's T4
	 * burns 1.19 CU an hour. */
	job(&j, 30 * 3600, "", 0);
	CHECK(where_rank(&in, &j, &w, &n, &e) == 0);
	CHECK_EQ_STR(w[0].platform, "lightning");
	r = row(w, n, "kaggle", NULL);
	CHECK_EQ_INT(r->group, WG_SESSIONS);
	CHECK_EQ_INT(r->sessions, 3);
	CHECK(strstr(r->why, "needs 3 sessions") != NULL);
	CHECK_EQ_INT(row(w, n, "colab-pro", NULL)->sessions, 2);
	CHECK_EQ_INT(row(w, n, "colab-pro", NULL)->quota_need, 3570);
	free(w);

	/* A week with 25 h of Kaggle used: 8 h does not fit 5 h left. */
	used[0] = 25 * 3600;
	setup(&in, now, used, found);
	job(&j, 8 * 3600, "", 0);
	CHECK(where_rank(&in, &j, &w, &n, &e) == 0);
	CHECK_EQ_STR(w[0].platform, "lightning");
	r = row(w, n, "kaggle", NULL);
	CHECK_EQ_INT(r->group, WG_NO);
	CHECK(strstr(r->why, "needs 8.0 of 5.0 h left this week") != NULL);
	free(w);

	/* 5 h left and an open Kaggle run using an hour an hour: a 2 h job
	 * fits (5 - 2 = 3 h left for it), a 3 h job does not (2 h); with
	 * the open run's session cap ending it in 1 h, 4 h are left. */
	used[0] = 25 * 3600;
	setup(&in, now, used, found);
	quota_add_burn(&qs[0], 3600, 0);
	job(&j, 2 * 3600, "", 0);
	CHECK(where_rank(&in, &j, &w, &n, &e) == 0);
	r = row(w, n, "kaggle", NULL);
	CHECK_EQ_INT(r->open_use, 2 * 3600);
	CHECK_EQ_INT(r->quota_left, 3 * 3600);
	CHECK(r->group != WG_NO);
	free(w);
	job(&j, 3 * 3600, "", 0);
	CHECK(where_rank(&in, &j, &w, &n, &e) == 0);
	r = row(w, n, "kaggle", NULL);
	CHECK_EQ_INT(r->group, WG_NO);
	CHECK(strstr(r->why, "needs 3.0 of 2.0 h left this week once the "
	    "open runs use 3.0") != NULL);
	free(w);
	setup(&in, now, used, found);
	quota_add_burn(&qs[0], 3600, now + 3600);
	CHECK(where_rank(&in, &j, &w, &n, &e) == 0);
	r = row(w, n, "kaggle", NULL);
	CHECK_EQ_INT(r->open_use, 3600);
	CHECK_EQ_INT(r->quota_left, 4 * 3600);
	CHECK(r->group != WG_NO);
	free(w);

	/* Friday 20:00, 4 h before Kaggle's reset with 2 h left: an 8 h job
	 * counts 4 h now and 4 h in the new week, and 4 > 2. A 3 h job
	 * counts 3 h.  Saturday 01:00 the week is new. */
	used[0] = 28 * 3600;
	setup(&in, t_utc(2026, 12, 4, 20, 0, 0), used, found);
	job(&j, 8 * 3600, "", 0);
	CHECK(where_rank(&in, &j, &w, &n, &e) == 0);
	CHECK_EQ_INT(row(w, n, "kaggle", NULL)->quota_need, 4 * 3600);
	CHECK_EQ_INT(row(w, n, "kaggle", NULL)->group, WG_NO);
	free(w);
	job(&j, 90 * 60, "", 0);
	CHECK(where_rank(&in, &j, &w, &n, &e) == 0);
	CHECK_EQ_STR(w[0].platform, "kaggle");
	free(w);
	used[0] = 0;
	setup(&in, t_utc(2026, 12, 5, 1, 0, 0), used, found);
	job(&j, 8 * 3600, "", 0);
	CHECK(where_rank(&in, &j, &w, &n, &e) == 0);
	CHECK_EQ_STR(w[0].platform, "kaggle");
	CHECK_EQ_INT(w[0].resets, t_utc(2026, 12, 12, 0, 0, 0));
	free(w);

	/* Systems & NLP (Colab Pro + Lightning): those two first. */
	setup(&in, now, NULL, sys);
	job(&j, 8 * 3600, "", 0);
	CHECK(where_rank(&in, &j, &w, &n, &e) == 0);
	CHECK_EQ_STR(w[0].platform, "lightning");
	CHECK_EQ_STR(w[1].platform, "colab-pro");
	CHECK_EQ_INT(w[1].kind, WK_INCLUDED);
	CHECK_EQ_STR(w[2].platform, "kaggle");
	free(w);

	/* Fine-tuning, A100 80GB for 8 h: Colab Pro's units cover it (7.52
	 * CU an hour); of the paid, the phase's RunPod first for a job of
	 * 8 h (the seed's advice), then Vast, then Lambda's 8x share, then
	 * AWS's H100 share. */
	setup(&in, now, NULL, ft);
	job(&j, 8 * 3600, "A100 80GB", 0);
	CHECK(where_rank(&in, &j, &w, &n, &e) == 0);
	CHECK_EQ_STR(w[0].platform, "colab-pro");
	CHECK_EQ_INT(w[0].quota_need, 6016);
	CHECK_EQ_STR(w[1].platform, "runpod");
	CHECK(strstr(w[1].why, "reliable for runs of 8 h") != NULL);
	CHECK_EQ_INT(w[1].cost_usd, 1112);
	CHECK_EQ_STR(w[2].platform, "vast");
	CHECK_EQ_INT(w[2].cost_usd, 920);
	CHECK(strstr(w[2].why, "reliability") != NULL);
	/* Pay as you go, none bought: one pack of 100 CU holds the job's
	 * 60.16. */
	CHECK_EQ_STR(w[3].platform, "colab-payg");
	CHECK_EQ_INT(w[3].kind, WK_SUBSCRIBE);
	CHECK_EQ_INT(w[3].packs, 1);
	CHECK_EQ_INT(w[3].cost_usd, 999);
	CHECK(strstr(w[3].why, "no units bought: 100.00 CU for") != NULL);
	CHECK_EQ_STR(w[4].platform, "lambda");
	CHECK_EQ_INT(w[4].cost_usd, 2232);
	/* Pro+ at its month's price ($49.99), below AWS's H100 share for
	 * 8 h ($55.04). */
	CHECK_EQ_STR(w[5].platform, "colab-plus");
	CHECK_EQ_INT(w[5].packs, 0);
	CHECK_EQ_INT(w[5].cost_usd, 4999);
	CHECK_EQ_STR(w[6].platform, "cloud");
	CHECK_EQ_STR(w[6].gpu, "H100 80GB");
	free(w);

	/* 20 h of it: 150.40 CU, two packs. */
	job(&j, 20 * 3600, "A100 80GB", 0);
	CHECK(where_rank(&in, &j, &w, &n, &e) == 0);
	CHECK_EQ_INT(row(w, n, "colab-payg", NULL)->packs, 2);
	CHECK_EQ_INT(row(w, n, "colab-payg", NULL)->cost_usd, 1998);
	CHECK(strstr(row(w, n, "colab-payg", NULL)->why, "2 packs, each "
	    "100.00 CU") != NULL);
	CHECK_EQ_INT(row(w, n, "kaggle", NULL)->group, WG_NO);
	/* Pro+'s month holds it; no word of a shortfall. */
	CHECK(strstr(row(w, n, "colab-plus", NULL)->why, "cover") == NULL);
	free(w);
	/* Colab Pro not bought this month: its 100 CU a month are 66% of
	 * the 150.40 the job uses, and it says so. */
	{
		for (i = 0; i < catalog_nquotas; i++)
			if (strcmp(quotas[i].platform, "colab-pro") == 0) {
				qs[i].limit = qs[i].remaining = 0;
				qs[i].unpaid = 1;
			}
	}
	CHECK(where_rank(&in, &j, &w, &n, &e) == 0);
	CHECK_EQ_INT(row(w, n, "colab-pro", NULL)->kind, WK_SUBSCRIBE);
	CHECK(strstr(row(w, n, "colab-pro", NULL)->why, "a month's 100.00 CU "
	    "cover 66% of the 150.40 it needs") != NULL);
	free(w);

	/* Month 2 of the plan, no GPU asked: one's own machine first ("your
	 * primary compute resource for months 1-8"), then Kaggle; not with
	 * a GPU or VRAM asked for, nor in month 9. */
	setup(&in, now, NULL, found);
	in.plan_month = 2;
	job(&j, 2 * 3600, "", 0);
	CHECK(where_rank(&in, &j, &w, &n, &e) == 0);
	CHECK_EQ_STR(w[0].platform, "local");
	CHECK_EQ_INT(w[0].group, WG_FREE);
	CHECK(strstr(w[0].why, "months 1-8") != NULL);
	CHECK_EQ_STR(w[1].platform, "kaggle");
	free(w);
	job(&j, 2 * 3600, "T4", 0);
	CHECK(where_rank(&in, &j, &w, &n, &e) == 0);
	CHECK_EQ_STR(w[0].platform, "kaggle");
	free(w);
	job(&j, 2 * 3600, "", 16);
	CHECK(where_rank(&in, &j, &w, &n, &e) == 0);
	CHECK_EQ_STR(w[0].platform, "kaggle");
	free(w);
	in.plan_month = 9;
	job(&j, 2 * 3600, "", 0);
	CHECK(where_rank(&in, &j, &w, &n, &e) == 0);
	CHECK_EQ_STR(w[0].platform, "kaggle");
	CHECK_EQ_INT(row(w, n, "local", NULL)->group, WG_NO);
	free(w);

	/* A model asked for by name that Kaggle lists: its P100. */
	setup(&in, now, NULL, found);
	job(&j, 2 * 3600, "p100", 0);
	CHECK(where_rank(&in, &j, &w, &n, &e) == 0);
	CHECK_EQ_STR(w[0].platform, "kaggle");
	CHECK_EQ_STR(w[0].gpu, "P100");
	free(w);

	/* Under 8 h, Vast's lower cost comes first again. */
	setup(&in, now, NULL, ft);
	job(&j, 7 * 3600, "A100 80GB", 0);
	CHECK(where_rank(&in, &j, &w, &n, &e) == 0);
	CHECK(rank_of(w, n, "vast") < rank_of(w, n, "runpod"));
	free(w);

	/* 24 GB: Colab Pro's L4 among the free ones; Vast's RTX 3090. */
	setup(&in, now, NULL, found);
	job(&j, 2 * 3600, "", 24);
	CHECK(where_rank(&in, &j, &w, &n, &e) == 0);
	CHECK_EQ_STR(w[0].platform, "colab-pro");
	CHECK_EQ_STR(w[0].gpu, "L4");
	CHECK_EQ_INT(w[0].quota_need, 342);
	CHECK_EQ_STR(row(w, n, "vast", NULL)->gpu, "RTX 3090");
	CHECK_EQ_INT(row(w, n, "kaggle", NULL)->group, WG_NO);
	free(w);

	/* Colab Pro's units nearly spent: 30 CU left, 8 h of A100 burns
	 * 43.20. */
	used[0] = 0;
	used[2] = 7000;
	setup(&in, now, used, sys);
	job(&j, 8 * 3600, "A100", 0);
	CHECK(where_rank(&in, &j, &w, &n, &e) == 0);
	r = row(w, n, "colab-pro", NULL);
	CHECK_EQ_INT(r->group, WG_NO);
	CHECK_EQ_INT(r->quota_need, 4320);
	CHECK(strstr(r->why, "needs 43.20 of 30.00 CU") != NULL);
	CHECK_EQ_STR(w[0].platform, "runpod");
	free(w);
}

/* The catalog's lookups, on the copy setup() makes of the built-in one. */
static void
test_catalog(void)
{
	struct where_in in;
	struct catalog c;
	const struct platform *p;
	const struct rate *r;

	setup(&in, 0, NULL, NULL);
	if (CHECK((p = catalog_platform(&cat, "kaggle")) != NULL))
		CHECK(p == &cat.platforms[3]);
	CHECK(catalog_platform(&cat, "kag") == NULL);
	CHECK(catalog_platform(&cat, "Kaggle") == NULL);
	CHECK(catalog_quota_index(&cat, "kaggle") >= 0);
	CHECK_EQ_STR(cat.quotas[catalog_quota_index(&cat, "lightning")]
	    .platform, "lightning");
	CHECK_EQ_INT(catalog_quota_index(&cat, "vast"), -1);
	if (CHECK((r = catalog_rate(&cat, "vast", "rtx 4090")) != NULL)) {
		CHECK_EQ_STR(r->gpu, "RTX 4090");
		CHECK_EQ_STR(r->platform, "vast");
	}
	CHECK(catalog_rate(&cat, "runpod", "RTX 5090") == NULL);
	CHECK(catalog_rate(&cat, "vast", "") == NULL);
	CHECK(catalog_rate(&cat, "vast", NULL) == NULL);

	/* catalog_free frees and zeroes; a zeroed one frees too. */
	memset(&c, 0, sizeof c);
	catalog_free(&c);
	c.platforms = xcalloc(2, sizeof *c.platforms);
	c.nplatforms = 2;
	c.fx = xcalloc(1, sizeof *c.fx);
	c.nfx = 1;
	catalog_free(&c);
	CHECK(c.platforms == NULL && c.fx == NULL && c.nplatforms == 0 &&
	    c.nfx == 0);
}

int
main(void)
{
	setenv("TZ", "UTC", 1);
	test_gpu();
	test_rank();
	test_catalog();
	return t_done();
}
