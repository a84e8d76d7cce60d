/*
 * runopt.h: the options add, start and edit share, read into the
 * operations layer's input, and what the CLI prints after a change: its
 * warnings and the quota line.  The rules themselves live in ops/.
 */
#ifndef GPULOG_RUNOPT_H
#define GPULOG_RUNOPT_H

#include "cli/cli.h"

struct summary;
struct run;
struct ops_run_in;
struct ops_result;

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

#endif
