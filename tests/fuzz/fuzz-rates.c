/*
 * fuzz-rates.c: libFuzzer target for the exchange-rate and GPU-price
 * readers: Frankfurter and open.er-api.com (USD to INR), Vast.ai's bundles
 * and RunPod's gpuTypes, and the GPU name matching they share.  The first
 * byte picks the reader (mod 5; the second one's bits pick the memory size
 * for the matcher); the rest is the answer.  A rate read is believable and
 * positive, a price found is positive with its range around it, a price
 * not found is 0 with no offers, and a failure names the answer and why.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core/err.h"
#include "importers/rates.h"
#include "tests/fuzz/runcheck.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The catalog's GPUs, as the caller asks for them. */
static const char *const catalog[] = {
	"RTX 4090", "A100 80GB", "A100 40GB", "H100 80GB", "T4", "RTX 3090",
	"L40S 48GB", "V100"
};
#define NCAT (sizeof catalog / sizeof catalog[0])

static void
fill(struct gpu_price *p)
{
	size_t i;

	memset(p, 0, NCAT * sizeof *p);
	for (i = 0; i < NCAT; i++) {
		strcpy(p[i].gpu, catalog[i]);
		/* Stale figures the reader must overwrite. */
		p[i].rate_micro = p[i].low_micro = p[i].high_micro = -5;
		p[i].n = -1;
	}
}

/* Every catalog GPU's figures are whole after a successful read. */
static void
check_prices(const struct gpu_price *p, int range)
{
	size_t i;

	for (i = 0; i < NCAT; i++) {
		if (strcmp(p[i].gpu, catalog[i]) != 0 || p[i].n < 0)
			abort();
		if (p[i].n == 0 && p[i].rate_micro != 0)
			abort();
		/* Found: a positive price under $1000 a GPU-hour. */
		if (p[i].n > 0 && (p[i].rate_micro <= 0 ||
		    p[i].rate_micro >= 1000000000LL))
			abort();
		if (range && (p[i].low_micro > p[i].rate_micro ||
		    p[i].rate_micro > p[i].high_micro || (p[i].n == 0 &&
		    (p[i].low_micro != 0 || p[i].high_micro != 0))))
			abort();
	}
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const int mems[4] = { 0, 24, 40, 80 };
	struct gpu_price p[NCAT];
	struct err e;
	int64_t day = -7, micro = -7;
	char *buf;
	size_t len, i;
	int rc, m;

	if (size < 1 || size > 1 << 20)
		return 0;
	len = size - 1;
	buf = malloc(len + 1);
	memcpy(buf, data + 1, len);
	buf[len] = '\0';
	e.msg[0] = '\0';
	rc = 0;
	switch (data[0] % 5) {
	case 0:
	case 1:
		rc = rates_parse_fx(buf, len, "fx.json", data[0] % 5 == 0 ?
		    FX_FRANKFURTER : FX_ERAPI, &day, &micro, &e);
		/* 1 to 10,000 rupees a dollar, as rates.c believes. */
		if (rc == 0 && (micro < 1000000 || micro > 10000000000LL))
			abort();
		/* open.er-api.com's time is after 1970 and before 5138. */
		if (rc == 0 && data[0] % 5 == 1 && (day < 0 || day >
		    100000000000LL / 86400))
			abort();
		break;
	case 2:
		fill(p);
		rc = rates_parse_vast(buf, len, "vast.json", p, NCAT, &e);
		if (rc == 0)
			check_prices(p, 1);
		break;
	case 3:
		fill(p);
		rc = rates_parse_runpod(buf, len, "runpod.json", p, NCAT, &e);
		if (rc == 0)
			check_prices(p, 0);
		break;
	default:
		m = mems[(data[0] / 5) & 3];
		for (i = 0; i < NCAT; i++) {
			int got = rates_gpu_match(catalog[i], buf, m);

			if (got != 0 && got != 1)
				abort();
			/* The catalog's name always matches itself. */
			if (m == 0 && rates_gpu_match(catalog[i], catalog[i],
			    0) != 1)
				abort();
		}
		break;
	}
	if (rc != 0 && rc != -1)
		abort();
	fuzz_check_fail(rc, &e);
	if (rc < 0 && strstr(e.msg, ".json: ") == NULL)
		abort();
	free(buf);
	return 0;
}
