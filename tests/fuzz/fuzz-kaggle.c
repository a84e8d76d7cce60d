/*
 * fuzz-kaggle.c: libFuzzer target for the Kaggle file importer: the quota
 * JSON and CSV, the ListKernels JSON, the kernels CSV and kernel session
 * logs, each told by its content as `gpulog import kaggle` tells it.  The
 * first byte names up to four files (two bits each: "fuzz.json", "stdin",
 * and two logs named after the sample kernels' slugs, so that a list and
 * its logs join into runs); the second sets the job (bit 0 takes
 * snapshots, bit 1 notices, bit 2 has the sink fail, bit 3 sets "since");
 * the rest is the files, split at "\n--8<--\n".  All are streamed into one
 * job and finished, as one import of several files is.  Each file is also
 * given to the quota and log parsers directly.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/err.h"
#include "core/model.h"
#include "core/snapshot.h"
#include "importers/importer.h"
#include "importers/kaggle.h"
#include "tests/fuzz/runcheck.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define NOW 1795953600LL                /* 2026-12-01T12:00:00Z */
#define MAX_S (10LL * 366 * 86400)      /* kaggle.c's longest quota */
#define SEP "\n--8<--\n"
#define MAX_PARTS 4

static const char *const names[4] = {
	"fuzz.json", "stdin", "resnet18-cifar10-baseline.log",
	"/dl/bert-imdb-finetune.log"
};

struct seen {
	int fail;      /* the sink fails its first run */
	long runs;
};

static int
put(void *arg, const struct run *r, struct err *e)
{
	struct seen *s = arg;

	fuzz_check_run(r);
	if (strcmp(r->platform, "kaggle") != 0 || strcmp(r->source,
	    "kaggle") != 0 || r->gpus != 1 || r->end == RUN_OPEN ||
	    r->cost_minor != 0 || r->cu_centi != -1 ||
	    r->end - r->start > MAX_S)
		abort();
	if (s->fail && s->runs++ == 0)
		return err_set(e, "the disk is full");
	return 0;
}

/* A quota as kaggle_parse_quota() reads it (the source is the caller's). */
static void
check_snapshot(const struct quota_snapshot *q)
{
	if (!FUZZ_TERMINATED(q->platform) || !FUZZ_TERMINATED(q->source) ||
	    strcmp(q->platform, "kaggle") != 0 || q->taken_at != NOW ||
	    q->used_s < 0 || q->used_s > MAX_S ||
	    q->reserved_s < 0 || q->reserved_s > MAX_S || q->allowed_s < 0 ||
	    q->allowed_s > MAX_S)
		abort();
}

static int
put_snapshot(void *arg, const struct quota_snapshot *q, struct err *e)
{
	(void)arg;
	(void)e;
	check_snapshot(q);
	if (strcmp(q->source, "kaggle-file") != 0)
		abort();
	return 0;
}

static void
notice(void *arg, const char *msg)
{
	(void)arg;
	if (msg == NULL || msg[0] == '\0' || strlen(msg) >= ERR_MAX)
		abort();
}

/* The parsers the stream uses, on one file alone. */
static void
parse_alone(const char *buf, size_t len)
{
	struct quota_snapshot q;
	struct err e;
	char tpu[160];
	int64_t secs = -7;
	int rc;

	e.msg[0] = '\0';
	rc = kaggle_parse_quota(buf, len, "q.json", NOW, &q, tpu, sizeof tpu,
	    &e);
	fuzz_check_fail(rc, &e);
	if (rc < -1 || rc > 1 || (rc >= 0 && !FUZZ_TERMINATED(tpu)))
		abort();
	if (rc == 1)
		check_snapshot(&q);
	e.msg[0] = '\0';
	rc = kaggle_parse_log(buf, len, "k.log", &secs, &e);
	fuzz_check_fail(rc, &e);
	/* A log times a session of at least a second, at most MAX_S. */
	if (rc == 0 && (secs < 1 || secs > MAX_S))
		abort();
	if (rc != 0 && rc != -1)
		abort();
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct run_sink sink;
	struct import_job job;
	struct seen s;
	struct err e;
	const char *p, *end, *cut;
	char *buf;
	size_t len, i;
	int rc, ok = 1;
	FILE *fp;

	if (size < 2 || size > 1 << 20)
		return 0;
	memset(&s, 0, sizeof s);
	s.fail = (data[1] & 4) != 0;
	sink.put = put;
	sink.put_expense = NULL;
	sink.arg = &s;
	memset(&job, 0, sizeof job);
	job.sink = &sink;
	job.put_snapshot = data[1] & 1 ? put_snapshot : NULL;
	job.notice = data[1] & 2 ? notice : NULL;
	job.now = NOW;
	job.since = data[1] & 8 ? 1790000000 : 0;

	p = (const char *)data + 2;
	end = (const char *)data + size;
	for (i = 0; i < MAX_PARTS && ok; i++) {
		/* The next file runs to the separator, or to the end. */
		for (cut = p; cut + sizeof SEP - 1 <= end; cut++)
			if (memcmp(cut, SEP, sizeof SEP - 1) == 0)
				break;
		if (cut + sizeof SEP - 1 > end || i == MAX_PARTS - 1)
			cut = end;
		len = (size_t)(cut - p);
		buf = malloc(len + 1);
		memcpy(buf, p, len);
		buf[len] = '\0';
		parse_alone(buf, len);
		if ((fp = fmemopen(buf, len, "r")) != NULL) {
			e.msg[0] = '\0';
			rc = kaggle_import_stream(fp,
			    names[(data[0] >> (2 * i)) & 3], &job, &e);
			fuzz_check_fail(rc, &e);
			if (rc != 0 && rc != -1)
				abort();
			if (rc < 0)
				ok = 0;
			fclose(fp);
		}
		free(buf);
		if (cut == end)
			break;
		p = cut + sizeof SEP - 1;
	}
	e.msg[0] = '\0';
	rc = kaggle_import_finish(&job, ok, &e);
	fuzz_check_fail(rc, &e);
	/* finish frees the state on every path; after a failure it only
	 * frees, so it cannot fail. */
	if (job.state != NULL || (rc != 0 && rc != -1) || (!ok && rc != 0))
		abort();
	/* The sink's failure is the import's. */
	if (s.fail && s.runs > 0 && rc != -1)
		abort();
	return 0;
}
