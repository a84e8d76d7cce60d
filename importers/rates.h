/*
 * rates.h: exchange rates and GPU prices from the web, parsed apart from
 * fetching (fetch.c) so that each parser is tested on files.  Frankfurter
 * and open.er-api.com give USD to INR; Vast.ai's offer search, RunPod's
 * REST catalog (its GraphQL gpuTypes as the fallback) and Lambda's
 * instance types give $/GPU-hour.  Knows nothing of the database.
 */
#ifndef GPULOG_IMPORTERS_RATES_H
#define GPULOG_IMPORTERS_RATES_H

#include <stddef.h>
#include <stdint.h>

struct err;

#define FX_URL "https://api.frankfurter.dev"
#define FX_FALLBACK_URL "https://open.er-api.com"
#define VAST_URL "https://console.vast.ai"
#define RUNPOD_URL "https://api.runpod.io"
#define RUNPOD_REST_URL "https://rest.runpod.io"
#define LAMBDA_URL "https://cloud.lambda.ai"

/* The least reliability an offer needs to count (the seed's advice). */
#define VAST_MIN_RELIABILITY 0.97

enum { FX_FRANKFURTER, FX_ERAPI };

/*
 * USD to INR from a Frankfurter (/v1/latest?base=USD&symbols=INR) or
 * open.er-api.com (/v6/latest/USD) answer: *day (days since the epoch, the
 * rate's own date) and *micro (rupees per dollar, millionths).  -1 with a
 * message naming name and the field.
 */
int rates_parse_fx(const char *buf, size_t len, const char *name, int kind,
    int64_t *day, int64_t *micro, struct err *e);

/* One catalog GPU's price as found: the caller fills gpu. */
struct gpu_price {
	char gpu[32];        /* the catalog's name: "RTX 4090", "A100 80GB" */
	int64_t rate_micro;  /* USD millionths per GPU-hour; 0 = not found */
	int64_t low_micro, high_micro;
	int n;               /* offers that counted */
};

/*
 * Vast.ai's bundles answer ({"offers": [...]}): for each p[i], the median
 * per-GPU dph_total (dph_total / num_gpus) of offers that are verified,
 * rentable and at least VAST_MIN_RELIABILITY reliable and whose gpu_name
 * (and gpu_ram, when the catalog names a size) match p[i].gpu.
 */
int rates_parse_vast(const char *buf, size_t len, const char *name,
    struct gpu_price *p, size_t np, struct err *e);

/* RunPod's GraphQL gpuTypes answer: the cheapest on-demand price
 * (lowestPrice.uninterruptablePrice, else communityPrice) of the GPU type
 * matching each p[i]; GraphQL errors become e. */
int rates_parse_runpod(const char *buf, size_t len, const char *name,
    struct gpu_price *p, size_t np, struct err *e);

/* RunPod's REST catalog (GET /v2/catalog/gpus: {"gpus": [...]}): for
 * each p[i], the lowest list price a GPU-hour (price.community where the
 * type is on the community cloud, else price.secure) of the types whose
 * id or name and memory match, and the range of them; an error answer's
 * detail becomes e. */
int rates_parse_runpod_rest(const char *buf, size_t len, const char *name,
    struct gpu_price *p, size_t np, struct err *e);

/* Lambda's instance types (GET /api/v1/instance-types: {"data": {NAME:
 * {"instance_type": {...}}}}): for each p[i], of the types whose
 * gpu_description ("A100 (40 GB SXM4)") matches, the lowest price of a
 * one-GPU type, else the lowest GPU's share (price_cents_per_hour /
 * specs.gpus) of a bigger one, and the range of the shares; an error
 * answer's error.message becomes e. */
int rates_parse_lambda(const char *buf, size_t len, const char *name,
    struct gpu_price *p, size_t np, struct err *e);

/* 1 when a platform's GPU name ("NVIDIA A100 80GB PCIe", "A100 SXM4" with
 * mem_gb 80) is the catalog's gpu ("A100 80GB"); mem_gb 0 when unknown. */
int rates_gpu_match(const char *gpu, const char *name, int mem_gb);

#endif
