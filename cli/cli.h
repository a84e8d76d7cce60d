/*
 * cli.h: what the commands share: the context main() sets up, the command
 * table's row, and helpers for resolving names and ids and for output.
 * Commands print; nothing below cli/ does.
 */
#ifndef GPULOG_CLI_H
#define GPULOG_CLI_H

#include <stdint.h>
#include <stdio.h>

#include "cli/opt.h"
#include "core/err.h"
#include "ops/ops.h"

struct store;
struct summary;
struct run;

#define EXIT_OK 0
#define EXIT_FAIL 1
#define EXIT_USAGE 2

struct ctx {
	struct store *s;      /* opened before the command runs */
	struct ops ops;       /* every change goes through it */
	const char *db;       /* its path */
	int64_t now;          /* core_now(), pinned by GPULOG_NOW */
	int color;            /* text_color_wanted(NO_COLOR, stdout tty) */
	int fmt;              /* FMT_ASCII when the locale is not UTF-8 */
	const char *dot;      /* "·", or "-" without UTF-8 */
	const char *dash;     /* "–", or "-" without UTF-8 */
};

struct cmd {
	const char *name;
	int (*fn)(struct ctx *c, const struct args *a);
	const struct opt *opts;
	int min, max;         /* positional arguments; max -1: any */
	const char *usage;    /* after "gpulog NAME " */
	const char *about;    /* one line for the command list */
	const char *more;     /* further help text, or NULL */
};

/* The command table, for help and completion. */
extern const struct cmd cli_cmds[];

/*
 * The one lookup of a command as typed: a command's name, "help", or a
 * unique prefix of one of them (case does not matter).  Returns 0 and sets
 * *cp to the row, or to NULL for help; -1 with a message for a prefix of
 * several (naming them all) or a name of none (naming the nearest).
 */
int cli_cmd_find(const char *name, const struct cmd **cp, struct err *e);

/*
 * Prints "gpulog: MSG" on stderr and returns code.  The whole message is
 * made harmless first (text_term()): whatever text from a user or a file
 * it quotes, no control character reaches the terminal.
 */
int cli_fail(int code, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* Prints "gpulog: warning: MSG" on stderr, made harmless as cli_fail's. */
void cli_warn(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Prints "gpulog: MSG" on stderr, made harmless as cli_fail's; the
 * line's newline is the caller's (for a line still being written). */
void cli_say(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* 1 when path is c's database file, its -wal or its -shm (the same file,
 * by device and inode, however it is named). */
int cli_is_db_file(const struct ctx *c, const char *path);

/* store_busy_wait()'s notice: once a change has waited 3 s for another
 * gpulog's lock, says so on stderr when it is a terminal. */
void cli_on_busy(void *arg);

/* Prints e's message on stderr and returns code. */
int cli_err(int code, const struct err *e);

/*
 * Resolves a platform as typed (a key or a unique prefix) against the
 * catalog in sm, into key.  Fails naming the nearest keys.
 */
int cli_platform(const struct summary *sm, const char *in, char key[32],
    struct err *e);

/*
 * A run as typed: its id here ("42", "#42"), "-N" for the N-th newest run
 * (open runs only when open_only), or its reference, the same on every
 * machine (core/model.h).  Returns 0 and the id; -1 with a message.
 */
int cli_run_id(struct ctx *c, const char *in, int open_only, int64_t *id,
    struct err *e);

/* Money and rates in the context's format. */
char *cli_money(const struct ctx *c, char *buf, size_t n, int64_t minor,
    const char *cur);
char *cli_money_whole(const struct ctx *c, char *buf, size_t n,
    int64_t minor, const char *cur);

/* s padded with spaces to width terminal columns (counting UTF-8 code
 * points, as printf's widths count bytes): on the left when right is 1. */
char *cli_pad(char *buf, size_t n, const char *s, int width, int right);

/* Colour escapes, empty when colour is off. */
const char *cli_color(const struct ctx *c, int which);
enum { C_OFF, C_BOLD, C_DIM, C_GREEN, C_YELLOW, C_RED, C_CYAN };

/* Prints s escaped as cli_put_safe() does, wrapped at spaces to width
 * columns, continuation lines indented by indent (the first line is
 * taken to start at column indent). */
void cli_put_wrapped(FILE *f, const char *s, int indent, int width);

/* Prints s with control characters escaped (text from outside). */
void cli_put_safe(FILE *f, const char *s);

/* JSON output: a string, with control characters (C0, DEL and C1) as
 * \\u escapes; NULL prints null. */
void json_str(FILE *f, const char *s);
/* JSON output: a comma-separated list as an array of strings; NULL prints
 * null. */
void json_list(FILE *f, const char *list);

/* CSV output: one field, control characters escaped as text_safe() does,
 * quoted when it holds a comma or a quote. */
void csv_field(FILE *f, const char *s);

/* Prints the --csv header line of the field table t[0..n). */
struct field;
void cli_csv_header(const struct field *t, size_t n);

/* Reads --since/--until values (either may be NULL; 0 means open). */
int cli_range(struct ctx *c, const char *since, const char *until,
    int64_t *s, int64_t *u, struct err *e);

/* The range of the options with ids {--since, --until, --month,
 * --last-month, --week} (RANGE_OPTS): --since/--until as cli_range()
 * reads them, or the local calendar month YYYY-MM, the month before this
 * one, or this ISO week from Monday 00:00; one at a time. */
int cli_range_args(struct ctx *c, const struct args *a, const int ids[5],
    int64_t *s, int64_t *u, struct err *e);
#define RANGE_OPTS(MONTH, LAST, WEEK) \
	{ MONTH, 0, "month", "YYYY-MM", "the local calendar month YYYY-MM" }, \
	{ LAST, 0, "last-month", NULL, "last month" }, \
	{ WEEK, 0, "week", NULL, "this week, from Monday 00:00" }

/* Writes r as a JSON object (the fields of `gpulog log --json`). */
void cli_json_run(FILE *f, const struct run *r, int64_t now);

/* Prints an expense as one line of `gpulog spend`'s list:
 * "e3  Tue 2026-12-01 10:00  colab-pro  ₹899.00  note". */
struct expense;
void cli_print_expense(struct ctx *c, const struct expense *x);

/* An expense as typed: "e3" (or "E3"), or its reference (core/model.h).
 * Returns 1 with the id when in names an expense, 0 when it does not (no
 * e first, or a reference no expense has: perhaps a run's), -1 on a bad
 * id or a reference several expenses share. */
int cli_expense_id(struct ctx *c, const char *in, int64_t *id,
    struct err *e);

/* Prints a run as one line of `gpulog log`. */
void cli_print_run(struct ctx *c, const struct run *r);

/* The run's label for changes: "kaggle P100 2h30m". */
char *cli_run_label(char *buf, size_t n, const struct run *r, int64_t now);

/* Kaggle's own figure for this week beside the logged hours, as a line
 * of `status` (or a member of status --json); prints nothing and returns
 * 0 when no Kaggle quota snapshot covers now. */
int cli_kaggle_report(struct ctx *c, int json);

/* One nudge (core/alerts.h) in words, with a newline: status --check's
 * line and what `gpulog notify` sends (cmd-status.c). */
struct nudge;
void cli_print_nudge(FILE *f, struct ctx *c, const struct summary *sm,
    const struct nudge *n);

/* status --short's line, with its newline (cmd-status.c). */
void cli_status_short(FILE *f, struct ctx *c, struct summary *sm);

/* status --format BAR (status-bar.c): the index of the bar called name,
 * or -1 and e; then the short line in that bar's form, returning the
 * exit status (i3blocks: 33 when a quota is used up or the budget is
 * past its top). */
extern const char *const cli_status_bars[]; /* their names, NULL last */

/* The words some options take, NULL last, which the completions offer:
 * report --by's groups (cmd-report.c) and notify --via's ways
 * (cmd-notify.c). */
extern const char *const report_groups[];
extern const char *const notify_ways[];
int cli_status_bar_find(const char *name, struct err *e);
int cli_status_bar(FILE *f, struct ctx *c, struct summary *sm, int bar);

/* Commands. */
int cmd_add(struct ctx *c, const struct args *a);
int cmd_start(struct ctx *c, const struct args *a);
int cmd_continue(struct ctx *c, const struct args *a);
int cmd_stop(struct ctx *c, const struct args *a);
int cmd_cancel(struct ctx *c, const struct args *a);
int cmd_edit(struct ctx *c, const struct args *a);
int cmd_rm(struct ctx *c, const struct args *a);
int cmd_undo(struct ctx *c, const struct args *a);
int cmd_log(struct ctx *c, const struct args *a);
int cmd_spend(struct ctx *c, const struct args *a);
int cmd_status(struct ctx *c, const struct args *a);
int cmd_report(struct ctx *c, const struct args *a);
int cmd_plan(struct ctx *c, const struct args *a);
int cmd_platforms(struct ctx *c, const struct args *a);
int cmd_fx(struct ctx *c, const struct args *a);
int cmd_export(struct ctx *c, const struct args *a);

/* The spend as an hledger journal (export --hledger; export-hledger.c). */
int cli_export_hledger(FILE *f, const char *label, struct ctx *c,
    struct err *e);

/* What a sync file says of itself (cli/cmd-sync.c). */
struct sync_head {
	const char *machine;    /* its machine's name */
	const char *log;        /* its machine's log: 8 hex digits */
	int64_t seq;            /* a segment's number, or the last segment a
	                         * whole file carries */
	unsigned segment;       /* 0: a whole file; else a segment, of the
	                         * groups (1 << enum pend_group) pending */
};

/*
 * Writes the database to f as a gpulog export (format 2), named label in
 * messages.  A sync file (h not NULL) names its machine, its log and its
 * number, and no export time; a segment holds only what is pending (see
 * store/sync.h).  Inside a read transaction.  0, or -1 with e set; a
 * write error (a full disk) is in ferror(f).
 */
int cli_export_doc(FILE *f, const char *label, struct ctx *c,
    const struct sync_head *h, struct err *e);
/* The catalog alone (platforms, quotas, rates, phases, fx) in the
 * export's format, which `platforms import` and `import json` read. */
int cli_export_catalog(FILE *f, const char *label, struct ctx *c,
    struct err *e);
/* `export` (catalog 0) or `platforms export` (1) to path (stdout for NULL
 * or "-"), through a temporary file renamed over it. */
int cli_export_to(struct ctx *c, int catalog, const char *path);
/* `platforms import FILE`: import's json path for a catalog file, whose
 * records are refused; dry as --dry-run. */
int cli_import_catalog(struct ctx *c, const char *path, int dry);
int cmd_import(struct ctx *c, const struct args *a);

/*
 * Merges gpulog exports (format 2) in one change, for `gpulog sync`:
 * begin opens it (NULL on failure, e set), file merges one input (all of
 * it, or on failure none of it, the change going on), end commits it
 * (rolls it back when dry or not ok), prints what it did when it was
 * saved, and frees m.  Each returns 0 or -1 with e set.
 */
struct cli_merge;
struct cli_merge *cli_merge_begin(struct ctx *c, const char *what,
    struct err *e);
int cli_merge_file(struct cli_merge *m, FILE *f, const char *label,
    struct err *e);
int cli_merge_end(struct cli_merge *m, int dry, int ok, struct err *e);

int cmd_prices(struct ctx *c, const struct args *a);
int cmd_tui(struct ctx *c, const struct args *a);
int cmd_show(struct ctx *c, const struct args *a);
int cmd_notify(struct ctx *c, const struct args *a);

extern const struct opt continue_opts[];
extern const struct opt add_opts[], start_opts[], stop_opts[], edit_opts[],
    log_opts[], spend_opts[], status_opts[], report_opts[], plan_opts[],
    platforms_opts[], fx_opts[], export_opts[], import_opts[], no_opts[],
    prices_opts[];
extern const struct opt tui_opts[], show_opts[], notify_opts[], rm_opts[];
extern const struct opt sync_opts[];
int cmd_sync(struct ctx *c, const struct args *a);
int cmd_refresh(struct ctx *c, const struct args *a);
extern const struct opt refresh_opts[];

/* argv[0] as main() got it: how `gpulog refresh` starts its children. */
extern const char *cli_argv0;

/* dir/name, malloc'd. */
char *cli_path_join(const char *dir, const char *name);

/* What `gpulog run` measured of a run, as a JSON object (null when found
 * is 0): the member "metrics" of show --json and log --json. */
struct run_metrics;
void cli_json_metrics(FILE *f, const struct run_metrics *m, int found);

/* `gpulog run` and `gpulog where` (cmd-run.c, cmd-where.c). */
int cmd_run(struct ctx *c, const struct args *a);
int cmd_where(struct ctx *c, const struct args *a);
extern const struct opt run_opts[], where_opts[];

/*
 * The hidden helper behind shell completion (cmd-complete.c): `gpulog
 * __complete commands|options CMD|platforms`, one word a line.  db is the
 * database path (NULL: the default); a missing database is not created.
 */
int cli_complete(int argc, char **argv, const char *db);

/* The database path: flag, else GPULOG_DB, else the XDG data directory.
 * The caller frees it; NULL with a message when there is no place. */
char *cli_db_path(const char *flag, struct err *e);

#endif
