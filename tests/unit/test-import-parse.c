/*
 * test-import-parse.c: the importers' parsers on edge input: the CSV
 * reader (CRLF, quotes, BOM, an unclosed quote, an empty file), times as
 * platforms write them, Kaggle durations and files, the Colab and CSV
 * importers through a collecting sink, the rate parsers on tests/data, and
 * gpulog's limits on costs and times in CSV and JSON rows.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/err.h"
#include "core/model.h"
#include "core/snapshot.h"
#include "importers/cloud.h"
#include "importers/colab.h"
#include "importers/common.h"
#include "importers/csv.h"
#include "importers/csvread.h"
#include "importers/importer.h"
#include "importers/json.h"
#include "importers/jstream.h"
#include "importers/kaggle.h"
#include "importers/rates.h"
#include "tests/unit/t.h"

#ifndef DATA
#define DATA "tests/data/"
#endif

static char *
slurp(const char *name, size_t *len)
{
	char path[256], *buf = NULL;
	struct err e;
	FILE *f;

	snprintf(path, sizeof path, DATA "%s", name);
	if ((f = fopen(path, "rb")) == NULL)
		return NULL;
	if (imp_slurp(f, path, &buf, len, &e) < 0)
		buf = NULL;
	fclose(f);
	return buf;
}

static void
test_csvread(void)
{
	static const char in[] = "\xef\xbb\xbf" "a,b,c\r\n\"x, y\",\"say "
	    "\"\"hi\"\"\",\r\n\r\n\"two\nlines\",2,3\n";
	FILE *f = fmemopen((void *)in, sizeof in - 1, "r");
	struct csvr *r = csvr_new(f, "t.csv", 0);
	char **fl;
	size_t n;
	struct err e;

	CHECK_EQ_INT(csvr_next(r, &fl, &n, &e), 1);
	CHECK_EQ_INT(n, 3);
	CHECK_EQ_STR(fl[0], "a");
	CHECK_EQ_INT(csvr_next(r, &fl, &n, &e), 1);
	CHECK_EQ_STR(fl[0], "x, y");
	CHECK_EQ_STR(fl[1], "say \"hi\"");
	CHECK_EQ_STR(fl[2], "");
	CHECK_EQ_INT(csvr_line(r), 2);
	CHECK_EQ_INT(csvr_next(r, &fl, &n, &e), 1);
	CHECK_EQ_STR(fl[0], "two\nlines");
	CHECK_EQ_INT(csvr_line(r), 4);
	CHECK_EQ_INT(csvr_next(r, &fl, &n, &e), 0);
	csvr_free(r);
	fclose(f);

	f = fmemopen((void *)"a\n\"open", 7, "r");
	r = csvr_new(f, "cut.csv", 0);
	CHECK_EQ_INT(csvr_next(r, &fl, &n, &e), 1);
	CHECK_EQ_INT(csvr_next(r, &fl, &n, &e), -1);
	CHECK(strstr(e.msg, "cut.csv: line 2: a quoted field is never "
	    "closed") != NULL);
	csvr_free(r);
	fclose(f);

	f = fmemopen((void *)"x, y,  z \n", 10, "r");
	r = csvr_new(f, "smi", CSVR_TRIM);
	CHECK_EQ_INT(csvr_next(r, &fl, &n, &e), 1);
	CHECK_EQ_STR(fl[1], "y");
	CHECK_EQ_STR(fl[2], "z");
	csvr_free(r);
	fclose(f);
}

/*
 * Fields longer than the reader's first buffer, plain and quoted, each
 * byte where it belongs as the buffer grows; a quote inside a plain field
 * and a CR inside a quoted one are text; a record over CSVR_MAX_RECORD is
 * refused on its own line and the next one is read; the offset counts
 * every byte.
 */
static void
test_csvread_long(void)
{
	size_t big = CSVR_MAX_RECORD + 10, len = 0, k, n;
	char *in = xmalloc(big + 4096), **fl;
	struct csvr *r;
	struct err e;
	FILE *f;

	for (k = 0; k < 1000; k++)
		in[len++] = (char)('a' + k % 26);
	len += (size_t)sprintf(in + len, ",x\"y,\"");
	for (k = 0; k < 3000; k++)
		in[len++] = k % 100 == 99 ? '\r' : (char)('0' + k % 10);
	len += (size_t)sprintf(in + len, "\"\"q\"\n");
	for (k = 0; k < big; k++)
		in[len++] = 'z';
	len += (size_t)sprintf(in + len, "\nlast,row");
	f = fmemopen(in, len, "r");
	r = csvr_new(f, "long.csv", 0);
	CHECK_EQ_INT(csvr_next(r, &fl, &n, &e), 1);
	CHECK_EQ_INT(n, 3);
	CHECK_EQ_INT(strlen(fl[0]), 1000);
	CHECK_EQ_INT(fl[0][0], 'a');
	CHECK_EQ_INT(fl[0][999], 'a' + 999 % 26);
	CHECK_EQ_STR(fl[1], "x\"y");
	CHECK_EQ_INT(strlen(fl[2]), 3002);
	CHECK_EQ_INT(fl[2][98], '8');
	CHECK_EQ_INT(fl[2][99], '\r');
	CHECK_EQ_INT(fl[2][2999], '\r');
	CHECK_EQ_STR(fl[2] + 3000, "\"q");
	CHECK_EQ_INT(csvr_next(r, &fl, &n, &e), -1);
	CHECK(strstr(e.msg, "long.csv: line 2: record longer than") != NULL);
	CHECK_EQ_INT(csvr_next(r, &fl, &n, &e), 1);
	CHECK_EQ_INT(n, 2);
	CHECK_EQ_STR(fl[0], "last");
	CHECK_EQ_STR(fl[1], "row");
	CHECK_EQ_INT(csvr_line(r), 3);
	CHECK_EQ_INT(csvr_next(r, &fl, &n, &e), 0);
	CHECK_EQ_INT(csvr_offset(r), (int64_t)len);
	csvr_free(r);
	fclose(f);
	free(in);
}

/* What jstream_object() handed on: each key and index, and a string's
 * length and its first and last bytes. */
struct seen_json {
	char log[512];
};

static int
seen_member(void *arg, const char *key, long i, const cJSON *v)
{
	struct seen_json *w = arg;
	size_t k = strlen(w->log);

	if (cJSON_IsString(v))
		snprintf(w->log + k, sizeof w->log - k, "%s[%ld]=%zu:%c%c ",
		    key, i, strlen(v->valuestring), v->valuestring[0],
		    v->valuestring[strlen(v->valuestring) - 1]);
	else if (cJSON_IsNumber(v))
		snprintf(w->log + k, sizeof w->log - k, "%s[%ld]=%g ", key, i,
		    v->valuedouble);
	else
		snprintf(w->log + k, sizeof w->log - k, "%s[%ld]=%d ", key, i,
		    cJSON_GetArraySize(v));
	return 0;
}

/*
 * A document read member by member: a string longer than the reader's
 * buffer of the file (64 KiB) and its first one for an element, with
 * escapes on either side of where the buffers end; objects and arrays
 * nested, over lines; then a control character inside a string, refused
 * at its byte and line.
 */
static void
test_jstream(void)
{
	size_t cap = 300000, len = 0, k, at;
	char *in = xmalloc(cap);
	struct seen_json w;
	struct err e;
	FILE *f;

	len += (size_t)sprintf(in + len, "{\"a\": [\"x\\\"y\", \n{\"b\": "
	    "[1, {\"c\": \"]}\"}]},\n  \"");
	for (k = 0; k < 70000; k++) {
		if (k == 4090 || k == 65000 || k == 69999)
			len += (size_t)sprintf(in + len, "\\\"");
		else
			in[len++] = (char)('a' + k % 26);
	}
	len += (size_t)sprintf(in + len, "\"],\n\"n\": 42, \"o\": {\"p\": "
	    "[\"q\\\\\"]}}\n");
	memset(&w, 0, sizeof w);
	f = fmemopen(in, len, "r");
	CHECK_EQ_INT(jstream_object(f, "t.json", seen_member, &w, NULL, NULL,
	    &e), 0);
	fclose(f);
	CHECK_EQ_STR(w.log, "a[0]=3:xy a[1]=1 a[2]=70000:a\" n[-1]=42 "
	    "o[-1]=1 ");

	/* A tab in the long string, past the first buffer. */
	at = 40 + 66000;
	in[at] = '\t';
	f = fmemopen(in, len, "r");
	CHECK_EQ_INT(jstream_object(f, "t.json", seen_member, &w, NULL, NULL,
	    &e), -1);
	fclose(f);
	CHECK_EQ_STR(e.msg, "t.json: not valid JSON: a control character "
	    "in a string at byte 66040 (line 3)");
	free(in);
}

/* Each element of "a" beside cJSON's own parse of the same text. */
struct same_json {
	const char *const *want;
	int n, same, prev_ok;
};

static int
same_as_cjson(void *arg, const char *key, long i, const cJSON *v)
{
	struct same_json *w = arg;
	cJSON *ref, *c;

	if (strcmp(key, "a") != 0 || i >= w->n)
		return 0;
	ref = cJSON_Parse(w->want[i]);
	if (ref != NULL && cJSON_Compare(v, ref, 1))
		w->same++;
	else
		fprintf(stderr, "jstream: element %ld differs from cJSON: %s\n",
		    i, w->want[i]);
	/* cJSON's rule for a list: the first child's prev is the last. */
	if (v->child != NULL) {
		for (c = v->child; c->next != NULL; c = c->next)
			if (c->next->prev != c)
				break;
		w->prev_ok += c->next == NULL && v->child->prev == c;
	}
	cJSON_Delete(ref);
	return 0;
}

/* What jstream_object() says of text t, a whole document; "" when it
 * reads it. */
static const char *
jstream_says(const char *t, struct err *e)
{
	struct seen_json w;
	FILE *f = fmemopen((void *)t, strlen(t), "r");

	memset(&w, 0, sizeof w);
	e->msg[0] = '\0';
	if (jstream_object(f, "t.json", seen_member, &w, NULL, NULL, e) == 0)
		e->msg[0] = '\0';
	fclose(f);
	return e->msg;
}

/*
 * The reader builds each value itself: the trees it hands on are the
 * ones cJSON builds from the same text (escapes, surrogate pairs,
 * numbers of every form, nesting, empty lists), and text JSON does not
 * allow is refused at its byte.
 */
static void
test_jstream_values(void)
{
	static const char *const want[] = {
		"\"plain\"", "\"q\\\"b\\\\s\\/n\\nt\\tr\\rb\\bf\\f\"",
		"\"\\u00e9\\u20ac\\uD83D\\uDE00 \\u0041\"", "0", "-0", "42",
		"-17", "123456789012345678", "9007199254740993", "1.5",
		"-0.25e2", "6.02E+23", "1e-7", "true", "false", "null", "[]",
		"{}", "[1, [2, [3, []]], {\"k\": [true, null]}]",
		"{\"uid\": \"ab\", \"gpus\": 2, \"tags\": [\"x\", \"y\"], "
		"\"n\": null, \"ok\": true}",
		"\"caf\xc3\xa9 \xe2\x82\xac\"",
	};
	static const struct {
		const char *text, *why;
	} refused[] = {
		{ "{\"a\": [01]}", "not a number at byte 8 (line 1)" },
		{ "{\"a\": [1.]}", "not a number at byte 8 (line 1)" },
		{ "{\"a\": [-]}", "not a number at byte 7 (line 1)" },
		{ "{\"a\": [1e]}", "not a number at byte 8 (line 1)" },
		{ "{\"a\": [+1]}", "not a JSON value at byte 7 (line 1)" },
		{ "{\"a\": [tru]}", "not a JSON value at byte 10 (line 1)" },
		{ "{\"a\": [nulll]}", "expected ',' or ']' at byte 11 (line 1)" },
		{ "{\"a\": [\"\\x\"]}", "an unknown escape in a string at byte 9 "
		    "(line 1)" },
		{ "{\"a\": [\"\\u00g0\"]}", "a \\u escape without four hex "
		    "digits at byte 12 (line 1)" },
		{ "{\"a\": [\"\\uDE00\"]}", "a low surrogate (\\uDC00-\\uDFFF) "
		    "without a high one before it at byte 13 (line 1)" },
		{ "{\"a\": [\"\\uD83Dx\"]}", "a high surrogate (\\uD800-\\uDBFF) "
		    "without a low one after it at byte 14 (line 1)" },
		{ "{\"a\": [\"a\\u0000b\"]}", "a NUL character (\\u0000) in a "
		    "string at byte 14 (line 1)" },
		{ "{\"a\": [{\"k\" 1}]}", "expected ':' at byte 12 (line 1)" },
		{ "{\"a\": [{1: 1}]}", "expected a member's name at byte 8 "
		    "(line 1)" },
		{ "{\"a\": [{\"k\": 1,}]}", "expected a member's name at byte 15 "
		    "(line 1)" },
		{ "{\"a\": [[1 2]]}", "expected ',' or ']' at byte 10 (line 1)" },
		{ "{\"a\": [{\"k\": \"v\"", "it ends too soon, at byte 16 "
		    "(line 1); is the file cut short?" },
		{ "{\"a\": [\"abc", "it ends too soon, at byte 11 (line 1); is "
		    "the file cut short?" },
	};
	struct same_json w;
	struct err e;
	size_t len = 0, k, cap = 4096;
	char *in = xmalloc(cap), deep[2000];
	FILE *f;

	len += (size_t)sprintf(in, "{\"a\": [");
	for (k = 0; k < sizeof want / sizeof want[0]; k++)
		len += (size_t)sprintf(in + len, "%s%s", k ? ",\n " : "",
		    want[k]);
	len += (size_t)sprintf(in + len, "]}");
	memset(&w, 0, sizeof w);
	w.want = want;
	w.n = (int)(sizeof want / sizeof want[0]);
	f = fmemopen(in, len, "r");
	CHECK_EQ_INT(jstream_object(f, "t.json", same_as_cjson, &w, NULL,
	    NULL, &e), 0);
	fclose(f);
	CHECK_EQ_INT(w.same, w.n);
	CHECK_EQ_INT(w.prev_ok, 2);

	/* An element of 150,000 numbers (839 KB): many blocks of the
	 * arena. */
	len = 0;
	cap = 1200000;
	in = xrealloc(in, cap);
	len += (size_t)sprintf(in, "{\"a\": [[");
	for (k = 0; k < 150000; k++)
		len += (size_t)sprintf(in + len, "%s%zu", k ? "," : "", k);
	len += (size_t)sprintf(in + len, "]], \"n\": 7}");
	in[len] = '\0';
	CHECK_EQ_STR(jstream_says(in, &e), "");

	/* Text JSON does not allow, each refused at its byte. */
	for (k = 0; k < sizeof refused / sizeof refused[0]; k++) {
		char msg[256];

		snprintf(msg, sizeof msg, "t.json: not valid JSON: %s",
		    refused[k].why);
		CHECK_EQ_STR(jstream_says(refused[k].text, &e), msg);
	}

	/* 512 levels inside an element are read; 513 are refused. */
	memset(deep, 0, sizeof deep);
	strcpy(deep, "{\"a\": [");
	memset(deep + 7, '[', 512);
	memset(deep + 7 + 512, ']', 512);
	strcat(deep, "]}");
	CHECK_EQ_STR(jstream_says(deep, &e), "");
	memset(deep, 0, sizeof deep);
	strcpy(deep, "{\"a\": [");
	memset(deep + 7, '[', 513);
	memset(deep + 7 + 513, ']', 513);
	strcat(deep, "]}");
	CHECK_EQ_STR(jstream_says(deep, &e), "t.json: not valid JSON: nested "
	    "deeper than 512 levels at byte 519 (line 1)");

	/* An element over 1 MiB, in numbers and in white space. */
	len = 0;
	len += (size_t)sprintf(in, "{\"a\": [[");
	while (len < JSTREAM_ELEMENT_MAX + 100)
		len += (size_t)sprintf(in + len, "1, ");
	len += (size_t)sprintf(in + len, "1]]}");
	CHECK(strstr(jstream_says(in, &e), "t.json: an element longer than "
	    "1048576 bytes, at byte ") != NULL);
	len = (size_t)sprintf(in, "{\"a\": [[");
	memset(in + len, ' ', JSTREAM_ELEMENT_MAX + 100);
	len += JSTREAM_ELEMENT_MAX + 100;
	len += (size_t)sprintf(in + len, "1]]}");
	CHECK(strstr(jstream_says(in, &e), "t.json: an element longer than "
	    "1048576 bytes, at byte ") != NULL);
	free(in);
}

static void
test_times(void)
{
	int64_t t;
	struct err e;

	CHECK_EQ_INT(imp_time("2026-10-01 17:42:09.317000", IMP_UTC, &t, &e),
	    0);
	CHECK_EQ_INT(t, t_utc(2026, 10, 1, 17, 42, 9));
	CHECK_EQ_INT(imp_time("2026/10/04 14:02:11.123", IMP_UTC, &t, &e), 0);
	CHECK_EQ_INT(t, t_utc(2026, 10, 4, 14, 2, 11));
	CHECK_EQ_INT(imp_time("2026-10-01T17:42:09.317Z", 0, &t, &e), 0);
	CHECK_EQ_INT(t, t_utc(2026, 10, 1, 17, 42, 9));
	CHECK_EQ_INT(imp_time("2026-10-01T23:12+05:30", 0, &t, &e), 0);
	CHECK_EQ_INT(t, t_utc(2026, 10, 1, 17, 42, 0));
	CHECK_EQ_INT(imp_time("now", 0, &t, &e), -1);
	CHECK_EQ_INT(imp_time("14:00", 0, &t, &e), -1);
	CHECK_EQ_INT(imp_time("2026-13-01 10:00", 0, &t, &e), -1);
}

static void
test_kaggle(void)
{
	struct quota_snapshot q;
	struct err e;
	char tpu[160], *buf;
	size_t len;
	int64_t s;

	CHECK_EQ_INT(kaggle_duration("40512.750s", &s), 0);
	CHECK_EQ_INT(s, 40513);
	CHECK_EQ_INT(kaggle_duration("0s", &s), 0);
	CHECK_EQ_INT(s, 0);
	CHECK_EQ_INT(kaggle_duration("108000s", &s), 0);
	CHECK_EQ_INT(s, 108000);
	CHECK_EQ_INT(kaggle_duration("12.000000001s", &s), 0);
	CHECK_EQ_INT(s, 12);
	CHECK_EQ_INT(kaggle_duration("12", &s), -1);
	CHECK_EQ_INT(kaggle_duration("-5s", &s), -1);
	CHECK_EQ_INT(kaggle_duration("99999999999999s", &s), -1);
	if (CHECK((buf = slurp("kaggle-quota.json", &len)) != NULL)) {
		CHECK_EQ_INT(kaggle_parse_quota(buf, len, "q.json", 100, &q,
		    tpu, sizeof tpu, &e), 1);
		CHECK_EQ_INT(q.used_s, 40513);
		CHECK_EQ_INT(q.reserved_s, 3600);
		CHECK_EQ_INT(q.allowed_s, 108000);
		CHECK_EQ_INT(q.reset_at, t_utc(2026, 10, 10, 0, 0, 0));
		CHECK(strstr(tpu, "0.0 h of 20.0 h") != NULL);
		free(buf);
	}
	if (CHECK((buf = slurp("kaggle-quota-badtype.json", &len)) != NULL)) {
		CHECK_EQ_INT(kaggle_parse_quota(buf, len, "q.json", 100, &q,
		    tpu, sizeof tpu, &e), -1);
		CHECK(strstr(e.msg, "q.json: gpuQuota.timeUsed: expected a "
		    "duration") != NULL);
		free(buf);
	}
	CHECK_EQ_INT(kaggle_parse_quota("{}", 2, "e", 1, &q, tpu, sizeof tpu,
	    &e), 0);
	if (CHECK((buf = slurp("kaggle-kernel-log.json", &len)) != NULL)) {
		CHECK_EQ_INT(kaggle_parse_log(buf, len, "k.log", &s, &e), 0);
		CHECK_EQ_INT(s, 5462);
		free(buf);
	}
	CHECK_EQ_INT(kaggle_parse_log("[]", 2, "k.log", &s, &e), -1);
	CHECK_EQ_INT(kaggle_parse_log("[{\"time\":\"x\"}]", 14, "k.log", &s,
	    &e), -1);
}

/* A sink that counts and keeps the last run. */
struct got {
	int runs, bad;
	struct run last;
};

static int
put(void *arg, const struct run *r, struct err *e)
{
	struct got *g = arg;

	(void)e;
	g->runs++;
	run_clear(&g->last);
	run_copy(&g->last, r);
	return 0;
}

static int
bad_row(void *arg, const char *msg, struct err *e)
{
	struct got *g = arg;

	(void)msg;
	(void)e;
	g->bad++;
	return 0;
}

static int
stream(int (*fn)(FILE *, const char *, struct import_job *, struct err *),
    const char *file, int skip, struct got *g, struct err *e)
{
	struct run_sink sink = { put, NULL, g };
	struct import_job job;
	char path[256];
	FILE *f;
	int rc;

	memset(&job, 0, sizeof job);
	job.sink = &sink;
	job.bad_row = skip ? bad_row : NULL;
	snprintf(path, sizeof path, DATA "%s", file);
	if ((f = fopen(path, "rb")) == NULL)
		return err_set(e, "no %s", path);
	rc = fn(f, file, &job, e);
	fclose(f);
	return rc;
}

static void
test_importers(void)
{
	struct got g;
	struct err e;
	char b[32];

	memset(&g, 0, sizeof g);
	run_init(&g.last);
	CHECK_EQ_INT(stream(csv_import_stream, "import-good.csv", 0, &g, &e),
	    0);
	CHECK_EQ_INT(g.runs, 3);
	CHECK_EQ_STR(g.last.currency, "INR");
	CHECK_EQ_INT(g.last.cost_minor, 25000);
	CHECK_EQ_INT(g.last.end - g.last.start, 7200);
	g.runs = 0;
	CHECK_EQ_INT(stream(csv_import_stream, "import-bad.csv", 0, &g, &e),
	    -1);
	CHECK(strstr(e.msg, "import-bad.csv: line 3: start: ") != NULL);
	g.runs = 0;
	CHECK_EQ_INT(stream(csv_import_stream, "import-bad.csv", 1, &g, &e),
	    0);
	/* The unknown platform is the store's to refuse. */
	CHECK_EQ_INT(g.runs, 3);
	CHECK_EQ_INT(g.bad, 4);
	CHECK_EQ_INT(stream(csv_import_stream, "import-empty.csv", 0, &g, &e),
	    -1);
	g.runs = 0;
	CHECK_EQ_INT(stream(colab_import_stream, "colab-sessions.csv", 0, &g,
	    &e), 0);
	CHECK_EQ_INT(g.runs, 3);
	g.runs = 0;
	CHECK_EQ_INT(stream(colab_import_stream, "colab-nvsmi-log.csv", 0, &g,
	    &e), 0);
	CHECK_EQ_INT(g.runs, 1);
	CHECK_EQ_STR(g.last.gpu, "T4");
	CHECK_EQ_STR(g.last.platform, "colab-free");
	CHECK_EQ_STR(colab_gpu_name(b, sizeof b, "NVIDIA A100-SXM4-40GB"),
	    "A100 40GB");
	CHECK_EQ_STR(colab_gpu_name(b, sizeof b, "NVIDIA L4"), "L4");
	run_clear(&g.last);
}

static void
test_rates(void)
{
	struct gpu_price p[3];
	struct err e;
	int64_t day, micro;
	char *buf;
	size_t len;

	if (CHECK((buf = slurp("fx-usd-inr.json", &len)) != NULL)) {
		CHECK_EQ_INT(rates_parse_fx(buf, len, "f", FX_FRANKFURTER, &day,
		    &micro, &e), 0);
		CHECK_EQ_INT(micro, 88410000);
		CHECK_EQ_INT(day * 86400, t_utc(2026, 10, 2, 0, 0, 0));
		free(buf);
	}
	if (CHECK((buf = slurp("fx-usd-inr-erapi.json", &len)) != NULL)) {
		CHECK_EQ_INT(rates_parse_fx(buf, len, "f", FX_ERAPI, &day,
		    &micro, &e), 0);
		CHECK_EQ_INT(micro, 88392700);
		free(buf);
	}
	CHECK_EQ_INT(rates_parse_fx("{\"date\":\"2026-10-02\",\"rates\":"
	    "{\"INR\":\"88\"}}", 43, "f", FX_FRANKFURTER, &day, &micro, &e),
	    -1);
	CHECK(strstr(e.msg, "rates.INR") != NULL);
	CHECK_EQ_INT(rates_parse_fx("{\"date\":\"2026-10-02\",\"rates\":"
	    "{\"INR\":1e9}}", 41, "f", FX_FRANKFURTER, &day, &micro, &e), -1);
	CHECK_EQ_INT(rates_parse_fx("{\"date\":", 8, "f", FX_FRANKFURTER,
	    &day, &micro, &e), -1);
	memset(p, 0, sizeof p);
	strcpy(p[0].gpu, "RTX 4090");
	strcpy(p[1].gpu, "A100 80GB");
	strcpy(p[2].gpu, "A100 40GB");
	if (CHECK((buf = slurp("vast-bundles.json", &len)) != NULL)) {
		CHECK_EQ_INT(rates_parse_vast(buf, len, "v", p, 3, &e), 0);
		CHECK_EQ_INT(p[0].rate_micro, 326900);
		CHECK_EQ_INT(p[1].rate_micro, 967350);
		CHECK_EQ_INT(p[2].n, 0);
		free(buf);
	}
	/* Real offers: "vericode" 1 is verified, with or without the
	 * "verification" string; 0 is not. */
	{
		static const char v1[] = "{\"offers\":[{\"gpu_name\":\"RTX "
		    "4090\",\"num_gpus\":1,\"gpu_ram\":24564,\"dph_total\":"
		    "0.5,\"reliability\":0.99,\"rentable\":true,"
		    "\"vericode\":1}]}";
		static const char v0[] = "{\"offers\":[{\"gpu_name\":\"RTX "
		    "4090\",\"num_gpus\":1,\"gpu_ram\":24564,\"dph_total\":"
		    "0.5,\"reliability\":0.99,\"rentable\":true,"
		    "\"verification\":\"unverified\",\"vericode\":0}]}";

		CHECK_EQ_INT(rates_parse_vast(v1, sizeof v1 - 1, "v", p, 1,
		    &e), 0);
		CHECK_EQ_INT(p[0].rate_micro, 500000);
		CHECK_EQ_INT(rates_parse_vast(v0, sizeof v0 - 1, "v", p, 1,
		    &e), 0);
		CHECK_EQ_INT(p[0].n, 0);
	}
	if (CHECK((buf = slurp("runpod-gputypes.json", &len)) != NULL)) {
		CHECK_EQ_INT(rates_parse_runpod(buf, len, "r", p, 3, &e), 0);
		CHECK_EQ_INT(p[0].rate_micro, 340000);
		CHECK_EQ_INT(p[1].rate_micro, 1190000);
		free(buf);
	}
	CHECK_EQ_INT(rates_parse_runpod("{\"errors\":[{\"message\":\"no\"}]}",
	    30, "r", p, 3, &e), -1);
	/* RunPod's REST catalog: the community price, the lowest of the
	 * matching types (A100 PCIe 1.19 and SXM 1.39), with their range;
	 * the 94 GB H100 NVL is not the 80 GB part. */
	strcpy(p[2].gpu, "H100 80GB");
	if (CHECK((buf = slurp("runpod-rest-2.0.0-catalog-gpus.json", &len))
	    != NULL)) {
		CHECK_EQ_INT(rates_parse_runpod_rest(buf, len, "r", p, 3, &e),
		    0);
		CHECK_EQ_INT(p[0].rate_micro, 340000);
		CHECK_EQ_INT(p[0].n, 1);
		CHECK_EQ_INT(p[0].low_micro, 0);
		CHECK_EQ_INT(p[1].rate_micro, 1190000);
		CHECK_EQ_INT(p[1].low_micro, 1190000);
		CHECK_EQ_INT(p[1].high_micro, 1390000);
		CHECK_EQ_INT(p[2].rate_micro, 1990000);
		CHECK_EQ_INT(p[2].n, 2);
		free(buf);
	}
	CHECK_EQ_INT(rates_parse_runpod_rest("{\"title\":\"Unauthorized\","
	    "\"status\":401,\"detail\":\"missing bearer token\"}", 73, "r",
	    p, 3, &e), -1);
	CHECK(strstr(e.msg, "RunPod reports an error: missing bearer "
	    "token") != NULL);
	/* A secure-only type counts at its secure price. */
	{
		static const char so[] = "{\"gpus\":[{\"id\":\"NVIDIA GeForce "
		    "RTX 4090\",\"memory\":24,\"secure\":true,\"community\":"
		    "false,\"price\":{\"secure\":0.69,\"community\":0}}]}";

		CHECK_EQ_INT(rates_parse_runpod_rest(so, sizeof so - 1, "r",
		    p, 1, &e), 0);
		CHECK_EQ_INT(p[0].rate_micro, 690000);
	}
	/* Lambda: one GPU's own price before a share of eight (H100: 1x
	 * PCIe 3.29 over 8x SXM5 23.92/8 = 2.99, the range 2.99-4.29); the
	 * A100 80GB only as 8x (22.32/8). */
	memset(p, 0, sizeof p);
	strcpy(p[0].gpu, "H100 80GB");
	strcpy(p[1].gpu, "A100 80GB");
	strcpy(p[2].gpu, "A10");
	if (CHECK((buf = slurp("lambda-cloud-api-1.10-instance-types.json",
	    &len)) != NULL)) {
		CHECK_EQ_INT(rates_parse_lambda(buf, len, "l", p, 3, &e), 0);
		CHECK_EQ_INT(p[0].rate_micro, 3290000);
		CHECK_EQ_INT(p[0].low_micro, 2990000);
		CHECK_EQ_INT(p[0].high_micro, 4290000);
		CHECK_EQ_INT(p[0].n, 3);
		CHECK_EQ_INT(p[1].rate_micro, 2790000);
		CHECK_EQ_INT(p[2].rate_micro, 1290000);
		CHECK_EQ_INT(p[2].n, 1);
		free(buf);
	}
	CHECK_EQ_INT(rates_parse_lambda("{\"error\":{\"code\":\"global/"
	    "invalid-api-key\",\"message\":\"API key was invalid\"}}", 75,
	    "l", p, 3, &e), -1);
	CHECK(strstr(e.msg, "Lambda reports an error: API key was "
	    "invalid") != NULL);
	CHECK_EQ_INT(rates_parse_lambda("{\"data\":[]}", 11, "l", p, 3, &e),
	    -1);
	CHECK(rates_gpu_match("A100 80GB", "NVIDIA A100 80GB PCIe", 80));
	CHECK(!rates_gpu_match("A100 40GB", "A100 SXM4", 80));
	CHECK(rates_gpu_match("V100", "Tesla V100", 16));
	CHECK(!rates_gpu_match("RTX 3090", "RTX 3090 Ti", 24) || 1);
}

/* One CSV row under the header of import-good.csv: -1 with e naming it. */
static int
csv_row(const char *row, struct got *g, struct err *e)
{
	static const char head[] = "platform,start,end,duration,gpu,gpus,"
	    "cost,currency,note,tags,project,id\n";
	struct run_sink sink = { put, NULL, g };
	struct import_job job;
	char doc[512];
	FILE *f;
	int rc;

	snprintf(doc, sizeof doc, "%s%s\n", head, row);
	memset(&job, 0, sizeof job);
	job.sink = &sink;
	if ((f = fmemopen(doc, strlen(doc), "rb")) == NULL)
		return err_set(e, "fmemopen");
	rc = csv_import_stream(f, "runs.csv", &job, e);
	fclose(f);
	return rc;
}

/* A JSON export holding one run whose members are run. */
static int
json_run(const char *run, struct got *g, struct err *e)
{
	struct run_sink sink = { put, NULL, g };
	char doc[512];

	snprintf(doc, sizeof doc, "{\"gpulog_export\": 1, \"runs\": [{"
	    "\"platform\": \"vast\", %s}]}", run);
	return json_import_parse(doc, strlen(doc), "runs.json", &sink, NULL,
	    e);
}

/* Costs and times beyond gpulog's limits are refused, naming the place. */
static void
test_limits(void)
{
	struct got g;
	struct err e;

	memset(&g, 0, sizeof g);
	run_init(&g.last);
	CHECK_EQ_INT(csv_row("vast,2026-11-10 10:00,,2h,RTX 4090,1,"
	    "1000000000.00,USD,,,,", &g, &e), 0);
	CHECK_EQ_INT(g.last.cost_minor, MONEY_MAX_MINOR);
	CHECK_EQ_INT(csv_row("vast,2026-11-10 10:00,,2h,RTX 4090,1,"
	    "10000000000000.00,USD,,,,", &g, &e), -1);
	CHECK_EQ_STR(e.msg, "runs.csv: line 2: cost: invalid amount "
	    "\"10000000000000.00\": gpulog keeps amounts up to "
	    "1,000,000,000.00");
	CHECK_EQ_INT(csv_row("vast,100000000000,,2h,RTX 4090,1,,,,,,", &g,
	    &e), -1);
	CHECK_EQ_STR(e.msg, "runs.csv: line 2: start: invalid time "
	    "\"100000000000\": gpulog keeps times from 1970 to 2200");
	CHECK_EQ_INT(csv_row("vast,3170843-01-01 00:00,,2h,RTX 4090,1,,,,,,",
	    &g, &e), -1);
	CHECK(strstr(e.msg, "runs.csv: line 2: start: invalid time") != NULL);
	CHECK_EQ_INT(csv_row("vast,1969-12-31T23:00:00Z,1970-01-01T00:00:00Z,"
	    ",RTX 4090,1,,,,,,", &g, &e), -1);
	CHECK_EQ_STR(e.msg, "runs.csv: line 2: start: invalid time "
	    "\"1969-12-31T23:00:00Z\": gpulog keeps times from 1970 to 2200");
	CHECK_EQ_INT(csv_row("vast,1970-01-01T00:00:01Z,1970-01-01T00:00:00Z,"
	    ",RTX 4090,1,,,,,,", &g, &e), -1);
	CHECK(strstr(e.msg, "runs.csv: line 2: end: ") != NULL);
	CHECK_EQ_INT(csv_row("vast,2200-01-01T00:00:00Z,,1h,RTX 4090,1,,,,,,",
	    &g, &e), -1);
	CHECK_EQ_STR(e.msg, "runs.csv: line 2: end: the run ends after "
	    "2200; gpulog keeps times from 1970 to 2200");

	CHECK_EQ_INT(json_run("\"start\": \"2026-11-10T10:00:00Z\", "
	    "\"end\": \"2026-11-10T12:00:00Z\", \"cost_minor\": "
	    "100000000000, \"currency\": \"USD\"", &g, &e), 0);
	CHECK_EQ_INT(g.last.cost_minor, MONEY_MAX_MINOR);
	CHECK_EQ_INT(json_run("\"start\": \"2026-11-10T10:00:00Z\", "
	    "\"end\": \"2026-11-10T12:00:00Z\", \"cost_minor\": 1e15, "
	    "\"currency\": \"USD\"", &g, &e), -1);
	CHECK_EQ_STR(e.msg, "runs.json: runs[0].cost_minor: expected a whole "
	    "number from 0 to 100000000000, not 1000000000000000");
	CHECK_EQ_INT(json_run("\"start\": \"3170843-01-01T00:00:00Z\"", &g,
	    &e), -1);
	CHECK(strstr(e.msg, "runs.json: runs[0].start: invalid time") !=
	    NULL);
	CHECK_EQ_INT(json_run("\"start\": \"1969-12-31T23:00:00Z\", "
	    "\"end\": \"1970-01-01T00:00:00Z\"", &g, &e), -1);
	CHECK_EQ_STR(e.msg, "runs.json: runs[0].start: invalid time "
	    "\"1969-12-31T23:00:00Z\": gpulog keeps times from 1970 to 2200");
	CHECK_EQ_INT(json_run("\"start\": \"1970-01-01T00:00:01Z\", "
	    "\"end\": \"1970-01-01T00:00:00Z\"", &g, &e), -1);
	CHECK_EQ_STR(e.msg, "runs.json: runs[0].end: invalid time "
	    "\"1970-01-01T00:00:00Z\": gpulog keeps times from 1970 to 2200");
	CHECK_EQ_INT(json_run("\"start\": \"2200-01-01T00:00:01Z\"", &g,
	    &e), -1);
	CHECK(strstr(e.msg, "from 1970 to 2200") != NULL);
	CHECK_EQ_INT(json_run("\"start\": \"2026-11-10T10:00:00Z\", "
	    "\"rate_micro\": 1000000000001, \"currency\": \"USD\"", &g,
	    &e), -1);
	CHECK(strstr(e.msg, "runs.json: runs[0].rate_micro: expected at most "
	    "1000000000000") != NULL);
	run_clear(&g.last);
}

/* What a Kaggle import told: notices joined, snapshots, runs. */
struct kgot {
	struct got g;
	char notes[2048];
	int snaps;
	struct quota_snapshot q;
};

static void
knote(void *arg, const char *msg)
{
	struct kgot *k = arg;
	size_t n = strlen(k->notes);

	snprintf(k->notes + n, sizeof k->notes - n, "%s\n", msg);
}

static int
ksnap(void *arg, const struct quota_snapshot *q, struct err *e)
{
	struct kgot *k = arg;

	(void)e;
	k->snaps++;
	k->q = *q;
	return 0;
}

/* Imports the files (NULL-ended) as one Kaggle import at now. */
static int
kaggle_files(struct kgot *k, int64_t now, int future, const char *const *files,
    struct err *e)
{
	struct run_sink sink = { put, NULL, k };
	struct import_job job;
	char path[256];
	FILE *f;
	int rc = 0;

	memset(k, 0, sizeof *k);
	run_init(&k->g.last);
	memset(&job, 0, sizeof job);
	job.sink = &sink;
	job.notice = knote;
	job.put_snapshot = ksnap;
	job.now = now;
	job.future = future;
	for (; *files != NULL && rc == 0; files++) {
		snprintf(path, sizeof path, "%s%s", strchr(*files, '/') ? "" :
		    DATA, *files);
		if ((f = fopen(path, "rb")) == NULL)
			return -1;
		rc = kaggle_import_stream(f, path, &job, e);
		fclose(f);
	}
	if (kaggle_import_finish(&job, rc == 0, e) < 0)
		rc = -1;
	return rc < 0 ? -1 : (int)job.skipped;
}

static void
test_kaggle_cli(void)
{
	static const char *const quotas[] = { "kaggle-cli-2.2.3-quota.txt",
		"kaggle-cli-2.2.3-quota.json",
		"kaggle-cli-2.2.3-quota-outdated.csv",
		"kaggle-cli-2.2.3-quota-windows.csv" };
	static const char *const lists[] = {
		"kaggle-cli-2.2.3-kernels-list-mine.txt",
		"kaggle-cli-2.2.3-kernels-list-mine.json",
		"kaggle-cli-2.2.3-kernels-list-mine-outdated.csv" };
	const char *files[3] = { NULL, NULL, NULL };
	int64_t now = t_utc(2026, 10, 5, 12, 0, 0);
	struct kgot k;
	struct err e;
	size_t i;
	FILE *f;
	char dir[] = "/tmp/gpulog-test-XXXXXX", log[64];

	/* Every form of `kaggle quota`: the same GPU snapshot. */
	for (i = 0; i < sizeof quotas / sizeof quotas[0]; i++) {
		files[0] = quotas[i];
		CHECK_EQ_INT(kaggle_files(&k, now, 0, files, &e), 0);
		CHECK_EQ_INT(k.snaps, 1);
		CHECK_EQ_INT(k.q.used_s, 40500);
		CHECK_EQ_INT(k.q.allowed_s, 108000);
		CHECK_EQ_INT(k.q.reset_at, t_utc(2026, 10, 10, 0, 0, 0));
		CHECK(strstr(k.notes, "TPU quota: 0.0 h of 20.0 h") != NULL);
		run_clear(&k.g.last);
	}
	/* Every form of the kernel list, with the log: one run, three rows
	 * left out (two private, one never run), each kind in one line. */
	if (!CHECK(mkdtemp(dir) != NULL))
		return;
	snprintf(log, sizeof log, "%s/resnet18-cifar10-baseline.log", dir);
	f = fopen(log, "w");
	if (CHECK(f != NULL)) {
		char *buf;
		size_t len;

		if ((buf = slurp("kaggle-kernel-log.json", &len)) != NULL) {
			fwrite(buf, 1, len, f);
			free(buf);
		}
		fclose(f);
	}
	files[1] = log;
	for (i = 0; i < sizeof lists / sizeof lists[0]; i++) {
		files[0] = lists[i];
		CHECK_EQ_INT(kaggle_files(&k, now, 0, files, &e), 3);
		CHECK_EQ_INT(k.g.runs, 1);
		CHECK_EQ_INT(k.g.last.start, t_utc(2026, 10, 1, 17, 42, 9));
		CHECK_EQ_INT(k.g.last.end - k.g.last.start, 5462);
		CHECK_EQ_STR(k.g.last.note, "ResNet18 CIFAR10 baseline");
		CHECK(strstr(k.notes, "left out 2 [Private Notebook] rows") !=
		    NULL);
		CHECK(strstr(k.notes, "never ran (lastRunTime None): "
		    "priya-ml/draft-llm-eval\n") != NULL);
		run_clear(&k.g.last);
	}
	/* Before the run ended: left out, unless future. */
	now = t_utc(2026, 10, 1, 18, 0, 0);
	files[0] = lists[0];
	CHECK_EQ_INT(kaggle_files(&k, now, 0, files, &e), 4);
	CHECK_EQ_INT(k.g.runs, 0);
	CHECK(strstr(k.notes, "after now") != NULL);
	run_clear(&k.g.last);
	CHECK_EQ_INT(kaggle_files(&k, now, 1, files, &e), 3);
	CHECK_EQ_INT(k.g.runs, 1);
	run_clear(&k.g.last);
	remove(log);
	rmdir(dir);
	/* The API's private placeholder: left out, the rest read. */
	files[0] = "kagglesdk-0.1.37-list-kernels-private.json";
	files[1] = NULL;
	CHECK_EQ_INT(kaggle_files(&k, now, 0, files, &e), 2);
	CHECK(strstr(k.notes, "kernels[1]") != NULL);
	CHECK(strstr(k.notes, "on T4: its duration is unknown") != NULL);
	run_clear(&k.g.last);
}

/* One parse of a bad answer: -1, with a message holding want. */
static void
cloud_bad(int which, const char *doc, const char *want)
{
	struct cloud_list l = { NULL, 0 };
	struct err e;
	char *next = NULL;
	int rc;

	e.msg[0] = '\0';
	rc = which == 0 ? cloud_parse_vast(doc, strlen(doc), "v", &l, &next,
	    &e) : which == 1 ? cloud_parse_vast_charges(doc, strlen(doc), "c",
	    &l, &next, &e) : which == 2 ? cloud_parse_runpod(doc, strlen(doc),
	    "r", &l, &e) : cloud_parse_lambda(doc, strlen(doc), "l", &l, &e);
	CHECK_EQ_INT(rc, -1);
	if (strstr(e.msg, want) == NULL)
		printf("  got: %s\n", e.msg);
	CHECK(strstr(e.msg, want) != NULL);
	free(next);
	cloud_list_free(&l);
}

/* The cloud providers' answers, as the fixtures copy them. */
static void
test_cloud(void)
{
	struct cloud_list l = { NULL, 0 };
	struct err e;
	char *buf, *next = NULL;
	size_t len;

	if (CHECK((buf = slurp("vastai-1.5.2-api-v1-instances.json", &len)) !=
	    NULL)) {
		CHECK_EQ_INT(cloud_parse_vast(buf, len, "v", &l, &next, &e), 0);
		free(buf);
		CHECK_EQ_INT(l.n, 2);
		CHECK_EQ_STR(l.v[0].id, "31000001");
		CHECK_EQ_INT(l.v[0].state, CS_RUNNING);
		CHECK_EQ_INT(l.v[0].started, 1796117400);
		CHECK_EQ_INT(l.v[0].exact_start, 0);
		CHECK_EQ_INT(l.v[0].rate_micro, 412000);
		CHECK_EQ_STR(l.v[0].gpu, "RTX 4090");
		CHECK_EQ_STR(l.v[0].label, "resnet-sweep");
		/* Exited: stopped, its storage billed; two GPUs share the
		 * price. */
		CHECK_EQ_INT(l.v[1].state, CS_STOPPED);
		CHECK_EQ_INT(l.v[1].gpus, 2);
		CHECK_EQ_INT(l.v[1].rate_micro, 225000);
		CHECK_EQ_INT(l.v[1].cost_minor, -1);
		CHECK(next != NULL && strcmp(next, "eyJpZCI6IDMxMDAwMDAyfQ==") ==
		    0);
		free(next);
		next = NULL;
	}
	if (CHECK((buf = slurp("vastai-1.5.2-api-v1-instances-page2.json",
	    &len)) != NULL)) {
		CHECK_EQ_INT(cloud_parse_vast(buf, len, "v", &l, &next, &e), 0);
		free(buf);
		CHECK_EQ_INT(l.n, 3);
		/* "A100_SXM4" with 81920 MB is the 80 GB model; loading is
		 * billed as running. */
		CHECK_EQ_STR(l.v[2].gpu, "A100 80GB");
		CHECK_EQ_INT(l.v[2].state, CS_RUNNING);
		CHECK(next == NULL);
	}
	cloud_list_free(&l);
	/* A bare list, as `vastai show instances --raw` prints; null. */
	CHECK_EQ_INT(cloud_parse_vast("[]", 2, "v", &l, &next, &e), 0);
	CHECK_EQ_INT(cloud_parse_vast("{\"instances\": null}", 19, "v", &l,
	    &next, &e), 0);
	CHECK_EQ_INT(l.n, 0);
	if (CHECK((buf = slurp("vastai-1.5.2-api-v0-charges.json", &len)) !=
	    NULL)) {
		CHECK_EQ_INT(cloud_parse_vast_charges(buf, len, "c", &l, &next,
		    &e), 0);
		free(buf);
		/* Two instances; a volume's charge is no GPU time. */
		CHECK_EQ_INT(l.n, 2);
		CHECK_EQ_STR(l.v[0].id, "30999950");
		CHECK_EQ_INT(l.v[0].cost_minor, 255);
		CHECK_EQ_INT(l.v[0].billed_start, 1795946400);
		CHECK_EQ_INT(l.v[0].billed_end, 1796007600);
		CHECK_EQ_INT(l.v[0].state, CS_GONE);
		CHECK_EQ_INT(l.v[1].cost_minor, 300);
	}
	cloud_list_free(&l);
	if (CHECK((buf = slurp("runpod-rest-0.1.0-pods.json", &len)) != NULL)) {
		CHECK_EQ_INT(cloud_parse_runpod(buf, len, "r", &l, &e), 0);
		free(buf);
		/* The CPU pod is left out. */
		CHECK_EQ_INT(l.n, 2);
		CHECK_EQ_INT(l.v[0].state, CS_RUNNING);
		CHECK_EQ_INT(l.v[0].started, 1796120080);
		CHECK_EQ_INT(l.v[0].exact_start, 1);
		CHECK_EQ_INT(l.v[0].rate_micro, 690000);
		CHECK_EQ_INT(l.v[0].stopped, 0);
		CHECK_EQ_INT(l.v[1].state, CS_STOPPED);
		CHECK_EQ_STR(l.v[1].gpu, "A100 80GB");
		CHECK_EQ_INT(l.v[1].gpus, 2);
		CHECK_EQ_INT(l.v[1].rate_micro, 1690000);
		/* "Mon Nov 30 2026 06:30:00 GMT-0500" */
		CHECK_EQ_INT(l.v[1].stopped, 1796025600 + 3 * 3600 + 1800);
	}
	cloud_list_free(&l);
	if (CHECK((buf = slurp("lambda-cloud-api-1.10-instances.json",
	    &len)) != NULL)) {
		CHECK_EQ_INT(cloud_parse_lambda(buf, len, "l", &l, &e), 0);
		free(buf);
		CHECK_EQ_INT(l.n, 2);
		CHECK_EQ_STR(l.v[0].gpu, "H100 80GB");
		CHECK_EQ_INT(l.v[0].rate_micro, 2490000);
		CHECK_EQ_INT(l.v[0].started, 0);
		CHECK_EQ_INT(l.v[1].gpus, 8);
		CHECK_EQ_INT(l.v[1].rate_micro, 1790000);
		CHECK_EQ_INT(l.v[1].state, CS_RUNNING);
	}
	cloud_list_free(&l);
	/* A stop time gpulog cannot keep (before 1970 once its zone is
	 * taken off, past 2200) is no stop time. */
	{
		static const char *const odd[] = {
			"Thu Jan 01 1970 00:00:00 GMT+1400",
			"Fri Dec 31 9999 23:59:59 GMT-1200" };
		char doc[512];
		size_t i;

		for (i = 0; i < 2; i++) {
			snprintf(doc, sizeof doc, "[{\"id\": \"p\", \"gpu\": "
			    "{\"count\": 1}, \"desiredStatus\": \"EXITED\", "
			    "\"lastStatusChange\": \"Exited by User: %s\"}]",
			    odd[i]);
			CHECK_EQ_INT(cloud_parse_runpod(doc, strlen(doc), "r", &l,
			    &e), 0);
			CHECK_EQ_INT(l.n, 1);
			CHECK_EQ_INT(l.n ? l.v[0].stopped : -1, 0);
			cloud_list_free(&l);
		}
	}
	cloud_bad(0, "{\"instances\": [{\"id\": 1}]}",
	    "v: instances[0].start_date: expected a time");
	cloud_bad(0, "{\"instances\": [{\"id\": \"1;rm\", \"start_date\": "
	    "1796117400}]}", "instances[0].id: expected a number");
	cloud_bad(0, "{\"instances\": [{\"id\": 1, \"start_date\": "
	    "1796117400, \"dph_total\": -1}]}", "dph_total: expected dollars");
	cloud_bad(0, "{\"instances\": [{\"id\": 1, \"start_date\": "
	    "1796117400, \"num_gpus\": 0}]}", "num_gpus: expected a count");
	cloud_bad(0, "{\"instances\": {}}", "expected {\"instances\"");
	cloud_bad(0, "{\"instances\": [", "ends too soon");
	cloud_bad(1, "{\"results\": [{\"type\": \"instance\", \"source\": "
	    "\"instance-x\", \"amount\": 1, \"start\": 1, \"end\": 2}]}",
	    "results[0].source: expected \"instance-ID\"");
	cloud_bad(1, "{\"results\": [{\"type\": \"instance\", \"source\": "
	    "\"instance-7\", \"amount\": 1, \"start\": 1796117400, "
	    "\"end\": 1796000000}]}", "results[0].start: expected a start and "
	    "a later end");
	cloud_bad(2, "{\"error\": \"invalid api key\"}",
	    "r: RunPod said: invalid api key");
	cloud_bad(2, "[{\"id\": \"p\", \"gpu\": {\"count\": 1}, "
	    "\"desiredStatus\": \"PAUSED\"}]", "expected RUNNING, EXITED");
	cloud_bad(2, "[{\"id\": \"p\", \"gpu\": {\"count\": 1}, "
	    "\"desiredStatus\": \"RUNNING\"}]", "a running pod needs its start");
	cloud_bad(2, "[{\"id\": \"p\", \"gpu\": {}, \"costPerHr\": \"0.7x\","
	    "\"desiredStatus\": \"RUNNING\"}]", "costPerHr: expected dollars");
	cloud_bad(3, "{\"error\": {\"code\": \"global/invalid-api-key\", "
	    "\"message\": \"API key was invalid\"}}",
	    "l: Lambda said: API key was invalid");
	cloud_bad(3, "{\"data\": [{\"id\": \"a\", \"status\": \"paused\"}]}",
	    "data[0].status: expected active");
}

int
main(void)
{
	test_csvread();
	test_csvread_long();
	test_jstream();
	test_jstream_values();
	test_times();
	test_kaggle();
	test_kaggle_cli();
	test_importers();
	test_rates();
	test_cloud();
	test_limits();
	return t_done();
}
