/*
 * store.c: opening the database, changes and undo, and settings.  The
 * catalog's tables are store/catalog.c's, the runs' store/runs.c's; like
 * every file in store/, it knows nothing of terminals.
 */
#include "store/store.h"

#include <errno.h>
#include <limits.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "core/budget.h"
#include "core/catalog.h"
#include "core/clock.h"
#include "core/err.h"
#include "core/fx.h"
#include "core/model.h"
#include "store/internal.h"
#include "store/sync.h"

int
st_prepare(struct store *s, sqlite3_stmt **st, const char *sql, struct err *e)
{
	if (sqlite3_prepare_v2(s->db, sql, -1, st, NULL) != SQLITE_OK) {
		*st = NULL;
		return err_set(e, "database error: %s", sqlite3_errmsg(s->db));
	}
	return 0;
}

int
st_prepare_kept(struct store *s, sqlite3_stmt **st, const char *sql,
    struct err *e)
{
	size_t i, n = sizeof s->kept / sizeof s->kept[0];

	for (i = 0; i < n && s->kept[i].sql != NULL; i++)
		if (strcmp(s->kept[i].sql, sql) == 0) {
			if (s->kept[i].busy)
				return st_prepare(s, st, sql, e);
			s->kept[i].busy = 1;
			*st = s->kept[i].st;
			return 0;
		}
	if (st_prepare(s, st, sql, e) < 0)
		return -1;
	if (i < n) {
		s->kept[i].sql = xstrdup(sql);
		s->kept[i].st = *st;
		s->kept[i].busy = 1;
	}
	return 0;
}

void
st_release(struct store *s, sqlite3_stmt *st)
{
	size_t i;

	for (i = 0; i < sizeof s->kept / sizeof s->kept[0]; i++)
		if (s->kept[i].st == st && st != NULL) {
			sqlite3_reset(st);
			sqlite3_clear_bindings(st);
			s->kept[i].busy = 0;
			return;
		}
	sqlite3_finalize(st);
}

int
st_exec(struct store *s, const char *sql, struct err *e)
{
	char *msg = NULL;

	if (sqlite3_exec(s->db, sql, NULL, NULL, &msg) != SQLITE_OK) {
		int code = sqlite3_errcode(s->db);

		sqlite3_free(msg);
		/* The causes a user can act on get their own words. */
		if (code == SQLITE_READONLY || code == SQLITE_BUSY ||
		    code == SQLITE_FULL || code == SQLITE_IOERR)
			return st_fail(s, e, "write the database");
		return err_set(e, "database error: %s", sqlite3_errmsg(s->db));
	}
	return 0;
}

int
st_bind_text(sqlite3_stmt *st, int i, const char *s)
{
	if (s == NULL || *s == '\0')
		return sqlite3_bind_null(st, i);
	return sqlite3_bind_text(st, i, s, -1, SQLITE_TRANSIENT);
}

/* The uid generator's state: random at the first uid of a process, or
 * store_seed_uids()'s. */
static uint64_t uid_hi, uid_lo;
static int uid_seeded, uid_fixed;

void (*store_migrating)(int64_t n);

/* splitmix64's step: a well-mixed 64 bits from x. */
static uint64_t
mix64(uint64_t x)
{
	x += UINT64_C(0x9e3779b97f4a7c15);
	x = (x ^ (x >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
	x = (x ^ (x >> 27)) * UINT64_C(0x94d049bb133111eb);
	return x ^ (x >> 31);
}

void
store_seed_uids(struct store *s, uint64_t seed)
{
	/* The file's name and its folder's tell two machines' databases
	 * apart, so that their uids differ too. */
	const char *path = sqlite3_db_filename(s->db, "main");
	const char *p, *q;
	int slashes = 0;

	if (path == NULL)
		path = "";
	p = path + strlen(path);
	while (p > path && slashes < 2)
		if (*--p == '/')
			slashes++;
	for (q = p; *q != '\0'; q++)
		seed = mix64(seed ^ (unsigned char)*q);
	s->uid_seed = seed;
	s->uid_seeded = 1;
	/* A uid drawn before any change (gpulog run's) follows from what
	 * the database holds now. */
	{
		sqlite3_stmt *st;
		uint64_t n = 0;

		if (sqlite3_prepare_v2(s->db, "SELECT (SELECT coalesce(max(id), "
		    "0) FROM changes) * 1000003 + (SELECT count(*) FROM runs)",
		    -1, &st, NULL) == SQLITE_OK && sqlite3_step(st) ==
		    SQLITE_ROW)
			n = (uint64_t)sqlite3_column_int64(st, 0);
		sqlite3_finalize(st);
		uid_hi = mix64(seed);
		uid_lo = mix64(seed ^ mix64(n));
		uid_seeded = uid_fixed = 1;
	}
}

/* A seeded store's uids from here on: from its seed and the change now
 * begun, which holds the write lock, so that no two writers draw alike. */
static void
reseed_uids(struct store *s)
{
	if (!s->uid_seeded)
		return;
	uid_hi = mix64(s->uid_seed);
	uid_lo = mix64(s->uid_seed ^ mix64((uint64_t)s->change_id) ^
	    mix64((uint64_t)s->runs_above << 20));
	uid_seeded = uid_fixed = 1;
}

void
st_bind_uid(sqlite3_stmt *st, int i, const char *uid)
{
	static const char hex[] = "0123456789abcdef";
	uint64_t hi, lo;
	struct timespec ts;
	uint64_t ms;
	char buf[32];
	int k;

	if (uid != NULL && *uid != '\0') {
		sqlite3_bind_text(st, i, uid, -1, SQLITE_TRANSIENT);
		return;
	}
	if (!uid_seeded) {
		sqlite3_randomness(sizeof uid_hi, &uid_hi);
		sqlite3_randomness(sizeof uid_lo, &uid_lo);
		uid_seeded = 1;
	}
	if (++uid_lo == 0)
		uid_hi++;
	hi = uid_hi;
	lo = uid_lo;
	clock_gettime(CLOCK_REALTIME, &ts);
	ms = (uint64_t)ts.tv_sec * 1000 + (uint64_t)ts.tv_nsec / 1000000;
	/* Seeded uids take their time from gpulog's clock (GPULOG_NOW),
	 * so that they are whole the same every time. */
	if (uid_fixed)
		ms = (uint64_t)core_now() * 1000;
	/* 12 digits of milliseconds, 4 of hi, 16 of lo. */
	for (k = 11; k >= 0; k--, ms >>= 4)
		buf[k] = hex[ms & 15];
	for (k = 15; k >= 12; k--)
		buf[k] = hex[(hi >> ((15 - k) * 4)) & 15];
	for (k = 31; k >= 16; k--)
		buf[k] = hex[(lo >> ((31 - k) * 4)) & 15];
	sqlite3_bind_text(st, i, buf, 32, SQLITE_TRANSIENT);
}

void
st_col_copy(sqlite3_stmt *st, int i, char *buf, size_t len)
{
	const unsigned char *t = sqlite3_column_text(st, i);
	size_t n = t ? (size_t)sqlite3_column_bytes(st, i) : 0;

	/* Called for every column of every row read: no printf here. */
	if (n >= len)
		n = len - 1;
	if (n > 0)
		memcpy(buf, t, n);
	buf[n] = '\0';
}

char *
st_col_dup(sqlite3_stmt *st, int i)
{
	const unsigned char *t = sqlite3_column_text(st, i);

	return t ? xstrdup((const char *)t) : NULL;
}

int
st_fail(struct store *s, struct err *e, const char *what)
{
	int code = sqlite3_errcode(s->db);
	int sys = sqlite3_system_errno(s->db);

	s->failed_busy = code == SQLITE_BUSY || code == SQLITE_LOCKED;
	if (code == SQLITE_BUSY || code == SQLITE_LOCKED)
		return err_set(e, "cannot %s: the database is busy in another "
		    "gpulog; try again", what);
	if (code == SQLITE_FULL || (code == SQLITE_IOERR && (sys == ENOSPC ||
	    sys == EFBIG)))
		return err_set(e, "cannot %s: the disk is full (%s)", what,
		    sys ? strerror(sys) : "no room");
	/* A short write leaves no errno: most often a full disk or a
	 * file-size limit. */
	if (sqlite3_extended_errcode(s->db) == SQLITE_IOERR_WRITE)
		return err_set(e, "cannot %s: writing to the disk failed (is "
		    "it full?); nothing was saved", what);
	if (code == SQLITE_READONLY && s->readonly_io)
		return err_set(e, "cannot %s: writing to the disk failed when "
		    "the database was opened (is it full?); it was opened to "
		    "read only", what);
	if (code == SQLITE_READONLY)
		return err_set(e, "cannot %s: the database is read-only%s",
		    what, s->readonly ? " (gpulog can read it but not write "
		    "it or its directory)" : "");
	return err_set(e, "cannot %s: %s", what, sqlite3_errmsg(s->db));
}

/* The lock wait: short sleeps first, then a tenth of a second, until the
 * limit; on_busy once 3 seconds have passed. */
static int
busy_handler(void *arg, int n)
{
	struct store *s = arg;
	int ms = n < 10 ? 10 : 100;

	if (n == 0) {
		s->busy_ms = 0;
		s->busy_said = 0;
	}
	if ((s->busy_limit_ms >= 0 && s->busy_ms >= s->busy_limit_ms) ||
	    (s->busy_stop != NULL && s->busy_stop()))
		return 0;
	if (!s->busy_said && s->busy_ms >= s->busy_say_ms &&
	    s->on_busy != NULL) {
		s->busy_said = 1;
		s->on_busy(s->on_busy_arg);
	}
	sqlite3_sleep(ms);
	s->busy_ms += ms;
	return 1;
}

void
store_busy_wait(struct store *s, int64_t limit_ms, void (*on_busy)(void *),
    void *arg)
{
	s->busy_limit_ms = limit_ms;
	s->on_busy = on_busy;
	s->on_busy_arg = arg;
}

void
store_busy_stop(struct store *s, int (*stop)(void))
{
	s->busy_stop = stop;
}

int
store_failed_busy(const struct store *s)
{
	return s->failed_busy;
}

int
store_readonly(const struct store *s)
{
	return s->readonly;
}

/* path and suffix, a file of ours, readable by its owner alone. */
static void
tighten(const char *path, const char *suffix)
{
	char name[PATH_MAX];
	struct stat st;

	if (snprintf(name, sizeof name, "%s%s", path, suffix) >=
	    (int)sizeof name)
		return;
	if (stat(name, &st) == 0 && S_ISREG(st.st_mode) &&
	    st.st_uid == geteuid() && (st.st_mode & 077) != 0)
		chmod(name, st.st_mode & 0700);
}

/* Creates path 0600 when it does not exist, so that SQLite finds it (and
 * gives its -wal and -shm the same mode); a symbolic link to nothing yet
 * makes its target so.  A database of ours that others may read or write
 * (an earlier release's 0644) loses those bits: it holds the user's
 * spend. */
static void
create_private(const char *path)
{
	struct stat st;
	int fd;

	if (path[0] == '\0' || path[0] == ':' || strncmp(path, "file:", 5) == 0)
		return;
	fd = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
	if (fd < 0 && errno == EEXIST && lstat(path, &st) == 0 &&
	    S_ISLNK(st.st_mode) && stat(path, &st) < 0 && errno == ENOENT)
		fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0600);
	if (fd >= 0) {
		close(fd);
		return;
	}
	tighten(path, "");
	tighten(path, "-wal");
	tighten(path, "-shm");
}

/*
 * While another gpulog makes a new database, or turns it to WAL, SQLite
 * answers BUSY without asking the busy handler (it would deadlock inside
 * SQLite); opening waits for it by the busy handler's rule all the same.
 */
static int
step_waiting(struct store *s, sqlite3_stmt *st)
{
	int rc, n = 0;

	while ((rc = sqlite3_step(st)) == SQLITE_BUSY) {
		sqlite3_reset(st);
		if (!busy_handler(s, n++))
			break;
	}
	return rc;
}

static int
exec_waiting(struct store *s, const char *sql)
{
	sqlite3_stmt *st;
	int rc;

	if ((rc = sqlite3_prepare_v2(s->db, sql, -1, &st, NULL)) != SQLITE_OK)
		return rc;
	while ((rc = step_waiting(s, st)) == SQLITE_ROW)
		;
	sqlite3_finalize(st);
	return rc == SQLITE_DONE ? SQLITE_OK : rc;
}

/* The tables the export writes whose rows have rowids, and the group of
 * a sync segment each is in (settings travel by key and tombstones have
 * no rowid: their writers say so themselves). */
static const struct {
	const char *table;
	int group;
} exported_tables[] = {
	{ "runs", PEND_RUNS }, { "run_metrics", PEND_METRICS },
	{ "expenses", PEND_EXPENSES }, { "quota_snapshots", PEND_SNAPSHOTS },
	{ "platforms", PEND_CATALOG }, { "quotas", PEND_CATALOG },
	{ "rates", PEND_CATALOG }, { "phases", PEND_CATALOG },
	{ "fx", PEND_CATALOG },
};

void
store_note_exported(struct store *s)
{
	if (sqlite3_get_autocommit(s->db))
		s->exported_late = 1;
	else
		s->exported = 1;
}

/* The most ranges kept in memory before each group's are made one. */
#define PEND_MAX 4096

/*
 * Notes row (0 for the whole group) of group as written, for the next
 * sync segment: a row next to the group's last range widens it, so that
 * an import's new runs are one range.  Past PEND_MAX ranges each group's
 * become one, from its lowest row to its highest: a segment may then
 * carry rows that did not change (harmless: merging them again changes
 * nothing), never miss one.
 */
void
store_note_pending(struct store *s, int group, int64_t row)
{
	struct pend *p;
	size_t i, k;

	for (i = s->npend; i > 0; i--) {
		p = &s->pend[i - 1];
		if (p->group != group)
			continue;
		if (row == 0 ? p->lo == 0 : p->lo != 0 && row >= p->lo - 1 &&
		    row <= p->hi + 1) {
			if (row != 0 && row < p->lo)
				p->lo = row;
			if (row > p->hi)
				p->hi = row;
			return;
		}
		/* Only the group's last range is tried: rows come in
		 * runs. */
		if (row != 0)
			break;
	}
	if (s->npend == PEND_MAX) {
		for (k = 0, i = 0; i < s->npend; i++) {
			struct pend *q = &s->pend[i];
			size_t j;

			for (j = 0; j < k; j++)
				if (s->pend[j].group == q->group &&
				    (s->pend[j].lo == 0) == (q->lo == 0))
					break;
			if (j == k) {
				s->pend[k++] = *q;
			} else if (q->lo != 0) {
				if (q->lo < s->pend[j].lo)
					s->pend[j].lo = q->lo;
				if (q->hi > s->pend[j].hi)
					s->pend[j].hi = q->hi;
			}
		}
		s->npend = k;
		store_note_pending(s, group, row);
		return;
	}
	if (s->npend == s->pendcap) {
		s->pendcap = s->pendcap ? 2 * s->pendcap : 16;
		s->pend = xrealloc(s->pend, s->pendcap * sizeof *s->pend);
	}
	p = &s->pend[s->npend++];
	p->group = group;
	p->lo = p->hi = row;
}

/* sqlite3_update_hook(): a row of an exported table was written.  Called
 * for every row: it marks the transaction and notes the row. */
static void
on_write(void *arg, int op, const char *db, const char *table,
    sqlite3_int64 row)
{
	struct store *s = arg;
	size_t i;

	if (strcmp(db, "main") != 0)
		return;
	if (op == SQLITE_INSERT && s->armed && strcmp(table, "runs") == 0)
		hours_note(s, row);
	if (strcmp(table, "settings") == 0) {
		store_note_pending(s, PEND_SETTINGS, 0);
		return;
	}
	for (i = 0; i < sizeof exported_tables / sizeof exported_tables[0];
	    i++)
		if (strcmp(table, exported_tables[i].table) == 0) {
			if (!s->exported || sqlite3_get_autocommit(s->db))
				store_note_exported(s);
			/* A removed row leaves nothing to carry (a
			 * removal travels as its tombstone). */
			if (op != SQLITE_DELETE)
				store_note_pending(s, exported_tables[i].group,
				    exported_tables[i].group >= PEND_SETTINGS ?
				    0 : row);
			return;
		}
}

/* The names sync_pending.tbl gives the groups, in enum pend_group's
 * order. */
const char *const store_pend_names[PEND_NGROUPS] = { "runs", "run_metrics",
	"expenses", "quota_snapshots", "settings", "catalog", "tombstones" };

int
store_exported(struct store *s, struct err *e)
{
	sqlite3_stmt *st;
	char name[64];
	size_t i;

	if (hours_flush(s, e) < 0)
		return -1;
	if (!s->exported)
		return 0;
	if (st_exec(s, "INSERT INTO counters VALUES ('export', 1) ON "
	    "CONFLICT(name) DO UPDATE SET value = value + 1", e) < 0)
		return -1;
	/* Noted once this machine syncs (it has a sync name): its first
	 * sync writes everything anyway. */
	if (s->npend > 0 && !s->sync_on && (s->sync_on = store_get_setting(s,
	    "sync.machine", name, sizeof name, e)) < 0)
		return -1;
	if (s->npend > 0 && s->sync_on) {
		sqlite3_stmt *up;

		/* A range next to the table's newest entry widens it, so
		 * that a run's samples written again and again are one. */
		static const char widen[] = "UPDATE sync_pending SET lo = "
		    "min(lo, ?2), hi = max(hi, ?3) WHERE id = (SELECT max(id) "
		    "FROM sync_pending WHERE tbl = ?1) AND ?2 <= hi + 1 AND ?3 "
		    ">= lo - 1";
		static const char add[] = "INSERT INTO sync_pending(tbl, lo, "
		    "hi) SELECT ?1, ?2, ?3 WHERE changes() = 0";

		/* Kept: every write that the export carries comes here. */
		if (st_prepare_kept(s, &up, widen, e) < 0)
			return -1;
		if (st_prepare_kept(s, &st, add, e) < 0) {
			st_release(s, up);
			return -1;
		}
		for (i = 0; i < s->npend; i++) {
			sqlite3_stmt *both[2] = { up, st };
			int k;

			for (k = 0; k < 2; k++) {
				sqlite3_bind_text(both[k], 1,
				    store_pend_names[s->pend[i].group], -1,
				    SQLITE_STATIC);
				sqlite3_bind_int64(both[k], 2, s->pend[i].lo);
				sqlite3_bind_int64(both[k], 3, s->pend[i].hi);
				if (sqlite3_step(both[k]) != SQLITE_DONE) {
					st_fail(s, e, "save the change");
					st_release(s, up);
					st_release(s, st);
					return -1;
				}
				sqlite3_reset(both[k]);
			}
		}
		st_release(s, up);
		st_release(s, st);
	}
	s->npend = 0;
	s->exported = 0;
	return 0;
}

int
store_export_count(struct store *s, int64_t *n, struct err *e)
{
	sqlite3_stmt *st;
	int rc;

	*n = 0;
	if (st_prepare(s, &st, "SELECT value FROM counters WHERE name = "
	    "'export'", e) < 0)
		return -1;
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW)
		*n = sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	return rc == SQLITE_ROW || rc == SQLITE_DONE ? 0 :
	    st_fail(s, e, "read the database");
}

int
store_write_begin(struct store *s, struct err *e)
{
	if (!sqlite3_get_autocommit(s->db))
		return 0;
	if (st_begin_write(s, NULL, e) < 0)
		return -1;
	return 1;
}

int
store_write_commit(struct store *s, struct err *e)
{
	if (store_exported(s, e) < 0 || st_exec(s, "COMMIT", e) < 0) {
		sqlite3_exec(s->db, "ROLLBACK", NULL, NULL, NULL);
		s->exported = 0;
		return -1;
	}
	return 0;
}

/*
 * A write before the triggers are made would lose its tombstone or its
 * undo, silently: refused instead, when its statement is prepared, so that
 * a path that writes without st_begin_write() fails at once.  Opening
 * (the migrations, the catalog's refresh) writes before them, as ever.
 */
static int
write_guard(void *arg, int op, const char *a, const char *b,
    const char *db, const char *trigger)
{
	const struct store *s = arg;

	(void)a;
	(void)b;
	(void)trigger;
	if (s->armed || s->unguarded || db == NULL || strcmp(db, "main") != 0)
		return SQLITE_OK;
	return op == SQLITE_INSERT || op == SQLITE_UPDATE ||
	    op == SQLITE_DELETE ? SQLITE_DENY : SQLITE_OK;
}

/*
 * A connection opens with a page cache of STORE_CACHE_PAGES: a command
 * reads a few dozen pages, and each page of memory touched for the first
 * time costs more than a page read again from the system's cache (16 us
 * against a few on the machines of README's Performance).  Writes, a
 * migration and the dashboard, which come back to the same pages, get
 * SQLite's default, 2 MiB (store_cache_full()).
 */
#define STORE_CACHE_PAGES "32"

int
store_cache_full(struct store *s)
{
	if (s->cache_full)
		return 0;
	if (sqlite3_exec(s->db, "PRAGMA cache_size = -2000", NULL, NULL,
	    NULL) != SQLITE_OK)
		return -1;
	s->cache_full = 1;
	return 0;
}

/* Opens the connection and reads the schema, which proves the file is a
 * database at all; 0, or the SQLite code with e's message. */
static int
open_db(struct store *s, const char *path, int flags, struct err *e)
{
	sqlite3_stmt *st = NULL;
	int rc;

	/* SQLite counts every allocation under a global mutex unless told
	 * not to, before it starts; nothing here reads those counts, and an
	 * import of 100,000 runs spent 6% of its instructions on them.  (A
	 * second call is refused, harmlessly, once SQLite has started.) */
	sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
	/* One connection, one thread: no mutex around every call. */
	rc = sqlite3_open_v2(path, &s->db, flags | SQLITE_OPEN_NOMUTEX, NULL);
	if (rc != SQLITE_OK) {
		err_set(e, "cannot open %s: %s", path, s->db ?
		    sqlite3_errmsg(s->db) : sqlite3_errstr(rc));
		goto fail;
	}
	sqlite3_busy_handler(s->db, busy_handler, s);
	sqlite3_update_hook(s->db, on_write, s);
	sqlite3_set_authorizer(s->db, write_guard, s);
	sqlite3_extended_result_codes(s->db, 0);
	if ((rc = sqlite3_exec(s->db, "PRAGMA cache_size = " STORE_CACHE_PAGES,
	    NULL, NULL, NULL)) != SQLITE_OK ||
	    (rc = sqlite3_prepare_v2(s->db, "SELECT count(*) FROM "
	    "sqlite_master", -1, &st, NULL)) != SQLITE_OK ||
	    (rc = step_waiting(s, st)) != SQLITE_ROW) {
		err_set(e, "cannot open %s: %s", path, sqlite3_errmsg(s->db));
		rc = sqlite3_errcode(s->db);
		goto fail;
	}
	sqlite3_finalize(st);
	st = NULL;
	if (!(flags & SQLITE_OPEN_READONLY) &&
	    ((rc = exec_waiting(s, "PRAGMA journal_mode=WAL")) != SQLITE_OK ||
	    (rc = exec_waiting(s, "PRAGMA foreign_keys=ON")) != SQLITE_OK ||
	    (rc = exec_waiting(s, "PRAGMA synchronous=FULL")) != SQLITE_OK)) {
		err_set(e, "cannot open %s: %s", path, sqlite3_errmsg(s->db));
		goto fail_closed;
	}
	return 0;
fail:
	sqlite3_finalize(st);
fail_closed:
	sqlite3_close(s->db);
	s->db = NULL;
	return rc == SQLITE_OK ? SQLITE_ERROR : rc;
}

/*
 * SQLite cannot read a WAL database read-only without its -shm, which a
 * read-only directory cannot hold; when no -wal holds changes, the file
 * alone is the whole database, read as immutable.
 */
static int
open_immutable(struct store *s, const char *path, struct err *e)
{
	static const char hex[] = "0123456789ABCDEF";
	struct stat sb;
	size_t n = strlen(path), k = 0, i;
	char *wal = xmalloc(n + 5), *uri = xmalloc(n * 3 + 32);
	struct err inner;
	int rc = -1;

	snprintf(wal, n + 5, "%s-wal", path);
	if (stat(wal, &sb) == 0 && sb.st_size > 0) {
		err_set(e, "cannot open %s: it cannot be written, and its -wal "
		    "holds changes that only a writable directory lets SQLite "
		    "read", path);
		goto out;
	}
	k = (size_t)snprintf(uri, n * 3 + 32, "file:");
	for (i = 0; i < n; i++) {
		unsigned char ch = (unsigned char)path[i];

		if (ch == '?' || ch == '#' || ch == '%' || ch < 0x21 ||
		    ch >= 0x7f) {
			uri[k++] = '%';
			uri[k++] = hex[ch >> 4];
			uri[k++] = hex[ch & 15];
		} else {
			uri[k++] = (char)ch;
		}
	}
	snprintf(uri + k, n * 3 + 32 - k, "?immutable=1");
	if (open_db(s, uri, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI,
	    &inner) != 0) {
		err_set(e, "cannot open %s: %s", path, inner.msg);
		goto out;
	}
	rc = 0;
out:
	free(wal);
	free(uri);
	return rc;
}

/* gpulog_now(): the store's clock, for the triggers below. */
static void
sql_clock(sqlite3_context *cx, int argc, sqlite3_value **argv)
{
	struct store *s = sqlite3_user_data(cx);

	(void)argc;
	(void)argv;
	sqlite3_result_int64(cx, s->clock);
}

/* gpulog_tombs(): 1 when a removal leaves a tombstone (not while undo
 * takes a merge back). */
static void
sql_tombs(sqlite3_context *cx, int argc, sqlite3_value **argv)
{
	struct store *s = sqlite3_user_data(cx);

	(void)argc;
	(void)argv;
	sqlite3_result_int(cx, !s->no_tombs);
}

/* gpulog_removal_noted(): a tombstone was written; the next sync segment
 * carries the removals. */
static void
sql_removal_noted(sqlite3_context *cx, int argc, sqlite3_value **argv)
{
	(void)argc;
	(void)argv;
	store_note_pending(sqlite3_user_data(cx), PEND_TOMBSTONES, 0);
	sqlite3_result_null(cx);
}

/*
 * A removal, by whatever path (rm, cancel, undo, a merge), leaves a
 * tombstone stamped with the store's clock, the latest removal of a key
 * kept.  The triggers are the connection's own (TEMP): they call a
 * function only gpulog has, and another SQLite client sees none of them.
 */
static int
create_tomb_triggers(struct store *s, struct err *e)
{
	static const struct {
		const char *table, *kind, *key;
	} t[] = {
		{ "runs", "run", "uid" },
		{ "expenses", "expense", "uid" },
		{ "quotas", "quota", "platform" },
		{ "settings", "setting", "key" },
	};
	char sql[512];
	size_t i;

	/* Tombstones have no rowid, so the update hook never sees them. */
	if (st_exec(s, "CREATE TEMP TRIGGER pend_tomb_ins AFTER INSERT ON "
	    "main.tombstones BEGIN SELECT gpulog_removal_noted(); END;"
	    "CREATE TEMP TRIGGER pend_tomb_upd AFTER UPDATE ON "
	    "main.tombstones BEGIN SELECT gpulog_removal_noted(); END;", e) < 0)
		return -1;
	for (i = 0; i < sizeof t / sizeof t[0]; i++) {
		snprintf(sql, sizeof sql, "CREATE TEMP TRIGGER tomb_%s AFTER "
		    "DELETE ON main.%s WHEN gpulog_tombs() BEGIN INSERT INTO "
		    "tombstones(kind, key, "
		    "removed_at) VALUES ('%s', old.%s, gpulog_now()) ON "
		    "CONFLICT(kind, key) DO UPDATE SET removed_at = "
		    "max(removed_at, excluded.removed_at);%s END;", t[i].table,
		    t[i].table, t[i].kind, t[i].key, i == 0 ?
		    " DELETE FROM duplicates WHERE uid_a = old.uid OR uid_b = "
		    "old.uid;" : "");
		if (st_exec(s, sql, e) < 0)
			return -1;
	}
	return 0;
}

/* The functions the write triggers call, which only gpulog has. */
static int
create_functions(struct store *s, struct err *e)
{
	if (sqlite3_create_function(s->db, "gpulog_now", 0, SQLITE_UTF8, s,
	    sql_clock, NULL, NULL) != SQLITE_OK ||
	    sqlite3_create_function(s->db, "gpulog_tombs", 0, SQLITE_UTF8, s,
	    sql_tombs, NULL, NULL) != SQLITE_OK ||
	    sqlite3_create_function(s->db, "gpulog_removal_noted", 0,
	    SQLITE_UTF8, s, sql_removal_noted, NULL, NULL) != SQLITE_OK)
		return st_fail(s, e, "open the database");
	return hours_functions(s, e);
}

/*
 * The triggers a write needs (a removal's tombstone, undo's log) are the
 * connection's own, made before its first write transaction: a command
 * that only reads neither parses nor makes them.  st_begin_write() makes
 * them before it takes the lock, outside the transaction, so that its
 * rollback cannot take them back.
 */
int
st_arm(struct store *s, struct err *e)
{
	if (s->armed)
		return 0;
	if (store_cache_full(s) < 0)
		return st_fail(s, e, "open the database");
	s->unguarded = 1;
	if (create_tomb_triggers(s, e) < 0 || schema_undo_triggers(s, e) < 0 ||
	    hours_triggers(s, e) < 0) {
		s->unguarded = 0;
		return -1;
	}
	s->unguarded = 0;
	s->armed = 1;
	return 0;
}

int
st_begin_write(struct store *s, const char *what, struct err *e)
{
	if (sqlite3_get_autocommit(s->db) && st_arm(s, e) < 0)
		return -1;
	if (what == NULL)
		return st_exec(s, "BEGIN IMMEDIATE", e);
	return sqlite3_exec(s->db, "BEGIN IMMEDIATE", NULL, NULL, NULL) ==
	    SQLITE_OK ? 0 : st_fail(s, e, what);
}

int
store_part_mark(struct store *s, struct err *e)
{
	return sqlite3_exec(s->db, "SAVEPOINT part", NULL, NULL, NULL) ==
	    SQLITE_OK ? 0 : st_fail(s, e, "start a change");
}

int
store_part_keep(struct store *s, struct err *e)
{
	return sqlite3_exec(s->db, "RELEASE part", NULL, NULL, NULL) ==
	    SQLITE_OK ? 0 : st_fail(s, e, "save the change");
}

void
store_part_drop(struct store *s)
{
	sqlite3_exec(s->db, "ROLLBACK TO part; RELEASE part", NULL, NULL,
	    NULL);
}

void
store_set_clock(struct store *s, int64_t t)
{
	s->clock = t;
}

int
store_open(struct store **sp, const char *path, int64_t now, struct err *e)
{
	struct store *s = xcalloc(1, sizeof *s);
	int rc;

	*sp = NULL;
	s->busy_limit_ms = -1;
	s->busy_say_ms = 3000;
	create_private(path);
	rc = open_db(s, path, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, e);
	/* A file that can be read but not written, one in a directory
	 * where the -shm beside it cannot be made, or one on a full disk:
	 * read-only, which reads the -wal too, so that the commands that
	 * only read still work. */
	if (rc == SQLITE_READONLY || rc == SQLITE_CANTOPEN ||
	    rc == SQLITE_PERM || rc == SQLITE_IOERR || rc == SQLITE_FULL) {
		struct err ro, first = *e;

		if (open_db(s, path, SQLITE_OPEN_READONLY, &ro) != 0 &&
		    open_immutable(s, path, e) < 0) {
			/* Nothing to read either: the first reason. */
			if (rc == SQLITE_IOERR || rc == SQLITE_FULL)
				*e = first;
			goto fail;
		}
		s->readonly = 1;
		s->readonly_io = rc == SQLITE_IOERR || rc == SQLITE_FULL;
	} else if (rc != 0) {
		goto fail;
	}
	{
		struct err inner;

		s->unguarded = 1;
		if (schema_migrate(s, now, &inner) < 0 ||
		    (!s->readonly && (schema_refresh_catalog(s, &inner) < 0 ||
		    create_functions(s, &inner) < 0))) {
			err_set(e, "cannot open %s: %s", path, inner.msg);
			goto fail;
		}
		s->unguarded = 0;
	}
	s->clock = now;
	*sp = s;
	return 0;
fail:
	sqlite3_close(s->db);
	free(s);
	return -1;
}

void
store_close(struct store *s)
{
	size_t i;

	if (s == NULL)
		return;
	if (s->in_change)
		store_rollback(s);
	/* A write made outside any transaction (none should be) is counted
	 * late rather than never. */
	if (s->exported_late && !s->readonly) {
		struct err ignored;

		s->exported = 1;
		store_exported(s, &ignored);
	}
	for (i = 0; i < sizeof s->kept / sizeof s->kept[0]; i++) {
		sqlite3_finalize(s->kept[i].st);
		free(s->kept[i].sql);
	}
	sqlite3_close(s->db);
	free(s->pend);
	free(s->hours);
	free(s->cov);
	free(s);
}

int
store_saved(const struct store *s, char *what, size_t len)
{
	snprintf(what, len, "%s", s->saved ? s->what : "");
	return s->saved;
}

int
store_opened_version(const struct store *s)
{
	return s->opened_version;
}

int
store_begin(struct store *s, const char *what, struct err *e)
{
	sqlite3_stmt *st;

	if (st_begin_write(s, "start a change", e) < 0)
		return -1;
	s->in_change = 1;
	s->merging = 0;
	snprintf(s->what, sizeof s->what, "%s", what);
	if (st_prepare(s, &st, "INSERT INTO changes(at, what, open) "
	    "VALUES (strftime('%s','now'), ?, 1)", e) < 0)
		goto fail;
	sqlite3_bind_text(st, 1, what, -1, SQLITE_TRANSIENT);
	if (sqlite3_step(st) != SQLITE_DONE) {
		sqlite3_finalize(st);
		st_fail(s, e, "start a change");
		goto fail;
	}
	sqlite3_finalize(st);
	s->change_id = sqlite3_last_insert_rowid(s->db);
	/* The runs this change adds are those above the highest id now, or
	 * ever given (an undo takes ids back, never to give them again):
	 * undo deletes them by that bound, so an insert logs nothing. */
	if (st_prepare(s, &st, "SELECT max((SELECT coalesce(max(id), 0) FROM "
	    "runs), (SELECT coalesce(max(value), 0) FROM counters WHERE name "
	    "= 'runs'))", e) < 0)
		goto fail;
	if (sqlite3_step(st) != SQLITE_ROW) {
		sqlite3_finalize(st);
		st_fail(s, e, "start a change");
		goto fail;
	}
	s->runs_above = sqlite3_column_int64(st, 0);
	s->runs_next = s->runs_above + 1;
	sqlite3_finalize(st);
	reseed_uids(s);
	return 0;
fail:
	store_rollback(s);
	return -1;
}

int
store_read_begin(struct store *s, struct err *e)
{
	sqlite3_stmt *st;
	int rc;

	if (!sqlite3_get_autocommit(s->db))
		return 0;
	if (sqlite3_exec(s->db, "BEGIN", NULL, NULL, NULL) != SQLITE_OK)
		return st_fail(s, e, "read the database");
	/* The snapshot starts with the first read, so read now. */
	if (st_prepare(s, &st, "SELECT count(*) FROM settings", e) < 0)
		return -1;
	rc = sqlite3_step(st);
	sqlite3_finalize(st);
	if (rc != SQLITE_ROW) {
		sqlite3_exec(s->db, "ROLLBACK", NULL, NULL, NULL);
		return st_fail(s, e, "read the database");
	}
	return 1;
}

void
store_read_end(struct store *s)
{
	if (!sqlite3_get_autocommit(s->db))
		sqlite3_exec(s->db, "COMMIT", NULL, NULL, NULL);
}

int
store_change_label(struct store *s, const char *what, struct err *e)
{
	sqlite3_stmt *st;
	int rc;

	if (st_prepare(s, &st, "UPDATE changes SET what = ? WHERE id = ?",
	    e) < 0)
		return -1;
	snprintf(s->what, sizeof s->what, "%s", what);
	sqlite3_bind_text(st, 1, what, -1, SQLITE_TRANSIENT);
	sqlite3_bind_int64(st, 2, s->change_id);
	rc = sqlite3_step(st);
	sqlite3_finalize(st);
	return rc == SQLITE_DONE ? 0 : st_fail(s, e, "name the change");
}

int
store_commit(struct store *s, struct err *e)
{
	sqlite3_stmt *st;
	int rc;

	/* Close the change, with the bound of the runs it added if it added
	 * any; one that wrote nothing leaves no trace, and only the latest
	 * 500 changes can be undone. */
	if (st_prepare(s, &st, "UPDATE changes SET open = 0, runs_above = "
	    "CASE WHEN ?3 THEN ?2 END, merge = ?4 WHERE id = ?1", e) < 0)
		return -1;
	sqlite3_bind_int64(st, 1, s->change_id);
	sqlite3_bind_int64(st, 2, s->runs_above);
	sqlite3_bind_int(st, 3, s->runs_next > s->runs_above + 1);
	sqlite3_bind_int(st, 4, s->merging);
	rc = sqlite3_step(st);
	sqlite3_finalize(st);
	if (rc != SQLITE_DONE)
		return st_fail(s, e, "save the change");
	if (s->runs_next > s->runs_above + 1) {
		if (st_prepare(s, &st, "INSERT INTO counters VALUES ('runs', ?1) "
		    "ON CONFLICT(name) DO UPDATE SET value = max(value, ?1)",
		    e) < 0)
			return -1;
		sqlite3_bind_int64(st, 1, s->runs_next - 1);
		rc = sqlite3_step(st);
		sqlite3_finalize(st);
		if (rc != SQLITE_DONE)
			return st_fail(s, e, "save the change");
	}
	if (st_prepare(s, &st, "DELETE FROM changes WHERE id = ?1 AND "
	    "runs_above IS NULL AND NOT EXISTS (SELECT 1 FROM undolog WHERE "
	    "change_id = ?1)", e) < 0)
		return -1;
	sqlite3_bind_int64(st, 1, s->change_id);
	rc = sqlite3_step(st);
	sqlite3_finalize(st);
	if (rc != SQLITE_DONE)
		return st_fail(s, e, "save the change");
	if (st_exec(s, "DELETE FROM undolog WHERE change_id <= (SELECT "
	    "max(id) - 500 FROM changes); DELETE FROM changes WHERE id <= "
	    "(SELECT max(id) - 500 FROM changes)", e) < 0 ||
	    store_exported(s, e) < 0)
		return -1;
	if (sqlite3_exec(s->db, "COMMIT", NULL, NULL, NULL) != SQLITE_OK)
		return st_fail(s, e, "save the change");
	s->in_change = 0;
	s->merging = 0;
	s->change_id = 0;
	s->saved++;
	return 0;
}

void
store_rollback(struct store *s)
{
	if (!sqlite3_get_autocommit(s->db))
		sqlite3_exec(s->db, "ROLLBACK", NULL, NULL, NULL);
	s->in_change = 0;
	s->merging = 0;
	s->change_id = 0;
	s->exported = 0;
	hours_forget(s);
}

/* Runs a prepared write to completion and finalizes it. */
int
st_step_done(struct store *s, sqlite3_stmt *st, const char *what,
    struct err *e)
{
	int rc = sqlite3_step(st);

	sqlite3_finalize(st);
	return rc == SQLITE_DONE ? 0 : st_fail(s, e, what);
}

/* The records whose rows undo stamps, and their tombstones' kind. */
static const struct {
	const char *table, *kind, *key;
} stamped[] = {
	{ "runs", "run", "uid" },
	{ "expenses", "expense", "uid" },
	{ "quotas", "quota", "platform" },
	{ "settings", "setting", "key" },
	{ "platforms", NULL, "key" },
	{ "fx", NULL, "day" },
};

/*
 * Undo is a change of its own: what it puts back or restores is stamped
 * with the store's clock (after any tombstone of it, whose removal it
 * takes back: a second later in the same second), so that on another
 * machine it wins over the state it undid.  An update's stamp keeps a
 * later one (the insert's, after a tombstone).  The triggers live while
 * the undo runs (on is 0 drops them).
 */
static int
undo_stamps(struct store *s, int on, struct err *e)
{
	char sql[1024], tomb[256];
	size_t i;

	for (i = 0; i < sizeof stamped / sizeof stamped[0]; i++) {
		const char *t = stamped[i].table, *k = stamped[i].key;

		if (!on) {
			snprintf(sql, sizeof sql, "DROP TRIGGER IF EXISTS "
			    "temp.stamp_%s_ins; DROP TRIGGER IF EXISTS "
			    "temp.stamp_%s_upd;", t, t);
			if (st_exec(s, sql, e) < 0)
				return -1;
			continue;
		}
		tomb[0] = '\0';
		if (stamped[i].kind != NULL)
			snprintf(tomb, sizeof tomb, "max(gpulog_now(), coalesce("
			    "(SELECT removed_at + 1 FROM tombstones WHERE kind = "
			    "'%s' AND key = new.%s), 0))", stamped[i].kind, k);
		snprintf(sql, sizeof sql, "CREATE TEMP TRIGGER stamp_%s_ins "
		    "AFTER INSERT ON main.%s BEGIN UPDATE %s SET modified = "
		    "%s WHERE rowid = new.rowid;", t, t, t, tomb[0] ? tomb :
		    "gpulog_now()");
		if (stamped[i].kind != NULL)
			snprintf(sql + strlen(sql), sizeof sql - strlen(sql),
			    " DELETE FROM tombstones WHERE kind = '%s' AND key "
			    "= new.%s;", stamped[i].kind, k);
		snprintf(sql + strlen(sql), sizeof sql - strlen(sql), " END; "
		    "CREATE TEMP TRIGGER stamp_%s_upd AFTER UPDATE ON main.%s "
		    "BEGIN UPDATE %s SET modified = max(gpulog_now(), "
		    "new.modified) WHERE rowid = new.rowid; END;", t, t, t);
		if (st_exec(s, sql, e) < 0)
			return -1;
	}
	return 0;
}

/*
 * Undo of a merge takes it back on this machine only (on is 0 ends it):
 * what it removes leaves no tombstone, and each run or expense it removes
 * or restores keeps the version the merge brought in unmerged, so that
 * the next merge does not bring that version back; what it puts back
 * keeps its own change time, so that it wins over nothing elsewhere.
 */
static int
unmerge_marks(struct store *s, int on, struct err *e)
{
	static const char *const kinds[][2] = {
		{ "runs", "run" }, { "expenses", "expense" },
	};
	char sql[1024], mark[256];
	size_t i;

	s->no_tombs = on;
	for (i = 0; i < sizeof kinds / sizeof kinds[0]; i++) {
		snprintf(mark, sizeof mark, "INSERT INTO unmerged(kind, key, "
		    "modified) VALUES ('%s', old.uid, old.modified) ON "
		    "CONFLICT(kind, key) DO UPDATE SET modified = "
		    "max(modified, excluded.modified);", kinds[i][1]);
		if (!on)
			snprintf(sql, sizeof sql, "DROP TRIGGER IF EXISTS "
			    "temp.unmerge_%s_del; DROP TRIGGER IF EXISTS "
			    "temp.unmerge_%s_upd;", kinds[i][0], kinds[i][0]);
		else
			snprintf(sql, sizeof sql, "CREATE TEMP TRIGGER "
			    "unmerge_%s_del BEFORE DELETE ON main.%s BEGIN %s "
			    "END; CREATE TEMP TRIGGER unmerge_%s_upd BEFORE "
			    "UPDATE ON main.%s BEGIN %s END;", kinds[i][0],
			    kinds[i][0], mark, kinds[i][0], kinds[i][0], mark);
		if (on ? st_exec(s, sql, e) < 0 : sqlite3_exec(s->db, sql,
		    NULL, NULL, NULL) != SQLITE_OK)
			return -1;
	}
	return 0;
}

int
store_undo(struct store *s, char *what, size_t len, struct err *e)
{
	return store_undo_checked(s, what, len, NULL, NULL, e);
}

int
store_undo_checked(struct store *s, char *what, size_t len,
    int (*guard)(void *arg, int64_t first, struct err *e), void *arg,
    struct err *e)
{
	static const char *const drop[] = {
		"DELETE FROM undolog WHERE change_id = ?1",
		/* Every later change has been undone, so the runs above the
		 * bound are the ones this change added. */
		"DELETE FROM runs WHERE id > ?2 AND ?3",
		"DELETE FROM changes WHERE id = ?1",
	};
	sqlite3_stmt *st = NULL;
	int64_t id, above;
	int rc, added, merge = 0;
	size_t i;

	if (st_begin_write(s, "undo", e) < 0)
		return -1;
	if (st_prepare(s, &st, "SELECT id, what, runs_above, merge FROM "
	    "changes WHERE open = 0 ORDER BY id DESC LIMIT 1", e) < 0)
		goto fail;
	rc = sqlite3_step(st);
	if (rc == SQLITE_DONE) {
		sqlite3_finalize(st);
		sqlite3_exec(s->db, "ROLLBACK", NULL, NULL, NULL);
		return 0;
	}
	if (rc != SQLITE_ROW) {
		st_fail(s, e, "undo");
		goto fail;
	}
	id = sqlite3_column_int64(st, 0);
	st_col_copy(st, 1, what, len);
	added = sqlite3_column_type(st, 2) != SQLITE_NULL;
	above = sqlite3_column_int64(st, 2);
	merge = sqlite3_column_int(st, 3);
	sqlite3_finalize(st);
	st = NULL;
	if (guard != NULL && added && guard(arg, above + 1, e) < 0)
		goto fail;
	if (st_prepare(s, &st, "SELECT sql FROM undolog WHERE change_id = ? "
	    "ORDER BY seq DESC", e) < 0)
		goto fail;
	sqlite3_bind_int64(st, 1, id);
	if ((merge ? unmerge_marks(s, 1, e) : undo_stamps(s, 1, e)) < 0)
		goto fail;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		const char *sql = (const char *)sqlite3_column_text(st, 0);

		if (st_exec(s, sql, e) < 0)
			goto fail;
	}
	if (rc != SQLITE_DONE) {
		st_fail(s, e, "undo");
		goto fail;
	}
	sqlite3_finalize(st);
	st = NULL;
	for (i = 0; i < sizeof drop / sizeof drop[0]; i++) {
		if (st_prepare(s, &st, drop[i], e) < 0)
			goto fail;
		/* Parameters a statement lacks are not bound (SQLITE_RANGE). */
		sqlite3_bind_int64(st, 1, id);
		sqlite3_bind_int64(st, 2, above);
		sqlite3_bind_int(st, 3, added);
		rc = st_step_done(s, st, "undo", e);
		st = NULL;
		if (rc < 0)
			goto fail;
	}
	/* Its statements write settings and tombstones too: counted
	 * whatever they were. */
	s->exported = 1;
	if ((merge ? unmerge_marks(s, 0, e) : undo_stamps(s, 0, e)) < 0 ||
	    store_exported(s, e) < 0)
		goto fail;
	if (sqlite3_exec(s->db, "COMMIT", NULL, NULL, NULL) != SQLITE_OK) {
		st_fail(s, e, "undo");
		goto fail;
	}
	snprintf(s->what, sizeof s->what, "undo of %s", what);
	s->saved++;
	return 1;
fail:
	sqlite3_finalize(st);
	sqlite3_exec(s->db, "ROLLBACK", NULL, NULL, NULL);
	if (merge)
		unmerge_marks(s, 0, NULL);
	return -1;
}

int
store_get_setting(struct store *s, const char *key, char *buf, size_t len,
    struct err *e)
{
	sqlite3_stmt *st;
	int rc;

	if (st_prepare_kept(s, &st, "SELECT value FROM settings WHERE key = ?",
	    e) < 0)
		return -1;
	sqlite3_bind_text(st, 1, key, -1, SQLITE_STATIC);
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW)
		st_col_copy(st, 0, buf, len);
	st_release(s, st);
	if (rc == SQLITE_ROW)
		return 1;
	return rc == SQLITE_DONE ? 0 : st_fail(s, e, "read a setting");
}

int
store_delete_setting(struct store *s, const char *key, struct err *e)
{
	sqlite3_stmt *st;

	/* Also outside a transaction: the state of a run going on. */
	if (st_arm(s, e) < 0)
		return -1;
	if (st_prepare(s, &st, "DELETE FROM settings WHERE key = ?", e) < 0)
		return -1;
	sqlite3_bind_text(st, 1, key, -1, SQLITE_STATIC);
	if (setting_travels(key))
		store_note_exported(s);
	return st_step_done(s, st, "save a setting", e);
}

void
store_new_uid(char out[33])
{
	sqlite3 *db;
	sqlite3_stmt *st;

	/* st_bind_uid()'s generator, read back through a bound statement. */
	out[0] = '\0';
	if (sqlite3_open_v2(":memory:", &db, SQLITE_OPEN_READWRITE, NULL) !=
	    SQLITE_OK) {
		sqlite3_close(db);
		return;
	}
	if (sqlite3_prepare_v2(db, "SELECT ?", -1, &st, NULL) == SQLITE_OK) {
		st_bind_uid(st, 1, NULL);
		if (sqlite3_step(st) == SQLITE_ROW)
			st_col_copy(st, 0, out, 33);
	}
	sqlite3_finalize(st);
	sqlite3_close(db);
}

int
store_find_ref(struct store *s, int expenses, const char *ref,
    int64_t ids[2], struct err *e)
{
	sqlite3_stmt *st;
	int rc, n = 0;

	/* A reference is hex digits alone, so LIKE's wildcards cannot be in
	 * it; LIKE ignores ASCII case. */
	if (st_prepare(s, &st, expenses ? "SELECT id FROM expenses WHERE uid "
	    "LIKE '%' || ?1 ORDER BY id LIMIT 2" : "SELECT id FROM runs WHERE "
	    "uid LIKE '%' || ?1 ORDER BY id LIMIT 2", e) < 0)
		return -1;
	sqlite3_bind_text(st, 1, ref, -1, SQLITE_STATIC);
	while ((rc = sqlite3_step(st)) == SQLITE_ROW)
		ids[n++] = sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	return rc == SQLITE_DONE ? n : st_fail(s, e, "find a reference");
}

int
store_run_by_uid(struct store *s, const char *uid, int64_t *id,
    struct err *e)
{
	sqlite3_stmt *st;
	int rc;

	*id = 0;
	if (uid == NULL || *uid == '\0')
		return 0;
	static const char sql[] = "SELECT id FROM runs WHERE uid = ?";

	/* Kept: a merge asks it of every run's metrics. */
	if (st_prepare_kept(s, &st, sql, e) < 0)
		return -1;
	sqlite3_bind_text(st, 1, uid, -1, SQLITE_STATIC);
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW)
		*id = sqlite3_column_int64(st, 0);
	st_release(s, st);
	if (rc == SQLITE_ROW)
		return 1;
	return rc == SQLITE_DONE ? 0 : st_fail(s, e, "read a run");
}

int
store_edit_setting(struct store *s, const char *key,
    int (*edit)(const char *old, char **out, void *arg), void *arg,
    struct err *e)
{
	sqlite3_stmt *st;
	char *old = NULL, *nw = NULL;
	int rc;

	if (st_begin_write(s, NULL, e) < 0)
		return -1;
	if (st_prepare(s, &st, "SELECT value FROM settings WHERE key = ?1",
	    e) < 0) {
		st_exec(s, "ROLLBACK", NULL);
		return -1;
	}
	sqlite3_bind_text(st, 1, key, -1, SQLITE_STATIC);
	if ((rc = sqlite3_step(st)) == SQLITE_ROW)
		old = xstrdup((const char *)sqlite3_column_text(st, 0));
	sqlite3_finalize(st);
	if (rc != SQLITE_ROW && rc != SQLITE_DONE) {
		st_fail(s, e, "read a setting");
		st_exec(s, "ROLLBACK", NULL);
		return -1;
	}
	rc = edit(old != NULL ? old : "", &nw, arg);
	if (rc == 1 && store_set_setting(s, key, nw, e) < 0)
		rc = -1;
	if (rc >= 0 && (store_exported(s, e) < 0 ||
	    st_exec(s, "COMMIT", e) < 0))
		rc = -1;
	if (rc < 0)
		st_exec(s, "ROLLBACK", NULL);
	free(old);
	free(nw);
	return rc;
}

int
store_set_setting(struct store *s, const char *key, const char *value,
    struct err *e)
{
	sqlite3_stmt *st;
	int rc;

	/* Also outside a transaction: the state of a run going on. */
	if (st_arm(s, e) < 0)
		return -1;
	if (st_prepare(s, &st, "INSERT INTO settings(key, value, modified) "
	    "VALUES (?1, ?2, ?3) ON CONFLICT(key) DO UPDATE SET value = ?2, "
	    "modified = ?3", e) < 0)
		return -1;
	sqlite3_bind_text(st, 1, key, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 2, value, -1, SQLITE_STATIC);
	sqlite3_bind_int64(st, 3, s->clock);
	if (setting_travels(key))
		store_note_exported(s);
	rc = sqlite3_step(st);
	sqlite3_finalize(st);
	return rc == SQLITE_DONE ? 0 : st_fail(s, e, "save a setting");
}
