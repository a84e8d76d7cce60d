/*
 * runopt.h: the options add, start and edit share, and the rules that turn
 * them into a run: the platform, GPU, tags, cost from a rate or the
 * catalog's price, and the quota line printed after a change.
 */
#ifndef GPULOG_RUNOPT_H
#define GPULOG_RUNOPT_H

#include "cli/cli.h"

struct summary;
struct run;

enum {
	RO_GPU = 1, RO_GPUS, RO_NOTE, RO_TAG, RO_PROJECT, RO_COST, RO_RATE,
	RO_CKPT, RO_NO_CKPT, RO_START, RO_END, RO_AT, RO_FUTURE, RO_UNITS,
	RO_PLATFORM
};

/*
 * Applies the options in a to r (only those given).  set_cost is set to 1
 * when --cost was given and to 2 when a --rate was.  Returns 0, or -1 with
 * a message naming the option.
 */
int runopt_apply(struct ctx *c, const struct summary *sm,
    const struct args *a, struct run *r, int *set_cost, struct err *e);

/*
 * Prices r unless its cost was given: at its rate if it has one, else at
 * the catalog's rate for its platform and GPU when the platform bills by
 * the hour; free and subscription platforms cost 0.  Returns 1 when an
 * hourly platform has no rate for the GPU (the cost is left 0).
 */
int runopt_price(const struct summary *sm, struct run *r);

/* Warnings for r on stderr: a session longer than the platform's cap,
 * an overlap with another run on the same platform. */
void runopt_warn(struct ctx *c, const struct summary *sm,
    const struct run *r);

/* Prints "VERB #ID label cost · quota line" for a stored run. */
int runopt_report(struct ctx *c, struct summary *sm, const char *verb,
    const struct run *r);

/* Checks times: end after start, not in the future unless allowed. */
int runopt_check_times(struct ctx *c, const struct run *r, int future,
    struct err *e);

#endif
