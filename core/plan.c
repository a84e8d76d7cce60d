/* plan.c: the learning plan's calendar: its months and their phases. */
#include "core/plan.h"

#include "core/clock.h"
#include "core/model.h"

int64_t
plan_month_start(int64_t start, int m)
{
	/* Month m starts on the start's day of the month, or on the last
	 * day of a month too short for it (a plan from Jan 31 has its second
	 * month from Feb 28): local_month_same_day()'s rule, at midnight. */
	return local_month_same_day(local_day_start(start), m - 1);
}

int
plan_month(int64_t start, int64_t now)
{
	struct lt s, n;
	int m;

	if (now < start)
		return 0;
	local_parts(start, &s);
	local_parts(now, &n);
	/* The calendar guess, then the month whose start is the latest not
	 * after now. */
	m = (n.year - s.year) * 12 + (n.mon - s.mon) + 1;
	if (m < 1)
		m = 1;
	while (m > 1 && plan_month_start(start, m) > now)
		m--;
	while (plan_month_start(start, m + 1) <= now)
		m++;
	return m;
}

const struct phase *
plan_phase(const struct phase *ph, size_t n, int m)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (m >= ph[i].first_month && m <= ph[i].last_month)
			return &ph[i];
	return NULL;
}
