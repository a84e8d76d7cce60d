/*
 * json.h: reads a `gpulog export` document back: runs, expenses and the
 * catalog (platforms, quotas, rates, plan phases, exchange rates).  It
 * knows the export's format and nothing of the database or the terminal.
 */
#ifndef GPULOG_JSON_H
#define GPULOG_JSON_H

#include <stddef.h>

#include "importers/importer.h"

struct err;

#include <stdio.h>

/* The export format this build writes ("gpulog_export": 2); it reads 1
 * too. */
#define JSON_EXPORT_FORMAT 2

/*
 * The importer: reads the export in f as a stream, one element at a time,
 * so that memory does not grow with the file.  Format 1's catalog goes to
 * job->catalog and its runs and expenses to job->sink; format 2's catalog
 * to job->catalog, its settings, runs (with their metrics), expenses and
 * removals to the merge callbacks, its quota snapshots to
 * job->put_snapshot.  Rows reach the callbacks as they are read: the
 * caller discards them all on failure (one transaction).  Returns 0, or
 * -1 with the reason in e, which names the input, the element and the
 * field.
 */
int json_stream(FILE *f, const char *name, struct import_job *job,
    struct err *e);

/*
 * Parses the export in buf[0..len) (need not be NUL-terminated), through
 * json_stream(); the sink takes format 2's runs and expenses too (their
 * metrics, settings and removals are left out).  Fails on the first
 * problem with a message
 * naming the input, the element and the field, and what was expected:
 * `runs.json: runs[3].start: invalid time "2026-13-01T00:00:00Z": ...`;
 * text that is not JSON is reported with its byte offset.  It fills extra
 * (if not NULL: zeroed by the caller, who frees it with
 * import_extra_free() whatever the result) and hands each run and each
 * expense to sink (if not NULL) as it reads them.
 *
 * Runs and expenses keep their uid, source, source_id and times, so that a
 * second import of the same file finds them already there.  A run with
 * neither uid nor source_id (a hand-written file) gets a source_id made of
 * its platform and start (and source "json" when it names none); an
 * expense likewise, from its platform, time and amount.  Returns 0, or -1
 * with the reason in e; a sink's reason comes prefixed with the input and
 * the element ("runs.json: runs[3]: unknown platform ...").
 */
int json_import_parse(const char *buf, size_t len, const char *name,
    struct run_sink *sink, struct import_extra *extra, struct err *e);

#endif
