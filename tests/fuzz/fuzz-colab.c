/*
 * fuzz-colab.c: libFuzzer target for the Colab importer: the snippet's
 * session CSV and nvidia-smi CSV logs, told apart by the header as `gpulog
 * import colab` tells them.  The first byte sets the job: bit 0 skips bad
 * rows (--skip-bad), bit 1 gives --platform, bit 2 has the sink refuse
 * every other run (an unknown platform), bit 3 takes notices; the rest is
 * the file, read through fmemopen.  Every run handed on must be well
 * formed and within the importer's limits (a week at most, compute units
 * never negative, the platform its tier's); every failure must say why.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/err.h"
#include "core/model.h"
#include "importers/colab.h"
#include "importers/importer.h"
#include "tests/fuzz/runcheck.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define PLATFORM "colab-pro"  /* --platform, when bit 1 gives one */

struct seen {
	int refuse;
	const char *platform;  /* job->platform */
	long runs;
};

static int
put(void *arg, const struct run *r, struct err *e)
{
	struct seen *s = arg;
	long n = s->runs++;

	fuzz_check_run(r);
	if (r->end == RUN_OPEN || r->end - r->start > 7 * 86400 ||
	    r->cost_minor != 0 || r->currency[0] != '\0')
		abort();
	if (strcmp(r->source, "colab") == 0) {
		/* The tier's platform, or --platform for a row without one. */
		if (strcmp(r->platform, "colab-free") != 0 &&
		    strcmp(r->platform, "colab-pro") != 0 &&
		    (s->platform == NULL || strcmp(r->platform, s->platform) !=
		    0))
			abort();
		if (r->gpus != 1 || r->created != r->start ||
		    r->modified != r->end)
			abort();
	} else if (strcmp(r->source, "nvidia-smi") == 0) {
		/* One run a log, on --platform or colab-free. */
		if (strcmp(r->platform, s->platform ? s->platform :
		    "colab-free") != 0 || r->cu_centi != -1 || n > 0)
			abort();
	} else {
		abort();
	}
	if (s->refuse && n % 2 == 1) {
		err_set(e, "unknown platform \"%s\"", r->platform);
		return -2;
	}
	return 0;
}

static int
bad_row(void *arg, const char *msg, struct err *e)
{
	(void)arg;
	(void)e;
	if (msg == NULL || strncmp(msg, "fuzz.csv: line ", 15) != 0)
		abort();
	return 0;
}

static void
notice(void *arg, const char *msg)
{
	(void)arg;
	if (msg == NULL || strncmp(msg, "fuzz.csv: ", 10) != 0)
		abort();
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct run_sink sink;
	struct import_job job;
	struct seen s;
	struct err e;
	char *buf, gpu[32];
	size_t len;
	FILE *fp;
	int rc;

	if (size < 1 || size > 1 << 20)
		return 0;
	len = size - 1;
	buf = malloc(len + 1);
	memcpy(buf, data + 1, len);
	buf[len] = '\0';

	/* The GPU name fits and holds no control character (they are kept
	 * escaped). */
	colab_gpu_name(gpu, sizeof gpu, buf);
	if (!FUZZ_TERMINATED(gpu))
		abort();
	for (rc = 0; gpu[rc] != '\0'; rc++)
		if ((unsigned char)gpu[rc] < 0x20 || gpu[rc] == 0x7f)
			abort();

	memset(&s, 0, sizeof s);
	s.refuse = (data[0] & 4) != 0;
	s.platform = data[0] & 2 ? PLATFORM : NULL;
	sink.put = put;
	sink.put_expense = NULL;
	sink.arg = &s;
	memset(&job, 0, sizeof job);
	job.sink = &sink;
	job.bad_row = data[0] & 1 ? bad_row : NULL;
	job.notice = data[0] & 8 ? notice : NULL;
	job.platform = s.platform;
	job.now = 1795953600; /* 2026-12-01T12:00:00Z */
	if ((fp = fmemopen(buf, len, "r")) != NULL) {
		e.msg[0] = '\0';
		rc = colab_import_stream(fp, "fuzz.csv", &job, &e);
		fuzz_check_fail(rc, &e);
		if ((rc != 0 && rc != -1) || (rc < 0 && strncmp(e.msg,
		    "fuzz.csv: ", 10) != 0))
			abort();
		fclose(fp);
	}
	free(buf);
	return 0;
}
