/*
 * blocks.c: SQLite's small blocks from per-size free lists, carved from
 * slabs taken from malloc().  One thread: gpulog's commands and dashboard
 * use SQLite from one.
 */
#include "store/blocks.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <sqlite3.h>

/* 16, 32, .. 128, then four classes to each doubling: 160 .. 256,
 * 320 .. 512, 640 .. 1024. */
#define NCLASS 20
#define SLAB (64 * 1024)

/* Each block starts with its size: its class's, or for a larger one what
 * was asked rounded up to 8.  SQLite's own allocator keeps the same 8
 * bytes, and blocks are 8-aligned as it asks. */
#define HEAD 8

/* A free block holds the next one of its list. */
struct free_block {
	struct free_block *next;
};

static struct free_block *freelist[NCLASS];
static char *bump, *bump_end;
static long in_use;

static int
class_of(int n)
{
	int k, step;

	if (n <= 128)
		return n <= 16 ? 0 : (n + 15) / 16 - 1;
	/* n in (2^k, 2^(k+1)]: k is 7, 8 or 9. */
	for (k = 7; n > 2 << k; k++)
		;
	step = 1 << (k - 2);
	return 8 + (k - 7) * 4 + (n - (1 << k) + step - 1) / step - 1;
}

static int
class_size(int c)
{
	if (c < 8)
		return (c + 1) * 16;
	return (1 << (7 + (c - 8) / 4)) + ((c - 8) % 4 + 1) *
	    (1 << (5 + (c - 8) / 4));
}

void *
blocks_alloc(int n)
{
	char *p;
	int c, sz;

	if (n < 0 || n > INT32_MAX - 16)
		return NULL;
	if (n > BLOCKS_MAX) {
		n = blocks_roundup(n);
		if ((p = malloc((size_t)n + HEAD)) == NULL)
			return NULL;
		*(int64_t *)(void *)p = n;
		in_use++;
		return p + HEAD;
	}
	c = class_of(n);
	if (freelist[c] != NULL) {
		struct free_block *f = freelist[c];

		freelist[c] = f->next;
		in_use++;
		return f;
	}
	sz = class_size(c);
	if (bump == NULL || bump_end - bump < sz + HEAD) {
		/* What is left of the slab (less than this block) is not
		 * used. */
		if ((bump = malloc(SLAB)) == NULL)
			return NULL;
		bump_end = bump + SLAB;
	}
	p = bump;
	bump += sz + HEAD;
	*(int64_t *)(void *)p = sz;
	in_use++;
	return p + HEAD;
}

void
blocks_free(void *p)
{
	char *b = p;
	int64_t sz;

	if (b == NULL)
		return;
	in_use--;
	sz = *(int64_t *)(void *)(b - HEAD);
	if (sz > BLOCKS_MAX) {
		free(b - HEAD);
		return;
	}
	{
		struct free_block *f = p;
		int c = class_of((int)sz);

		f->next = freelist[c];
		freelist[c] = f;
	}
}

long
blocks_in_use(void)
{
	return in_use;
}

int
blocks_size(void *p)
{
	return p == NULL ? 0 : (int)*(int64_t *)(void *)((char *)p - HEAD);
}

int
blocks_roundup(int n)
{
	if (n <= BLOCKS_MAX)
		return class_size(class_of(n));
	return (n + 7) & ~7;
}

void *
blocks_realloc(void *p, int n)
{
	int have = blocks_size(p);
	char *q;

	if (p == NULL)
		return blocks_alloc(n);
	if (n < 0 || n > INT32_MAX - 16)
		return NULL;
	if (have > BLOCKS_MAX && n > BLOCKS_MAX) {
		n = blocks_roundup(n);
		if ((q = realloc((char *)p - HEAD, (size_t)n + HEAD)) == NULL)
			return NULL;
		*(int64_t *)(void *)q = n;
		return q + HEAD;
	}
	/* Within its class a block already holds n. */
	if (have <= BLOCKS_MAX && n <= BLOCKS_MAX && class_of(n) ==
	    class_of(have))
		return p;
	if ((q = blocks_alloc(n)) == NULL)
		return NULL;
	memcpy(q, p, (size_t)(n < have ? n : have));
	blocks_free(p);
	return q;
}

static int
blocks_init(void *arg)
{
	(void)arg;
	return SQLITE_OK;
}

static void
blocks_shutdown(void *arg)
{
	(void)arg;
}

int
blocks_for_sqlite(void)
{
	static const sqlite3_mem_methods m = {
		blocks_alloc, blocks_free, blocks_realloc, blocks_size,
		blocks_roundup, blocks_init, blocks_shutdown, NULL
	};

	return sqlite3_config(SQLITE_CONFIG_MALLOC, &m) == SQLITE_OK ? 0 :
	    -1;
}
