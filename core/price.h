/*
 * price.h: what a run costs, from the catalog: the one rule of pricing a
 * new run and pricing an edited one anew, used by every path that makes or
 * changes a run (add, start and stop, edit, the dashboard's forms,
 * imports, gpulog run).  Pure: no I/O, no clock.
 */
#ifndef GPULOG_PRICE_H
#define GPULOG_PRICE_H

struct catalog;
struct run;

/*
 * Prices r unless its cost was given: at its rate if it has one, else at
 * the catalog's rate for its platform and GPU (the platform's default GPU
 * when r names none) when the platform bills by the hour; free and
 * subscription platforms cost 0.  An open run keeps its rate and is costed
 * as it goes.  Returns 1 when an hourly platform has no rate for the GPU
 * (the cost is left 0), -1 when the cost would be more than gpulog keeps
 * (rate_cost_checked(); the cost is left at the limit), else 0.  A cost
 * of 0 with no rate has no currency ("").
 */
int price_run(const struct catalog *c, struct run *r);

/*
 * Prices r, an edit of old, anew where the edit asks it: a cost given by
 * hand (cost_given) stays, with no rate; a rate given (rate_given) prices
 * the run at it.  Otherwise a run whose old cost was given by hand keeps
 * it; a new platform or GPU model is priced anew from the catalog; new
 * times (an open run that ends among them) or a new GPU count cost anew
 * at the run's own rate.  Returns as price_run() does, 0 when nothing
 * was priced.
 */
int price_reprice(const struct catalog *c, const struct run *old,
    struct run *r, int cost_given, int rate_given);

#endif
