/*
 * plan.h: the learning plan's calendar: which plan month a time falls in,
 * when each month starts, and the phase holding a month.  Months follow
 * local time.
 */
#ifndef GPULOG_PLAN_H
#define GPULOG_PLAN_H

#include <stddef.h>
#include <stdint.h>

struct phase;

#define PLAN_MONTHS 13

/*
 * The plan month holding now, counting month 1 from start (a local
 * midnight): 0 before the start, PLAN_MONTHS + 1 or more after the end.
 * Month m runs from plan_month_start(start, m) to the next month's start.
 */
int plan_month(int64_t start, int64_t now);

/* The local midnight starting plan month m (1-based): the start's day of
 * the month, or the last day of a month too short for it. */
int64_t plan_month_start(int64_t start, int m);

/* The phase holding month m, or NULL. */
const struct phase *plan_phase(const struct phase *ph, size_t n, int m);

#endif
