/*
 * page.c: the dashboard's reads: keyset pages of runs, counts, 15-minute
 * sums for charts and the data version.  Queries are joined from fixed
 * fragments; every value, the filter's words included, is bound.
 */
#include "store/page.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/err.h"
#include "core/model.h"
#include "store/internal.h"
#include "store/store.h"

#define PAGE_WORDS 8 /* filter words looked at; more are ignored */

/* The sort value of each order, as SQL (?1 is now) and whether it runs
 * from high to low. */
static const struct {
	const char *expr;
	int desc;
} orders[PAGE_NORDERS] = {
	{ "start_ts", 1 },
	{ "start_ts", 0 },
	{ "(coalesce(end_ts, max(?1, start_ts + 1)) - start_ts)", 1 },
};

void
page_key_of(const struct page_query *q, const struct run *r,
    struct page_key *k)
{
	int64_t end = r->end == RUN_OPEN ? (q->now > r->start ? q->now :
	    r->start + 1) : r->end;

	k->k = q->order == PAGE_LONGEST ? end - r->start : r->start;
	k->id = r->id;
}

/* Splits the filter into at most PAGE_WORDS lower-case words. */
static int
split_words(const char *f, char words[PAGE_WORDS][64])
{
	int n = 0;
	size_t k;

	while (f != NULL && *f != '\0' && n < PAGE_WORDS) {
		while (*f == ' ')
			f++;
		for (k = 0; f[k] != '\0' && f[k] != ' '; k++)
			if (k < 63)
				words[n][k] =
				    (char)tolower((unsigned char)f[k]);
		if (k == 0)
			break;
		words[n][k < 63 ? k : 63] = '\0';
		n++;
		f += k;
	}
	return n;
}

/* Appends the filter's conditions on ?10.. to sql. */
static void
add_filter(char *sql, size_t len, int nwords)
{
	int i;

	for (i = 0; i < nwords; i++)
		snprintf(sql + strlen(sql), len - strlen(sql), " AND instr("
		    "lower(platform || ' ' || coalesce(gpu, '') || ' ' || "
		    "coalesce(note, '') || ' ' || coalesce(tags, '') || ' ' || "
		    "coalesce(project, '')), ?%d) > 0", 10 + i);
}

static void
bind_words(sqlite3_stmt *st, char words[PAGE_WORDS][64], int n)
{
	int i;

	for (i = 0; i < n; i++)
		sqlite3_bind_text(st, 10 + i, words[i], -1, SQLITE_TRANSIENT);
}

int
page_runs(struct store *s, const struct page_query *q,
    const struct page_key *from, int inclusive, int back, int limit,
    int (*fn)(const struct run *, void *), void *arg, struct err *e)
{
	char sql[2048], words[PAGE_WORDS][64];
	const char *x;
	sqlite3_stmt *st;
	int nw = split_words(q->filter, words), up;

	if (q->order < 0 || q->order >= PAGE_NORDERS)
		return err_set(e, "no such order");
	x = orders[q->order].expr;
	/* Walking toward larger values? */
	up = orders[q->order].desc == back;
	snprintf(sql, sizeof sql, "SELECT " RUN_COLS " FROM runs WHERE 1");
	if (from != NULL)
		snprintf(sql + strlen(sql), sizeof sql - strlen(sql),
		    " AND (%s, id) %s%s (?2, ?3)", x, up ? ">" : "<",
		    inclusive ? "=" : "");
	add_filter(sql, sizeof sql, nw);
	snprintf(sql + strlen(sql), sizeof sql - strlen(sql),
	    " ORDER BY %s %s, id %s LIMIT ?4", x, up ? "ASC" : "DESC",
	    up ? "ASC" : "DESC");
	if (st_prepare(s, &st, sql, e) < 0)
		return -1;
	sqlite3_bind_int64(st, 1, q->now);
	if (from != NULL) {
		sqlite3_bind_int64(st, 2, from->k);
		sqlite3_bind_int64(st, 3, from->id);
	}
	sqlite3_bind_int(st, 4, limit);
	bind_words(st, words, nw);
	return st_walk_runs(s, st, fn, arg, e);
}

/* Runs a one-number query on the filter's words and key. */
static int
count_query(struct store *s, const struct page_query *q,
    const struct page_key *from, int64_t *n, struct err *e)
{
	char sql[2048], words[PAGE_WORDS][64];
	sqlite3_stmt *st;
	int nw = split_words(q->filter, words), rc;

	snprintf(sql, sizeof sql, "SELECT count(*) FROM runs WHERE 1");
	if (from != NULL)
		snprintf(sql + strlen(sql), sizeof sql - strlen(sql),
		    " AND (%s, id) %s (?2, ?3)", orders[q->order].expr,
		    orders[q->order].desc ? ">" : "<");
	add_filter(sql, sizeof sql, nw);
	if (st_prepare(s, &st, sql, e) < 0)
		return -1;
	sqlite3_bind_int64(st, 1, q->now);
	if (from != NULL) {
		sqlite3_bind_int64(st, 2, from->k);
		sqlite3_bind_int64(st, 3, from->id);
	}
	bind_words(st, words, nw);
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW)
		*n = sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	return rc == SQLITE_ROW ? 0 : st_fail(s, e, "count the runs");
}

int
page_count(struct store *s, const struct page_query *q, int64_t *n,
    struct err *e)
{
	return count_query(s, q, NULL, n, e);
}

int
page_position(struct store *s, const struct page_query *q,
    const struct page_key *from, int64_t *n, struct err *e)
{
	return count_query(s, q, from, n, e);
}

int
page_buckets(struct store *s, int64_t since, int64_t until,
    int (*fn)(int64_t t, const char *platform, const char *currency,
    int64_t cost_minor, int64_t gpu_s, int64_t runs, void *arg), void *arg,
    struct err *e)
{
	sqlite3_stmt *st;
	int rc, stop = 0;

	if (st_prepare(s, &st, "SELECT start_ts - start_ts % 900 AS b, "
	    "platform, coalesce(currency, ''), sum(cost_minor), "
	    "sum((end_ts - start_ts) * gpus), count(*) FROM runs "
	    "WHERE start_ts >= ?1 AND start_ts < ?2 AND end_ts IS NOT NULL "
	    "GROUP BY b, platform, currency", e) < 0)
		return -1;
	sqlite3_bind_int64(st, 1, since);
	sqlite3_bind_int64(st, 2, until);
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		if ((stop = fn(sqlite3_column_int64(st, 0),
		    (const char *)sqlite3_column_text(st, 1),
		    (const char *)sqlite3_column_text(st, 2),
		    sqlite3_column_int64(st, 3), sqlite3_column_int64(st, 4),
		    sqlite3_column_int64(st, 5), arg)) != 0)
			break;
	}
	sqlite3_finalize(st);
	if (stop != 0)
		return stop;
	return rc == SQLITE_DONE ? 0 : st_fail(s, e, "sum the runs");
}

int
page_data_version(struct store *s, int64_t *v, struct err *e)
{
	sqlite3_stmt *st;
	int rc;

	if (st_prepare(s, &st, "PRAGMA data_version", e) < 0)
		return -1;
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW)
		*v = sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	return rc == SQLITE_ROW ? 0 : st_fail(s, e, "read the data version");
}
