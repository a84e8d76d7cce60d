/*
 * fuzz-json.c: libFuzzer target for the export-format importer.  Any input
 * is either refused with a message before the sink sees a run, or every run
 * handed on is well formed.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core/err.h"
#include "core/model.h"
#include "importers/importer.h"
#include "importers/json.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int
put(void *arg, const struct run *r, struct err *e)
{
	(void)arg;
	(void)e;
	if (r->platform[0] == '\0' || r->gpus < 1 ||
	    (r->end != RUN_OPEN && r->end <= r->start))
		abort();
	return 0;
}

static int
put_expense(void *arg, const struct expense *x, struct err *e)
{
	(void)arg;
	(void)e;
	if (x->amount_minor <= 0)
		abort();
	return 0;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct run_sink sink = { put, put_expense, NULL };
	struct import_extra extra;
	struct err e;
	char *buf = malloc(size + 1);

	memcpy(buf, data, size);
	buf[size] = '\0';
	memset(&extra, 0, sizeof extra);
	if (json_import_parse(buf, size, "fuzz.json", &sink, &extra, &e) < 0 &&
	    e.msg[0] == '\0')
		abort();
	import_extra_free(&extra);
	free(buf);
	return 0;
}
