/*
 * fuzz-cloud.c: libFuzzer target for the cloud providers' answers:
 * Vast.ai's instances and charges, RunPod's pods and Lambda's instances.
 * The first byte picks the reader (mod 4); the rest is the answer.  Every
 * instance read has an id, a GPU count from 1, a price a GPU-hour under
 * $1,000,000 and a known state; a running period's start, a stop and what
 * was billed are times gpulog keeps; a failure names the answer and why.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core/err.h"
#include "core/model.h"
#include "importers/cloud.h"
#include "tests/fuzz/runcheck.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void
check(const struct cloud_list *l)
{
	size_t i;

	for (i = 0; i < l->n; i++) {
		const struct cloud_instance *v = &l->v[i];

		if (v->id[0] == '\0' || v->gpus < 1 || v->rate_micro < 0 ||
		    v->rate_micro > 1000000000000LL || v->state < CS_RUNNING ||
		    v->state > CS_GONE || v->started < 0 || v->stopped < 0 ||
		    v->started > TIME_MAX || v->stopped > TIME_MAX)
			abort();
		if (v->cost_minor != -1 && (v->cost_minor < 0 ||
		    v->billed_end < v->billed_start))
			abort();
		if (memchr(v->label, '\033', sizeof v->label) != NULL ||
		    memchr(v->gpu, '\033', sizeof v->gpu) != NULL)
			abort();
	}
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct cloud_list l = { NULL, 0 };
	struct err e;
	char *buf, *next = NULL;
	size_t len;
	int rc;

	if (size < 1 || size > 1 << 20)
		return 0;
	len = size - 1;
	buf = malloc(len + 1);
	memcpy(buf, data + 1, len);
	buf[len] = '\0';
	e.msg[0] = '\0';
	switch (data[0] % 4) {
	case 0:
		rc = cloud_parse_vast(buf, len, "vast.json", &l, &next, &e);
		break;
	case 1:
		rc = cloud_parse_vast_charges(buf, len, "vast.json", &l, &next,
		    &e);
		break;
	case 2:
		rc = cloud_parse_runpod(buf, len, "runpod.json", &l, &e);
		break;
	default:
		rc = cloud_parse_lambda(buf, len, "lambda.json", &l, &e);
		break;
	}
	if (rc != 0 && rc != -1)
		abort();
	if (rc == 0)
		check(&l);
	fuzz_check_fail(rc, &e);
	if (rc < 0 && strstr(e.msg, ".json: ") == NULL)
		abort();
	free(next);
	cloud_list_free(&l);
	free(buf);
	return 0;
}
