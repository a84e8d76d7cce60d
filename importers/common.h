/*
 * common.h: what the file importers share: reading an input whole or by
 * line, times as platforms write them, and handing a bad row to the sink's
 * --skip-bad list or failing with it.  Knows nothing of the database.
 */
#ifndef GPULOG_IMPORTERS_COMMON_H
#define GPULOG_IMPORTERS_COMMON_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

struct cJSON;
struct err;
struct import_job;
struct run;

/* The largest input read whole (a Kaggle file, a log): 64 MiB. */
#define IMP_SLURP_MAX (64L << 20)

/* Reads f to its end into a malloc'd, NUL-terminated *buf (the caller
 * frees it), failing past IMP_SLURP_MAX bytes. */
int imp_slurp(FILE *f, const char *name, char **buf, size_t *len,
    struct err *e);

enum {
	IMP_UTC = 1   /* a time without a zone is UTC (else local, TZ) */
};

/*
 * An absolute time as platforms and spreadsheets write it:
 * "2026-10-01T17:42:09.317Z", "2026-10-01 17:42:09.317000",
 * "2026/10/04 14:02:11.123", "2026-10-01 17:42", "+05:30" offsets, or
 * epoch seconds.  Fractions of a second are dropped.  "now", a clock alone
 * and day words are refused: a file must not depend on the day it is read.
 * So is a time outside gpulog's years (time_check()).
 */
int imp_time(const char *s, int flags, int64_t *t, struct err *e);

/*
 * A refused row: the message is "NAME: line N: FIELD: REASON" (FIELD may
 * be NULL).  With a bad_row sink it is handed on and 0 returned (the row is
 * skipped); otherwise it goes into e and -1 is returned.
 */
int imp_bad(struct import_job *job, struct err *e, const char *name,
    size_t line, const char *field, const char *fmt, ...)
    __attribute__((format(printf, 6, 7)));

/*
 * Hands r to the sink.  A row the sink refuses (put returned -2) is
 * treated as imp_bad() does; another failure is prefixed with the place.
 * Returns 0, or -1 with the reason in e.
 */
int imp_put(struct import_job *job, const struct run *r, const char *name,
    size_t line, struct err *e);

/* A quoted, terminal-safe copy of s for a message, cut to 60 bytes; the
 * caller frees it. */
char *imp_shown(const char *s);

/*
 * The GPU a file names, by the one rule (core/gpu.h gpu_canon(), with the
 * memory the file reports in MiB, 0 when none), into out (n bytes): the
 * catalog's name when the model is known, else the name as given, with
 * control characters shown escaped (text_safe()), as a typed --gpu could
 * not hold them.  *gpus_hint (NULL to ignore) gets the count the name
 * carries, 0 when none.  Returns 1 when the model is known, else 0.
 */
int imp_gpu(char *out, size_t n, const char *in, int64_t mem_mib,
    int *gpus_hint);

/* Parses buf as one JSON document, telling a cut-short file apart; the
 * caller deletes the result.  NULL with a message naming name. */
struct cJSON *imp_jparse(const char *buf, size_t len, const char *name,
    struct err *e);

/* The base name of path without its directory or last extension, into buf
 * ("/x/resnet18.log" -> "resnet18"). */
char *imp_stem(char *buf, size_t n, const char *path);

#endif
