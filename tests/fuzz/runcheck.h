/*
 * runcheck.h: what every fuzz target asks of a run an importer hands its
 * sink, and of a failure.  Included by the fuzz-*.c targets only; a broken
 * invariant is an abort(), which libFuzzer reports as a crash.
 */
#ifndef GPULOG_FUZZ_RUNCHECK_H
#define GPULOG_FUZZ_RUNCHECK_H

#include <stdlib.h>
#include <string.h>

#include "core/err.h"
#include "core/model.h"

/* UBSan's findings stop the run as ASan's do (the build lets them recover). */
const char *__ubsan_default_options(void);
const char *
__ubsan_default_options(void)
{
	return "halt_on_error=1:print_stacktrace=1";
}

/* 1 when the fixed-size field f holds a NUL-terminated string. */
#define FUZZ_TERMINATED(f) (memchr((f), '\0', sizeof(f)) != NULL)

/* 1 when s has no control characters (a key, a GPU name). */
static inline int
fuzz_printable(const char *s)
{
	for (; *s != '\0'; s++)
		if ((unsigned char)*s < 0x20 || *s == 0x7f)
			return 0;
	return 1;
}

/*
 * A run as any importer must hand it on: a platform key, a GPU count, an
 * end after the start (or open), a cost that is not negative in USD, INR
 * or none, known or unknown compute units, and its source and the source's
 * id so that a second import finds it again.
 */
static inline void
fuzz_check_run(const struct run *r)
{
	if (!FUZZ_TERMINATED(r->platform) || !FUZZ_TERMINATED(r->gpu) ||
	    !FUZZ_TERMINATED(r->currency) || !FUZZ_TERMINATED(r->source))
		abort();
	if (r->platform[0] == '\0' || !fuzz_printable(r->platform) ||
	    !fuzz_printable(r->gpu))
		abort();
	if (r->gpus < 1)
		abort();
	if (r->end != RUN_OPEN && r->end <= r->start)
		abort();
	if (r->cost_minor < 0)
		abort();
	if (r->currency[0] != '\0' && strcmp(r->currency, "USD") != 0 &&
	    strcmp(r->currency, "INR") != 0)
		abort();
	if (r->cu_centi < -1)
		abort();
	if (r->source[0] == '\0' || r->source_id == NULL ||
	    r->source_id[0] == '\0')
		abort();
	/* Owned strings are whole strings (ASan reads them to the end). */
	if ((r->note != NULL && strlen(r->note) > (size_t)1 << 24) ||
	    (r->project != NULL && strlen(r->project) > (size_t)1 << 24) ||
	    (r->tags != NULL && r->tags[0] == '\0'))
		abort();
}

/* A failure always says why, in a message that fits. */
static inline void
fuzz_check_fail(int rc, const struct err *e)
{
	if (rc < 0 && (e->msg[0] == '\0' || memchr(e->msg, '\0',
	    sizeof e->msg) == NULL))
		abort();
}

#endif
