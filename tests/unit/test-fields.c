/*
 * test-fields.c: the run and expense field tables.  Every field round-trips:
 * a record written through its table as an export and read back by the
 * JSON importer compares equal, field by field, as the table lists them;
 * --json rows show what the table says, computed fields included.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/err.h"
#include "core/fields.h"
#include "core/model.h"
#include "importers/importer.h"
#include "importers/json.h"
#include "tests/unit/t.h"

#define NOW 1796126400 /* 2026-12-01T12:00:00Z */

struct got {
	struct run r;
	struct expense x;
	int nruns, nx;
};

static int
put(void *arg, const struct run *r, struct err *e)
{
	struct got *g = arg;

	(void)e;
	if (g->nruns++ == 0)
		run_copy(&g->r, r);
	return 0;
}

static int
put_expense(void *arg, const struct expense *x, struct err *e)
{
	struct got *g = arg;

	(void)e;
	if (g->nx++ == 0) {
		g->x = *x;
		g->x.note = x->note ? strdup(x->note) : NULL;
		g->x.source_id = x->source_id ? strdup(x->source_id) : NULL;
	}
	return 0;
}

/* Field f of a and b hold the same value; says which field when not. */
static int
same(const struct field *f, const void *a, const void *b)
{
	const char *pa = (const char *)a + f->off, *pb = (const char *)b +
	    f->off;
	const char *sa, *sb;
	int ok;

	switch (f->kind) {
	case FK_TEXT:
	case FK_KEY:
	case FK_CURRENCY:
		ok = strcmp(pa, pb) == 0;
		break;
	case FK_STR:
	case FK_LIST:
		memcpy(&sa, pa, sizeof sa);
		memcpy(&sb, pb, sizeof sb);
		ok = (sa == NULL && sb == NULL) || (sa != NULL && sb != NULL &&
		    strcmp(sa, sb) == 0);
		break;
	default:
		ok = memcmp(pa, pb, f->size) == 0;
	}
	if (!ok)
		printf("  field %s differs\n", f->name);
	return ok;
}

/* Writes run r and expense x through the tables as an export, reads it
 * back and compares every exported field. */
static void
round_trip(const struct run *r, const struct expense *x)
{
	struct run_sink sink;
	struct got g;
	struct err e;
	char *jr = fields_json(fields_run, fields_nrun, r, FIELDS_EXPORT, 0);
	char *jx = fields_json(fields_expense, fields_nexpense, x,
	    FIELDS_EXPORT, 0);
	size_t n = strlen(jr) + strlen(jx) + 64, i;
	char *doc = xmalloc(n);

	snprintf(doc, n, "{\"gpulog_export\": 1, \"runs\": [%s], "
	    "\"expenses\": [%s]}", jr, jx);
	memset(&g, 0, sizeof g);
	sink.put = put;
	sink.put_expense = put_expense;
	sink.arg = &g;
	if (!CHECK(json_import_parse(doc, strlen(doc), "t.json", &sink, NULL,
	    &e) == 0)) {
		printf("  %s\n  %s\n", e.msg, doc);
	} else if (CHECK(g.nruns == 1 && g.nx == 1)) {
		for (i = 0; i < fields_nrun; i++)
			if (fields_run[i].name != NULL)
				CHECK(same(&fields_run[i], r, &g.r));
		for (i = 0; i < fields_nexpense; i++)
			if (fields_expense[i].name != NULL)
				CHECK(same(&fields_expense[i], x, &g.x));
	}
	/* Every exported key is in the text. */
	for (i = 0; i < fields_nrun; i++)
		if (fields_run[i].name != NULL) {
			char key[40];

			snprintf(key, sizeof key, "\"%s\": ",
			    fields_run[i].name);
			CHECK(strstr(jr, key) != NULL);
		}
	run_clear(&g.r);
	expense_clear(&g.x);
	free(doc);
	free(jr);
	free(jx);
}

static void
test_round_trip(void)
{
	struct run r;
	struct expense x;

	/* Every field away from its default. */
	run_init(&r);
	r.id = 42;
	snprintf(r.uid, sizeof r.uid, "0123456789abcdef0123456789abcdef");
	snprintf(r.platform, sizeof r.platform, "vast");
	snprintf(r.gpu, sizeof r.gpu, "RTX 4090");
	r.gpus = 2;
	r.start = NOW - 7200;
	r.end = NOW - 1800;
	r.cost_minor = 123;
	snprintf(r.currency, sizeof r.currency, "USD");
	r.rate_micro = 320000;
	r.cu_centi = 1250;
	r.checkpointed = 1;
	r.note = xstrdup("a \"note\"\n\ttabbed \\ \033[31m \xc2\x9b end");
	r.project = xstrdup("vision");
	r.tags = xstrdup("a,b,c");
	snprintf(r.source, sizeof r.source, "kaggle");
	r.source_id = xstrdup("kernel/7");
	r.created = NOW - 1700;
	r.modified = NOW - 60;
	expense_init(&x);
	snprintf(x.uid, sizeof x.uid, "fedcba9876543210fedcba9876543210");
	x.at = NOW - 86400;
	x.modified = NOW - 600;
	snprintf(x.platform, sizeof x.platform, "colab-pro");
	x.amount_minor = 89900;
	snprintf(x.currency, sizeof x.currency, "INR");
	x.note = xstrdup("Colab Pro, December");
	snprintf(x.source, sizeof x.source, "cli");
	x.source_id = xstrdup("spend/1");
	round_trip(&r, &x);
	run_clear(&r);
	expense_clear(&x);

	/* The empty values: an open run, no GPU, no cost, no tags. */
	run_init(&r);
	snprintf(r.uid, sizeof r.uid, "00000000000000000000000000000001");
	snprintf(r.platform, sizeof r.platform, "kaggle");
	r.gpus = 1;
	r.start = NOW - 600;
	r.end = RUN_OPEN;
	r.cu_centi = -1;
	snprintf(r.source, sizeof r.source, "cli");
	r.created = NOW - 600;
	r.modified = NOW - 600;
	expense_init(&x);
	snprintf(x.uid, sizeof x.uid, "00000000000000000000000000000002");
	x.at = NOW;
	x.modified = NOW;
	x.amount_minor = 1;
	snprintf(x.currency, sizeof x.currency, "USD");
	snprintf(x.source, sizeof x.source, "cli");
	round_trip(&r, &x);
	run_clear(&r);
	expense_clear(&x);
}

/* The --json row: compact, its own keys, computed fields at now. */
static void
test_shown(void)
{
	struct run r;
	struct expense x;
	char *j;

	run_init(&r);
	r.id = 7;
	snprintf(r.uid, sizeof r.uid, "u1");
	snprintf(r.platform, sizeof r.platform, "kaggle");
	r.gpus = 2;
	r.start = NOW - 5400;
	r.end = RUN_OPEN;
	r.cu_centi = 190;
	r.tags = xstrdup("x,,y");
	snprintf(r.source, sizeof r.source, "cli");
	r.created = r.modified = NOW;
	j = fields_json(fields_run, fields_nrun, &r, FIELDS_SHOWN, NOW);
	CHECK_EQ_STR(j, "{\"id\":7,\"uid\":\"u1\",\"ref\":\"u1\","
	    "\"platform\":\"kaggle\","
	    "\"gpu\":null,\"gpus\":2,\"start\":\"2026-12-01T10:30:00Z\","
	    "\"end\":null,\"open\":true,\"duration_s\":5400,"
	    "\"gpu_hours\":3.00,\"cost_minor\":0,\"currency\":null,"
	    "\"rate_micro\":0,\"compute_units\":1.90,\"checkpointed\":false,"
	    "\"project\":null,\"tags\":[\"x\",\"y\"],\"note\":null,"
	    "\"source\":\"cli\",\"source_id\":null}");
	free(j);
	j = fields_json(fields_run, fields_nrun, &r, FIELDS_EXPORT, NOW);
	CHECK_EQ_STR(j, "{\"uid\": \"u1\", \"platform\": \"kaggle\", "
	    "\"gpu\": \"\", \"gpus\": 2, \"start\": \"2026-12-01T10:30:00Z\", "
	    "\"end\": null, \"cost_minor\": 0, \"currency\": \"\", "
	    "\"rate_micro\": 0, \"cu_centi\": 190, \"checkpointed\": false, "
	    "\"project\": null, \"tags\": [\"x\", \"y\"], \"note\": null, "
	    "\"source\": \"cli\", \"source_id\": null, "
	    "\"created\": \"2026-12-01T12:00:00Z\", "
	    "\"modified\": \"2026-12-01T12:00:00Z\"}");
	free(j);
	run_clear(&r);

	expense_init(&x);
	x.at = NOW;
	x.modified = NOW;
	x.amount_minor = 500;
	snprintf(x.currency, sizeof x.currency, "USD");
	j = fields_json(fields_expense, fields_nexpense, &x, FIELDS_EXPORT, 0);
	CHECK_EQ_STR(j, "{\"uid\": \"\", \"at\": \"2026-12-01T12:00:00Z\", "
	    "\"platform\": null, \"amount_minor\": 500, \"currency\": \"USD\", "
	    "\"note\": null, \"source\": \"cli\", \"source_id\": null, "
	    "\"kind\": \"spend\", \"units_centi\": null, "
	    "\"modified\": \"2026-12-01T12:00:00Z\"}");
	free(j);
	expense_clear(&x);

	j = fields_json_str("q\"\\\n\x01\x7f\xc2\x85\xe2\x82\xb9");
	CHECK_EQ_STR(j, "\"q\\\"\\\\\\n\\u0001\\u007f\\u0085\xe2\x82\xb9\"");
	free(j);
	j = fields_json_str(NULL);
	CHECK_EQ_STR(j, "null");
	free(j);
	j = fields_json_list(NULL);
	CHECK_EQ_STR(j, "null");
	free(j);
	j = fields_json_list("kaggle,colab-pro");
	CHECK_EQ_STR(j, "[\"kaggle\",\"colab-pro\"]");
	free(j);
	CHECK(fields_find(fields_run, fields_nrun, "cu_centi") != NULL);
	CHECK(fields_find(fields_run, fields_nrun, "open") == NULL);
}

/* A record of every kind an output table writes, for test_table(). */
struct row {
	int rank, yes, group;
	int64_t left, rate, cost, at, none;
	char name[16];
};

static int
has_rate(const void *rec)
{
	return ((const struct row *)rec)->rate > 0;
}

#define AT(f) .off = offsetof(struct row, f), \
	.size = sizeof ((struct row *)0)->f

static const char *const groups[] = { "free", "paid" };

static const struct field sub[] = {
	{ .shown = "left", .csv = "q_left", .kind = FK_SCENTI, AT(left) },
	{ .shown = "at", .csv = "q_at", .kind = FK_TIME, .flags = FF_ZERO_NULL,
	    AT(at) },
};

static const struct field table[] = {
	{ .shown = "rank", .csv = "rank", .kind = FK_INT, AT(rank) },
	{ .shown = "name", .csv = "name", .kind = FK_TEXT, AT(name) },
	{ .shown = "group", .csv = "group", .kind = FK_NAME, AT(group),
	    .names = groups },
	{ .shown = "yes", .csv = "yes", .kind = FK_YESNO, AT(yes) },
	{ .shown = "quota", .kind = FK_OBJECT, .present = has_rate,
	    .sub = sub, .nsub = 2 },
	{ .shown = "rate", .csv = "rate", .kind = FK_MICRO,
	    .flags = FF_ZERO_NULL, AT(rate) },
	{ .shown = "cost_minor", .csv = "cost", .kind = FK_MONEY,
	    .flags = FF_NEG_NULL, AT(cost) },
	{ .shown = "none", .kind = FK_INT64, .flags = FF_ZERO_NULL,
	    AT(none) },
};

/* One table gives a --json row and a --csv line with the same fields:
 * an object flattened into its columns, null as an empty cell, money in
 * minor units in JSON and as a decimal in CSV. */
static void
test_table(void)
{
	struct row r = { 2, 1, 1, -1100, 1150000, 345, NOW, 0, "=a,\"b\"" };
	char *j;

	j = fields_json(table, 8, &r, FIELDS_SPACED, NOW);
	CHECK_EQ_STR(j, "{\"rank\": 2, \"name\": \"=a,\\\"b\\\"\", "
	    "\"group\": \"paid\", \"yes\": true, \"quota\": {\"left\": "
	    "-11.00, \"at\": \"2026-12-01T12:00:00Z\"}, \"rate\": 1.15, "
	    "\"cost_minor\": 345, \"none\": null}");
	free(j);
	j = fields_csv_header(table, 8);
	CHECK_EQ_STR(j, "rank,name,group,yes,q_left,q_at,rate,cost");
	free(j);
	j = fields_csv(table, 8, &r, NOW);
	CHECK_EQ_STR(j, "2,\"'=a,\"\"b\"\"\",paid,yes,-11.00,"
	    "2026-12-01T12:00:00Z,1.15,3.45");
	free(j);
	r.rate = 0;
	r.cost = -1;
	r.yes = 0;
	j = fields_json(table, 8, &r, FIELDS_SHOWN, NOW);
	CHECK_EQ_STR(j, "{\"rank\":2,\"name\":\"=a,\\\"b\\\"\","
	    "\"group\":\"paid\",\"yes\":false,\"quota\":null,"
	    "\"rate\":null,\"cost_minor\":null,\"none\":null}");
	free(j);
	j = fields_csv(table, 8, &r, NOW);
	CHECK_EQ_STR(j, "2,\"'=a,\"\"b\"\"\",paid,no,,,,");
	free(j);
	j = fields_csv_cell("-1\x1b[2J");
	CHECK_EQ_STR(j, "'-1\\x1b[2J");
	free(j);
	j = fields_csv_cell(NULL);
	CHECK_EQ_STR(j, "");
	free(j);
}

int
main(void)
{
	setenv("TZ", "UTC", 1);
	test_round_trip();
	test_shown();
	test_table();
	return t_done();
}
