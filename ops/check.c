/*
 * check.c: the one checker of what a user types: platforms, GPU models
 * and counts, tags, projects, amounts and times.  Its messages name what
 * was wrong in words that fit both the command line and the dashboard's
 * forms; nothing here writes.
 */
#include "ops/ops.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/fmt.h"
#include "core/gpu.h"
#include "core/parse.h"
#include "core/text.h"

int
ops_check_platform(const struct summary *cat, const char *in, char key[32],
    struct err *e)
{
	const char **names;
	char hint[128], *safe;
	size_t i, idx = 0;
	int rc;

	if (in == NULL || *in == '\0')
		return err_set(e, "missing platform: kaggle, colab-pro, vast, "
		    "... (`gpulog platforms` lists them)");
	names = xcalloc(cat->cat.nplatforms + 1, sizeof *names);
	for (i = 0; i < cat->cat.nplatforms; i++)
		names[i] = cat->cat.platforms[i].key;
	rc = text_match(in, names, cat->cat.nplatforms, &idx, hint,
	    sizeof hint);
	free(names);
	if (rc == MATCH_OK) {
		snprintf(key, 32, "%s", cat->cat.platforms[idx].key);
		return 0;
	}
	safe = text_safe(in);
	if (rc == MATCH_AMBIGUOUS)
		err_set(e, "ambiguous platform \"%s\": it could be %s", safe,
		    hint);
	else if (hint[0] != '\0')
		err_set(e, "unknown platform \"%s\": did you mean %s? "
		    "(`gpulog platforms` lists them)", safe, hint);
	else
		err_set(e, "unknown platform \"%s\" (`gpulog platforms` lists "
		    "them)", safe);
	free(safe);
	return -1;
}

int
ops_check_gpu(const char *in, char out[32], char *warn, size_t wlen,
    struct err *e)
{
	const char *near[3];
	char *safe, list[96] = "";
	size_t i, n;

	if (warn != NULL && wlen > 0)
		warn[0] = '\0';
	if (in == NULL || *in == '\0') {
		out[0] = '\0';
		return 1;
	}
	if (!text_is_name(in, 31, ""))
		return err_set(e, "invalid GPU model: a model name is 1 to 31 "
		    "characters, as in P100 or \"RTX 4090\"");
	if (gpu_canon(in, 0, out, NULL) == 1)
		return 1;
	if (warn != NULL && wlen > 0) {
		n = gpu_nearest(in, near, 3);
		for (i = 0; i < n; i++)
			snprintf(list + strlen(list), sizeof list -
			    strlen(list), "%s%s", i ? ", " : "", near[i]);
		safe = text_safe(in);
		if (n > 0)
			snprintf(warn, wlen, "unknown GPU model \"%s\" "
			    "(nearest: %s); kept as given", safe, list);
		else
			snprintf(warn, wlen, "unknown GPU model \"%s\"; kept "
			    "as given", safe);
		free(safe);
	}
	return 0;
}

int
ops_gpu_count(const char *in)
{
	char out[32];
	int n = 0;

	if (in != NULL && *in != '\0')
		gpu_canon(in, 0, out, &n);
	return n;
}

int
ops_check_gpus(const char *in, int *n, struct err *e)
{
	int64_t v;

	if (parse_int(in, "GPU count", 1, 64, &v, e) < 0)
		return -1;
	*n = (int)v;
	return 0;
}

int
ops_check_tag(const char *in, struct err *e)
{
	char *safe;

	if (text_tag_ok(in))
		return 0;
	safe = text_safe(in);
	err_set(e, "invalid tag \"%s\": %s", safe, text_tag_rule);
	free(safe);
	return -1;
}

int
ops_check_project(const char *in, struct err *e)
{
	if (*in != '\0' && !text_is_name(in, 64, ""))
		return err_set(e, "invalid project: a project is 1 to 64 "
		    "characters without control characters");
	return 0;
}

int
ops_check_cost(const struct summary *cat, const char *in, int64_t *minor,
    char cur[4], struct err *e)
{
	if (parse_money(in, 2, cat->currency, minor, cur, e) < 0)
		return err_set(e, "invalid cost: %s", e->msg);
	return 0;
}

int
ops_check_amount(const struct summary *cat, const char *in, int64_t *minor,
    char cur[4], struct err *e)
{
	char *safe;

	if (parse_money(in, 2, cat->currency, minor, cur, e) < 0)
		return -1;
	if (*minor <= 0) {
		safe = text_safe(in);
		err_set(e, "invalid amount \"%s\": must be more than zero",
		    safe);
		free(safe);
		return -1;
	}
	return 0;
}

int
ops_check_rate(const char *in, int64_t *micro, char cur[4], struct err *e)
{
	char max[32];

	if (parse_money(in, 6, "USD", micro, cur, e) < 0)
		return err_set(e, "invalid rate: %s", e->msg);
	if (*micro > RATE_MAX_MICRO)
		return err_set(e, "invalid rate: gpulog keeps rates up to %s",
		    fmt_rate(max, sizeof max, RATE_MAX_MICRO, cur, 0));
	return 0;
}

int
ops_check_units(const char *in, int64_t *centi, struct err *e)
{
	return parse_fixed(in, 2, "compute units", centi, e);
}

int
ops_check_time(const char *in, int64_t now, int64_t *t, struct err *e)
{
	if (in == NULL || *in == '\0')
		return err_set(e, "missing time: 2026-11-28 10:00, 14:00, "
		    "yesterday 09:30");
	return parse_time(in, now, t, e);
}

int
ops_check_when(const char *day, const char *when, int64_t now,
    int64_t *start, int64_t *end, struct err *e)
{
	char *safe;

	if (when == NULL || *when == '\0')
		return err_set(e, "missing WHEN: give a duration (2h30m), a "
		    "range (14:00-17:30) or a day and a range");
	if (day != NULL && !is_day_word(day)) {
		safe = text_safe(day);
		err_set(e, "invalid day \"%s\": expected YYYY-MM-DD, today, "
		    "yesterday or a weekday, before a range such as "
		    "14:00-15:30", safe);
		free(safe);
		return -1;
	}
	return parse_when(day, when, now, start, end, e);
}

int
ops_check_times(const struct run *r, int64_t now, int future, struct err *e)
{
	char a[32], b[32];

	if (r->end != RUN_OPEN && r->end <= r->start)
		return err_set(e, "the end (%s) is not after the start (%s)",
		    fmt_local(b, sizeof b, r->end, "%Y-%m-%d %H:%M"),
		    fmt_local(a, sizeof a, r->start, "%Y-%m-%d %H:%M"));
	if (!future && (r->start > now || (r->end != RUN_OPEN &&
	    r->end > now)))
		return err_set(e, "the run %s in the future (%s, now is %s)",
		    r->start > now ? "starts" : "ends",
		    fmt_local(a, sizeof a, r->start > now ? r->start : r->end,
		    "%Y-%m-%d %H:%M"),
		    fmt_local(b, sizeof b, now, "%Y-%m-%d %H:%M"));
	return 0;
}
