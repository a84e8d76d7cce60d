/*
 * history.c: the changes behind one record, from the undo log.  Reads
 * only; the undo log's entries are the SQL that reverses each write
 * ("UPDATE runs SET ... WHERE rowid=42", "DELETE FROM expenses WHERE
 * rowid=3"), so a record's changes are those whose entries name its row.
 */
#include "store/history.h"

#include <stdio.h>

#include "core/err.h"
#include "store/internal.h"

int
history_each(struct store *s, int kind, int64_t id,
    int (*fn)(int64_t at, const char *what, void *arg), void *arg,
    struct err *e)
{
	/* ?1 the id, ?2 " WHERE rowid=ID" that ends an entry for its row. */
	static const char run_sql[] = "SELECT at, what FROM changes WHERE "
	    "open = 0 AND (id = (SELECT max(id) FROM changes WHERE open = 0 "
	    "AND runs_above IS NOT NULL AND runs_above < ?1) OR id IN "
	    "(SELECT change_id FROM undolog WHERE sql LIKE 'UPDATE runs SET "
	    "%' AND substr(sql, -length(?2)) = ?2)) ORDER BY id";
	static const char exp_sql[] = "SELECT at, what FROM changes WHERE "
	    "open = 0 AND id IN (SELECT change_id FROM undolog WHERE (sql = "
	    "'DELETE FROM expenses' || ?2 OR sql LIKE 'UPDATE expenses SET %'"
	    ") AND substr(sql, -length(?2)) = ?2) ORDER BY id";
	sqlite3_stmt *st;
	char tail[48];
	int rc, stop = 0;

	if (st_prepare(s, &st, kind == HIST_RUN ? run_sql : exp_sql, e) < 0)
		return -1;
	snprintf(tail, sizeof tail, " WHERE rowid=%lld", (long long)id);
	sqlite3_bind_int64(st, 1, id);
	sqlite3_bind_text(st, 2, tail, -1, SQLITE_TRANSIENT);
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		const unsigned char *w = sqlite3_column_text(st, 1);

		stop = fn(sqlite3_column_int64(st, 0), w ? (const char *)w :
		    "", arg);
		if (stop != 0)
			break;
	}
	sqlite3_finalize(st);
	if (stop != 0)
		return stop;
	return rc == SQLITE_DONE ? 0 : st_fail(s, e, "read the changes");
}
