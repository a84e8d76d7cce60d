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

/* The export format this build writes and reads ("gpulog_export": 1). */
#define JSON_EXPORT_FORMAT 1

/*
 * Parses the export in buf[0..len) (need not be NUL-terminated).  Checks
 * the whole document first, and fails on the first problem with a message
 * naming the input, the element and the field, and what was expected:
 * `runs.json: runs[3].start: invalid time "2026-13-01T00:00:00Z": ...`;
 * text that is not JSON is reported with its byte offset.  Only then does
 * it fill extra (if not NULL: zeroed by the caller, who frees it with
 * import_extra_free() whatever the result) and hand each run, then each
 * expense, to sink (if not NULL).
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
