/*
 * catalog.c: the seed's facts (../shared/reference/catalog.md), as shipped.
 * Platform cost and VRAM are kept in the matrix's own words, since many are
 * ranges ("~5-20+"); everything the arithmetic uses is a number.
 */
#include "core/catalog.h"

#include "core/err.h"
#include "core/fmt.h"
#include "core/fx.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/clock.h"
#include "core/gpu.h"
#include "core/quota.h"
#include "core/snapshot.h"

#define H(x) ((int64_t)(x) * 3600)
#define USD(x) ((int64_t)((x) * 1000000 + 0.5)) /* millionths a GPU-hour */
#define CATALOG_TIME 1782864000 /* 2026-07-01, the seed's price date */
/* The dates of today's facts (../shared/reference/catalog.md, "Today's
 * facts"): Colab's compute units as measured (2026-03), Lambda's and
 * RunPod's pricing pages (2026-09), AWS on-demand pricing (2026-11). */
#define COLAB_CU_TIME 1772323200   /* 2026-03-01 */
#define PRICES_2026_09 1788220800  /* 2026-09-01 */
#define AWS_2026_11 1793491200     /* 2026-11-01 */
#define LIGHTNING_2026_07 1782864000 /* 2026-07-01, its billing FAQ */

#define CHECKED_2026_12 1796083200  /* 2026-12-01, the check of today's
                                    * facts */

const struct platform catalog_platforms[] = {
	{ .key = "local", .name = "Local (Mac M2/M3)", .billing = BILL_FREE,
	    .gpu = "Apple MPS", .vram = "16-96 unified", .cost_usd = "0",
	    .cost_inr = "0", .session_text = "none", .storage = "yes",
	    .best_for = "months 1-6, prototyping", .default_gpu = "MPS" },
	{ .key = "colab-free", .name = "Google Colab Free",
	    .billing = BILL_FREE, .gpu = "T4", .vram = "16", .cost_usd = "0",
	    .cost_inr = "0", .session_cap_s = H(12),
	    .session_text = "~12 h, unreliable", .storage = "no",
	    .best_for = "quick experiments", .default_gpu = "T4" },
	/* Colab Pro: T4, L4, A100 40GB/80GB and G4 (RTX PRO 6000) in 2026;
	 * V100 is no longer offered; $9.99 a month in the US.  A pack of its
	 * units lasts 90 days. */
	{ .key = "colab-pro", .name = "Google Colab Pro",
	    .billing = BILL_SUBSCRIPTION, .gpu = "T4/L4/A100/G4",
	    .vram = "16-96", .cost_usd = "9.99", .cost_inr = "~999",
	    .session_cap_s = H(24), .session_text = "up to 24 h",
	    .storage = "Google Drive",
	    .best_for = "months 5-10, regular training", .default_gpu = "T4",
	    .pack_days = 90 },
	/* Kaggle: a GPU session lasts 12 h (a TPU session 9 h). */
	{ .key = "kaggle", .name = "Kaggle Notebooks", .billing = BILL_FREE,
	    .gpu = "T4 or P100", .vram = "16", .cost_usd = "0",
	    .cost_inr = "0", .session_cap_s = H(12),
	    .session_text = "12 h a session", .storage = "20 GB",
	    .best_for = "best free option", .default_gpu = "T4" },
	{ .key = "lightning", .name = "Lightning AI Free",
	    .billing = BILL_FREE, .gpu = "T4", .vram = "16", .cost_usd = "0",
	    .cost_inr = "0", .session_text = "none",
	    .storage = "persistent workspace",
	    .best_for = "small fine-tuning runs", .default_gpu = "T4" },
	{ .key = "vast", .name = "Vast.ai", .billing = BILL_HOURLY,
	    .gpu = "RTX 3090+", .vram = "24+", .cost_usd = "~5-20+",
	    .cost_inr = "~420-1700", .session_text = "none (on-demand)",
	    .storage = "extra cost", .best_for = "cost-sensitive GPU training",
	    .default_gpu = "RTX 3090" },
	{ .key = "runpod", .name = "RunPod", .billing = BILL_HOURLY,
	    .gpu = "RTX 4090/A100", .vram = "24-80", .cost_usd = "variable",
	    .cost_inr = "variable", .session_text = "none", .storage = "yes",
	    .best_for = "reliable cloud GPU", .default_gpu = "A100 80GB" },
	/* Lambda rents one A100 40GB; its 80 GB part only as 8x. */
	{ .key = "lambda", .name = "Lambda Labs", .billing = BILL_HOURLY,
	    .gpu = "A10/A100/H100", .vram = "24-80", .cost_usd = "1.29+/h",
	    .cost_inr = "~108+/h", .session_text = "none", .storage = "yes",
	    .best_for = "production fine-tuning", .default_gpu = "A100 40GB" },
	/* AWS on demand: p3.2xlarge (1x V100) $3.06/h, p4d.24xlarge
	 * (8x A100 40GB) $21.96/h, p5.48xlarge (8x H100) $55.04/h. */
	{ .key = "cloud", .name = "AWS/GCP/Azure", .billing = BILL_HOURLY,
	    .gpu = "V100/A100/H100", .vram = "16-80", .cost_usd = "3-55/h",
	    .cost_inr = "~260-4600/h", .session_text = "none",
	    .storage = "yes", .best_for = "enterprise (avoid unless required)",
	    .default_gpu = "V100" },
	/* Colab Pro+: 600 CU a month since April 2025, $49.99 in the US;
	 * the plan's ₹3,999, and "not recommended" for a learner. */
	{ .key = "colab-plus", .name = "Google Colab Pro+",
	    .billing = BILL_SUBSCRIPTION, .gpu = "T4/L4/A100/G4",
	    .vram = "16-96", .cost_usd = "49.99", .cost_inr = "~3999",
	    .session_cap_s = H(24), .session_text = "up to 24 h",
	    .storage = "Google Drive",
	    .best_for = "long runs in the background (the plan: not "
	    "recommended)", .default_gpu = "T4", .pack_days = 90 },
	/* Colab's pay as you go: 100 CU for $9.99, no subscription; units
	 * last 90 days.  Its quota's amount is what a pack holds: only the
	 * packs bought count (BILL_UNITS). */
	{ .key = "colab-payg", .name = "Colab PAYG units",
	    .billing = BILL_UNITS, .gpu = "T4/L4/A100/G4", .vram = "16-96",
	    .cost_usd = "9.99", .cost_inr = "~999", .session_cap_s = H(24),
	    .session_text = "up to 24 h", .storage = "Google Drive",
	    .best_for = "a few GPU hours without a subscription",
	    .default_gpu = "T4", .pack_days = 90 },
};
const size_t catalog_nplatforms =
    sizeof catalog_platforms / sizeof catalog_platforms[0];

const struct quota catalog_quotas[] = {
	/* Saturday 00:00 UTC is 05:30 in India.  Kaggle counts how long
	 * the accelerator session runs, whatever its GPU count. */
	{ .platform = "kaggle", .unit = QU_SESSION_S, .amount = H(30),
	    .window = QW_WEEK, .reset_wday = 6 },
	/* Lightning AI's free tier is credits in dollars (1 credit = $1)
	 * since 2025; the monthly amount is not published, so it is the
	 * user's to set (0: not set).  The seed's 80 GPU-hours a month stay
	 * the plan's words. */
	{ .platform = "lightning", .unit = QU_CREDIT, .amount = 0,
	    .window = QW_MONTH, .reset_mday = 1 },
	{ .platform = "colab-pro", .unit = QU_CU, .amount = 100 * 100,
	    .window = QW_MONTH, .reset_mday = 1 },
	{ .platform = "colab-plus", .unit = QU_CU, .amount = 600 * 100,
	    .window = QW_MONTH, .reset_mday = 1 },
	/* A pack's 100 CU: what buying once gives (BILL_UNITS). */
	{ .platform = "colab-payg", .unit = QU_CU, .amount = 100 * 100,
	    .window = QW_MONTH, .reset_mday = 1 },
};
const size_t catalog_nquotas = sizeof catalog_quotas / sizeof catalog_quotas[0];

/* A GPU's hourly price in dollars (typical, lowest and highest seen; 0:
 * not known) on platform, true at date when; and what a GPU-hour burns
 * of a rated meter, in hundredths. */
#define PRICE(p, g, typical, low, high, when) { .platform = p, .gpu = g, \
	.currency = "USD", .rate_micro = USD(typical), .low_micro = USD(low), \
	.high_micro = USD(high), .updated = when, .source = "catalog" }
#define BURN(p, g, centi, when) { .platform = p, .gpu = g, \
	.currency = "USD", .cu_centi_h = centi, .updated = when, \
	.source = "catalog" }
/* Colab's GPUs burn compute units at the same rate on Pro, Pro+ and pay
 * as you go, as users measured them (2026-03).  Its A100s are the SXM4
 * parts; the G4 is an RTX PRO 6000. */
#define COLAB_BURNS(p) \
	BURN(p, "T4", 119, COLAB_CU_TIME), \
	BURN(p, "L4", 171, COLAB_CU_TIME), \
	BURN(p, "A100 40GB", 540, COLAB_CU_TIME), \
	BURN(p, "A100 80GB", 752, COLAB_CU_TIME), \
	BURN(p, "RTX PRO 6000", 871, COLAB_CU_TIME)

const struct rate catalog_rates[] = {
	PRICE("vast", "RTX 3090", 0.135, 0.07, 0.20, CATALOG_TIME),
	PRICE("vast", "RTX 4090", 0.325, 0.25, 0.40, CATALOG_TIME),
	PRICE("vast", "A100 40GB", 0.80, 0.60, 1.00, CATALOG_TIME),
	PRICE("vast", "A100 80GB", 1.15, 0.80, 1.50, CATALOG_TIME),
	PRICE("vast", "H100 80GB", 2.65, 1.80, 3.50, CATALOG_TIME),
	PRICE("vast", "V100", 0.225, 0.15, 0.30, CATALOG_TIME),
	/* RunPod's community cloud (runpod.io/pricing, 2026-09); its RTX
	 * 3090 is the seed's figure. */
	PRICE("runpod", "RTX 3090", 0.17, 0, 0, CATALOG_TIME),
	PRICE("runpod", "RTX 4090", 0.34, 0, 0, PRICES_2026_09),
	PRICE("runpod", "A100 80GB", 1.39, 0, 0, PRICES_2026_09),
	PRICE("runpod", "H100 80GB", 2.69, 1.99, 2.69, PRICES_2026_09),
	/* Lambda (lambda.ai/pricing, 2026-09): one A100 40GB; the 80 GB
	 * part only as 8x, a GPU's share; one H100 PCIe or SXM; one A10. */
	PRICE("lambda", "A100 40GB", 1.99, 0, 0, PRICES_2026_09),
	PRICE("lambda", "A100 80GB", 2.79, 0, 0, PRICES_2026_09),
	PRICE("lambda", "H100 80GB", 3.29, 3.29, 4.29, PRICES_2026_09),
	PRICE("lambda", "A10", 1.29, 0, 0, PRICES_2026_09),
	/* AWS on demand: p3.2xlarge (one V100); p4d.24xlarge and
	 * p5.48xlarge (8x A100 40GB at $21.96, 8x H100 at $55.04), a GPU's
	 * share (2026-11). */
	PRICE("cloud", "V100", 3.06, 0, 0, CATALOG_TIME),
	PRICE("cloud", "A100 40GB", 2.745, 0, 0, AWS_2026_11),
	PRICE("cloud", "H100 80GB", 6.88, 0, 0, AWS_2026_11),
	/* Colab is paid by the month or the pack; its GPUs burn units. */
	COLAB_BURNS("colab-pro"),
	COLAB_BURNS("colab-plus"),
	COLAB_BURNS("colab-payg"),
	/* Lightning AI draws credits at its per-GPU hourly rates: a T4 costs
	 * $0.43-0.98 an hour of them by cloud; the middle of that range. */
	BURN("lightning", "T4", 71, LIGHTNING_2026_07),
};
#undef PRICE
#undef BURN
#undef COLAB_BURNS
const size_t catalog_nrates = sizeof catalog_rates / sizeof catalog_rates[0];

#define SEED "the plan's compute chapter"

/* Where each built-in fact comes from, and when it was true: a platform's
 * (its session cap and monthly cost), a quota's, a rate's (for one GPU, or
 * for every GPU of its platform when gpu is NULL; its date is the rate's
 * own, rate.updated).  ../shared/reference/catalog.md lists them. */
const struct cite catalog_cites[] = {
	{ .platform = "local", .fact = FACT_PLATFORM, .asof = CATALOG_TIME,
	    .source = SEED },
	{ .platform = "colab-free", .fact = FACT_PLATFORM,
	    .asof = CATALOG_TIME, .source = SEED },
	{ .platform = "colab-pro", .fact = FACT_PLATFORM,
	    .asof = CHECKED_2026_12, .source = "Colab's signup page" },
	{ .platform = "colab-pro", .fact = FACT_QUOTA,
	    .asof = CHECKED_2026_12, .source = "Colab's signup page" },
	{ .platform = "colab-pro", .fact = FACT_RATE,
	    .source = "measured by users (chrisjmccormick.github.io)" },
	{ .platform = "colab-plus", .fact = FACT_PLATFORM,
	    .asof = CHECKED_2026_12, .source = "Colab's signup page" },
	{ .platform = "colab-plus", .fact = FACT_QUOTA,
	    .asof = CHECKED_2026_12,
	    .source = "Colab's release notes (2025-05-12)" },
	{ .platform = "colab-plus", .fact = FACT_RATE,
	    .source = "measured by users (chrisjmccormick.github.io)" },
	{ .platform = "colab-payg", .fact = FACT_PLATFORM,
	    .asof = CHECKED_2026_12, .source = "Colab's signup page" },
	{ .platform = "colab-payg", .fact = FACT_QUOTA,
	    .asof = CHECKED_2026_12, .source = "Colab's signup page" },
	{ .platform = "colab-payg", .fact = FACT_RATE,
	    .source = "measured by users (chrisjmccormick.github.io)" },
	{ .platform = "kaggle", .fact = FACT_PLATFORM,
	    .asof = CHECKED_2026_12, .source = "kaggle.com/docs/notebooks" },
	{ .platform = "kaggle", .fact = FACT_QUOTA, .asof = CHECKED_2026_12,
	    .source = "kaggle.com/docs/efficient-gpu-usage" },
	{ .platform = "lightning", .fact = FACT_PLATFORM,
	    .asof = CATALOG_TIME, .source = SEED },
	{ .platform = "lightning", .fact = FACT_QUOTA,
	    .asof = LIGHTNING_2026_07, .source = "Lightning's billing FAQ" },
	{ .platform = "lightning", .fact = FACT_RATE,
	    .source = "Lightning's billing FAQ" },
	{ .platform = "vast", .fact = FACT_PLATFORM, .asof = CATALOG_TIME,
	    .source = SEED },
	{ .platform = "vast", .fact = FACT_RATE, .source = SEED },
	{ .platform = "runpod", .fact = FACT_PLATFORM, .asof = CATALOG_TIME,
	    .source = SEED },
	{ .platform = "runpod", .fact = FACT_RATE,
	    .source = "runpod.io/pricing" },
	{ .platform = "runpod", .fact = FACT_RATE, .gpu = "RTX 3090",
	    .source = SEED },
	{ .platform = "lambda", .fact = FACT_PLATFORM, .asof = PRICES_2026_09,
	    .source = "lambda.ai/pricing" },
	{ .platform = "lambda", .fact = FACT_RATE,
	    .source = "lambda.ai/pricing" },
	{ .platform = "cloud", .fact = FACT_PLATFORM, .asof = AWS_2026_11,
	    .source = "AWS on-demand pricing" },
	{ .platform = "cloud", .fact = FACT_RATE,
	    .source = "AWS on-demand pricing" },
	{ .platform = "cloud", .fact = FACT_RATE, .gpu = "V100",
	    .source = SEED },
};
const size_t catalog_ncites = sizeof catalog_cites / sizeof catalog_cites[0];

const struct phase catalog_phases[] = {
	{ 1, 3, "Foundations", "local,kaggle", "Mac MPS + Kaggle",
	    "CPU/MPS sufficient. Kaggle for any GPU exercise.", 0, 89900,
	    "INR" },
	{ 4, 6, "Deep Learning", "kaggle,colab-pro",
	    "Kaggle (primary) + Colab Pro",
	    "Kaggle 30 h/week handles most CNN/Transformer experiments. "
	    "Upgrade to Colab Pro if blocked.", 0, 89900, "INR" },
	{ 7, 9, "Systems & NLP", "colab-pro,lightning",
	    "Colab Pro + Lightning AI",
	    "Longer training runs. Persistent workspace matters.", 89900,
	    200000, "INR" },
	{ 10, 11, "Fine-tuning LLMs", "vast,runpod", "Vast.ai + RunPod",
	    "Need A100 80GB for LoRA/QLoRA fine-tuning of 7B+ models. "
	    "Budget ~$20-50/month.", 200000, 600000, "INR" },
	{ 12, 13, "Capstone Projects", "runpod,lambda", "RunPod + Lambda",
	    "Reliability matters for multi-day runs.", 200000, 600000,
	    "INR" },
};
const size_t catalog_nphases = sizeof catalog_phases / sizeof catalog_phases[0];

const char *const billing_names[BILL_COUNT] = {
#define BILLING_WORD(e, word, text) word,
	BILLINGS(BILLING_WORD)
#undef BILLING_WORD
};

const char *
billing_name(int b)
{
	return b >= 0 && b < BILL_COUNT ? billing_names[b] : "?";
}

int
billing_parse(const char *s)
{
	int i;

	for (i = 0; i < BILL_COUNT; i++)
		if (strcmp(s, billing_names[i]) == 0)
			return i;
	return -1;
}

void
catalog_free(struct catalog *c)
{
	free(c->platforms);
	free(c->quotas);
	free(c->rates);
	free(c->phases);
	free(c->fx);
	memset(c, 0, sizeof *c);
}

/* A copy of n items of size bytes; NULL for none. */
static void *
dup_array(const void *a, size_t n, size_t size)
{
	void *p;

	if (n == 0)
		return NULL;
	p = xmalloc(n * size);
	memcpy(p, a, n * size);
	return p;
}

void
catalog_copy(struct catalog *to, const struct catalog *from)
{
	catalog_free(to);
	to->platforms = dup_array(from->platforms, from->nplatforms,
	    sizeof *from->platforms);
	to->nplatforms = from->nplatforms;
	to->quotas = dup_array(from->quotas, from->nquotas,
	    sizeof *from->quotas);
	to->nquotas = from->nquotas;
	to->rates = dup_array(from->rates, from->nrates, sizeof *from->rates);
	to->nrates = from->nrates;
	to->phases = dup_array(from->phases, from->nphases,
	    sizeof *from->phases);
	to->nphases = from->nphases;
	to->fx = dup_array(from->fx, from->nfx, sizeof *from->fx);
	to->nfx = from->nfx;
}

const struct platform *
catalog_platform(const struct catalog *c, const char *key)
{
	size_t i;

	for (i = 0; i < c->nplatforms; i++)
		if (strcmp(c->platforms[i].key, key) == 0)
			return &c->platforms[i];
	return NULL;
}

int
catalog_hours_unit(const char *platform)
{
	size_t i;

	for (i = 0; i < catalog_nquotas; i++)
		if (strcmp(catalog_quotas[i].platform, platform) == 0 &&
		    !quota_meter(catalog_quotas[i].unit)->rated)
			return catalog_quotas[i].unit;
	return QU_GPU_S;
}

int64_t
catalog_burn(const struct catalog *c, const char *platform, const char *gpu)
{
	const struct rate *r = catalog_rate(c, platform, gpu);
	const struct platform *p;

	if ((r == NULL || r->cu_centi_h == 0) &&
	    (p = catalog_platform(c, platform)) != NULL)
		r = catalog_rate(c, platform, p->default_gpu);
	return r ? r->cu_centi_h : 0;
}

const char *
catalog_burn_label(const struct catalog *c, const char *platform)
{
	int qi = catalog_quota_index(c, platform);

	if (qi >= 0 && quota_meter(c->quotas[qi].unit)->rated)
		return quota_unit_name(c->quotas[qi].unit);
	return quota_unit_name(QU_CU);
}

int
catalog_quota_index(const struct catalog *c, const char *platform)
{
	size_t i;

	for (i = 0; i < c->nquotas; i++)
		if (strcmp(c->quotas[i].platform, platform) == 0)
			return (int)i;
	return -1;
}

const struct rate *
catalog_rate(const struct catalog *c, const char *platform, const char *gpu)
{
	size_t i;
	int pass;

	if (gpu == NULL || *gpu == '\0')
		return NULL;
	/* The same words first (the common case, and cheap); then any
	 * spelling of the same model, so that a rate stored as "A100" prices
	 * a run on the "A100 40GB" (gpu_same()). */
	for (pass = 0; pass < 2; pass++)
		for (i = 0; i < c->nrates; i++)
			if (strcmp(c->rates[i].platform, platform) == 0 &&
			    (pass == 0 ? strcasecmp(c->rates[i].gpu, gpu) ==
			    0 : gpu_same(c->rates[i].gpu, gpu)))
				return &c->rates[i];
	return NULL;
}

/* A monthly cost column's amount in hundredths ("~999" is 99900, "9.99"
 * is 999; *approx set for a leading "~"), else -1. */
static int64_t
cost_column(const char *t, int *approx)
{
	int64_t v = 0;
	int frac = -1;

	*approx = *t == '~';
	t += *approx;
	if (*t < '0' || *t > '9')
		return -1;
	for (; *t != '\0'; t++) {
		if (*t == '.' && frac < 0)
			frac = 0;
		else if (*t >= '0' && *t <= '9' && frac < 2 &&
		    v < 100000000) {
			v = v * 10 + (*t - '0');
			if (frac >= 0)
				frac++;
		} else
			return -1;
	}
	for (frac = frac < 0 ? 0 : frac; frac < 2; frac++)
		v *= 10;
	return v;
}

int64_t
catalog_monthly_minor(const struct platform *p, const char *currency,
    int *approx)
{
	int a;

	return cost_column(strcmp(currency, "USD") == 0 ? p->cost_usd :
	    p->cost_inr, approx != NULL ? approx : &a);
}

char *
catalog_subscribe_text(const struct platform *p, const struct quota *q,
    const char *currency, int flags, char *buf, size_t n)
{
	char m[48], u[32];
	const char *cur = strcmp(currency, "USD") == 0 ? "USD" : "INR";
	int64_t v;
	int approx;

	if ((v = catalog_monthly_minor(p, cur, &approx)) < 0) {
		cur = strcmp(cur, "USD") == 0 ? "INR" : "USD";
		v = catalog_monthly_minor(p, cur, &approx);
	}
	if (p->billing == BILL_UNITS && q != NULL && q->amount > 0) {
		fmt_quota_amount(u, sizeof u, q->unit, q->amount);
		if (v < 0)
			snprintf(buf, n, "%s %s a pack", u,
			    quota_unit_name(q->unit));
		else
			snprintf(buf, n, "%s %s for %s%s", u,
			    quota_unit_name(q->unit), approx ? "~" : "",
			    fmt_money(m, sizeof m, v, cur, flags | FMT_WHOLE));
		if (p->pack_days > 0) {
			size_t k = strlen(buf);

			snprintf(buf + k, n - k, ", valid %d days",
			    p->pack_days);
		}
	} else if (v < 0)
		snprintf(buf, n, "a subscription to buy");
	else
		snprintf(buf, n, "%s%s a month to subscribe", approx ? "~" : "",
		    fmt_money(m, sizeof m, v, cur, flags | FMT_WHOLE));
	return buf;
}

const char *
catalog_absent_word(const struct platform *p, const struct quota_status *st)
{
	if (!st->unpaid)
		return "no amount set";
	return p != NULL && p->billing == BILL_UNITS ? "no units bought" :
	    "not subscribed";
}

char *
catalog_absent_text(const struct quota *q, const struct quota_status *st,
    const struct platform *p, const char *currency, int flags,
    const char *dot, char *buf, size_t n)
{
	char w[16], offer[64];

	quota_window_name(q, w, sizeof w);
	if (st->unpaid && p != NULL && p->billing == BILL_UNITS)
		snprintf(buf, n, "%s %s %s", catalog_absent_word(p, st), dot,
		    catalog_subscribe_text(p, q, currency, flags, offer,
		    sizeof offer));
	else if (st->unpaid)
		snprintf(buf, n, "%s this %s %s %s", catalog_absent_word(p,
		    st), w, dot, p != NULL ? catalog_subscribe_text(p, q,
		    currency, flags, offer, sizeof offer) :
		    "a subscription to buy");
	else
		snprintf(buf, n, "no amount of %s set %s gpulog platforms set "
		    "%s --quota 15%s/%s", quota_meter(q->unit)->name, dot,
		    q->platform, quota_meter(q->unit)->brief,
		    quota_window_word(q->window == QW_WEEK ? QW_WEEK :
		    QW_MONTH));
	return buf;
}

const struct cite *
catalog_cite(const char *platform, int fact, const char *gpu)
{
	const struct cite *any = NULL;
	size_t i;

	for (i = 0; i < catalog_ncites; i++) {
		const struct cite *c = &catalog_cites[i];

		if (c->fact != fact || strcmp(c->platform, platform) != 0)
			continue;
		if (c->gpu == NULL)
			any = c;
		else if (gpu != NULL && strcmp(c->gpu, gpu) == 0)
			return c;
	}
	return any;
}

void
catalog_provenance(const char *platform, int fact, const struct rate *r,
    int64_t modified, const struct quota_snapshot *snap, int64_t amount,
    struct provenance *pv)
{
	const struct cite *c;
	int64_t y;
	int m, d;

	memset(pv, 0, sizeof *pv);
	if (fact == FACT_RATE && strcmp(r->source, "catalog") != 0) {
		pv->asof = r->updated;
		if (strcmp(r->source, "user") == 0)
			snprintf(pv->source, sizeof pv->source, "set by you");
		else
			snprintf(pv->source, sizeof pv->source, "prices update "
			    "from %s", r->source);
	} else if (fact == FACT_QUOTA && modified != 0 && snap != NULL &&
	    snap->allowed_s > 0 && snap->allowed_s == amount) {
		pv->asof = snap->taken_at;
		snprintf(pv->source, sizeof pv->source, "as %s reported it "
		    "(import %s)", strcmp(platform, "kaggle") == 0 ? "Kaggle" :
		    platform, platform);
	} else if (fact != FACT_RATE && modified != 0) {
		pv->asof = modified;
		snprintf(pv->source, sizeof pv->source, "set by you");
	} else {
		c = catalog_cite(platform, fact, fact == FACT_RATE ? r->gpu :
		    NULL);
		/* A rate's date is its own; the others' their citation's. */
		pv->asof = fact == FACT_RATE ? r->updated : c != NULL ? c->asof :
		    0;
		snprintf(pv->source, sizeof pv->source, "%s", c != NULL ?
		    c->source : "gpulog's catalog");
	}
	if (pv->asof > 0) {
		civil_from_days(floor_div(pv->asof, DAY_S), &y, &m, &d);
		snprintf(pv->date, sizeof pv->date, "%04d-%02d-%02d", (int)y,
		    m, d);
	}
}

/* Which of today's facts answer the plan's words on a platform. */
enum { PW_QUOTA = 1, PW_SESSION = 2, PW_COST = 4, PW_RATE = 8 };

/* The plan's words on the platforms whose facts have changed since it was
 * written (the seed's matrix, ../shared/reference/catalog.md). */
static const struct {
	const char *platform;
	const char *words;
	int today;           /* PW_ bits */
	const char *gpu;     /* PW_RATE: the GPU the words price */
} plan_words[] = {
	{ "colab-pro", "$11.99 a month, T4/V100/A100", PW_COST, NULL },
	{ "kaggle", "30 GPU-h a week, 9 h a session", PW_QUOTA | PW_SESSION,
	    NULL },
	{ "lightning", "80 GPU-h a month", PW_QUOTA, NULL },
	{ "runpod", "A100 80GB ~$1.64/h", PW_RATE, "A100 80GB" },
	{ "lambda", "A100 80GB $1.10/h", PW_RATE, "A100 80GB" },
	{ "cloud", "A100/V100 $20-33/h", PW_RATE, "A100 40GB" },
};

/* Appends ", " and the text of fmt to buf. */
static void
part(char *buf, size_t n, const char *fmt, ...)
{
	size_t k = strlen(buf);
	va_list ap;

	if (k > 0 && k + 2 < n) {
		memcpy(buf + k, ", ", 3);
		k += 2;
	}
	va_start(ap, fmt);
	if (k < n)
		vsnprintf(buf + k, n - k, fmt, ap);
	va_end(ap);
}

int
catalog_plan_today(const struct catalog *c, const char *platform, int flags,
    char *plan, size_t pn, char *today, size_t tn)
{
	const struct platform *p = catalog_platform(c, platform);
	const struct rate *r;
	char a[48], w[16];
	size_t i;
	int qi;

	for (i = 0; i < sizeof plan_words / sizeof plan_words[0]; i++)
		if (strcmp(plan_words[i].platform, platform) == 0)
			break;
	if (i == sizeof plan_words / sizeof plan_words[0] || p == NULL)
		return 0;
	snprintf(plan, pn, "%s", plan_words[i].words);
	*today = '\0';
	if (plan_words[i].today & PW_QUOTA) {
		if ((qi = catalog_quota_index(c, platform)) < 0)
			part(today, tn, "no free quota");
		else if (c->quotas[qi].amount <= 0)
			part(today, tn, "%s, no amount set",
			    quota_meter(c->quotas[qi].unit)->name);
		else
			part(today, tn, "%s %s a %s", fmt_quota_amount(a,
			    sizeof a, c->quotas[qi].unit, c->quotas[qi].amount),
			    quota_unit_name(c->quotas[qi].unit),
			    quota_window_name(&c->quotas[qi], w, sizeof w));
	}
	if ((plan_words[i].today & PW_SESSION) && p->session_cap_s > 0)
		part(today, tn, "%s h a session", p->session_cap_s % 3600 ?
		    fmt_hours(a, sizeof a, p->session_cap_s) : (snprintf(a,
		    sizeof a, "%lld", (long long)(p->session_cap_s / 3600)),
		    a));
	if (plan_words[i].today & PW_COST)
		part(today, tn, "$%s a month, %s", p->cost_usd, p->gpu);
	if ((plan_words[i].today & PW_RATE) &&
	    (r = catalog_rate(c, platform, plan_words[i].gpu)) != NULL &&
	    r->rate_micro > 0)
		part(today, tn, "%s %s", r->gpu, fmt_rate(a, sizeof a,
		    r->rate_micro, r->currency, flags));
	if (*today == '\0')
		snprintf(today, tn, "not in the catalog");
	return 1;
}

int
catalog_in_list(const char *list, const char *key)
{
	size_t k = strlen(key);
	const char *p = list;

	while (p != NULL && *p != '\0') {
		while (*p == ' ')
			p++;
		if (strncmp(p, key, k) == 0 && (p[k] == ',' || p[k] == '\0' ||
		    p[k] == ' '))
			return 1;
		p = strchr(p, ',');
		if (p != NULL)
			p++;
	}
	return 0;
}

int
catalog_offer_shown(const struct catalog *c, const struct quota *q,
    const struct quota_status *st)
{
	size_t i;

	if (!quota_absent(st) || st->used > 0)
		return 1;
	for (i = 0; i < c->nphases; i++)
		if (catalog_in_list(c->phases[i].platforms, q->platform))
			return 1;
	/* A platform of one's own, not the binary's. */
	for (i = 0; i < catalog_nplatforms; i++)
		if (strcmp(catalog_platforms[i].key, q->platform) == 0)
			return 0;
	return 1;
}
