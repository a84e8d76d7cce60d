/*
 * view-expenses.c: the Expenses view: money that is not a run (a
 * subscription month, a compute-unit pack, prepaid credit), newest first,
 * as `gpulog spend` lists it; and the keys that add, edit and delete one
 * through the operations layer, as `gpulog spend`, `gpulog edit eN` and
 * `gpulog rm eN` do.  It reads the newest TUI_EXPENSES_MAX, a bounded read,
 * and never writes to the store itself.
 */
#include <stdlib.h>
#include <string.h>

#include "core/clock.h"
#include "core/err.h"
#include "core/fmt.h"
#include "core/text.h"
#include "store/store.h"
#include "tui/internal.h"

static int
keep(const struct expense *x, void *arg)
{
	struct expenses_view *xv = arg;
	struct expense *d = &xv->rows[xv->n++];

	/* A copy the view owns: its own note and source id. */
	*d = *x;
	d->note = x->note != NULL ? xstrdup(x->note) : NULL;
	d->source_id = x->source_id != NULL ? xstrdup(x->source_id) : NULL;
	return 0;
}

void
expenses_free(struct tui *t)
{
	struct expenses_view *xv = &t->exps;
	int i;

	for (i = 0; i < xv->n; i++)
		expense_clear(&xv->rows[i]);
	xv->n = 0;
}

int
expenses_load(struct tui *t, struct err *e)
{
	struct expenses_view *xv = &t->exps;
	int i;

	expenses_free(t);
	if (store_latest_expenses(t->s, TUI_EXPENSES_MAX, keep, xv, e) < 0)
		return -1;
	if (xv->want_id != 0) {
		for (i = 0; i < xv->n; i++)
			if (xv->rows[i].id == xv->want_id)
				xv->cur = i;
		xv->want_id = 0;
	}
	if (xv->cur >= xv->n)
		xv->cur = xv->n > 0 ? xv->n - 1 : 0;
	return 0;
}

/* Rows the list has room for: the screen less the tabs, the heading, the
 * column names, the message row and the key row. */
static int
page_rows(const struct tui *t)
{
	int n = t->cv.h - 5;

	return n < 1 ? 1 : n;
}

static int
move_to(struct tui *t, int cur)
{
	struct expenses_view *xv = &t->exps;

	if (cur >= xv->n)
		cur = xv->n - 1;
	if (cur < 0)
		cur = 0;
	xv->cur = cur;
	return TUI_DRAW;
}

int exp_down(struct tui *t) { return move_to(t, t->exps.cur + 1); }
int exp_up(struct tui *t) { return move_to(t, t->exps.cur - 1); }
int exp_first(struct tui *t) { return move_to(t, 0); }
int exp_last(struct tui *t) { return move_to(t, t->exps.n - 1); }

int
exp_page_down(struct tui *t)
{
	return move_to(t, t->exps.cur + page_rows(t));
}

int
exp_page_up(struct tui *t)
{
	return move_to(t, t->exps.cur - page_rows(t));
}

int
expenses_key(struct tui *t, int key)
{
	if (key == TK_WHEEL_DOWN)
		return move_to(t, t->exps.cur + 3);
	if (key == TK_WHEEL_UP)
		return move_to(t, t->exps.cur - 3);
	return 0;
}

void
expenses_click(struct tui *t, int row)
{
	if (row >= 0 && t->exps.top + row < t->exps.n)
		t->exps.cur = t->exps.top + row;
}

static const struct expense *
current(const struct tui *t)
{
	if (t->exps.n == 0)
		return NULL;
	return &t->exps.rows[t->exps.cur];
}

/* "e3 ₹899.00 colab-pro", made harmless, for messages and questions. */
char *
tui_expense_label(const struct tui *t, char *buf, size_t n,
    const struct expense *x)
{
	char money[48];
	char *sp = text_safe(x->platform);

	snprintf(buf, n, "e%lld %s%s%s", (long long)x->id, tui_money(t,
	    money, sizeof money, x->amount_minor, x->currency),
	    *sp ? " " : "", sp);
	free(sp);
	return buf;
}

int
exp_add(struct tui *t)
{
	form_open_expense(t, NULL);
	return TUI_DRAW;
}

int
exp_edit(struct tui *t)
{
	const struct expense *x = current(t);

	if (x == NULL) {
		tui_msg(t, 0, "no expense to edit");
		return TUI_DRAW;
	}
	form_open_expense(t, x);
	return TUI_DRAW;
}

static int
do_delete(struct tui *t)
{
	struct expense x;
	struct err e;
	char what[128];

	expense_init(&x);
	t->now = t->ops.now = core_now();
	if (ops_expense_rm(&t->ops, t->exps.delete_id, &x, &e) < 0)
		tui_msg(t, CC_RED | CA_BOLD, "%s", e.msg);
	else
		tui_msg(t, CC_GREEN, "removed %s (u undoes)",
		    tui_expense_label(t, what, sizeof what, &x));
	expense_clear(&x);
	return TUI_RELOAD;
}

int
exp_delete(struct tui *t)
{
	const struct expense *x = current(t);
	char what[128];

	if (x == NULL) {
		tui_msg(t, 0, "no expense to delete");
		return TUI_DRAW;
	}
	t->exps.delete_id = x->id;
	tui_ask(t, do_delete, "delete expense %s?", tui_expense_label(t, what,
	    sizeof what, x));
	return TUI_DRAW;
}

/* An expense's kind column: "spend", "credit", "pack of 100 CU" (the
 * units in the quota's unit, whole ones without decimals). */
static void
row_kind(const struct tui *t, const struct expense *x, char *buf, size_t n)
{
	char u[32];
	int k = expense_kind(x), qi;

	if (k == EXP_PACK && x->units_centi >= 0) {
		if (x->units_centi % 100 == 0)
			snprintf(u, sizeof u, "%lld",
			    (long long)(x->units_centi / 100));
		else
			fmt_centi(u, sizeof u, x->units_centi);
		qi = catalog_quota_index(&t->sm.cat, x->platform);
		snprintf(buf, n, "pack of %s%s%s", u, qi >= 0 ? " " : "",
		    qi >= 0 ? quota_unit_name(t->sm.cat.quotas[qi].unit) :
		    "");
	} else {
		snprintf(buf, n, "%s", expense_kind_name(k));
	}
}

void
expenses_draw(struct tui *t, int y0, int y1)
{
	struct expenses_view *xv = &t->exps;
	const struct budget_status *b = &t->sm.budget;
	struct canvas *cv = &t->cv;
	int wide = cv->w >= 110, y = y0, x, i, rows = y1 - y0 - 2;
	int wd = wide ? 20 : 11, wk = 11, wa = 12;
	char head[160], m1[48], m2[48], when[32], kind[80], money[48];

	if (xv->n >= TUI_EXPENSES_MAX)
		snprintf(head, sizeof head, "Expenses %s the newest %d %s "
		    "newest first", cv->g->dot, xv->n, cv->g->dot);
	else
		snprintf(head, sizeof head, "Expenses %s %d %s newest first",
		    cv->g->dot, xv->n, cv->g->dot);
	tui_section(t, y, 1, cv->w - 2, head);
	/* The kind column is as wide as its longest ("pack of 100 CU"),
	 * up to 18, never cut while there is room. */
	for (i = 0; i < xv->n; i++) {
		row_kind(t, &xv->rows[i], kind, sizeof kind);
		if (cv_width(kind) > wk)
			wk = cv_width(kind) > 18 ? 18 : cv_width(kind);
	}
	/* This month's, as the Overview's budget splits it. */
	snprintf(head, sizeof head, " this month: %s in expenses, %s on runs ",
	    tui_money(t, m1, sizeof m1, b->lump, b->currency), tui_money(t, m2,
	    sizeof m2, b->spent - b->lump, b->currency));
	if (cv_width(head) + 36 < cv->w)
		cv_put_right(cv, y, cv->w - 2, -1, CA_DIM, head);
	y++;
	cv_fill(cv, y, 0, cv->w, CA_BOLD | CA_UL, " ");
	x = 1;
	cv_put(cv, y, x, 6, CA_BOLD | CA_UL, "id");
	x += 7;
	cv_put(cv, y, x, wd, CA_BOLD | CA_UL, "date");
	x += wd + 1;
	cv_put(cv, y, x, 10, CA_BOLD | CA_UL, "platform");
	x += 11;
	cv_put(cv, y, x, wk, CA_BOLD | CA_UL, "kind");
	x += wk + 1;
	cv_put_right(cv, y, x + wa, wa, CA_BOLD | CA_UL, "amount");
	x += wa + 2;
	cv_put(cv, y, x, cv->w - x - 1, CA_BOLD | CA_UL, "note");
	y++;
	if (rows < 1)
		return;
	/* The cursor stays in view. */
	if (xv->cur < xv->top)
		xv->top = xv->cur;
	if (xv->cur >= xv->top + rows)
		xv->top = xv->cur - rows + 1;
	if (xv->top > 0 && xv->top + rows > xv->n)
		xv->top = xv->n - rows > 0 ? xv->n - rows : 0;
	if (xv->n == 0)
		cv_put(cv, y, 2, -1, CA_DIM, "no expenses yet: a adds one (a "
		    "subscription month, a pack, credit)");
	for (i = xv->top; i < xv->n && y < y1; i++, y++) {
		const struct expense *e = &xv->rows[i];
		int base = i == xv->cur ? CA_REV : 0;

		if (base)
			cv_fill(cv, y, 0, cv->w, base, " ");
		fmt_local(when, sizeof when, e->at, wide ? "%a %Y-%m-%d %H:%M" :
		    "%d %b %Y");
		row_kind(t, e, kind, sizeof kind);
		x = 1;
		cv_printf(cv, y, x, 6, base | CA_BOLD, "e%lld",
		    (long long)e->id);
		x += 7;
		cv_put(cv, y, x, wd, base, when);
		x += wd + 1;
		tui_put_safe(t, y, x, 10, base, e->platform[0] ? e->platform :
		    "-");
		x += 11;
		cv_put(cv, y, x, wk, base | (expense_kind(e) == EXP_SPEND ? 0 :
		    CC_CYAN), kind);
		x += wk + 1;
		cv_put_right(cv, y, x + wa, wa, base, tui_money(t, money,
		    sizeof money, e->amount_minor, e->currency));
		x += wa + 2;
		tui_put_safe(t, y, x, cv->w - x - 1, base, e->note ? e->note :
		    "");
	}
}
