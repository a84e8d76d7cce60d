/* cmd-log.c: `gpulog log`: runs, newest first, as text, JSON or CSV. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "core/clock.h"
#include "core/fields.h"
#include "core/fmt.h"
#include "core/model.h"
#include "core/parse.h"
#include "core/text.h"
#include "store/metrics.h"
#include "store/store.h"
#include "store/sync.h"
#include "store/summary.h"

enum { L_SINCE = 1, L_UNTIL, L_PLATFORM, L_TAG, L_PROJECT, L_LIMIT, L_JSON,
	L_CSV, L_OPEN, L_DUPS, L_MONTH, L_LAST_MONTH, L_WEEK };

const struct opt log_opts[] = {
	{ L_SINCE, 0, "since", "D", "runs starting on or after D" },
	{ L_UNTIL, 0, "until", "D", "runs starting before D (a day: "
	    "through D)" },
	RANGE_OPTS(L_MONTH, L_LAST_MONTH, L_WEEK),
	{ L_PLATFORM, 'p', "platform", "P", "runs on platform P" },
	{ L_TAG, 't', "tag", "T", "runs tagged T" },
	{ L_PROJECT, 0, "project", "P", "runs of project P" },
	{ L_LIMIT, 0, "limit", "N", "at most N runs" },
	{ L_OPEN, 0, "open", NULL, "open runs only" },
	{ L_DUPS, 0, "duplicates", NULL, "the likely duplicates a merge "
	    "found, in pairs" },
	{ L_JSON, 0, "json", NULL, "print JSON" },
	{ L_CSV, 0, "csv", NULL, "print CSV" },
	{ 0, 0, NULL, NULL, NULL },
};

/* Reads --since/--until: a day means its midnight (for --until, the next
 * one, so that the day is included). */
int
cli_range(struct ctx *c, const char *since, const char *until, int64_t *s,
    int64_t *u, struct err *e)
{
	*s = *u = 0;
	if (since != NULL && parse_time(since, c->now, s, e) < 0)
		return err_set(e, "--since: %s", e->msg);
	if (until != NULL) {
		if (parse_time(until, c->now, u, e) < 0)
			return err_set(e, "--until: %s", e->msg);
		if (is_day_word(until))
			*u = local_day_start(*u + DAY_S + 3600);
	}
	if (*s && *u && *u <= *s)
		return err_set(e, "--until is not after --since");
	return 0;
}

/* --month YYYY-MM: the local month's first midnight into *s, -1 when
 * in is not a month. */
static int
read_month(const char *in, int64_t *s, struct err *e)
{
	int y, m, n = 0;

	if (sscanf(in, "%4d-%2d%n", &y, &m, &n) != 2 || n != 7 ||
	    in[n] != '\0' || m < 1 || m > 12 || y < 1970) {
		char *safe = text_safe(in);

		err_set(e, "--month: invalid month \"%s\": expected YYYY-MM, "
		    "as in 2026-11", safe);
		free(safe);
		return -1;
	}
	*s = local_make(y, m, 1, 0, 0, 0);
	return 0;
}

int
cli_range_args(struct ctx *c, const struct args *a, const int ids[5],
    int64_t *s, int64_t *u, struct err *e)
{
	int month = opt_has(a, ids[2]), last = opt_has(a, ids[3]);
	int week = opt_has(a, ids[4]);

	if (month + last + week == 0)
		return cli_range(c, opt_get(a, ids[0]), opt_get(a, ids[1]), s,
		    u, e);
	if (month + last + week > 1 || opt_has(a, ids[0]) ||
	    opt_has(a, ids[1]))
		return err_set(e, "give one of --month, --last-month, --week "
		    "and --since/--until");
	if (month && read_month(opt_get(a, ids[2]), s, e) < 0)
		return -1;
	if (last)
		*s = local_month_add(c->now, -1);
	if (week) {
		*s = local_week_start(c->now);
		*u = local_week_start(*s + 7 * DAY_S + 3 * 3600);
	} else {
		*u = local_month_add(*s, 1);
	}
	return 0;
}

struct log_out {
	struct ctx *c;
	struct err *e;          /* a failure inside the walk */
	int mode; /* 0 text, 1 json, 2 csv */
	int n;
};

void
cli_json_run(FILE *f, const struct run *r, int64_t now)
{
	char *j = fields_json(fields_run, fields_nrun, r, FIELDS_SHOWN, now);

	fputs(j, f);
	free(j);
}

static int
put_run(const struct run *r, void *arg)
{
	struct log_out *o = arg;

	switch (o->mode) {
	case 1: {
		/* The run's fields, then what `gpulog run` measured. */
		char *j = fields_json(fields_run, fields_nrun, r, FIELDS_SHOWN,
		    o->c->now);
		struct run_metrics m;
		struct err e;
		size_t n = strlen(j);
		int found;

		metrics_init(&m);
		if ((found = metrics_get(o->c->s, r->id, &m, &e)) < 0) {
			free(j);
			*o->e = e;
			return -1;
		}
		if (n > 0 && j[n - 1] == '}')
			j[n - 1] = '\0';
		fputs(o->n ? ",\n  " : "\n  ", stdout);
		fputs(j, stdout);
		fputs(",\"metrics\":", stdout);
		cli_json_metrics(stdout, &m, found);
		putchar('}');
		free(j);
		metrics_clear(&m);
		break;
	}
	case 2: {
		char *line = fields_csv(fields_run, fields_nrun, r, o->c->now);

		puts(line);
		free(line);
		break;
	}
	default:
		cli_print_run(o->c, r);
	}
	o->n++;
	return 0;
}

/* log --duplicates: each pair, the older run first. */
static int
put_pair(const struct run *a, const struct run *b, void *arg)
{
	struct log_out *o = arg;

	if (o->mode == 1) {
		fputs(o->n ? ",\n  [" : "\n  [", stdout);
		cli_json_run(stdout, a, o->c->now);
		putchar(',');
		cli_json_run(stdout, b, o->c->now);
		putchar(']');
	} else {
		if (o->n == 0)
			puts("likely duplicates: the same run on another "
			    "machine, most of its length on both");
		putchar('\n');
		cli_print_run(o->c, a);
		cli_print_run(o->c, b);
		printf("  keep one: gpulog rm %lld (or gpulog rm %lld)\n",
		    (long long)b->id, (long long)a->id);
	}
	o->n++;
	return 0;
}

static int
log_duplicates(struct ctx *c, const struct args *a)
{
	struct log_out o = { c, NULL, 0, 0 };
	struct err e;

	if (a->ngiven > 1 + opt_has(a, L_JSON))
		return cli_fail(EXIT_USAGE, "log: --duplicates takes only "
		    "--json");
	o.e = &e;
	o.mode = opt_has(a, L_JSON);
	if (o.mode == 1)
		fputs("[", stdout);
	if (store_each_duplicate(c->s, put_pair, &o, &e) < 0)
		return cli_err(EXIT_FAIL, &e);
	if (o.mode == 1)
		puts(o.n ? "\n]" : "]");
	else if (o.n == 0)
		puts("no likely duplicates");
	return EXIT_OK;
}

int
cmd_log(struct ctx *c, const struct args *a)
{
	struct log_out o = { c, NULL, 0, 0 };
	struct summary sm;
	struct filter f;
	struct err e;
	char pkey[32];
	const char *v;
	int rc;

	if (opt_has(a, L_DUPS))
		return log_duplicates(c, a);
	memset(&f, 0, sizeof f);
	f.newest_first = 1;
	f.open_only = opt_has(a, L_OPEN);
	f.tag = opt_get(a, L_TAG);
	f.project = opt_get(a, L_PROJECT);
	if (cli_range_args(c, a, (const int[]){ L_SINCE, L_UNTIL, L_MONTH,
	    L_LAST_MONTH, L_WEEK }, &f.since, &f.until, &e) < 0)
		return cli_fail(EXIT_USAGE, "log: %s", e.msg);
	if ((v = opt_get(a, L_LIMIT)) != NULL &&
	    parse_int(v, "--limit", 1, INT64_MAX, &f.limit, &e) < 0)
		return cli_fail(EXIT_USAGE, "log: %s", e.msg);
	if ((v = opt_get(a, L_PLATFORM)) != NULL) {
		if (summary_load_catalog(&sm, c->s, c->now, &e) < 0)
			return cli_err(EXIT_FAIL, &e);
		rc = cli_platform(&sm, v, pkey, &e);
		summary_free(&sm);
		if (rc < 0)
			return cli_fail(EXIT_USAGE, "log: %s", e.msg);
		f.platform = pkey;
	}
	if (opt_has(a, L_JSON) && opt_has(a, L_CSV))
		return cli_fail(EXIT_USAGE, "log: choose --json or --csv");
	o.e = &e;
	o.mode = opt_has(a, L_JSON) ? 1 : opt_has(a, L_CSV) ? 2 : 0;
	if (o.mode == 1)
		fputs("[", stdout);
	if (o.mode == 2)
		cli_csv_header(fields_run, fields_nrun);
	if (store_each_run(c->s, &f, put_run, &o, &e) < 0)
		return cli_err(EXIT_FAIL, &e);
	if (o.mode == 1)
		puts(o.n ? "\n]" : "]");
	else if (o.mode == 0 && o.n == 0)
		puts("no runs");
	return EXIT_OK;
}
