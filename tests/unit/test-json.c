/*
 * test-json.c: the export-format importer on its own, through a sink that
 * collects: fields read as written, times with offsets, open runs, and
 * every bad file refused before the sink sees a single run.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/err.h"
#include "core/model.h"
#include "importers/importer.h"
#include "importers/json.h"
#include "tests/unit/t.h"

struct got {
	struct run runs[16];
	int nruns;
	struct expense x[4];
	int nx;
};

static int
put(void *arg, const struct run *r, struct err *e)
{
	struct got *g = arg;

	(void)e;
	if (g->nruns < 16)
		run_copy(&g->runs[g->nruns], r);
	g->nruns++;
	return 0;
}

static int
put_expense(void *arg, const struct expense *x, struct err *e)
{
	struct got *g = arg;

	(void)e;
	if (g->nx < 4) {
		g->x[g->nx] = *x;
		g->x[g->nx].note = x->note ? strdup(x->note) : NULL;
		g->x[g->nx].source_id = x->source_id ? strdup(x->source_id) :
		    NULL;
	}
	g->nx++;
	return 0;
}

static void
got_free(struct got *g)
{
	int i;

	for (i = 0; i < g->nruns && i < 16; i++)
		run_clear(&g->runs[i]);
	for (i = 0; i < g->nx && i < 4; i++)
		expense_clear(&g->x[i]);
	memset(g, 0, sizeof *g);
}

static char *
slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *buf;
	long n;

	if (f == NULL)
		return NULL;
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	fseek(f, 0, SEEK_SET);
	buf = malloc((size_t)n + 1);
	*len = fread(buf, 1, (size_t)n, f);
	buf[*len] = '\0';
	fclose(f);
	return buf;
}

/* Parses text; returns the parser's status and fills g and e. */
static int
parse(const char *text, size_t len, struct got *g, struct err *e)
{
	struct run_sink sink = { put, put_expense, g };
	struct import_extra extra;
	int rc;

	memset(&extra, 0, sizeof extra);
	memset(g, 0, sizeof *g);
	e->msg[0] = '\0';
	rc = json_import_parse(text, len, "f.json", &sink, &extra, e);
	import_extra_free(&extra);
	return rc;
}

static void
test_handwritten(void)
{
	struct got g;
	struct err e;
	size_t len;
	char *buf = slurp("tests/data/export-handwritten.json", &len);

	if (!CHECK(buf != NULL))
		return;
	if (!CHECK_EQ_INT(parse(buf, len, &g, &e), 0))
		printf("  %s\n", e.msg);
	CHECK_EQ_INT(g.nruns, 3);
	CHECK_EQ_INT(g.nx, 1);
	if (g.nruns == 3) {
		/* 2026-11-28T10:00Z = 20,420 days + 10 h. */
		CHECK_EQ_INT(g.runs[0].start, 20785LL * 86400 + 10 * 3600);
		CHECK_EQ_INT(g.runs[0].end - g.runs[0].start, 9000);
		CHECK_EQ_STR(g.runs[0].gpu, "T4");
		/* 09:00+05:30 is 03:30 UTC on 2026-11-29. */
		CHECK_EQ_INT(g.runs[1].start, 20786LL * 86400 + 3 * 3600 +
		    1800);
		CHECK_EQ_INT(g.runs[1].cu_centi, 190);
		CHECK_EQ_STR(g.runs[1].tags, "bert");
		CHECK_EQ_INT(g.runs[2].end, RUN_OPEN);
		CHECK_EQ_INT(g.runs[2].rate_micro, 325000);
	}
	if (g.nx == 1) {
		CHECK_EQ_INT(g.x[0].amount_minor, 99900);
		CHECK_EQ_STR(g.x[0].currency, "INR");
	}
	got_free(&g);
	free(buf);
}

static void
test_bad(const char *text, const char *want)
{
	struct got g;
	struct err e;

	/* The reader streams: rows before the fault may have reached the
	 * sink, and the import's one transaction discards them
	 * (tests/cli/export-import.sh checks that nothing is written). */
	CHECK_EQ_INT(parse(text, strlen(text), &g, &e), -1);
	if (!CHECK(strstr(e.msg, want) != NULL))
		printf("  message: %s\n  wanted:  %s\n", e.msg, want);
	got_free(&g);
}

int
main(void)
{
	test_handwritten();
	test_bad("{\"gpulog_export\": 1, \"runs\": [", "f.json");
	test_bad("{\"gpulog_export\": 1, \"runs\": [", "JSON");
	test_bad("[1, 2]", "f.json");
	test_bad("{\"runs\": []}", "gpulog_export");
	test_bad("{\"gpulog_export\": 1, \"runs\": [{\"platform\": \"kaggle\","
	    " \"start\": \"2026-11-28T10:00:00Z\", \"end\": "
	    "\"2026-11-28T12:00:00Z\"}, {\"platform\": \"kaggle\", \"start\":"
	    " \"2026-11-28T12:00:00Z\", \"end\": \"2026-11-28T11:00:00Z\"}]}",
	    "runs[1]");
	test_bad("{\"gpulog_export\": 1, \"runs\": [{\"platform\": \"kaggle\","
	    " \"start\": \"2026-13-01T10:00:00Z\"}]}", "runs[0].start");
	test_bad("{\"gpulog_export\": 1, \"runs\": [{\"platform\": \"kaggle\","
	    " \"start\": \"2026-11-01T10:00:00Z\", \"end\": null, \"gpus\": 0"
	    "}]}", "runs[0].gpus");
	test_bad("{\"gpulog_export\": 1, \"runs\": [{\"platform\": \"kaggle\","
	    " \"start\": \"2026-11-01T10:00:00Z\", \"end\": null, \"tags\": "
	    "[\"a,b\"]}]}", "runs[0].tags");
	return t_done();
}
