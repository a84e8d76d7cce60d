/*
 * view-runs.c: the Runs view: every run, a screenful at a time, read by
 * keyset pages (store/page.c) so that a million runs scroll as fast as
 * ten; a filter over platform, GPU, note, tags and project; three orders;
 * and the keys that add, edit, delete, start and stop runs.
 */
#include <stdlib.h>
#include <string.h>

#include "core/clock.h"
#include "core/err.h"
#include "core/fmt.h"
#include "core/text.h"
#include "store/store.h"
#include "tui/internal.h"

static const char *const order_names[PAGE_NORDERS] = { "newest first",
	"oldest first", "longest first" };

struct fill {
	struct tui *t;
	struct run *rows;
	int n, max;
};

static int
keep(const struct run *r, void *arg)
{
	struct fill *f = arg;

	run_copy(&f->rows[f->n++], r);
	return f->n >= f->max;
}

static void
query(const struct tui *t, struct page_query *q)
{
	q->order = t->runs.order;
	q->filter = t->runs.filter;
	q->now = t->now;
}

static void
clear_rows(struct runs_view *rv)
{
	int i;

	for (i = 0; i < rv->n; i++)
		run_clear(&rv->rows[i]);
	rv->n = 0;
}

/* Rows the list has room for. */
static int
page_rows(const struct tui *t)
{
	int n = t->cv.h - 6;

	return n < 1 ? 1 : n > TUI_ROWS_MAX ? TUI_ROWS_MAX : n;
}

/* Reads the page from top (inclusive), and the count and position. */
static int
read_page(struct tui *t, struct err *e)
{
	struct runs_view *rv = &t->runs;
	struct page_query q;
	struct fill f = { t, rv->rows, 0, page_rows(t) };
	int i;

	query(t, &q);
	clear_rows(rv);
	if (page_runs(t->s, &q, rv->have_top ? &rv->top : NULL, 1, 0, f.max,
	    keep, &f, e) < 0)
		return -1;
	rv->n = f.n;
	if (rv->n == 0 && rv->have_top) {
		/* The top run went away: back up to the run before it. */
		rv->have_top = 0;
		if (page_runs(t->s, &q, &rv->top, 0, 1, f.max, keep, &f,
		    e) < 0)
			return -1;
		if (f.n > 0) {
			page_key_of(&q, &rv->rows[f.n - 1], &rv->top);
			rv->have_top = 1;
		}
		clear_rows(rv);
		f.n = 0;
		if (page_runs(t->s, &q, rv->have_top ? &rv->top : NULL, 1, 0,
		    f.max, keep, &f, e) < 0)
			return -1;
		rv->n = f.n;
	}
	if (rv->n > 0) {
		page_key_of(&q, &rv->rows[0], &rv->top);
		rv->have_top = 1;
	}
	if (rv->want_id != 0) {
		for (i = 0; i < rv->n; i++)
			if (rv->rows[i].id == rv->want_id)
				rv->cur = i;
		rv->want_id = 0;
	}
	if (rv->cur >= rv->n)
		rv->cur = rv->n > 0 ? rv->n - 1 : 0;
	if (page_count(t->s, &q, &rv->count, e) < 0)
		return -1;
	rv->pos = 0;
	if (rv->have_top && page_position(t->s, &q, &rv->top, &rv->pos,
	    e) < 0)
		return -1;
	return 0;
}

int
runs_load(struct tui *t, struct err *e)
{
	/* A list shown from its first run keeps showing the first: new
	 * runs appear on top. */
	if (t->runs.pos == 0)
		t->runs.have_top = 0;
	return read_page(t, e);
}

static int
reread(struct tui *t)
{
	struct err e;

	if (read_page(t, &e) < 0)
		tui_msg(t, CC_RED | CA_BOLD, "gpulog: %s", e.msg);
	return TUI_DRAW;
}

/* Moves the top by n runs (n < 0: back), keeping the cursor in view. */
static int
scroll(struct tui *t, int n)
{
	struct runs_view *rv = &t->runs;
	struct page_query q;
	struct run tmp[TUI_ROWS_MAX];
	struct fill f = { t, tmp, 0, n < 0 ? -n : n };
	struct err e;
	int i;

	if (n == 0 || !rv->have_top)
		return 0;
	if (f.max > TUI_ROWS_MAX)
		f.max = TUI_ROWS_MAX;
	query(t, &q);
	if (page_runs(t->s, &q, &rv->top, 0, n < 0, f.max, keep, &f, &e) < 0) {
		tui_msg(t, CC_RED | CA_BOLD, "gpulog: %s", e.msg);
		return 0;
	}
	if (n > 0) {
		/* Only move on if a run lies past the last one shown. */
		struct run last[1];
		struct fill g = { t, last, 0, 1 };
		struct page_key lk;

		if (rv->n == 0) {
			for (i = 0; i < f.n; i++)
				run_clear(&tmp[i]);
			return 0;
		}
		page_key_of(&q, &rv->rows[rv->n - 1], &lk);
		page_runs(t->s, &q, &lk, 0, 0, 1, keep, &g, &e);
		if (g.n == 0 || f.n == 0) {
			for (i = 0; i < f.n; i++)
				run_clear(&tmp[i]);
			for (i = 0; i < g.n; i++)
				run_clear(&last[i]);
			return 0;
		}
		run_clear(&last[0]);
	}
	if (f.n == 0)
		return 0;
	page_key_of(&q, &tmp[f.n - 1], &rv->top);
	for (i = 0; i < f.n; i++)
		run_clear(&tmp[i]);
	reread(t);
	return f.n;
}

int
runs_line_down(struct tui *t)
{
	struct runs_view *rv = &t->runs;

	if (rv->cur + 1 < rv->n && rv->cur + 1 < rv->page)
		rv->cur++;
	else if (scroll(t, 1) == 0)
		tui_msg(t, CA_DIM, "the last run");
	return TUI_DRAW;
}

int
runs_line_up(struct tui *t)
{
	struct runs_view *rv = &t->runs;

	if (rv->cur > 0)
		rv->cur--;
	else if (scroll(t, -1) == 0)
		tui_msg(t, CA_DIM, "the first run");
	return TUI_DRAW;
}

int
runs_page_down(struct tui *t)
{
	struct runs_view *rv = &t->runs;
	int page = rv->page > 1 ? rv->page : page_rows(t);

	if (scroll(t, page) == 0)
		rv->cur = rv->n > 0 ? rv->n - 1 : 0;
	return TUI_DRAW;
}

int
runs_page_up(struct tui *t)
{
	struct runs_view *rv = &t->runs;
	int page = rv->page > 1 ? rv->page : page_rows(t);

	if (scroll(t, -page) == 0)
		rv->cur = 0;
	return TUI_DRAW;
}

int
runs_first(struct tui *t)
{
	t->runs.have_top = 0;
	t->runs.cur = 0;
	return reread(t);
}

int
runs_last(struct tui *t)
{
	struct runs_view *rv = &t->runs;
	struct page_query q;
	struct run tmp[TUI_ROWS_MAX];
	struct fill f = { t, tmp, 0, page_rows(t) };
	struct err e;
	int i;

	query(t, &q);
	/* The last page: the first runs of the walk from the far end. */
	if (page_runs(t->s, &q, NULL, 0, 1, f.max, keep, &f, &e) < 0) {
		tui_msg(t, CC_RED | CA_BOLD, "gpulog: %s", e.msg);
		return TUI_DRAW;
	}
	if (f.n > 0) {
		page_key_of(&q, &tmp[f.n - 1], &rv->top);
		rv->have_top = 1;
		rv->cur = f.n - 1;
	}
	for (i = 0; i < f.n; i++)
		run_clear(&tmp[i]);
	return reread(t);
}

int
runs_sort(struct tui *t)
{
	t->runs.order = (t->runs.order + 1) % PAGE_NORDERS;
	t->runs.have_top = 0;
	t->runs.cur = 0;
	tui_msg(t, 0, "sorted %s", order_names[t->runs.order]);
	return reread(t);
}

int
runs_filter(struct tui *t)
{
	struct form *f = &t->form;

	memset(f, 0, sizeof *f);
	f->kind = -1;
	snprintf(f->title, sizeof f->title, "Filter runs");
	f->n = 1;
	f->f[0].label = "Filter";
	f->f[0].hint = "words found in platform, GPU, note, tags or project";
	snprintf(f->f[0].text, sizeof f->f[0].text, "%s", t->runs.filter);
	snprintf(f->f[0].orig, sizeof f->f[0].orig, "%s", t->runs.filter);
	f->caret = strlen(f->f[0].text);
	t->form_on = 1;
	return TUI_DRAW;
}

void
runs_set_filter(struct tui *t, const char *s)
{
	snprintf(t->runs.filter, sizeof t->runs.filter, "%s", s);
	t->runs.have_top = 0;
	t->runs.cur = 0;
	reread(t);
	if (s[0] != '\0')
		tui_msg(t, 0, "%lld run%s match \"%s\"; / and an empty filter "
		    "shows all", (long long)t->runs.count, t->runs.count == 1 ?
		    "" : "s", s);
}

static const struct run *
current(const struct tui *t)
{
	if (t->view != VIEW_RUNS || t->runs.n == 0)
		return NULL;
	return &t->runs.rows[t->runs.cur];
}

int
runs_add(struct tui *t)
{
	form_open_run(t, FORM_ADD, NULL);
	return TUI_DRAW;
}

int
runs_edit(struct tui *t)
{
	const struct run *r = current(t);

	if (r == NULL) {
		tui_msg(t, 0, "no run to edit");
		return TUI_DRAW;
	}
	form_open_run(t, FORM_EDIT, r);
	return TUI_DRAW;
}

/* Shows a change's outcome on the message row: what it did and the first
 * of its warnings, or why it failed. */
static int
show_result(struct tui *t, int rc, const char *done,
    const struct ops_result *res, const struct err *e)
{
	char what[128];

	if (rc < 0)
		tui_msg(t, CC_RED | CA_BOLD, "%s", e->msg);
	else if (res->nwarn > 0)
		tui_msg(t, CC_YELLOW | CA_BOLD, "%s #%lld %s · %s", done,
		    (long long)res->run.id, tui_run_label(what, sizeof what,
		    &res->run, t->now), res->warn[0]);
	else
		tui_msg(t, CC_GREEN, "%s #%lld %s%s", done,
		    (long long)res->run.id, tui_run_label(what, sizeof what,
		    &res->run, t->now), strcmp(done, "removed") == 0 ?
		    " (u undoes)" : "");
	return TUI_RELOAD;
}

static int
do_delete(struct tui *t)
{
	struct ops_result res;
	struct err e;
	int rc;

	ops_result_init(&res);
	t->now = t->ops.now = core_now();
	rc = ops_rm(&t->ops, t->runs.delete_id, &res, &e);
	show_result(t, rc, "removed", &res, &e);
	ops_result_clear(&res);
	return TUI_RELOAD;
}

int
runs_delete(struct tui *t)
{
	const struct run *r = current(t);
	char what[128];

	if (r == NULL) {
		tui_msg(t, 0, "no run to delete");
		return TUI_DRAW;
	}
	t->runs.delete_id = r->id;
	tui_ask(t, do_delete, "delete run #%lld %s?", (long long)r->id,
	    tui_run_label(what, sizeof what, r, t->now));
	return TUI_DRAW;
}

/* Stops open run id now, as `gpulog stop`. */
static int
stop_run(struct tui *t, int64_t id)
{
	struct ops_result res;
	struct err e;
	int rc;

	ops_result_init(&res);
	t->now = t->ops.now = core_now();
	rc = ops_stop(&t->ops, id, NULL, &res, &e);
	show_result(t, rc, "stopped", &res, &e);
	ops_result_clear(&res);
	return TUI_RELOAD;
}

int
runs_start_stop(struct tui *t)
{
	const struct run *r = current(t);

	if (r != NULL && r->end == RUN_OPEN)
		return stop_run(t, r->id);
	if (r == NULL && t->sm.nopen == 1)
		return stop_run(t, t->sm.open[0].id);
	form_open_run(t, FORM_START, NULL);
	return TUI_DRAW;
}

int
runs_key(struct tui *t, int key)
{
	if (key == TK_WHEEL_DOWN) {
		scroll(t, 3);
		return TUI_DRAW;
	}
	if (key == TK_WHEEL_UP) {
		scroll(t, -3);
		return TUI_DRAW;
	}
	return 0;
}

void
runs_draw(struct tui *t, int y0, int y1)
{
	struct runs_view *rv = &t->runs;
	struct canvas *cv = &t->cv;
	int wide = cv->w >= 110, y = y0, i, x;
	int ws = wide ? 20 : 12;   /* start column's width */
	char head[256], when[32], end[16], d[32], cost[48], gpu[48], count[32];

	snprintf(count, sizeof count, "%lld", (long long)rv->count);
	if (rv->filter[0] != '\0')
		snprintf(head, sizeof head, "Runs %s %s matching \"%s\" %s %s",
		    cv->g->dot, count, rv->filter, cv->g->dot,
		    order_names[rv->order]);
	else
		snprintf(head, sizeof head, "Runs %s %s %s %s", cv->g->dot,
		    count, cv->g->dot, order_names[rv->order]);
	{
		char *sh = text_safe(head);

		tui_section(t, y, 1, cv->w - 2, sh);
		free(sh);
	}
	if (rv->n > 0) {
		char pos[64];

		snprintf(pos, sizeof pos, " %lld%s%lld of %lld ",
		    (long long)rv->pos + 1, cv->g->dash, (long long)rv->pos +
		    (rv->n < rv->page || rv->page == 0 ? rv->n : rv->page),
		    (long long)rv->count);
		cv_put_right(cv, y, cv->w - 2, -1, CA_DIM, pos);
	}
	y++;
	x = 1;
	cv_fill(cv, y, 0, cv->w, CA_BOLD | CA_UL, " ");
	cv_printf(cv, y, x, -1, CA_BOLD | CA_UL, "%6s  %-*s %-7s %6s  %-10s "
	    "%-10s %9s  %s", "#", ws, "start", "end", "length", "platform",
	    "GPU", "cost", "note @project +tags");
	y++;
	rv->page = y1 - y;
	if (rv->n == 0)
		cv_put(cv, y, 2, -1, CA_DIM, rv->filter[0] ? "no run matches "
		    "the filter (/ changes it)" : "no runs yet: a adds one");
	for (i = 0; i < rv->n && y < y1; i++, y++) {
		const struct run *r = &rv->rows[i];
		int sel = i == rv->cur, base = sel ? CA_REV : 0;
		char *sg;

		fmt_local(when, sizeof when, r->start, wide ?
		    "%a %Y-%m-%d %H:%M" : "%d %b %H:%M");
		if (r->end == RUN_OPEN) {
			snprintf(end, sizeof end, "now");
		} else {
			int64_t days = local_day_number(r->end - 1) -
			    local_day_number(r->start);

			fmt_local(end, sizeof end, r->end, "%H:%M");
			if (days > 0)
				snprintf(end + 5, sizeof end - 5, "+%lld",
				    (long long)(days > 9 ? 9 : days));
		}
		fmt_duration(d, sizeof d, run_end_at(r, t->now) - r->start);
		if (run_cost_at(r, t->now) > 0)
			tui_money(t, cost, sizeof cost, run_cost_at(r, t->now),
			    r->currency);
		else
			snprintf(cost, sizeof cost, "-");
		sg = text_safe(r->gpu[0] ? r->gpu : r->gpus > 1 ? "GPU" : "-");
		if (r->gpus > 1)
			snprintf(gpu, sizeof gpu, "%dx %s", r->gpus, sg);
		else
			snprintf(gpu, sizeof gpu, "%s", sg);
		free(sg);
		if (sel)
			cv_fill(cv, y, 0, cv->w, base, " ");
		x = 1;
		cv_printf(cv, y, x, -1, base | CA_BOLD, "%6lld",
		    (long long)r->id);
		x += 8;
		cv_put(cv, y, x, ws, base, when);
		x += ws + 1;
		cv_put(cv, y, x, 7, base | (r->end == RUN_OPEN ? CC_GREEN |
		    CA_BOLD : 0), end);
		x += 8;
		cv_put_right(cv, y, x + 6, 6, base, d);
		x += 8;
		tui_put_safe(t, y, x, 10, base, r->platform);
		x += 11;
		cv_put(cv, y, x, 10, base, gpu);
		x += 11;
		cv_put_right(cv, y, x + 9, 9, base, cost);
		x += 11;
		{
			char rest[600];
			char *n = text_safe(r->note),
			    *p = text_safe(r->project),
			    *tg = text_safe(r->tags);

			snprintf(rest, sizeof rest, "%s%s%s%s%s%s%s",
			    r->checkpointed ? "[ckpt] " : "", n,
			    *p ? (*n ? "  @" : "@") : "", p,
			    *tg ? (*n || *p ? "  +" : "+") : "", tg, "");
			cv_put(cv, y, x, cv->w - x - 1, base, rest);
			free(n);
			free(p);
			free(tg);
		}
	}
}
