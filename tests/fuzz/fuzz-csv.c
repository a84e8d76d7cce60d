/*
 * fuzz-csv.c: libFuzzer target for the streaming CSV reader and the generic
 * CSV importer that reads through it.  The first byte sets the job: bit 0
 * skips bad rows (--skip-bad), bit 1 gives --platform, bit 2 has the sink
 * refuse every other run (an unknown platform), bit 3 trims the reader
 * (CSVR_TRIM); the rest is the file, read through fmemopen.  The reader's
 * records, lines and offsets must stay in order and in bounds; every run
 * the importer hands on must be well formed and within its documented
 * limits; every failure must say why.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/err.h"
#include "core/model.h"
#include "importers/csv.h"
#include "importers/csvread.h"
#include "importers/importer.h"
#include "tests/fuzz/runcheck.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

struct seen {
	int refuse;    /* refuse every other run with -2 */
	long runs, bad;
	int64_t done;  /* the last progress figure */
	size_t size;   /* of the input */
};

static int
put(void *arg, const struct run *r, struct err *e)
{
	struct seen *s = arg;

	fuzz_check_run(r);
	/* The CSV importer's own limits (csv.h, csv.c). */
	if (r->end == RUN_OPEN || r->end - r->start > 366LL * 86400 ||
	    r->gpus > 1024 || r->cost_minor > 100000000000LL ||
	    strcmp(r->source, "csv") != 0 || r->created != r->end ||
	    (r->cost_minor > 0 && r->currency[0] == '\0'))
		abort();
	if (s->refuse && s->runs++ % 2 == 1) {
		err_set(e, "unknown platform \"%s\"", r->platform);
		return -2;
	}
	return 0;
}

static int
bad_row(void *arg, const char *msg, struct err *e)
{
	struct seen *s = arg;

	(void)e;
	if (msg == NULL || msg[0] == '\0' || strncmp(msg, "fuzz.csv: ", 10) !=
	    0)
		abort();
	s->bad++;
	return 0;
}

static void
progress(void *arg, int64_t done)
{
	struct seen *s = arg;

	if (done < s->done || done < 0 || (uint64_t)done > s->size)
		abort();
	s->done = done;
}

/* The reader alone: records in order, fields whole, offsets in bounds. */
static void
read_all(char *buf, size_t len, int flags)
{
	struct csvr *rd;
	struct err e;
	char **f;
	size_t n, i, line = 0;
	int64_t off = 0;
	int rc, errors = 0;
	FILE *fp;

	if ((fp = fmemopen(buf, len, "r")) == NULL)
		return;
	rd = csvr_new(fp, "fuzz.csv", flags);
	for (;;) {
		e.msg[0] = '\0';
		rc = csvr_next(rd, &f, &n, &e);
		if (rc == 0)
			break;
		if (rc < 0) {
			fuzz_check_fail(rc, &e);
			if (strncmp(e.msg, "fuzz.csv: ", 10) != 0)
				abort();
			/* Only a record too long may be read past. */
			if (strstr(e.msg, "too long") == NULL &&
			    strstr(e.msg, "longer than") == NULL)
				break;
			if (++errors > 1000)
				abort();
			continue;
		}
		if (rc != 1 || n < 1 || f == NULL)
			abort();
		for (i = 0; i < n; i++)
			if (f[i] == NULL || strlen(f[i]) > CSVR_MAX_RECORD)
				abort();
		if (csvr_line(rd) < 1 || csvr_line(rd) < line)
			abort();
		line = csvr_line(rd);
		if (csvr_offset(rd) < off || (uint64_t)csvr_offset(rd) > len)
			abort();
		off = csvr_offset(rd);
	}
	csvr_free(rd);
	fclose(fp);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct run_sink sink;
	struct import_job job;
	struct seen s;
	struct err e;
	char *buf;
	size_t len;
	FILE *fp;
	int rc;

	if (size < 1 || size > 1 << 20)
		return 0;
	len = size - 1;
	buf = malloc(len + 1);
	memcpy(buf, data + 1, len);
	buf[len] = '\0';
	read_all(buf, len, data[0] & 8 ? CSVR_TRIM : 0);

	memset(&s, 0, sizeof s);
	s.refuse = (data[0] & 4) != 0;
	s.size = len;
	sink.put = put;
	sink.put_expense = NULL;
	sink.arg = &s;
	memset(&job, 0, sizeof job);
	job.sink = &sink;
	job.bad_row = data[0] & 1 ? bad_row : NULL;
	job.progress = progress;
	job.platform = data[0] & 2 ? "vast" : NULL;
	job.now = 1795953600; /* 2026-12-01T12:00:00Z */
	if ((fp = fmemopen(buf, len, "r")) != NULL) {
		e.msg[0] = '\0';
		rc = csv_import_stream(fp, "fuzz.csv", &job, &e);
		fuzz_check_fail(rc, &e);
		if (rc != 0 && rc != -1)
			abort();
		/* A failure names the input, as importer.h says. */
		if (rc < 0 && strncmp(e.msg, "fuzz.csv: ", 10) != 0)
			abort();
		fclose(fp);
	}
	free(buf);
	return 0;
}
