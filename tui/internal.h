/*
 * internal.h: the dashboard's state and the tables that drive it, for the
 * files of tui/ only (tests/layering.sh keeps it so).  One struct tui holds
 * everything, view state included; a view is a file with a row { name,
 * key, draw, handle_key, load } in tui_views[]; one key table (tui_keys[])
 * drives input, the help screen and the bottom row.  Handlers change state
 * and return what to do next (TUI_DRAW, TUI_RELOAD, TUI_QUIT); the loop
 * draws.  Only tui.c includes curses: views draw into a canvas, which is
 * why `gpulog tui --dump` prints exactly what the screen shows.
 */
#ifndef GPULOG_TUI_INTERNAL_H
#define GPULOG_TUI_INTERNAL_H

#include <stdint.h>
#include <stdio.h>

#include "core/model.h"
#include "ops/ops.h"
#include "store/page.h"
#include "store/summary.h"
#include "tui/canvas.h"
#include "tui/tui.h"

struct err;
struct store;
struct tui;

/* What a handler asks of the loop. */
enum {
	TUI_DRAW = 1,     /* draw the screen again */
	TUI_RELOAD = 2,   /* read the database again, then draw */
	TUI_QUIT = 4
};

/* Keys that are not characters (characters are their code points). */
enum {
	TK_BASE = 0x200000,
	TK_UP, TK_DOWN, TK_LEFT, TK_RIGHT, TK_PGUP, TK_PGDN, TK_HOME, TK_END,
	TK_F1, TK_F2, TK_BTAB, TK_ENTER, TK_BS, TK_DEL, TK_ESC, TK_RESIZE,
	TK_WHEEL_UP, TK_WHEEL_DOWN, TK_CLICK, TK_TICK
};
#define TK_CTRL(c) ((c) & 0x1f)

enum { VIEW_OVERVIEW, VIEW_RUNS, VIEW_PLATFORMS, VIEW_PLAN, VIEW_REPORTS,
	VIEW_EXPENSES, VIEW_N };

#define TUI_ROWS_MAX 256   /* run rows kept for the run list */
#define TUI_LATEST 64      /* latest runs kept for the Overview */
#define TUI_WEEKS_MAX 52   /* weeks in the Reports chart */
#define TUI_SERIES 6       /* platforms drawn apart; the rest are "other" */
#define TUI_FIELDS 10
#define TUI_EXPENSES_MAX 500 /* newest expenses kept for their list */

/* A walk of the Runs list under way, a bounded step at a time, so that a
 * filter that matches little never holds a key back (view-runs.c). */
enum { JOB_NONE, JOB_FILL, JOB_DOWN, JOB_UP, JOB_LAST };

struct runs_job {
	int kind;                 /* JOB_* */
	int want;                 /* runs still wanted */
	struct page_key from;     /* where the walk goes on */
	int have_from, incl;
	struct run got[TUI_ROWS_MAX]; /* JOB_DOWN, JOB_UP, JOB_LAST */
	int ngot;
	int64_t looked;           /* runs looked at so far */
};

struct runs_view {
	struct run rows[TUI_ROWS_MAX]; /* the rows shown, from top */
	int n;
	int cur;                  /* cursor, an index into rows */
	struct page_key top;      /* key of rows[0] */
	int have_top;             /* 0: start at the first run */
	int order;                /* enum page_order */
	char filter[128];
	int editing;              /* the filter is being typed */
	int64_t count;            /* runs matching, when count_known */
	int count_known;
	int counting;             /* a count is under way */
	int64_t count_acc;        /* its sum so far */
	struct page_key count_next;
	int count_have_next;
	int64_t pos;              /* runs before rows[0], or after the last
	                             row when pos_from_end */
	int pos_from_end;
	struct runs_job job;
	int span[2];              /* runs a step looks at: plain, filtered */
	int page;                 /* rows the list has room for */
	int64_t want_id;          /* put the cursor on this run when shown */
	int64_t delete_id;        /* the run a delete asks about */
	int64_t stop_id;          /* the run the Overview's s asks about */
	int wp, wg, wc;           /* the platform, GPU and cost columns'
	                             widths so far: they only grow, so that
	                             filtering and paging never move them */
};

/* The Expenses view: the newest expenses, newest first. */
struct expenses_view {
	struct expense rows[TUI_EXPENSES_MAX]; /* owned */
	int n;
	int cur;                  /* cursor, an index into rows */
	int top;                  /* the first row shown */
	int64_t want_id;          /* put the cursor on this one when read */
	int64_t delete_id;        /* the expense a delete asks about */
};

struct form_field {
	const char *label;
	const char *hint;         /* shown while the field is empty */
	char text[256];
	char orig[256];           /* as the form opened */
	char err[ERR_MAX];        /* why text is not accepted, or "" */
	int (*check)(struct tui *, struct form_field *);
};

enum { FORM_ADD, FORM_EDIT, FORM_START, FORM_QUOTA, FORM_RATE,
	FORM_SPEND, FORM_EXPENSE };

struct form {
	int kind;
	char title[96];
	struct form_field f[TUI_FIELDS];
	int n, cur;
	size_t caret;             /* byte offset in f[cur].text */
	int64_t run_id;           /* FORM_EDIT */
	int64_t expense_id;       /* FORM_EXPENSE */
	char platform[32];        /* FORM_QUOTA, FORM_RATE */
};

struct tui {
	struct tui_config cfg;
	struct store *s;
	struct ops ops;           /* every change goes through it */
	struct canvas cv;
	int fmt;                  /* FMT_ASCII or 0, for money */
	int64_t now;
	int curses, color;
	int view;
	int help, help_top;       /* the help screen, and its scroll */
	int columns;              /* the Overview is drawing one of its two
	                             columns (a screen of 160 or more) */
	int weeks_loaded;         /* reports_load() ran since the Overview's
	                             last load: 1 its weekly chart is there,
	                             -1 it failed, 0 not yet */
	int weeks_wanted;         /* the Overview has room for the chart: the
	                             loop loads it once the frame is shown */
	int tab_x[VIEW_N + 1];    /* where the tabs start on row 0 */
	int click_y;              /* the row of the last click, or -1 */

	struct summary sm;        /* the Overview's figures and nudges, as
	                             status's */
	int64_t data_version;
	int64_t loaded_at;        /* now when the model was read */
	int64_t polled;           /* when data_version was last read */
	int dirty[VIEW_N];        /* views to read again when shown */

	char msg[256];            /* the message row */
	int msg_attr;

	int confirm;              /* a y/n question is up */
	char question[192];
	int (*on_yes)(struct tui *);

	int form_on;
	struct form form;

	/* Overview */
	struct run latest[TUI_LATEST];
	int nlatest;
	int64_t day_spend[32];    /* this local month, display currency */
	struct fx_total day_x[32]; /* day_spend, exact: rounded once */
	int ndays;

	struct runs_view runs;

	int plat_cur;             /* Platforms: the selected row */

	struct expenses_view exps;

	/* Plan and Reports */
	int64_t plan_spent[PLAN_MONTHS + 2];
	struct fx_total plan_x[PLAN_MONTHS + 2]; /* plan_spent, exact */
	int64_t plan_gpu_s[PLAN_MONTHS + 2];
	int plan_runs[PLAN_MONTHS + 2];
	int64_t week_start[TUI_WEEKS_MAX];
	int64_t week_gpu_s[TUI_WEEKS_MAX][TUI_SERIES + 1];
	char series[TUI_SERIES][32];
	int nseries, nweeks;
	int week_first;           /* the first week shown: none before the
	                             plan began that holds no run */
	int week_quota;           /* the weekly quota the weeks follow, an
	                             index into sm.cat.quotas, or -1 */
};

struct tui_view {
	const char *name;
	int key;
	/* Draws the view's body into rows [y0, y1) of the canvas. */
	void (*draw)(struct tui *t, int y0, int y1);
	/* Keys the key table leaves to the view (wheel, click); returns
	 * TUI_* flags, or 0 when the key means nothing here. */
	int (*handle_key)(struct tui *t, int key);
	/* Reads what the view shows; -1 with e set on failure. */
	int (*load)(struct tui *t, struct err *e);
};

extern const struct tui_view tui_views[VIEW_N];

struct tui_key {
	int key;
	const char *name;         /* as the help shows it: "PgDn", "a" */
	int view;                 /* a VIEW_*, or -1 for every view */
	int bar;                  /* shown on the bottom row, by rank */
	const char *help;
	int (*fn)(struct tui *t);
};

extern const struct tui_key tui_keys[];

/* Views: view-*.c. */
void overview_draw(struct tui *t, int y0, int y1);
int overview_load(struct tui *t, struct err *e);
/* The weekly chart under the Overview's left column, read once a load
 * (t->weeks_loaded: 1 there, -1 failed; reading it is reports_load()). */
void overview_weeks_load(struct tui *t);
void runs_draw(struct tui *t, int y0, int y1);
int runs_key(struct tui *t, int key);
int runs_load(struct tui *t, struct err *e);
void platforms_draw(struct tui *t, int y0, int y1);
void plan_draw(struct tui *t, int y0, int y1);
int plan_load(struct tui *t, struct err *e);
void reports_draw(struct tui *t, int y0, int y1);
/* The Reports view's weekly chart alone, in rows y0..y1 of the canvas
 * (after reports_load()). */
void reports_weeks_draw(struct tui *t, int y0, int y1);
int reports_load(struct tui *t, struct err *e);
void expenses_draw(struct tui *t, int y0, int y1);
int expenses_key(struct tui *t, int key);
int expenses_load(struct tui *t, struct err *e);
void expenses_free(struct tui *t);
/* A click on row (0: the first shown) of the list. */
void expenses_click(struct tui *t, int row);

/* Key handlers of the views, named in tui_keys[]. */
int runs_line_down(struct tui *t);
int runs_line_up(struct tui *t);
int runs_page_down(struct tui *t);
int runs_page_up(struct tui *t);
int runs_first(struct tui *t);
int runs_last(struct tui *t);
int runs_sort(struct tui *t);
int runs_filter(struct tui *t);
int runs_add(struct tui *t);
int runs_edit(struct tui *t);
int runs_delete(struct tui *t);
int runs_start_stop(struct tui *t);
int plat_down(struct tui *t);
int plat_up(struct tui *t);
int plat_quota(struct tui *t);
int plat_rate(struct tui *t);
int exp_down(struct tui *t);
int exp_up(struct tui *t);
int exp_page_down(struct tui *t);
int exp_page_up(struct tui *t);
int exp_first(struct tui *t);
int exp_last(struct tui *t);
int exp_add(struct tui *t);
int exp_edit(struct tui *t);
int exp_delete(struct tui *t);

/* The live filter and the list's walks: view-runs.c.  runs_edit_key()
 * takes every key while the filter is typed; runs_work() goes on with the
 * walk and the count for about budget_ms, and returns 1 when the screen
 * changed; runs_busy() says whether work is left; runs_resized() fits the
 * list to the screen's new height. */
void runs_set_filter(struct tui *t, const char *s);
int runs_edit_key(struct tui *t, int key);
int runs_clear_filter(struct tui *t);
int runs_work(struct tui *t, int budget_ms);
int runs_busy(const struct tui *t);
void runs_resized(struct tui *t);
const char *runs_filter_hint(void);

/* Forms: form.c.  form_key() takes every key while a form is up. */
void form_draw(struct tui *t);
int form_key(struct tui *t, int key);
int form_changed(const struct form *f);
void form_open_run(struct tui *t, int kind, const struct run *r);
void form_open_quota(struct tui *t, const char *platform);
void form_open_rate(struct tui *t, const char *platform);
/* The expense form: x to edit, or NULL for a new one. */
void form_open_expense(struct tui *t, const struct expense *x);

/* Shared drawing and helpers: tui.c. */
void tui_msg(struct tui *t, int attr, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
void tui_ask(struct tui *t, int (*yes)(struct tui *), const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
char *tui_money(const struct tui *t, char *buf, size_t n, int64_t minor,
    const char *cur);
char *tui_money_whole(const struct tui *t, char *buf, size_t n,
    int64_t minor, const char *cur);
/* Outside text, escaped, at (y, x) in at most w columns. */
int tui_put_safe(struct tui *t, int y, int x, int w, int attr,
    const char *s);
/* "Title ─────" across w columns. */
void tui_section(struct tui *t, int y, int x, int w, const char *title);
/* A bar of w cells, pct filled (0..100+), coloured by level. */
void tui_gauge(struct tui *t, int y, int x, int w, int64_t pct, int attr);
/* The colour of a level of core/alerts.h's table: green, yellow, red. */
int tui_colour(int level);
/* The colour of a quota used pct%: its level's, by the same table. */
int tui_level(int64_t pct);

/* Milliseconds on the monotonic clock: for intervals, not dates. */
int64_t tui_mono_ms(void);
/* An expense's label for messages: "e3 ₹899.00 colab-pro", made
 * harmless.  Returns buf. */
char *tui_expense_label(const struct tui *t, char *buf, size_t n,
    const struct expense *x);
/* Undoes the latest change, as `gpulog undo`. */
int tui_undo(struct tui *t);
/* The run's label for messages: "kaggle P100 2h30m". */
char *tui_run_label(char *buf, size_t n, const struct run *r, int64_t now);
/* Warnings for an open run, as `gpulog status` gives them. */
int tui_run_warnings(const struct tui *t, const struct run *r,
    const char **w, char caps[2][96]);

#endif
