/*
 * test-page.c: store/page.c, the dashboard's reads, on a fresh temporary
 * database of 100 runs: the filter's fields (+tag whole as `log --tag`,
 * p:, @, g:, free text, a bare mark matching all), bounded scans that
 * look at no more than their span and go on where they stopped, in each
 * order and both ways, and the count made in spans.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/err.h"
#include "core/model.h"
#include "store/page.h"
#include "store/store.h"
#include "tests/unit/t.h"

#define NOW 1795953600 /* 2026-12-01T12:00:00Z */
#define NRUNS 100

struct seen {
	int64_t ids[NRUNS + 1];
	int64_t keys[NRUNS + 1];
	int n, bad;
	const struct page_query *q;
};

static int
note(const struct run *r, void *arg)
{
	struct seen *sn = arg;
	struct page_key k;

	page_key_of(sn->q, r, &k);
	if (sn->n <= NRUNS) {
		sn->ids[sn->n] = r->id;
		sn->keys[sn->n] = k.k;
	}
	sn->n++;
	return 0;
}

/* Walks q from the start to the end, limit runs and span looked at a
 * call; checks no call gave more than limit; returns the calls made. */
static int
walk_all(struct store *s, const struct page_query *q, int back, int limit,
    int span, struct seen *sn)
{
	struct page_key from, next;
	struct err e;
	int have = 0, done = 0, calls = 0, n;

	sn->q = q;
	while (!done && calls < 10000) {
		n = page_scan(s, q, have ? &from : NULL, 0, back, limit, span,
		    note, sn, &next, &done, &e);
		if (n < 0 || n > limit) {
			sn->bad++;
			break;
		}
		from = next;
		have = 1;
		calls++;
	}
	return calls;
}

/* 1 when key b may not follow key a in order o walked back or not. */
static int
orders_desc_wrong(int o, int back, int64_t a, int64_t b)
{
	int desc = o != PAGE_OLDEST;

	if (back)
		desc = !desc;
	return desc ? b > a : b < a;
}

static int64_t
count_all(struct store *s, const struct page_query *q, int span)
{
	struct page_key from, next;
	struct err e;
	int64_t n = 0;
	int have = 0, done = 0, calls = 0;

	while (!done && calls++ < 10000) {
		if (page_count_span(s, q, have ? &from : NULL, span, &n, &next,
		    &done, &e) < 0)
			return -1;
		from = next;
		have = 1;
	}
	return n;
}

int
main(void)
{
	char dir[] = "/tmp/gpulog-test-page-XXXXXX", path[128];
	struct store *s = NULL;
	struct err e = { "" };
	struct page_query q = { PAGE_NEWEST, NULL, NOW };
	struct seen sn;
	int i, ok;

	if (mkdtemp(dir) == NULL)
		return 1;
	snprintf(path, sizeof path, "%s/db", dir);
	if (!CHECK_EQ_INT(store_open(&s, path, NOW, &e), 0)) {
		printf("  %s\n", e.msg);
		return t_done();
	}
	CHECK_EQ_INT(store_begin(s, "runs", &e), 0);
	for (i = 0; i < NRUNS; i++) {
		struct run r;

		run_init(&r);
		snprintf(r.platform, sizeof r.platform, "%s", i % 3 == 0 ?
		    "kaggle" : "local");
		snprintf(r.gpu, sizeof r.gpu, "%s", i % 3 == 0 ? "T4" :
		    "MPS");
		r.start = NOW - (int64_t)(NRUNS - i) * 86400;
		/* Lengths 1..100 min, all different; the last run open. */
		r.end = i == NRUNS - 1 ? RUN_OPEN : r.start + ((i * 37) %
		    NRUNS + 1) * 60;
		r.note = xstrdup(i % 5 == 0 ? "Sweep LoRA rank" : "resnet");
		r.tags = i % 10 == 0 ? xstrdup("llm,lora") : i % 10 == 1 ?
		    xstrdup("lorax") : NULL;
		r.project = i % 4 == 0 ? xstrdup("chat") : NULL;
		r.created = r.modified = NOW;
		CHECK_EQ_INT(store_add_run(s, &r, &e), 0);
		run_clear(&r);
	}
	CHECK_EQ_INT(store_commit(s, &e), 0);

	/* A tag is matched whole, as `gpulog log --tag`: +lora finds the
	 * ten runs tagged llm,lora and not those tagged lorax. */
	q.filter = "+lora";
	memset(&sn, 0, sizeof sn);
	walk_all(s, &q, 0, 4, 7, &sn);
	CHECK_EQ_INT(sn.bad, 0);
	CHECK_EQ_INT(sn.n, 10);
	for (ok = 1, i = 1; i < sn.n; i++)
		if (sn.keys[i] > sn.keys[i - 1])
			ok = 0;
	CHECK(ok);
	CHECK_EQ_INT(count_all(s, &q, 7), 10);
	q.filter = "+lor";
	CHECK_EQ_INT(count_all(s, &q, 0), 0);
	q.filter = "+lorax";
	CHECK_EQ_INT(count_all(s, &q, 13), 10);
	/* A span bounds what one call looks at: seven runs hold at most
	 * one of every ten. */
	{
		struct page_key next;
		int done = 0;

		q.filter = "+lora";
		memset(&sn, 0, sizeof sn);
		sn.q = &q;
		CHECK(page_scan(s, &q, NULL, 0, 0, 50, 7, note, &sn, &next,
		    &done, &e) <= 1);
		CHECK_EQ_INT(done, 0);
	}
	/* Fields, free text (any case), and several words at once. */
	q.filter = "p:kaggle";
	CHECK_EQ_INT(count_all(s, &q, 9), 34);
	q.filter = "p:KAGGLE g:t4";
	CHECK_EQ_INT(count_all(s, &q, 9), 34);
	q.filter = "@chat";
	CHECK_EQ_INT(count_all(s, &q, 9), 25);
	q.filter = "lora p:kaggle";   /* notes of i%5==0 and tags, kaggle */
	CHECK_EQ_INT(count_all(s, &q, 0), 10);
	q.filter = "g:mps @chat";
	CHECK_EQ_INT(count_all(s, &q, 11), 16);
	q.filter = "zzz";
	CHECK_EQ_INT(count_all(s, &q, 11), 0);
	/* A mark with nothing after it narrows nothing. */
	q.filter = "+ p: @";
	CHECK_EQ_INT(page_filtered(&q), 0);
	CHECK_EQ_INT(count_all(s, &q, 17), NRUNS);
	q.filter = NULL;
	CHECK_EQ_INT(count_all(s, &q, 0), NRUNS);
	/* Every order, both ways, a few runs and a short span a call:
	 * every run once, in order. */
	for (q.order = 0; q.order < PAGE_NORDERS; q.order++) {
		int back;

		for (back = 0; back <= 1; back++) {
			int64_t ids[NRUNS + 1];

			memset(&sn, 0, sizeof sn);
			walk_all(s, &q, back, 3, 5, &sn);
			CHECK_EQ_INT(sn.bad, 0);
			CHECK_EQ_INT(sn.n, NRUNS);
			for (ok = 1, i = 1; i < sn.n && i <= NRUNS; i++)
				if (orders_desc_wrong(q.order, back,
				    sn.keys[i - 1], sn.keys[i]))
					ok = 0;
			CHECK(ok);
			memcpy(ids, sn.ids, sizeof ids);
			for (ok = 1, i = 0; i < sn.n && i < NRUNS; i++) {
				int k;

				for (k = i + 1; k < sn.n && k < NRUNS; k++)
					if (ids[k] == ids[i])
						ok = 0;
			}
			CHECK(ok);
		}
	}
	/* Longest first: the open run, 100 days long by now, leads. */
	q.order = PAGE_LONGEST;
	memset(&sn, 0, sizeof sn);
	walk_all(s, &q, 0, 1, 4, &sn);
	CHECK_EQ_INT(sn.ids[0], NRUNS);
	store_close(s);
	unlink(path);
	rmdir(dir);
	return t_done();
}
