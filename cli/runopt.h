/*
 * runopt.h: the options add, start and edit share, read into the
 * operations layer's input, and what the CLI prints after a change: its
 * warnings and the quota line; the helpers the run commands share (a new
 * run, WHEN, the open run meant, what was removed).  The rules themselves
 * live in ops/.
 */
#ifndef GPULOG_RUNOPT_H
#define GPULOG_RUNOPT_H

#include "cli/cli.h"

struct summary;
struct run;
struct ops_run_in;
struct ops_result;

/* The options of a run that add, start and edit share. */
#define RUN_OPTS \
	{ RO_GPU, 'g', "gpu", "MODEL", \
	    "GPU model, as in P100 or \"RTX 4090\"" }, \
	{ RO_GPUS, 0, "gpus", "N", "number of GPUs (default 1)" }, \
	{ RO_NOTE, 'n', "note", "TEXT", "what the run was" }, \
	{ RO_TAG, 't', "tag", "TAG", "a tag (repeat for more)" }, \
	{ RO_PROJECT, 0, "project", "NAME", "the project it belongs to" }, \
	{ RO_COST, 0, "cost", "AMOUNT", "what it cost: 250INR, $3.20" }, \
	{ RO_RATE, 0, "rate", "AMOUNT", "price per GPU-hour (USD if bare)" }, \
	{ RO_UNITS, 0, "units", "CU", "compute units it used (Colab)" }, \
	{ RO_CKPT, 0, "checkpointed", NULL, "the run saved checkpoints" }

enum {
	RO_GPU = 1, RO_GPUS, RO_NOTE, RO_TAG, RO_PROJECT, RO_COST, RO_RATE,
	RO_CKPT, RO_NO_CKPT, RO_START, RO_END, RO_AT, RO_FUTURE, RO_UNITS,
	RO_PLATFORM, RO_AMOUNT, RO_DATE
};

/* Fills in from the options in a (only those given); a's strings are
 * borrowed.  Fails only on too many tags. */
int runopt_input(const struct args *a, struct ops_run_in *in, struct err *e);

/* Prints a failed change: "gpulog: VERB: MSG" (with the CLI's hint for a
 * time after now) and returns the exit status: 2 when the input was
 * wrong, 1 when the change could not be written. */
int runopt_fail(struct ctx *c, const char *verb, const struct err *e);

/* Prints the change's warnings on stderr, then "VERB #ID label cost ·
 * quota line" for the stored run. */
int runopt_report(struct ctx *c, const char *verb,
    const struct ops_result *res);

/*
 * Reads WHEN from positionals pos[0..n) (a duration, a range, or a day and
 * a range) into in, refusing it beside --start/--end; the text lives in
 * buf, of size BUFSIZ.
 */
int runopt_when(const struct args *a, const char *const *pos, int n,
    struct ops_run_in *in, char *buf, struct err *e);

/* add and start (verb): one new run from the command line. */
int runopt_new_run(struct ctx *c, const struct args *a, const char *verb);

/* The run named by pos ("42", "#42", "-1") in *id, or 0 when pos is NULL
 * (the only open run). */
int runopt_open_id(struct ctx *c, const char *pos, int64_t *id,
    struct err *e);

/* Prints what cancel or rm removed: "removed #42 kaggle P100 2h30m". */
int runopt_removed(struct ctx *c, const char *verb,
    const struct ops_result *res);

#endif
