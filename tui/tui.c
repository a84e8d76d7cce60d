/*
 * tui.c: the dashboard's loop.  Owns initscr() and endwin(), the key
 * table, the tab bar, the message and key rows, help, and the way every
 * exit (q, Ctrl-C, SIGTERM, SIGHUP, die()) restores the terminal.  Views
 * draw into a canvas; this file copies it to the screen.  It polls the
 * database's data version each second so that a run added in another
 * shell shows up.  The only file that includes curses.
 */
#include "tui/tui.h"

#include <curses.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#include "core/alerts.h"
#include "core/clock.h"
#include "core/err.h"
#include "core/fmt.h"
#include "core/text.h"
#include "store/metrics.h"
#include "store/store.h"
#include "tui/internal.h"

#define MIN_W 60
#define MIN_H 15
#define POLL_S 1          /* how often the database is asked for news */
#define RELOAD_S 60       /* figures that move with time: read again */
#define ESC_DELAY_MS 10   /* after an Esc, for the rest of its key */
#define KEY_BUDGET_MS 12  /* the Runs list's walk after a key, then draw */
#define IDLE_BUDGET_MS 0  /* between looks for a key: one step */

/* The only state outside struct tui, and why: a signal handler can reach
 * nothing else (got_signal), and die()'s hook, restore(), takes no
 * argument (screen_up: endwin() is still owed). */
static volatile sig_atomic_t got_signal;
static int screen_up;

static int key_quit(struct tui *t);
static int key_help(struct tui *t);
static int key_next_view(struct tui *t);
static int key_prev_view(struct tui *t);
static int key_view1(struct tui *t);
static int key_view2(struct tui *t);
static int key_view3(struct tui *t);
static int key_view4(struct tui *t);
static int key_view5(struct tui *t);
static int key_view6(struct tui *t);
static int key_undo(struct tui *t);
static int key_refresh(struct tui *t);

const struct tui_view tui_views[VIEW_N] = {
	{ "Overview", '1', overview_draw, NULL, overview_load },
	{ "Runs", '2', runs_draw, runs_key, runs_load },
	{ "Platforms", '3', platforms_draw, NULL, NULL },
	{ "Plan", '4', plan_draw, NULL, plan_load },
	{ "Reports", '5', reports_draw, NULL, reports_load },
	{ "Expenses", '6', expenses_draw, expenses_key, expenses_load },
};

/* Order matters twice: the first row for a key wins, and the help lists
 * the rows as they stand.  bar ranks the bottom row (0: not shown). */
const struct tui_key tui_keys[] = {
	{ '1', "1", -1, 0, "Overview: quotas, budget, plan, open runs",
	    key_view1 },
	{ '2', "2", -1, 0, "Runs: every run, newest first", key_view2 },
	{ '3', "3", -1, 0, "Platforms: the matrix, quotas and rates",
	    key_view3 },
	{ '4', "4", -1, 0, "Plan: the 13 months", key_view4 },
	{ '5', "5", -1, 0, "Reports: GPU-hours a week, spend a month",
	    key_view5 },
	{ '6', "6", -1, 0, "Expenses: subscriptions, packs and credit, "
	    "newest first", key_view6 },
	{ '\t', "Tab Right", -1, 0, "next view", key_next_view },
	{ TK_RIGHT, "Right", -1, 0, NULL, key_next_view },
	{ TK_BTAB, "S-Tab Left", -1, 0, "previous view", key_prev_view },
	{ TK_LEFT, "Left", -1, 0, NULL, key_prev_view },
	{ TK_DOWN, "Down j", VIEW_RUNS, 0, "next run", runs_line_down },
	{ 'j', "j", VIEW_RUNS, 0, NULL, runs_line_down },
	{ TK_UP, "Up k", VIEW_RUNS, 0, "previous run", runs_line_up },
	{ 'k', "k", VIEW_RUNS, 0, NULL, runs_line_up },
	{ TK_PGDN, "PgDn Space", VIEW_RUNS, 0, "next page", runs_page_down },
	{ ' ', "Space", VIEW_RUNS, 0, NULL, runs_page_down },
	{ TK_PGUP, "PgUp b", VIEW_RUNS, 0, "previous page", runs_page_up },
	{ 'b', "b", VIEW_RUNS, 0, NULL, runs_page_up },
	{ TK_HOME, "Home g", VIEW_RUNS, 0, "first run", runs_first },
	{ 'g', "g", VIEW_RUNS, 0, NULL, runs_first },
	{ TK_END, "End G", VIEW_RUNS, 0, "last run", runs_last },
	{ 'G', "G", VIEW_RUNS, 0, NULL, runs_last },
	{ '/', "/", VIEW_RUNS, 3, "filter as you type: p:platform +tag "
	    "@project g:GPU, or words in the note", runs_filter },
	{ TK_ESC, "Esc", VIEW_RUNS, 0, "clear the filter", runs_clear_filter },
	{ 'o', "o", VIEW_RUNS, 8, "sort: newest, oldest, longest first",
	    runs_sort },
	{ 'a', "a", VIEW_RUNS, 4, "add a run that has ended", runs_add },
	{ 'e', "e", VIEW_RUNS, 5, "edit the run under the cursor",
	    runs_edit },
	{ TK_ENTER, "Enter", VIEW_RUNS, 0, "edit the run under the cursor",
	    runs_edit },
	{ 'd', "d", VIEW_RUNS, 6, "delete the run (asks first)",
	    runs_delete },
	{ 's', "s", VIEW_RUNS, 7, "stop the open run, or start one",
	    runs_start_stop },
	{ 'a', "a", VIEW_OVERVIEW, 4, "add a run that has ended", runs_add },
	{ 's', "s", VIEW_OVERVIEW, 7, "stop the open run (asks first), or "
	    "start one", runs_start_stop },
	{ TK_DOWN, "Down j", VIEW_PLATFORMS, 0, "next platform", plat_down },
	{ 'j', "j", VIEW_PLATFORMS, 0, NULL, plat_down },
	{ TK_UP, "Up k", VIEW_PLATFORMS, 0, "previous platform", plat_up },
	{ 'k', "k", VIEW_PLATFORMS, 0, NULL, plat_up },
	{ 'e', "e", VIEW_PLATFORMS, 4, "edit the platform's quota",
	    plat_quota },
	{ 'r', "r", VIEW_PLATFORMS, 5, "set a rate for one of its GPUs",
	    plat_rate },
	{ TK_DOWN, "Down j", VIEW_EXPENSES, 0, "next expense", exp_down },
	{ 'j', "j", VIEW_EXPENSES, 0, NULL, exp_down },
	{ TK_UP, "Up k", VIEW_EXPENSES, 0, "previous expense", exp_up },
	{ 'k', "k", VIEW_EXPENSES, 0, NULL, exp_up },
	{ TK_PGDN, "PgDn Space", VIEW_EXPENSES, 0, "next page",
	    exp_page_down },
	{ ' ', "Space", VIEW_EXPENSES, 0, NULL, exp_page_down },
	{ TK_PGUP, "PgUp b", VIEW_EXPENSES, 0, "previous page", exp_page_up },
	{ 'b', "b", VIEW_EXPENSES, 0, NULL, exp_page_up },
	{ TK_HOME, "Home g", VIEW_EXPENSES, 0, "newest expense", exp_first },
	{ 'g', "g", VIEW_EXPENSES, 0, NULL, exp_first },
	{ TK_END, "End G", VIEW_EXPENSES, 0, "oldest expense", exp_last },
	{ 'G', "G", VIEW_EXPENSES, 0, NULL, exp_last },
	{ 'a', "a", VIEW_EXPENSES, 4, "add an expense: a subscription, a "
	    "pack of units, credit (as gpulog spend)", exp_add },
	{ 'e', "e", VIEW_EXPENSES, 5, "edit the expense under the cursor "
	    "(as gpulog edit eN)", exp_edit },
	{ TK_ENTER, "Enter", VIEW_EXPENSES, 0, "edit the expense under the "
	    "cursor", exp_edit },
	{ 'd', "d", VIEW_EXPENSES, 6, "delete the expense (asks first)",
	    exp_delete },
	{ 'u', "u", -1, 9, "undo the last change (as gpulog undo)",
	    key_undo },
	{ TK_CTRL('l'), "C-l", -1, 0, "read the database and redraw",
	    key_refresh },
	{ '?', "?", -1, 2, "this help", key_help },
	{ TK_F1, "F1", -1, 0, "this help", key_help },
	{ 'q', "q", -1, 1, "quit", key_quit },
	{ TK_CTRL('c'), "C-c", -1, 0, "quit", key_quit },
	{ 0, NULL, 0, 0, NULL, NULL },
};

/* Words for the bottom row. */
static const char *
bar_word(const struct tui_key *k)
{
	static const struct { int key; const char *w; } words[] = {
		{ '/', "filter" }, { 'o', "sort" }, { 'a', "add" },
		{ 'e', "edit" }, { 'd', "delete" }, { 's', "start/stop" },
		{ 'u', "undo" }, { '?', "help" }, { 'q', "quit" },
		{ 'r', "rate" },
	};
	size_t i;

	if (k->key == 'e' && k->view == VIEW_PLATFORMS)
		return "quota";
	for (i = 0; i < sizeof words / sizeof words[0]; i++)
		if (words[i].key == k->key)
			return words[i].w;
	return k->help;
}

void
tui_msg(struct tui *t, int attr, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(t->msg, sizeof t->msg, fmt, ap);
	va_end(ap);
	t->msg_attr = attr;
}

void
tui_ask(struct tui *t, int (*yes)(struct tui *), const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(t->question, sizeof t->question, fmt, ap);
	va_end(ap);
	t->confirm = 1;
	t->on_yes = yes;
}

char *
tui_money(const struct tui *t, char *buf, size_t n, int64_t minor,
    const char *cur)
{
	return fmt_money(buf, n, minor, cur, t->fmt);
}

char *
tui_money_whole(const struct tui *t, char *buf, size_t n, int64_t minor,
    const char *cur)
{
	return fmt_money(buf, n, minor, cur, t->fmt | FMT_WHOLE);
}

int
tui_put_safe(struct tui *t, int y, int x, int w, int attr, const char *s)
{
	char *safe = text_safe(s);
	int n = cv_put(&t->cv, y, x, w, attr, safe);

	free(safe);
	return n;
}

void
tui_section(struct tui *t, int y, int x, int w, const char *title)
{
	int n = cv_put(&t->cv, y, x, w, CA_BOLD | CC_CYAN, title);

	if (n + 1 < w)
		cv_fill(&t->cv, y, x + n + 1, w - n - 1, CA_DIM, t->cv.g->hl);
}

int
tui_colour(int level)
{
	int ac = alerts_levels[level].colour;

	return ac == AC_RED ? CC_RED : ac == AC_YELLOW ? CC_YELLOW : CC_GREEN;
}

int
tui_level(int64_t pct)
{
	/* A quota used pct% has the level of pct of 100. */
	return tui_colour(alerts_level(ALS_QUOTA, pct, 100));
}

void
tui_gauge(struct tui *t, int y, int x, int w, int64_t pct, int attr)
{
	int fill = pct <= 0 ? 0 : pct >= 100 ? w : (int)((pct * w + 50) / 100);

	if (pct > 0 && fill == 0)
		fill = 1;
	cv_fill(&t->cv, y, x, fill, attr, t->cv.g->full);
	cv_fill(&t->cv, y, x + fill, w - fill, CA_DIM, t->cv.g->light);
}

char *
tui_run_label(char *buf, size_t n, const struct run *r, int64_t now)
{
	return fmt_run_label(buf, n, r, now);
}

int
tui_run_warnings(const struct tui *t, const struct run *r, const char **w,
    char caps[2][96])
{
	return summary_run_warnings(&t->sm, r, t->now, w, caps);
}

int
tui_undo(struct tui *t)
{
	struct err e;
	char what[128];
	int rc;

	t->ops.now = core_now();
	rc = ops_undo(&t->ops, what, sizeof what, &e);

	if (rc < 0)
		tui_msg(t, CC_RED | CA_BOLD, "gpulog: %s", e.msg);
	else if (rc == 0)
		tui_msg(t, 0, "nothing to undo");
	else
		tui_msg(t, CC_GREEN, "undid: %s", what);
	return TUI_RELOAD;
}

/* Reads what the screen shows: the summary, and the current view. */
static int
load(struct tui *t, struct err *e)
{
	int i;

	t->now = core_now();
	summary_free(&t->sm);
	if (summary_load(&t->sm, t->s, t->now, e) < 0)
		return -1;
	for (i = 0; i < VIEW_N; i++)
		t->dirty[i] = 1;
	t->loaded_at = t->now;
	if (page_data_version(t->s, &t->data_version, e) < 0)
		return -1;
	if (tui_views[t->view].load != NULL &&
	    tui_views[t->view].load(t, e) < 0)
		return -1;
	t->dirty[t->view] = 0;
	return 0;
}

static int
show_view(struct tui *t, int v)
{
	struct err e;

	t->view = v;
	t->help = 0;
	if (t->dirty[v] && tui_views[v].load != NULL) {
		if (tui_views[v].load(t, &e) < 0)
			tui_msg(t, CC_RED | CA_BOLD, "gpulog: %s", e.msg);
	}
	t->dirty[v] = 0;
	return TUI_DRAW;
}

static int key_view1(struct tui *t) { return show_view(t, 0); }
static int key_view2(struct tui *t) { return show_view(t, 1); }
static int key_view3(struct tui *t) { return show_view(t, 2); }
static int key_view4(struct tui *t) { return show_view(t, 3); }
static int key_view5(struct tui *t) { return show_view(t, 4); }
static int key_view6(struct tui *t) { return show_view(t, 5); }

static int
key_next_view(struct tui *t)
{
	return show_view(t, (t->view + 1) % VIEW_N);
}

static int
key_prev_view(struct tui *t)
{
	return show_view(t, (t->view + VIEW_N - 1) % VIEW_N);
}

static int
key_quit(struct tui *t)
{
	(void)t;
	return TUI_QUIT;
}

static int
key_help(struct tui *t)
{
	t->help = !t->help;
	t->help_top = 0;
	return TUI_DRAW;
}

static int
key_undo(struct tui *t)
{
	return tui_undo(t);
}

static int
key_refresh(struct tui *t)
{
	tui_msg(t, 0, "read the database again");
	return TUI_RELOAD;
}

/* Row 0: the name, the tabs and the clock. */
static void
draw_tabs(struct tui *t)
{
	struct canvas *cv = &t->cv;
	char clock[64];
	int x = 1, v, short_tabs;
	int tabs = 0;

	fmt_local(clock, sizeof clock, t->now, cv->w >= 100 ?
	    "%a %d %b %H:%M:%S" : "%a %H:%M:%S");
	for (v = 0; v < VIEW_N; v++)
		tabs += cv_width(tui_views[v].name) + 4;
	cv_fill(cv, 0, 0, cv->w, CA_REV, " ");
	/* The program's name goes first when the clock still fits. */
	if (x + 8 + tabs + cv_width(clock) + 2 <= cv->w)
		x += cv_put(cv, 0, x, -1, CA_REV | CA_BOLD, "gpulog") + 2;
	/* Narrower than every name: the other views by their key alone. */
	short_tabs = x + tabs > cv->w;
	for (v = 0; v < VIEW_N; v++) {
		int attr = v == t->view ? CA_BOLD | CC_YELLOW : CA_REV;

		t->tab_x[v] = x;
		if (short_tabs && v != t->view)
			x += cv_printf(cv, 0, x, -1, attr, " %c ",
			    tui_views[v].key);
		else
			x += cv_printf(cv, 0, x, -1, attr, " %c %s ",
			    tui_views[v].key, tui_views[v].name);
	}
	t->tab_x[VIEW_N] = x;
	if (x + cv_width(clock) + 2 <= cv->w)
		cv_put_right(cv, 0, cv->w - 1, -1, CA_REV, clock);
}

/* The bottom row: the main keys of this view, by rank, as many as fit. */
static void
draw_bar(struct tui *t, int y)
{
	const struct tui_key *k, *best;
	struct canvas *cv = &t->cv;
	int x = 0, rank, used[16] = { 0 };
	char item[64];

	cv_fill(cv, y, 0, cv->w, CA_REV, " ");
	if (t->form_on) {
		cv_put(cv, y, 1, -1, CA_REV, "Tab/Down next field  Up previous"
		    "  Enter save  Esc cancel  C-c quit");
		return;
	}
	if (t->view == VIEW_RUNS && t->runs.editing) {
		cv_put(cv, y, 1, -1, CA_REV, "type to filter  Enter keep  "
		    "Esc clear  C-u erase  C-c quit");
		return;
	}
	x += cv_printf(cv, y, x, -1, CA_REV | CA_BOLD, "1-%d", VIEW_N);
	cv_put(cv, y, x, -1, CA_REV, " views ");
	x += 7;
	for (rank = 1; rank < 16; rank++) {
		best = NULL;
		for (k = tui_keys; k->name != NULL; k++)
			if (k->bar == rank && (k->view == t->view ||
			    k->view < 0))
				best = k;
		if (best == NULL || used[rank])
			continue;
		used[rank] = 1;
		snprintf(item, sizeof item, "%s", bar_word(best));
		if (x + cv_width(best->name) + cv_width(item) + 3 > cv->w)
			break;
		x += cv_put(cv, y, x + 1, -1, CA_REV | CA_BOLD, best->name) + 1;
		x += cv_put(cv, y, x + 1, -1, CA_REV, item) + 2;
	}
}

/* The keys of a form and of the filter, for the help. */
static const struct {
	const char *name, *help;
} form_keys[] = {
	{ "Tab Down", "next field" },
	{ "S-Tab Up", "previous field" },
	{ "Left Right", "move the caret in the field" },
	{ "Home End", "start, end of the field (C-a, C-e too)" },
	{ "BSpace Del", "delete before, at the caret" },
	{ "C-u", "empty the field" },
	{ "Enter F2", "save (a mistake is shown under its field)" },
	{ "Esc", "cancel (asks first when the form holds changes)" },
	{ NULL, NULL },
};

static const struct {
	const char *name, *help;
} filter_keys[] = {
	{ "p:NAME", "runs on platform NAME (as log --platform)" },
	{ "+TAG", "runs tagged TAG (as log --tag)" },
	{ "@NAME", "runs of project NAME (as log --project)" },
	{ "g:TEXT", "runs whose GPU's name holds TEXT" },
	{ "TEXT", "TEXT in the platform, GPU, note, tags or project" },
	{ "Enter", "keep the filter; Up, PgUp, PgDn keep it and move" },
	{ "Esc", "clear the filter (Esc in the list clears it too)" },
	{ NULL, NULL },
};

/* One entry of the help from row *y, each row drawn when it lies in the
 * window: help wraps at spaces onto as many rows as it needs, never cut. */
static void
help_line(struct tui *t, int *y, int y0, int y1, const char *name,
    const char *help)
{
	size_t w = t->cv.w > 27 ? (size_t)t->cv.w - 17 : 10, n, k;
	char row[512];
	int first = 1;

	do {
		/* The longest head of help that fits w columns, cut at a
		 * space when the rest goes on. */
		n = text_cut(help, w);
		if (help[n] != '\0') {
			for (k = n; k > 0 && help[k] != ' '; k--)
				;
			if (k > 0)
				n = k;
		}
		if (n >= sizeof row)
			n = sizeof row - 1;
		memcpy(row, help, n);
		row[n] = '\0';
		if (*y >= y0 && *y < y1) {
			if (first)
				cv_put(&t->cv, *y, 3, 12, CA_BOLD, name);
			cv_put(&t->cv, *y, 16, t->cv.w - 17, 0, row);
		}
		(*y)++;
		first = 0;
		help += n;
		while (*help == ' ')
			help++;
	} while (*help != '\0' && n > 0);
}

static void
help_section(struct tui *t, int *y, int y0, int y1, const char *title)
{
	(*y)++;
	if (*y >= y0 && *y < y1)
		tui_section(t, *y, 1, t->cv.w - 2, title);
	(*y)++;
}

/* The help's last section: what the symbols and colours mean, and what
 * the mouse does. */
static void
help_legend(struct tui *t, int *y, int y0, int y1)
{
	static const char *const colour[] = { "green", "yellow", "red" };
	const struct glyphs *g = t->cv.g;
	char gauge[64], levels[160];
	size_t k = 0;
	int i;

	help_section(t, y, y0, y1, "Symbols and the mouse");
	snprintf(gauge, sizeof gauge, "%s%s%s%s%s", g->full, g->full,
	    g->shade, g->light, g->light);
	help_line(t, y, y0, y1, gauge, "a gauge: used, the budget's range "
	    "(from its low end to its top), what is left");
	help_line(t, y, y0, y1, g->down, "pace: where an even use of the "
	    "quota, or spend to the budget's top, would be by now");
	help_line(t, y, y0, y1, g->mark, "Plan: this plan month");
	/* The levels, from core/alerts.h's table. */
	for (i = 0; i < AL_NLEVELS && k < sizeof levels; i++)
		k += (size_t)snprintf(levels + k, sizeof levels - k,
		    "%s%s %s%s%d%%", i ? ", " : "",
		    colour[alerts_levels[i].colour], alerts_levels[i].word,
		    i ? " from " : " below ", alerts_levels[i ? i : 1].pct);
	help_line(t, y, y0, y1, "colours", levels);
	help_line(t, y, y0, y1, g->dot, "separates the figures of a line");
	help_line(t, y, y0, y1, "click", "a tab: its view; a row of Runs, "
	    "Platforms or Expenses: select it");
	help_line(t, y, y0, y1, "wheel", "scroll the list or the help");
}

/* The help screen: the keys of this view and of every view, from the key
 * table, then the form's (and the filter's in Runs); it scrolls. */
static int
draw_help(struct tui *t, int y0, int y1)
{
	const struct tui_key *k;
	struct canvas *cv = &t->cv;
	int y = y0 + 1 - t->help_top, v, i, total;
	char title[64];

	for (v = t->view; ; v = -1) {
		if (v >= 0)
			snprintf(title, sizeof title, "%s", tui_views[v].name);
		help_section(t, &y, y0 + 1, y1, v < 0 ? "Every view" :
		    title);
		for (k = tui_keys; k->name != NULL; k++)
			if (k->view == v && k->help != NULL)
				help_line(t, &y, y0 + 1, y1, k->name, k->help);
		if (v < 0)
			break;
	}
	if (t->view == VIEW_RUNS) {
		help_section(t, &y, y0 + 1, y1, "The filter (/), as it is "
		    "typed");
		for (i = 0; filter_keys[i].name != NULL; i++)
			help_line(t, &y, y0 + 1, y1, filter_keys[i].name,
			    filter_keys[i].help);
	}
	if (t->view == VIEW_RUNS || t->view == VIEW_OVERVIEW ||
	    t->view == VIEW_PLATFORMS || t->view == VIEW_EXPENSES) {
		help_section(t, &y, y0 + 1, y1, "In a form");
		for (i = 0; form_keys[i].name != NULL; i++)
			help_line(t, &y, y0 + 1, y1, form_keys[i].name,
			    form_keys[i].help);
	}
	help_legend(t, &y, y0 + 1, y1);
	total = y + t->help_top - (y0 + 1);
	cv_fill(cv, y0, 0, cv->w, 0, " ");
	snprintf(title, sizeof title, "Keys of %s", tui_views[t->view].name);
	cv_put(cv, y0, 1, -1, CA_BOLD, title);
	cv_put_right(cv, y0, cv->w - 2, -1, CA_DIM, total > y1 - y0 - 1 ?
	    (t->help_top + (y1 - y0 - 1) < total ? "Down, PgDn: more "
	    "below  q, Esc: close" : "Up, PgUp: back  q, Esc: close") :
	    "q, Esc: close");
	return total - (y1 - y0 - 1);
}

/* Lays out the whole screen into the canvas. */
static void
draw(struct tui *t)
{
	struct canvas *cv = &t->cv;
	char buf[96];

	cv_clear(cv);
	if (cv->w < MIN_W || cv->h < MIN_H) {
		snprintf(buf, sizeof buf, "terminal too small: need %d%s%d, "
		    "have %d%s%d", MIN_W, cv->ascii ? "x" : "\xc3\x97", MIN_H,
		    cv->w, cv->ascii ? "x" : "\xc3\x97", cv->h);
		cv_put(cv, cv->h / 2 - 1, 0, -1, CA_BOLD, buf);
		if (cv->w < MIN_W && cv->h < MIN_H)
			snprintf(buf, sizeof buf, "make the window %d columns "
			    "wider and %d rows taller", MIN_W - cv->w,
			    MIN_H - cv->h);
		else if (cv->w < MIN_W)
			snprintf(buf, sizeof buf, "make the window %d columns "
			    "wider", MIN_W - cv->w);
		else
			snprintf(buf, sizeof buf, "make the window %d rows "
			    "taller", MIN_H - cv->h);
		cv_put(cv, cv->h / 2, 0, -1, 0, buf);
		cv_put(cv, cv->h / 2 + 1, 0, -1, CA_DIM, "the dashboard comes "
		    "back as it was; q quits");
		return;
	}
	draw_tabs(t);
	if (t->help) {
		int over = draw_help(t, 1, cv->h - 2);

		if (t->help_top > over && over >= 0) {
			t->help_top = over;
			cv_clear(cv);
			draw_tabs(t);
			draw_help(t, 1, cv->h - 2);
		} else if (over < 0) {
			t->help_top = 0;
		}
	}
	else
		tui_views[t->view].draw(t, 1, cv->h - 2);
	if (t->form_on)
		form_draw(t);
	if (t->view == VIEW_RUNS && t->runs.editing && !t->help) {
		int x = 1;

		x += cv_put(cv, cv->h - 2, x, -1, CA_BOLD, "Filter: ");
		x += tui_put_safe(t, cv->h - 2, x, cv->w - x - 2, 0,
		    t->runs.filter);
		cv_put(cv, cv->h - 2, x, 1, CA_REV, " ");
		if (t->runs.filter[0] == '\0')
			cv_put(cv, cv->h - 2, x + 2, cv->w - x - 3, CA_DIM,
			    runs_filter_hint());
	} else if (t->confirm) {
		cv_fill(cv, cv->h - 2, 0, cv->w, CA_BOLD | CC_YELLOW, " ");
		cv_printf(cv, cv->h - 2, 1, -1, CA_BOLD | CC_YELLOW,
		    "%s (y/n)", t->question);
	} else if (t->msg[0] != '\0') {
		cv_put(cv, cv->h - 2, 1, -1, t->msg_attr, t->msg);
	}
	draw_bar(t, cv->h - 1);
}

/* Finds the handler of key in the current view, else a global one. */
static const struct tui_key *
find_key(const struct tui *t, int key)
{
	const struct tui_key *k;

	for (k = tui_keys; k->name != NULL; k++)
		if (k->key == key && k->view == t->view)
			return k;
	for (k = tui_keys; k->name != NULL; k++)
		if (k->key == key && k->view < 0)
			return k;
	return NULL;
}

static int
ask_quit(struct tui *t)
{
	(void)t;
	return TUI_QUIT;
}

/* One key, whatever is on screen. */
static int
handle(struct tui *t, int key)
{
	const struct tui_key *k;
	int rc;

	if (key == TK_RESIZE)
		return TUI_DRAW;
	if (t->confirm) {
		if (key == 'y' || key == 'Y') {
			t->confirm = 0;
			return t->on_yes(t) | TUI_DRAW;
		}
		if (key == TK_CTRL('c') && t->on_yes == ask_quit)
			return TUI_QUIT;
		t->confirm = 0;
		tui_msg(t, 0, "cancelled");
		return TUI_DRAW;
	}
	if (t->form_on) {
		if (key == TK_CTRL('c')) {
			if (!form_changed(&t->form))
				return TUI_QUIT;
			tui_ask(t, ask_quit, "quit and lose what the form "
			    "holds?");
			return TUI_DRAW;
		}
		return form_key(t, key);
	}
	if (t->view == VIEW_RUNS && t->runs.editing) {
		if (key == TK_CTRL('c'))
			return TUI_QUIT;
		/* A key that moves in the list keeps the filter and moves. */
		if (key == TK_UP || key == TK_PGUP || key == TK_PGDN ||
		    key == TK_HOME || key == TK_END || key == TK_F1)
			t->runs.editing = 0;
		else
			return runs_edit_key(t, key);
	}
	if (t->help) {
		if (key == TK_DOWN || key == 'j' || key == TK_PGDN ||
		    key == ' ' || key == TK_WHEEL_DOWN) {
			t->help_top += key == TK_PGDN || key == ' ' ?
			    t->cv.h - 6 : 1;
			return TUI_DRAW;
		}
		if (key == TK_UP || key == 'k' || key == TK_PGUP ||
		    key == 'b' || key == TK_WHEEL_UP) {
			t->help_top -= key == TK_PGUP || key == 'b' ?
			    t->cv.h - 6 : 1;
			if (t->help_top < 0)
				t->help_top = 0;
			return TUI_DRAW;
		}
		if (key == TK_HOME || key == 'g') {
			t->help_top = 0;
			return TUI_DRAW;
		}
		if (key == TK_CTRL('c'))
			return TUI_QUIT;
		if (key == 'q' || key == TK_ESC || key == '?' ||
		    key == TK_F1) {
			t->help = 0;
			return TUI_DRAW;
		}
		return TUI_DRAW;
	}
	if (key == TK_CLICK) {
		/* A click on a row of a list selects it: the lists start
		 * on row 3, below their heading and column names. */
		int row = t->click_y - 3;

		if (t->view == VIEW_RUNS && row >= 0 && row < t->runs.n)
			t->runs.cur = row;
		else if (t->view == VIEW_PLATFORMS && row >= 0 &&
		    row < (int)t->sm.cat.nplatforms)
			t->plat_cur = row;
		else if (t->view == VIEW_EXPENSES)
			expenses_click(t, row);
		return TUI_DRAW;
	}
	t->msg[0] = '\0';
	if ((k = find_key(t, key)) != NULL)
		return k->fn(t) | TUI_DRAW;
	if (tui_views[t->view].handle_key != NULL &&
	    (rc = tui_views[t->view].handle_key(t, key)) != 0)
		return rc;
	if (key == TK_ESC)
		return TUI_DRAW;
	tui_msg(t, 0, "no such key here; ? lists the keys");
	return TUI_DRAW;
}

/* The first time the model is read, and each reload after a write. */
static void
reload(struct tui *t)
{
	struct err e;

	if (load(t, &e) < 0)
		tui_msg(t, CC_RED | CA_BOLD, "gpulog: %s", e.msg);
}

static void
tui_init(struct tui *t, const struct tui_config *cfg, int w, int h)
{
	memset(t, 0, sizeof *t);
	t->cfg = *cfg;
	t->s = cfg->s;
	ops_init(&t->ops, cfg->s, core_now());
	t->fmt = cfg->ascii ? FMT_ASCII : 0;
	t->runs.order = PAGE_NEWEST;
	cv_init(&t->cv, w, h, cfg->ascii);
}

static void
tui_clear(struct tui *t)
{
	int i;

	for (i = 0; i < t->runs.n; i++)
		run_clear(&t->runs.rows[i]);
	for (i = 0; i < t->nlatest; i++)
		run_clear(&t->latest[i]);
	expenses_free(t);
	summary_free(&t->sm);
	ops_clear(&t->ops);
	cv_free(&t->cv);
}

int
tui_dump(const struct tui_config *cfg, FILE *f, struct err *e)
{
	struct tui t;
	int rc = 0;

	tui_init(&t, cfg, cfg->width > 0 ? cfg->width : MIN_W,
	    cfg->height > 0 ? cfg->height : MIN_H);
	if (load(&t, e) < 0) {
		rc = -1;
	} else {
		draw(&t);
		cv_print(&t.cv, f);
	}
	tui_clear(&t);
	return rc;
}

/* Curses from here on. */

static void
restore(void)
{
	if (screen_up) {
		screen_up = 0;
		endwin();
	}
}

static void
on_signal(int sig)
{
	got_signal = sig;
}

const char *const tui_theme_names[] = {
	[TUI_THEME_AUTO] = "auto",
	[TUI_THEME_DARK] = "dark",
	[TUI_THEME_LIGHT] = "light",
	NULL
};

int
tui_theme_parse(const char *s)
{
	int i;

	for (i = 0; tui_theme_names[i] != NULL; i++)
		if (strcmp(s, tui_theme_names[i]) == 0)
			return i;
	return -1;
}

/* 1 when the n bytes at s end with a device attributes answer,
 * "\033[?...c". */
static int
da1_answered(const char *s, size_t n)
{
	size_t i;

	for (i = n; i-- > 0 && s[i] != '\033';)
		;
	return i + 3 < n && s[i + 1] == '[' && s[i + 2] == '?' &&
	    s[n - 1] == 'c';
}

int64_t
tui_mono_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/*
 * Asks the terminal for its background colour (OSC 11), then for its
 * device attributes (DA1), which every terminal answers, so that one that
 * ignores OSC 11 costs no wait; waits at most 150 ms.  1 light, 0 dark,
 * -1 no answer (text_osc11_light()).
 */
static int
query_background(void)
{
	static const char ask[] = "\033]11;?\033\\\033[c";
	struct termios old, raw;
	char buf[256];
	size_t n = 0;
	int64_t until;
	int fd;

	if ((fd = open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC)) < 0)
		return -1;
	if (tcgetattr(fd, &old) != 0) {
		close(fd);
		return -1;
	}
	raw = old;
	raw.c_lflag &= ~(tcflag_t)(ICANON | ECHO);
	raw.c_cc[VMIN] = 0;
	raw.c_cc[VTIME] = 0;
	if (tcsetattr(fd, TCSANOW, &raw) == 0 &&
	    write(fd, ask, sizeof ask - 1) == (ssize_t)(sizeof ask - 1)) {
		until = tui_mono_ms() + 150;
		while (n < sizeof buf && !da1_answered(buf, n)) {
			struct pollfd p = { fd, POLLIN, 0 };
			int64_t left = until - tui_mono_ms();
			ssize_t k;

			if (left <= 0 || poll(&p, 1, (int)left) <= 0 ||
			    (k = read(fd, buf + n, sizeof buf - n)) <= 0)
				break;
			n += (size_t)k;
		}
	}
	tcsetattr(fd, TCSANOW, &old);
	close(fd);
	return text_osc11_light(buf, n);
}

/*
 * 1 when the theme is for a light background.  auto asks the terminal
 * (OSC 11, query_background()); without an answer, COLORFGBG's last field
 * is the background's colour number: 7 (white) or 9 to 15 (bright) is
 * light; else dark.  The terminal is asked once.
 */
static int
theme_light(int theme)
{
	static int asked = -2;
	const char *v, *semi;
	int bg;

	if (theme != TUI_THEME_AUTO)
		return theme == TUI_THEME_LIGHT;
	if (asked == -2)
		asked = query_background();
	if (asked >= 0)
		return asked;
	if ((v = getenv("COLORFGBG")) == NULL || (semi = strrchr(v, ';')) ==
	    NULL)
		return 0;
	bg = atoi(semi + 1);
	return bg == 7 || (bg >= 9 && bg <= 15);
}

/*
 * The colours of each CC_ code on either background.  On a dark one the
 * eight ANSI colours read well; on a light one yellow and cyan nearly
 * vanish, so they become a dark orange and a dark blue where the terminal
 * has 256 colours (130, 25; green a darker 28), and magenta and blue
 * where it has 8.
 */
static short
curses_color(int c, int light)
{
	static const short dark[] = { -1, COLOR_GREEN, COLOR_YELLOW,
		COLOR_RED, COLOR_CYAN, COLOR_BLUE, COLOR_MAGENTA, COLOR_WHITE };
	static const short light8[] = { -1, COLOR_GREEN, COLOR_MAGENTA,
		COLOR_RED, COLOR_BLUE, COLOR_BLUE, COLOR_MAGENTA, COLOR_BLACK };
	static const short light256[] = { -1, 28, 130, 160, 25, 19, 90, 16 };

	if (!light)
		return dark[c & 7];
	return COLORS >= 256 ? light256[c & 7] : light8[c & 7];
}

static attr_t
curses_attr(const struct tui *t, int a)
{
	attr_t r = 0;

	if (a & CA_BOLD)
		r |= A_BOLD;
	if (a & CA_REV)
		r |= A_REVERSE;
	if (a & CA_DIM)
		r |= t->color ? A_DIM : 0;
	if (a & CA_UL)
		r |= A_UNDERLINE;
	if (t->color && (a & CA_COLOR) != CC_NONE)
		r |= COLOR_PAIR(a & CA_COLOR);
	return r;
}

/* Copies the canvas to the screen, a run of equal attributes at a time. */
static void
blit(struct tui *t)
{
	struct canvas *cv = &t->cv;
	char buf[4096];
	int y, x, start;

	erase();
	for (y = 0; y < cv->h; y++) {
		for (x = 0; x < cv->w; x = start) {
			const struct cell *c = &cv->c[y * cv->w + x];
			int a = c->attr;
			size_t n = 0;

			start = x;
			while (start < cv->w && cv->c[y * cv->w + start].attr
			    == a && n + 5 < sizeof buf) {
				const char *ch = cv->c[y * cv->w + start].ch;

				memcpy(buf + n, ch, strlen(ch));
				n += strlen(ch);
				start++;
			}
			buf[n] = '\0';
			attrset(curses_attr(t, a));
			mvaddstr(y, x, buf);
		}
	}
	attrset(A_NORMAL);
	move(cv->h - 1, cv->w - 1);
	refresh();
}

/* Reads one key, mapping curses' codes to the TK_ set. */
static int
read_key(struct tui *t)
{
	wint_t wc;
	int rc = get_wch(&wc);
	MEVENT me;

	if (rc == ERR)
		return 0;
	if (rc == OK) {
		if (wc == 27)
			return TK_ESC;
		if (wc == '\r' || wc == '\n')
			return TK_ENTER;
		if (wc == 127 || wc == 8)
			return TK_BS;
		return (int)wc;
	}
	switch (wc) {
	case KEY_UP: return TK_UP;
	case KEY_DOWN: return TK_DOWN;
	case KEY_LEFT: return TK_LEFT;
	case KEY_RIGHT: return TK_RIGHT;
	case KEY_PPAGE: return TK_PGUP;
	case KEY_NPAGE: return TK_PGDN;
	case KEY_HOME: return TK_HOME;
	case KEY_END: return TK_END;
	case KEY_F(1): return TK_F1;
	case KEY_F(2): return TK_F2;
	case KEY_BTAB: return TK_BTAB;
	case KEY_ENTER: return TK_ENTER;
	case KEY_BACKSPACE: return TK_BS;
	case KEY_DC: return TK_DEL;
	case KEY_RESIZE: return TK_RESIZE;
	case KEY_MOUSE:
		if (getmouse(&me) != OK)
			return 0;
		if (me.bstate & BUTTON4_PRESSED)
			return TK_WHEEL_UP;
#ifdef BUTTON5_PRESSED
		if (me.bstate & BUTTON5_PRESSED)
			return TK_WHEEL_DOWN;
#endif
		if (me.bstate & (BUTTON1_CLICKED | BUTTON1_PRESSED |
		    BUTTON1_RELEASED)) {
			int v;

			t->click_y = t->form_on || t->confirm || t->help ?
			    -1 : me.y;
			if (me.y == 0 && !t->form_on && !t->confirm)
				for (v = 0; v < VIEW_N; v++)
					if (me.x >= t->tab_x[v] &&
					    me.x < t->tab_x[v + 1]) {
						show_view(t, v);
						break;
					}
			return TK_CLICK;
		}
		return 0;
	}
	return 0;
}

static void
start_screen(struct tui *t)
{
	/* Asked before curses takes the terminal. */
	int light = t->cfg.color ? theme_light(t->cfg.theme) : 0;

	initscr();
	screen_up = 1;
	raw();
	noecho();
	nonl();
	keypad(stdscr, TRUE);
	curs_set(0);
	timeout(250);
	/* A key's bytes come in one write: Esc waits 10 ms for the rest of
	 * an arrow's, not curses' 1000, unless ESCDELAY says (curses reads
	 * it in initscr()). */
	if (getenv("ESCDELAY") == NULL)
		set_escdelay(ESC_DELAY_MS);
	mousemask(BUTTON1_CLICKED | BUTTON4_PRESSED
#ifdef BUTTON5_PRESSED
	    | BUTTON5_PRESSED
#endif
	    , NULL);
	t->color = t->cfg.color && has_colors();
	if (t->color) {
		short i;

		start_color();
		use_default_colors();
		for (i = 1; i <= 7; i++)
			init_pair(i, curses_color(i, light), -1);
	}
}

int
tui_run(const struct tui_config *cfg, struct err *e)
{
	struct sigaction sa;
	struct tui *t = xcalloc(1, sizeof *t);
	int64_t last_draw = 0;
	int key, what = TUI_DRAW, rc = 0;

	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
	sigaction(SIGINT, &sa, NULL);
	die_set_hook(restore);
	tui_init(t, cfg, MIN_W, MIN_H);
	if (load(t, e) < 0) {
		tui_clear(t);
		free(t);
		return -1;
	}
	start_screen(t);
	t->curses = 1;
	while (!(what & TUI_QUIT) && !got_signal) {
		int64_t now = core_now();
		/* Polling follows the real clock even when now is pinned. */
		int64_t wall = (int64_t)time(NULL);

		if (what & TUI_RELOAD)
			reload(t);
		if (wall - t->polled >= POLL_S) {
			int64_t v;

			t->polled = wall;
			if ((page_data_version(t->s, &v, e) == 0 &&
			    v != t->data_version) ||
			    now - t->loaded_at >= RELOAD_S) {
				reload(t);
				what |= TUI_DRAW;
			}
		}
		if ((what & (TUI_DRAW | TUI_RELOAD)) || now != last_draw) {
			t->now = now;
			if (COLS != t->cv.w || LINES != t->cv.h) {
				cv_free(&t->cv);
				cv_init(&t->cv, COLS, LINES, cfg->ascii);
				runs_resized(t);
			}
			draw(t);
			blit(t);
			last_draw = now;
		}
		what = 0;
		/* While the Runs list has a walk or a count under way, keys
		 * are looked for between its steps, never behind them. */
		timeout(runs_busy(t) || t->weeks_wanted ? 0 : 250);
		if ((key = read_key(t)) != 0) {
			what = handle(t, key);
			/* Keys typed ahead into the filter are taken before
			 * any walk; others find the list the key before left. */
			timeout(0);
			while (!(what & (TUI_QUIT | TUI_RELOAD)) && !got_signal &&
			    (key = read_key(t)) != 0) {
				if (!(t->view == VIEW_RUNS && t->runs.editing) &&
				    runs_busy(t))
					runs_work(t, KEY_BUDGET_MS);
				what |= handle(t, key);
			}
			if (!(what & TUI_QUIT) && runs_busy(t) &&
			    runs_work(t, KEY_BUDGET_MS))
				what |= TUI_DRAW;
		} else if (runs_busy(t) && runs_work(t, IDLE_BUDGET_MS)) {
			what |= TUI_DRAW;
		} else if (t->weeks_wanted) {
			t->weeks_wanted = 0;
			if (t->view == VIEW_OVERVIEW)
				overview_weeks_load(t);
			what |= TUI_DRAW;
		}
	}
	restore();
	die_set_hook(NULL);
	tui_clear(t);
	free(t);
	return rc;
}
