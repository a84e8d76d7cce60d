/*
 * importer.h: the contract between an importer and whoever stores what it
 * finds.  An importer turns bytes from a source into runs and expenses and
 * hands them to a sink; it never opens the database, prints or exits.  The
 * CLI's sink writes to the store, a test's sink collects.
 */
#ifndef GPULOG_IMPORTER_H
#define GPULOG_IMPORTER_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "core/catalog.h"

struct err;
struct run;
struct expense;
struct quota_snapshot;
struct run_metrics;
struct import_extra;
struct cloud_instance;

/*
 * Where an importer's rows go.  The importer calls put and put_expense only
 * after the whole input has been checked, in the input's order; r and x
 * are borrowed for the call only: copy what you keep.  A callback returns
 * 0, or -1 with the reason in e, which stops the import: the importer then
 * returns -1 with that reason, prefixed with the input's name and the
 * element ("runs.json: runs[3]: ...").  put_expense may be NULL when the
 * caller wants no expenses.
 */
struct run_sink {
	int (*put)(void *arg, const struct run *r, struct err *e);
	int (*put_expense)(void *arg, const struct expense *x, struct err *e);
	void *arg;
};

/*
 * One import by a streaming importer, over one or more inputs.  The caller
 * fills the first fields; state is the importer's own across the inputs,
 * NULL at the start, freed by finish().
 */
struct import_job {
	struct run_sink *sink;
	/*
	 * Optional, NULL when unused; each is called with sink->arg.
	 * put_snapshot takes a platform's own quota figures.  bad_row, when
	 * set, takes a row the importer refused (msg names input, line, field
	 * and reason) and the import goes on without it (--skip-bad); when
	 * NULL a bad row fails the import.  A sink's put may return -2 to
	 * refuse one row the same way (an unknown platform).  notice takes
	 * something the user should know or complete by hand (a notebook
	 * whose duration is unknown).  progress is told how many bytes of the
	 * current input have been read.
	 */
	int (*put_snapshot)(void *arg, const struct quota_snapshot *q,
	    struct err *e);
	int (*bad_row)(void *arg, const char *msg, struct err *e);
	void (*notice)(void *arg, const char *msg);
	void (*progress)(void *arg, int64_t done);
	/*
	 * put_instances takes a cloud provider's instances (importers/
	 * cloud.h) at once: complete is 1 when they are every instance the
	 * provider has (an API's whole answer), 0 for a saved file.
	 */
	int (*put_instances)(void *arg, const char *provider,
	    const struct cloud_instance *v, size_t n, int complete,
	    struct err *e);
	const char *platform;  /* --platform KEY: rows that name none;
	                        * or NULL */
	int64_t now;           /* "now" for what the input does not date */
	int future;            /* rows may end after now (--future); with
	                        * now 0 (unknown) they always may */
	const char *const *colmap; /* csv --map COL=HEADER, ncolmap of them:
	                        * column COL is read from the header HEADER */
	size_t ncolmap;
	int catalog_only;      /* json: a catalog file (platforms, quotas,
	                        * rates, phases, fx); records are refused */
	int64_t since;         /* the last import of this source; 0 = never */
	/*
	 * A gpulog export (importers/json.c), each optional.  catalog takes
	 * the file's catalog whole, before its first run, expense, snapshot
	 * or removal; format is the export's (1: restored where the
	 * database lacks it; 2: merged).  Format 2's records go to the merge
	 * callbacks instead of the sink: a run, a run's metrics by its uid,
	 * an expense, a setting with its time, a removal.
	 */
	int (*catalog)(void *arg, const struct import_extra *x, int format,
	    struct err *e);
	int (*merge_run)(void *arg, const struct run *r, struct err *e);
	int (*merge_metrics)(void *arg, const char *uid,
	    const struct run_metrics *m, struct err *e);
	int (*merge_expense)(void *arg, const struct expense *x,
	    struct err *e);
	int (*merge_setting)(void *arg, const char *key, const char *value,
	    int64_t modified, struct err *e);
	int (*removal)(void *arg, const char *kind, const char *key,
	    int64_t at, struct err *e);
	int format;            /* set by the json importer: 1 or 2 */
	long skipped;          /* rows the importer left out as no run (a
	                        * notebook never run, a hidden one, one that
	                        * ends after now); each was named in a notice */
	void *state;
};

/*
 * The catalog a source may carry besides its runs (a gpulog export does),
 * so that an empty database can be restored.  Each array is malloc'd by the
 * importer, owned by the caller, and freed with import_extra_free(); a
 * source without a catalog leaves them NULL and the counts 0.  It is filled
 * before the first call to the sink.
 */
struct import_extra {
	struct catalog cat;          /* fx in the input's order */
	char plan_start[16];         /* settings: "YYYY-MM-DD", or "" */
	char currency[4];            /* "USD", "INR", or "" */
};

/* Frees x's arrays and zeroes it; x may be zeroed already. */
static inline void
import_extra_free(struct import_extra *x)
{
	catalog_free(&x->cat);
}

/*
 * One importer: parse reads buf[0..len) (not NUL-terminated), names the
 * input as name in every message ("runs.json: runs[3].start: ..."), fills
 * extra when it is not NULL, then feeds sink.  Returns 0, or -1 with the
 * reason in e.  The caller zeroes extra before the call and frees it with
 * import_extra_free() after, whatever the result.
 */
struct importer {
	const char *name;            /* "json": the SOURCE of `gpulog import` */
	const char *about;           /* one line for help */
	int (*parse)(const char *buf, size_t len, const char *name,
	    struct run_sink *sink, struct import_extra *extra, struct err *e);
	/*
	 * A streaming importer (parse is then NULL): stream reads input f
	 * (named name in messages) to its end and may call the sink before it
	 * has seen all of it, so the caller must be ready to discard every
	 * row on failure (one transaction).  finish runs once after the last
	 * input, with ok 1 to hand on what the inputs only make whole
	 * together (a Kaggle kernel list and its logs), or ok 0 after a
	 * failure just to free job->state; it may be NULL.  api, when not
	 * NULL, reads the source over the network instead of from a file.
	 * Each returns 0, or -1 with the reason in e.
	 */
	int (*stream)(FILE *f, const char *name, struct import_job *job,
	    struct err *e);
	int (*finish)(struct import_job *job, int ok, struct err *e);
	int (*api)(struct import_job *job, struct err *e);
	/* 1 when api has credentials where it looks for them (so that
	 * `gpulog refresh` runs it), else 0; NULL without api. */
	int (*api_ready)(void);
};

/* The table `gpulog import SOURCE` looks SOURCE up in. */
extern const struct importer importers[];
extern const size_t importers_count;

#endif
