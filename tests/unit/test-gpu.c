/*
 * test-gpu.c: one GPU identity from every spelling (core/gpu.c): the names
 * nvidia-smi prints, Kaggle's machine shapes and accelerator labels,
 * Colab's runtime names, Vast's and RunPod's, and what a person types;
 * memory from nvidia-smi; the nearest models for a warning; and the
 * catalog's rates, which must be reached by the canonical names.
 */
#include <stdint.h>
#include <string.h>

#include "core/catalog.h"
#include "core/gpu.h"
#include "core/model.h"
#include "t.h"

struct spelling {
	const char *in;
	int64_t mem_mib;     /* memory.total as nvidia-smi reports it; 0 none */
	const char *name;    /* what gpu_canon() gives */
	int mem_gb;
	int known;
	int gpus;            /* the count the spelling carries */
};

static const struct spelling spellings[] = {
	/* nvidia-smi --query-gpu=name, with memory.total [MiB]. */
	{ "Tesla T4", 15360, "T4", 16, 1, 0 },
	{ "Tesla P100-PCIE-16GB", 16384, "P100", 16, 1, 0 },
	{ "Tesla P100-PCIE-12GB", 12198, "P100", 12, 1, 0 },
	{ "Tesla V100-SXM2-16GB", 16160, "V100", 16, 1, 0 },
	{ "Tesla V100-SXM2-32GB", 32510, "V100", 32, 1, 0 },
	{ "Tesla V100-PCIE-16GB", 0, "V100", 16, 1, 0 },
	{ "NVIDIA A100-SXM4-40GB", 40960, "A100 40GB", 40, 1, 0 },
	{ "NVIDIA A100-SXM4-80GB", 81920, "A100 80GB", 80, 1, 0 },
	{ "NVIDIA A100-PCIE-40GB", 40536, "A100 40GB", 40, 1, 0 },
	{ "NVIDIA A100 80GB PCIe", 81251, "A100 80GB", 80, 1, 0 },
	{ "NVIDIA H100 80GB HBM3", 81559, "H100 80GB", 80, 1, 0 },
	{ "NVIDIA H100 PCIe", 81559, "H100 80GB", 80, 1, 0 },
	{ "NVIDIA H100 NVL", 95830, "H100 94GB", 94, 1, 0 },
	{ "NVIDIA H100 NVL", 0, "H100 94GB", 94, 1, 0 },
	{ "NVIDIA H200", 143771, "H200", 141, 1, 0 },
	{ "NVIDIA L4", 23034, "L4", 24, 1, 0 },
	{ "NVIDIA A10G", 23028, "A10G", 24, 1, 0 },
	{ "NVIDIA A10", 23028, "A10", 24, 1, 0 },
	{ "NVIDIA GeForce RTX 4090", 24564, "RTX 4090", 24, 1, 0 },
	{ "NVIDIA GeForce RTX 3090", 24576, "RTX 3090", 24, 1, 0 },
	{ "NVIDIA GeForce RTX 5090", 32607, "RTX 5090", 32, 1, 0 },
	{ "NVIDIA RTX A5000", 24564, "RTX A5000", 24, 1, 0 },
	{ "NVIDIA RTX A6000", 49140, "RTX A6000", 48, 1, 0 },
	{ "NVIDIA L40S", 46068, "L40S", 48, 1, 0 },
	/* A learner's own cards, as nvidia-smi names them. */
	{ "NVIDIA GeForce RTX 3060", 12288, "RTX 3060 12GB", 12, 1, 0 },
	{ "NVIDIA GeForce RTX 3060", 8192, "RTX 3060 8GB", 8, 1, 0 },
	{ "NVIDIA GeForce RTX 3060 Ti", 8192, "RTX 3060 Ti", 8, 1, 0 },
	{ "NVIDIA GeForce RTX 3080", 10240, "RTX 3080 10GB", 10, 1, 0 },
	{ "NVIDIA GeForce RTX 3080 Ti", 12288, "RTX 3080 Ti", 12, 1, 0 },
	{ "NVIDIA GeForce RTX 4060 Ti", 16380, "RTX 4060 Ti 16GB", 16, 1, 0 },
	{ "NVIDIA GeForce RTX 4060 Ti", 8188, "RTX 4060 Ti 8GB", 8, 1, 0 },
	{ "NVIDIA GeForce RTX 4070", 12282, "RTX 4070", 12, 1, 0 },
	{ "NVIDIA GeForce RTX 4070 SUPER", 12282, "RTX 4070 SUPER", 12, 1, 0 },
	{ "NVIDIA GeForce RTX 4070 Ti", 12282, "RTX 4070 Ti", 12, 1, 0 },
	{ "NVIDIA GeForce RTX 4070 Ti SUPER", 16376, "RTX 4070 Ti SUPER", 16,
	    1, 0 },
	{ "NVIDIA GeForce RTX 4080 SUPER", 16376, "RTX 4080 SUPER", 16, 1, 0 },
	{ "NVIDIA GeForce RTX 5070 Ti", 16303, "RTX 5070 Ti", 16, 1, 0 },
	{ "NVIDIA RTX A4000", 16376, "RTX A4000", 16, 1, 0 },
	{ "NVIDIA RTX A2000 12GB", 12282, "RTX A2000 12GB", 12, 1, 0 },
	{ "NVIDIA RTX 4000 Ada Generation", 20475, "RTX 4000 Ada", 20, 1, 0 },
	/* Typed: Ti and SUPER in any case and joined; Apple's chips. */
	{ "rtx 4070ti super", 0, "RTX 4070 Ti SUPER", 16, 1, 0 },
	{ "RTX-4070-SUPER", 0, "RTX 4070 SUPER", 12, 1, 0 },
	{ "rtx4070", 0, "RTX 4070", 12, 1, 0 },
	{ "3060", 0, "3060", 0, 0, 0 },
	{ "Apple M2 Pro", 0, "M2 Pro", 16, 1, 0 },
	{ "M3 Max", 0, "M3 Max", 36, 1, 0 },
	{ "Apple M1", 0, "M1", 8, 1, 0 },
	{ "NVIDIA RTX 6000 Ada Generation", 49140, "RTX 6000 Ada", 48, 1, 0 },
	{ "NVIDIA RTX PRO 6000 Blackwell Server Edition", 97887,
	    "RTX PRO 6000", 96, 1, 0 },
	/* Models the catalog does not know keep the words they came in. */
	{ "Tesla K80", 11441, "Tesla K80", 11, 0, 0 },
	{ "NVIDIA GeForce RTX 3090 Ti", 24564, "RTX 3090 Ti", 24, 1, 0 },
	{ "Quadro RTX 6000", 24576, "Quadro RTX 6000", 24, 0, 0 },
	{ "NVIDIA GeForce RTX 4090 D", 24564, "NVIDIA GeForce RTX 4090 D", 24,
	    0, 0 },
	/* Kaggle's machineShape and accelerator ids. */
	{ "NvidiaTeslaT4", 0, "T4", 16, 1, 0 },
	{ "NvidiaTeslaT4Highmem", 0, "T4", 16, 1, 0 },
	{ "NvidiaTeslaP100", 0, "P100", 16, 1, 0 },
	{ "NvidiaTeslaA100", 0, "A100 40GB", 40, 1, 0 },
	{ "NvidiaL4", 0, "L4", 24, 1, 0 },
	{ "NvidiaL4X1", 0, "L4", 24, 1, 1 },
	{ "NvidiaH100", 0, "H100 80GB", 80, 1, 0 },
	{ "NvidiaRtxPro6000", 0, "RTX PRO 6000", 96, 1, 0 },
	{ "TpuV38", 0, "TpuV38", 0, 0, 0 },
	{ "TpuV5E8", 0, "TpuV5E8", 0, 0, 0 },
	/* Kaggle's accelerator labels, as its editor shows them. */
	{ "GPU T4 x2", 0, "T4", 16, 1, 2 },
	{ "GPU P100", 0, "P100", 16, 1, 0 },
	{ "GPU L4 x4", 0, "L4", 24, 1, 4 },
	{ "TPU v3-8", 0, "TPU v3-8", 0, 0, 0 },
	/* Colab's runtime types. */
	{ "T4 GPU", 0, "T4", 16, 1, 0 },
	{ "A100 GPU", 0, "A100 40GB", 40, 1, 0 },
	{ "L4 GPU", 0, "L4", 24, 1, 0 },
	{ "V100 GPU", 0, "V100", 16, 1, 0 },
	/* Vast's gpu_name with gpu_ram, and RunPod's display names. */
	{ "A100 SXM4", 81920, "A100 80GB", 80, 1, 0 },
	{ "A100 PCIE", 40960, "A100 40GB", 40, 1, 0 },
	{ "H100 SXM", 81559, "H100 80GB", 80, 1, 0 },
	{ "H100 NVL", 95830, "H100 94GB", 94, 1, 0 },
	{ "RTX 4090", 24564, "RTX 4090", 24, 1, 0 },
	{ "A100 PCIe", 0, "A100 40GB", 40, 1, 0 },
	/* What a person types. */
	{ "t4", 0, "T4", 16, 1, 0 },
	{ "T4", 0, "T4", 16, 1, 0 },
	{ " rtx4090 ", 0, "RTX 4090", 24, 1, 0 },
	{ "RTX-4090", 0, "RTX 4090", 24, 1, 0 },
	{ "rtx_3090", 0, "RTX 3090", 24, 1, 0 },
	{ "a100 80gb", 0, "A100 80GB", 80, 1, 0 },
	{ "A100-80G B", 0, "A100-80G B", 0, 0, 0 },
	{ "A100 80 GB", 0, "A100 80GB", 80, 1, 0 },
	{ "a100", 0, "A100 40GB", 40, 1, 0 },
	{ "A100", 81920, "A100 80GB", 80, 1, 0 },
	{ "A100 40GB", 0, "A100 40GB", 40, 1, 0 },
	{ "h100", 0, "H100 80GB", 80, 1, 0 },
	{ "H100 80GB", 0, "H100 80GB", 80, 1, 0 },
	{ "a5000", 0, "RTX A5000", 24, 1, 0 },
	{ "A6000", 0, "RTX A6000", 48, 1, 0 },
	{ "2x A100 80GB", 0, "A100 80GB", 80, 1, 2 },
	{ "8xH100", 0, "H100 80GB", 80, 1, 8 },
	/* A count no machine has is a word of the name. */
	{ "T4 x100", 0, "T4 x100", 0, 0, 0 },
	{ "T4 x0", 0, "T4 x0", 0, 0, 0 },
	{ "Apple MPS", 0, "MPS", 16, 1, 0 },
	{ "mps", 0, "MPS", 16, 1, 0 },
	{ "p100", 0, "P100", 16, 1, 0 },
	/* A size the model is not made in, and names it does not know. */
	{ "A100 24GB", 0, "A100 24GB", 24, 0, 0 },
	{ "T4 15GB", 0, "T4", 16, 1, 0 },
	{ "P10", 0, "P10", 0, 0, 0 },
	{ "my own box", 0, "my own box", 0, 0, 0 },
	{ "  ", 0, "", 0, 0, 0 },
	{ "", 0, "", 0, 0, 0 },
};

/*
 * Each spelling read three times, the last time backwards: gpu_identify()
 * keeps its last few answers, and an answer kept must be the one it would
 * find again, whatever came between.
 */
static void
test_spellings(void)
{
	size_t n = sizeof spellings / sizeof spellings[0], k;
	struct gpu_id id;
	char out[32];
	int hint;

	for (k = 0; k < 3 * n; k++) {
		size_t i = k < 2 * n ? k % n : 3 * n - 1 - k;
		const struct spelling *s = &spellings[i];
		int known = gpu_identify(s->in, s->mem_mib, &id);

		if (!CHECK_EQ_STR(id.name, s->name) ||
		    !CHECK_EQ_INT(known, s->known) ||
		    !CHECK_EQ_INT(id.known, s->known) ||
		    !CHECK_EQ_INT(id.mem_gb, s->mem_gb) ||
		    !CHECK_EQ_INT(id.gpus, s->gpus))
			printf("  spelling: \"%s\" with %lld MiB\n", s->in,
			    (long long)s->mem_mib);
		hint = -1;
		CHECK_EQ_INT(gpu_canon(s->in, s->mem_mib, out, &hint),
		    s->known);
		CHECK_EQ_STR(out, s->name);
		CHECK_EQ_INT(hint, s->gpus);
		/* The canonical name is its own canonical name. */
		if (s->known) {
			CHECK_EQ_INT(gpu_canon(out, 0, out, NULL), 1);
			CHECK_EQ_STR(out, s->name);
		}
	}
	CHECK_EQ_INT(gpu_identify(NULL, 0, &id), 0);
	CHECK_EQ_STR(id.name, "");
	/* One spelling with two memory sizes is two answers. */
	for (k = 0; k < 3; k++) {
		CHECK_EQ_INT(gpu_canon("NVIDIA A100-SXM4", 40960, out, NULL),
		    1);
		CHECK_EQ_STR(out, "A100 40GB");
		CHECK_EQ_INT(gpu_canon("NVIDIA A100-SXM4", 81920, out, NULL),
		    1);
		CHECK_EQ_STR(out, "A100 80GB");
	}
}

static void
test_edges(void)
{
	char out[32], big[200];
	struct gpu_id id;

	/* An unknown name is cut to 31 bytes, never inside a character. */
	memset(big, 'z', sizeof big);
	big[sizeof big - 1] = '\0';
	CHECK_EQ_INT(gpu_canon(big, 0, out, NULL), 0);
	CHECK_EQ_INT(strlen(out), 31);
	/* 30 ASCII bytes, then a two-byte "é": only 30 fit. */
	snprintf(big, sizeof big, "%s\xc3\xa9",
	    "abcdefghijklmnopqrstuvwxyzabcd");
	gpu_canon(big, 0, out, NULL);
	CHECK_EQ_INT(strlen(out), 30);
	/* Control characters separate words like blanks; a known model's
	 * name never carries them. */
	CHECK_EQ_INT(gpu_canon("Tesla\tT4\n", 0, out, NULL), 1);
	CHECK_EQ_STR(out, "T4");
	/* Unknown spellings of one model share a key. */
	gpu_identify("NVIDIA GeForce RTX 3080", 10240, &id);
	CHECK_EQ_STR(id.key, "rtx3080");
	CHECK_EQ_INT(id.mem_gb, 10);
	gpu_identify("NvidiaTeslaT4Highmem", 0, &id);
	CHECK_EQ_STR(id.key, "t4");
}

static void
test_same(void)
{
	CHECK(gpu_same("A100", "A100 40GB"));
	CHECK(gpu_same("NVIDIA A100-SXM4-40GB", "a100"));
	CHECK(!gpu_same("A100 80GB", "A100 40GB"));
	CHECK(gpu_same("Tesla T4", "t4"));
	CHECK(gpu_same("NVIDIA GeForce RTX 3080", "rtx-3080"));
	CHECK(!gpu_same("RTX 3090", "RTX 3090 Ti"));
	CHECK(!gpu_same("T4", ""));
	CHECK(gpu_same("", NULL));
	CHECK(!gpu_same("Foo 24GB", "Foo 48GB"));
}

static void
test_nearest(void)
{
	const char *near[4];
	size_t n;

	n = gpu_nearest("P10", near, 4);
	if (CHECK_EQ_INT(n, 2)) {
		CHECK_EQ_STR(near[0], "P100");
		CHECK_EQ_STR(near[1], "A10");
	}
	n = gpu_nearest("P10", near, 1);
	CHECK_EQ_INT(n, 1);
	n = gpu_nearest("RTX 4095", near, 4);
	if (CHECK(n >= 2)) {
		CHECK_EQ_STR(near[0], "RTX 4090");
		CHECK_EQ_STR(near[1], "RTX 3090");
	}
	/* A100 in a size it is not made in: both of its sizes. */
	n = gpu_nearest("A100 24GB", near, 4);
	if (CHECK(n >= 2)) {
		CHECK_EQ_STR(near[0], "A100 40GB");
		CHECK_EQ_STR(near[1], "A100 80GB");
	}
	CHECK_EQ_INT(gpu_nearest("my own box", near, 4), 0);
	CHECK_EQ_INT(gpu_nearest("", near, 4), 0);
	CHECK_EQ_INT(gpu_nearest("T4", near, 0), 0);
}

static void
test_classes(void)
{
	const struct gpu_info *g;

	if (CHECK((g = gpu_lookup("a100")) != NULL)) {
		CHECK_EQ_STR(g->name, "A100 40GB");
		CHECK_EQ_INT(g->vram_gb, 40);
	}
	if (CHECK((g = gpu_lookup("NVIDIA H100 PCIe")) != NULL))
		CHECK_EQ_STR(g->name, "H100 80GB");
	CHECK(gpu_lookup("P10") == NULL);
	CHECK(gpu_meets("A100 80GB", "a100", 0));
	CHECK(gpu_meets("rtx4090", "RTX 3090", 0));
	CHECK(!gpu_meets("T4", "A100", 0));
	/* An unknown model meets a request for itself, in any spelling. */
	CHECK(gpu_meets("NVIDIA GeForce RTX 3080", "RTX 3080", 0));
	CHECK(!gpu_meets("RTX 3080", "T4", 0));
	CHECK_EQ_INT(gpu_need_vram("NVIDIA H100 NVL", 0), 94);
}

/* Every GPU the catalog prices or meters is spelled canonically, so that a
 * canonical name finds its rate. */
static void
test_catalog_names(void)
{
	char out[32];
	size_t i;

	for (i = 0; i < catalog_nrates; i++) {
		if (!CHECK_EQ_INT(gpu_canon(catalog_rates[i].gpu, 0, out,
		    NULL), 1) || !CHECK_EQ_STR(out, catalog_rates[i].gpu))
			printf("  rate: %s %s\n", catalog_rates[i].platform,
			    catalog_rates[i].gpu);
	}
	for (i = 0; i < catalog_nplatforms; i++) {
		if (!CHECK_EQ_INT(gpu_canon(catalog_platforms[i].default_gpu,
		    0, out, NULL), 1) ||
		    !CHECK_EQ_STR(out, catalog_platforms[i].default_gpu))
			printf("  platform: %s\n", catalog_platforms[i].key);
	}
}

/* A Mac's accelerator as ioreg prints it. */
static void
test_ioreg(void)
{
	struct ioreg_gpu g;

	/* "(driver)" first, then the key itself; Device before Renderer. */
	CHECK_EQ_INT(gpu_ioreg_parse("+-o AGXAcceleratorG14X  <class ...>\n"
	    "    {\n      \"PerformanceStatistics\" = {\"In use system memory "
	    "(driver)\"=2097152,\"Renderer Utilization %\"=61,\"Device "
	    "Utilization %\"=63,\"In use system memory\"=4185915392}\n"
	    "      \"model\" = \"Apple M2 Pro\"\n      \"gpu-core-count\" = "
	    "19\n    }\n", &g), 0);
	CHECK_EQ_INT(g.util_pct, 63);
	CHECK_EQ_INT(g.mem_used, 4185915392LL);
	CHECK_EQ_STR(g.model, "Apple M2 Pro");
	CHECK_EQ_INT(g.cores, 19);
	/* No Device Utilization: the renderer's. */
	CHECK_EQ_INT(gpu_ioreg_parse("\"PerformanceStatistics\" = {\"Renderer "
	    "Utilization %\"=7}", &g), 0);
	CHECK_EQ_INT(g.util_pct, 7);
	CHECK_EQ_INT(g.mem_used, -1);
	CHECK_EQ_STR(g.model, "");
	CHECK_EQ_INT(g.cores, -1);
	/* Only the driver's memory: the memory in use is unknown. */
	CHECK_EQ_INT(gpu_ioreg_parse("\"PerformanceStatistics\" = {\"In use "
	    "system memory (driver)\"=5}", &g), -1);
	CHECK_EQ_INT(gpu_ioreg_parse("+-o IOResources", &g), -1);
	/* A model with a control character is not taken. */
	CHECK_EQ_INT(gpu_ioreg_parse("\"PerformanceStatistics\" = {\"Device "
	    "Utilization %\"=1}\n\"model\" = \"Apple\033[2J\"", &g), 0);
	CHECK_EQ_STR(g.model, "");
	/* A percentage past 100 is no percentage. */
	CHECK_EQ_INT(gpu_ioreg_parse("\"PerformanceStatistics\" = {\"Device "
	    "Utilization %\"=250,\"In use system memory\"=1}", &g), 0);
	CHECK_EQ_INT(g.util_pct, -1);
}

int
main(void)
{
	test_ioreg();
	test_spellings();
	test_edges();
	test_same();
	test_nearest();
	test_classes();
	test_catalog_names();
	return t_done();
}
