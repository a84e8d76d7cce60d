/*
 * test-blocks.c: store/blocks.c, SQLite's small blocks: the classes each
 * size falls in, blocks that keep what was written in them through other
 * blocks' allocations, frees and moves, a freed block handed out again,
 * and SQLite using them for a whole store's life.
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
#include "store/blocks.h"
#include "store/store.h"
#include "tests/unit/t.h"

#define NOW 1795953600 /* 2026-12-01T12:00:00Z */

/* The classes, written out apart from the code's arithmetic. */
static const int sizes[] = { 16, 32, 48, 64, 80, 96, 112, 128, 160, 192,
	224, 256, 320, 384, 448, 512, 640, 768, 896, 1024 };
#define NSIZES (int)(sizeof sizes / sizeof sizes[0])

static int
test_classes(void)
{
	int n, i, bad = 0;

	/* Each size rounds up to the least class that holds it. */
	for (n = 1; n <= BLOCKS_MAX; n++) {
		for (i = 0; sizes[i] < n; i++)
			;
		if (blocks_roundup(n) != sizes[i] && bad++ < 5)
			printf("  %d rounds to %d, not %d\n", n,
			    blocks_roundup(n), sizes[i]);
	}
	CHECK_EQ_INT(bad, 0);
	CHECK_EQ_INT(sizes[NSIZES - 1], BLOCKS_MAX);
	/* Beyond the lists: to a multiple of 8. */
	CHECK_EQ_INT(blocks_roundup(BLOCKS_MAX + 1), BLOCKS_MAX + 8);
	CHECK_EQ_INT(blocks_roundup(4096), 4096);
	CHECK_EQ_INT(blocks_roundup(4097), 4104);
	return bad;
}

/* Byte k of block j, so that a block written over by another shows. */
static unsigned char
mark(int j, int k)
{
	return (unsigned char)(j * 31 + k * 7 + 1);
}

static int
intact(const unsigned char *p, int n, int j)
{
	int k;

	for (k = 0; k < n; k++)
		if (p[k] != mark(j, k))
			return 0;
	return 1;
}

static void
fill(unsigned char *p, int n, int j)
{
	int k;

	for (k = 0; k < n; k++)
		p[k] = mark(j, k);
}

#define NB 2000

static void
test_churn(void)
{
	static unsigned char *b[NB];
	static int len[NB];
	long before = blocks_in_use();
	int j, round, bad = 0, misaligned = 0, small = 0;
	unsigned seed = 12345;

	/* Sizes from 1 byte to past the largest class, the small ones the
	 * most often, as SQLite's are. */
	for (round = 0; round < 20000; round++) {
		int n;

		seed = seed * 1103515245u + 12345u;
		j = (int)((seed >> 8) % NB);
		seed = seed * 1103515245u + 12345u;
		n = (int)((seed >> 8) % ((seed >> 20) % 4 == 0 ? 3000 : 200)) +
		    1;
		if (b[j] == NULL) {
			b[j] = blocks_alloc(n);
			len[j] = n;
		} else if (round % 3 == 0) {
			/* A move keeps what fits of the old block. */
			int keep = n < len[j] ? n : len[j];

			if (!intact(b[j], len[j], j))
				bad++;
			b[j] = blocks_realloc(b[j], n);
			if (b[j] != NULL && !intact(b[j], keep, j))
				bad++;
			len[j] = n;
		} else {
			if (!intact(b[j], len[j], j))
				bad++;
			blocks_free(b[j]);
			b[j] = NULL;
			continue;
		}
		if (b[j] == NULL) {
			bad++;
			continue;
		}
		if ((uintptr_t)b[j] % 8 != 0)
			misaligned++;
		if (blocks_size(b[j]) < n || blocks_size(b[j]) !=
		    blocks_roundup(n))
			small++;
		fill(b[j], n, j);
	}
	for (j = 0; j < NB; j++)
		if (b[j] != NULL) {
			if (!intact(b[j], len[j], j))
				bad++;
			blocks_free(b[j]);
			b[j] = NULL;
		}
	CHECK_EQ_INT(bad, 0);
	CHECK_EQ_INT(misaligned, 0);
	CHECK_EQ_INT(small, 0);
	CHECK_EQ_INT(blocks_in_use(), before);
}

static void
test_reuse(void)
{
	void *a = blocks_alloc(100), *b2, *c, *d;

	/* A freed block is the next one of its class handed out; another
	 * class's list is apart. */
	blocks_free(a);
	b2 = blocks_alloc(300);
	CHECK(b2 != a);
	c = blocks_alloc(112);
	CHECK(c == a);
	/* Growing within the class keeps the block; past it, moves. */
	CHECK(blocks_realloc(c, 105) == c);
	d = blocks_realloc(c, 200);
	CHECK(d != c);
	CHECK_EQ_INT(blocks_size(d), 224);
	/* A large block is malloc()'s, and keeps its own size. */
	a = blocks_realloc(d, 5000);
	CHECK_EQ_INT(blocks_size(a), 5000);
	a = blocks_realloc(a, 9000);
	CHECK_EQ_INT(blocks_size(a), 9000);
	blocks_free(a);
	blocks_free(b2);
	blocks_free(NULL);
	CHECK_EQ_INT(blocks_size(NULL), 0);
}

static int
count_run(const struct run *r, void *arg)
{
	(void)r;
	(*(int *)arg)++;
	return 0;
}

static void
test_sqlite(void)
{
	char dir[] = "/tmp/gpulog-blocks.XXXXXX", path[64];
	struct store *s = NULL;
	struct run r;
	struct filter f;
	struct err e;
	long before;
	int n = 0, i;

	/* Given before SQLite starts, taken; after, refused. */
	CHECK_EQ_INT(blocks_for_sqlite(), 0);
	before = blocks_in_use();
	if (!CHECK(mkdtemp(dir) != NULL))
		return;
	snprintf(path, sizeof path, "%s/g.db", dir);
	if (!CHECK(store_open(&s, path, NOW, &e) == 0)) {
		printf("  %s\n", e.msg);
		return;
	}
	CHECK_EQ_INT(blocks_for_sqlite(), -1);
	/* The schema and statements are in blocks while the store is
	 * open. */
	CHECK(blocks_in_use() > before + 100);
	for (i = 0; i < 50; i++) {
		run_init(&r);
		snprintf(r.platform, sizeof r.platform, "kaggle");
		r.start = NOW - 86400 + i * 600;
		r.end = r.start + 300;
		if (store_begin(s, "add", &e) < 0 ||
		    store_add_run(s, &r, &e) < 0 || store_commit(s, &e) < 0) {
			CHECK(!"add a run");
			printf("  %s\n", e.msg);
			break;
		}
		run_clear(&r);
	}
	memset(&f, 0, sizeof f);
	CHECK(store_each_run(s, &f, count_run, &n, &e) == 0);
	CHECK_EQ_INT(n, 50);
	store_close(s);
	/* Closed, SQLite has given back all but what it keeps for the
	 * process (its global tables, at most a few). */
	CHECK(blocks_in_use() - before < 16);
	snprintf(path, sizeof path, "%s/g.db", dir);
	unlink(path);
	rmdir(dir);
}

int
main(void)
{
	/* Blocks smaller than asked for would have the rest write over
	 * each other. */
	if (test_classes() == 0)
		test_churn();
	test_reuse();
	test_sqlite();
	return t_done();
}
