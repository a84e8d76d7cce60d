/*
 * view-runs.c: the Runs view: every run, a screenful at a time, read by
 * keyset pages (store/page.c) so that a million runs scroll as fast as
 * ten; a filter over platform, GPU, note, tags and project; three orders;
 * and the keys that add, edit, delete, start and stop runs.
 */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/clock.h"
#include "core/err.h"
#include "core/fmt.h"
#include "core/lineedit.h"
#include "core/text.h"
#include "store/store.h"
#include "tui/internal.h"

static const char *const order_names[PAGE_NORDERS] = { "newest first",
	"oldest first", "longest first" };

/* Runs one bounded step looks at: it starts at SPAN_FIRST and doubles or
 * halves so that a step takes STEP_MS or so (with a filter each run is
 * read and matched; without one a count reads only the index), kept
 * apart for filtered steps and plain counts (a plain walk needs none: it
 * ends with the rows it wants). */
#define SPAN_FIRST 2000
#define SPAN_MIN 250
#define SPAN_MAX 262144
#define STEP_MS 6
#define KEY_BUDGET_MS 12  /* walked at once after a key, before drawing */

/* n with a comma between thousands: "1,000,000". */
static void
fmt_count(char *buf, size_t len, int64_t n)
{
	char d[32];
	size_t i, k = 0, m;

	m = (size_t)snprintf(d, sizeof d, "%lld", (long long)n);
	for (i = 0; i < m && k + 2 < len; i++) {
		if (i > 0 && d[i - 1] != '-' && (m - i) % 3 == 0)
			buf[k++] = ',';
		buf[k++] = d[i];
	}
	buf[k] = '\0';
}

/* The span of the next step, filtered or not. */
static int
span_of(struct tui *t, int filtered)
{
	int *sp = &t->runs.span[filtered];

	if (*sp == 0)
		*sp = SPAN_FIRST;
	return *sp;
}

/* Fits the span to how long a step of it took; whole is 0 when the step
 * stopped short of it (the page was full, the runs ran out). */
static void
span_took(struct tui *t, int filtered, int64_t ms, int whole)
{
	int *sp = &t->runs.span[filtered];

	if (whole && ms < STEP_MS / 2 && *sp < SPAN_MAX)
		*sp *= 2;
	else if (ms > STEP_MS * 2 && *sp > SPAN_MIN)
		*sp /= 2;
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

static void
clear_got(struct runs_job *j)
{
	int i;

	for (i = 0; i < j->ngot; i++)
		run_clear(&j->got[i]);
	j->ngot = 0;
}

/* Rows the list has room for: the screen less the tabs, the heading, the
 * column names, the message row and the key row. */
static int
page_rows(const struct tui *t)
{
	int n = t->cv.h - 5;

	return n < 1 ? 1 : n > TUI_ROWS_MAX ? TUI_ROWS_MAX : n;
}

/* Puts the cursor on want_id if it is shown. */
static void
find_wanted(struct runs_view *rv)
{
	int i;

	if (rv->want_id == 0)
		return;
	for (i = 0; i < rv->n; i++)
		if (rv->rows[i].id == rv->want_id) {
			rv->cur = i;
			rv->want_id = 0;
		}
}

/* Starts the count again; the last count stays shown until it ends. */
static void
recount(struct runs_view *rv, int keep)
{
	rv->counting = 1;
	rv->count_acc = 0;
	rv->count_have_next = 0;
	if (!keep)
		rv->count_known = 0;
}

/* The job under way gives up, keeping what it found. */
static void apply_job(struct tui *t);

static void
start_job(struct tui *t, int kind, int want)
{
	struct runs_view *rv = &t->runs;
	struct runs_job *j = &rv->job;
	struct page_query q;

	if (j->kind != JOB_NONE)
		apply_job(t);
	query(t, &q);
	j->kind = kind;
	j->want = want;
	j->looked = 0;
	j->ngot = 0;
	j->have_from = 0;
	j->incl = 0;
	switch (kind) {
	case JOB_FILL:
		if (rv->n > 0) {
			page_key_of(&q, &rv->rows[rv->n - 1], &j->from);
			j->have_from = 1;
		} else if (rv->have_top) {
			j->from = rv->top;
			j->have_from = 1;
			j->incl = 1;
		}
		break;
	case JOB_DOWN:
		if (rv->n == 0) {
			j->kind = JOB_NONE;
			return;
		}
		page_key_of(&q, &rv->rows[rv->n - 1], &j->from);
		j->have_from = 1;
		break;
	case JOB_UP:
		if (rv->n == 0) {
			j->kind = JOB_NONE;
			return;
		}
		page_key_of(&q, &rv->rows[0], &j->from);
		j->have_from = 1;
		break;
	default:
		break;
	}
}

/* Lays what a scroll or a jump found into the rows. */
static void
apply_job(struct tui *t)
{
	struct runs_view *rv = &t->runs;
	struct runs_job *j = &rv->job;
	struct page_query q;
	int i, k, page = page_rows(t);

	query(t, &q);
	switch (j->kind) {
	case JOB_DOWN:
		if (j->ngot == 0)
			break;
		/* Drop from the top what no longer fits. */
		k = rv->n + j->ngot - page;
		if (k < 0)
			k = 0;
		if (k > rv->n)
			k = rv->n;
		for (i = 0; i < k; i++)
			run_clear(&rv->rows[i]);
		memmove(rv->rows, rv->rows + k, (size_t)(rv->n - k) *
		    sizeof rv->rows[0]);
		rv->n -= k;
		for (i = 0; i < j->ngot && rv->n < page; i++)
			rv->rows[rv->n++] = j->got[i];
		for (; i < j->ngot; i++)
			run_clear(&j->got[i]);
		j->ngot = 0;
		rv->pos += rv->pos_from_end ? -(int64_t)k : k;
		if (rv->pos_from_end && rv->pos < 0)
			rv->pos = 0;
		break;
	case JOB_UP:
	case JOB_LAST:
		if (j->kind == JOB_LAST) {
			clear_rows(rv);
			rv->pos = 0;
			rv->pos_from_end = 1;
		}
		if (j->ngot == 0)
			break;
		k = rv->n + j->ngot - page;  /* dropped from the bottom */
		if (k < 0)
			k = 0;
		for (i = rv->n - k; i < rv->n; i++)
			run_clear(&rv->rows[i]);
		rv->n -= k;
		memmove(rv->rows + j->ngot, rv->rows, (size_t)rv->n *
		    sizeof rv->rows[0]);
		for (i = 0; i < j->ngot; i++)
			rv->rows[j->ngot - 1 - i] = j->got[i];
		rv->n += j->ngot;
		j->ngot = 0;
		if (rv->pos_from_end)
			rv->pos += k;
		else
			rv->pos = rv->pos > i ? rv->pos - i : 0;
		if (j->kind == JOB_LAST)
			rv->cur = rv->n - 1;
		break;
	default:
		break;
	}
	if (rv->n > 0) {
		page_key_of(&q, &rv->rows[0], &rv->top);
		rv->have_top = 1;
	}
	if (rv->cur >= rv->n)
		rv->cur = rv->n > 0 ? rv->n - 1 : 0;
	find_wanted(rv);
	j->kind = JOB_NONE;
}

struct take {
	struct tui *t;
	struct run *rows;
	int *n;
};

static int
take(const struct run *r, void *arg)
{
	struct take *tk = arg;

	run_copy(&tk->rows[(*tk->n)++], r);
	return 0;
}

/* One bounded step of the job: 1 when the rows changed, -1 on failure. */
static int
job_step(struct tui *t, struct err *e)
{
	struct runs_view *rv = &t->runs;
	struct runs_job *j = &rv->job;
	struct page_query q;
	struct page_key next;
	struct take tk = { t, NULL, NULL };
	int span, done, n, back, changed = 0, filtered;
	int64_t t0;

	query(t, &q);
	filtered = page_filtered(&q);
	/* Without a filter every run matches, so the walk ends with the rows
	 * it wants: no bound, whose search would skip a whole span of the
	 * index first (the plain span grows with the count's steps). */
	span = filtered ? span_of(t, 1) : 0;
	t0 = tui_mono_ms();
	if (j->kind == JOB_FILL) {
		tk.rows = rv->rows;
		tk.n = &rv->n;
		back = 0;
	} else {
		tk.rows = j->got;
		tk.n = &j->ngot;
		back = j->kind != JOB_DOWN;
	}
	n = page_scan(t->s, &q, j->have_from ? &j->from : NULL, j->incl, back,
	    j->want, span, take, &tk, &next, &done, e);
	if (filtered)
		span_took(t, 1, tui_mono_ms() - t0, n >= 0 && n < j->want &&
		    !done);
	if (n < 0) {
		j->kind = JOB_NONE;
		return -1;
	}
	j->looked += span;
	j->want -= n;
	j->from = next;
	j->have_from = 1;
	j->incl = 0;
	if (j->kind == JOB_FILL && n > 0) {
		changed = 1;
		find_wanted(rv);
	}
	if (j->want <= 0 || done) {
		if (j->kind == JOB_FILL) {
			if (rv->n > 0) {
				page_key_of(&q, &rv->rows[0], &rv->top);
				rv->have_top = 1;
			} else if (rv->have_top && rv->pos > 0 &&
			    !rv->pos_from_end) {
				/* The top run went away: show the last page
				 * from the first run instead. */
				rv->have_top = 0;
				rv->pos = 0;
				start_job(t, JOB_FILL, page_rows(t));
				return 1;
			}
			if (rv->cur >= rv->n)
				rv->cur = rv->n > 0 ? rv->n - 1 : 0;
			j->kind = JOB_NONE;
		} else {
			int had = j->ngot, kind = j->kind;

			apply_job(t);
			if (had == 0)
				tui_msg(t, CA_DIM, kind == JOB_UP ?
				    "the first run" : "the last run");
			/* Nothing came: the cursor stays where it was. */
		}
		changed = 1;
	}
	return changed;
}

/* One bounded step of the count. */
static int
count_step(struct tui *t, struct err *e)
{
	struct runs_view *rv = &t->runs;
	struct page_query q;
	struct page_key next;
	int done, filtered, rc;
	int64_t t0 = tui_mono_ms();

	query(t, &q);
	filtered = page_filtered(&q);
	rc = page_count_span(t->s, &q, rv->count_have_next ? &rv->count_next :
	    NULL, span_of(t, filtered), &rv->count_acc, &next, &done, e);
	span_took(t, filtered, tui_mono_ms() - t0, rc == 0 && !done);
	if (rc < 0) {
		rv->counting = 0;
		return -1;
	}
	rv->count_next = next;
	rv->count_have_next = 1;
	if (done) {
		rv->counting = 0;
		rv->count = rv->count_acc;
		rv->count_known = 1;
		return 1;
	}
	return 0;
}

int
runs_busy(const struct tui *t)
{
	return t->runs.job.kind != JOB_NONE || t->runs.counting;
}

int
runs_work(struct tui *t, int budget_ms)
{
	int64_t until = tui_mono_ms() + budget_ms;
	struct err e;
	int changed = 0, rc;

	/* With a budget, only the walk the last key asked for (the count
	 * waits for idle time); with none, one step of whatever is left. */
	do {
		if (t->runs.job.kind != JOB_NONE)
			rc = job_step(t, &e);
		else if (t->runs.counting && budget_ms == 0)
			rc = count_step(t, &e);
		else
			break;
		if (rc < 0) {
			tui_msg(t, CC_RED | CA_BOLD, "gpulog: %s", e.msg);
			return 1;
		}
		changed |= rc;
	} while (tui_mono_ms() < until);
	return changed;
}

/* Shows the list from its top (the first run when !have_top) again. */
static void
refill(struct tui *t, int keep_count)
{
	struct runs_view *rv = &t->runs;

	if (rv->job.kind != JOB_NONE) {
		clear_got(&rv->job);
		rv->job.kind = JOB_NONE;
	}
	clear_rows(rv);
	if (!rv->have_top) {
		rv->pos = 0;
		rv->pos_from_end = 0;
	}
	start_job(t, JOB_FILL, page_rows(t));
	recount(rv, keep_count);
}

int
runs_load(struct tui *t, struct err *e)
{
	(void)e;
	/* A list shown from its first run keeps showing the first: new
	 * runs appear on top. */
	if (t->runs.pos == 0 && !t->runs.pos_from_end)
		t->runs.have_top = 0;
	refill(t, 1);
	runs_work(t, KEY_BUDGET_MS);
	return 0;
}

void
runs_resized(struct tui *t)
{
	struct runs_view *rv = &t->runs;
	int page = page_rows(t), i;

	if (rv->job.kind != JOB_NONE && rv->job.kind != JOB_FILL)
		apply_job(t);
	if (rv->n > page) {
		for (i = page; i < rv->n; i++)
			run_clear(&rv->rows[i]);
		rv->n = page;
		if (rv->pos_from_end)
			rv->pos += rv->n - page;
		if (rv->cur >= rv->n)
			rv->cur = rv->n - 1;
	} else if (rv->n < page && rv->job.kind == JOB_NONE) {
		start_job(t, JOB_FILL, page - rv->n);
		runs_work(t, KEY_BUDGET_MS);
	} else if (rv->job.kind == JOB_FILL) {
		rv->job.want = page - rv->n;
	}
	rv->page = page;
}

static int
scroll(struct tui *t, int n)
{
	if (n == 0 || t->runs.n == 0)
		return 0;
	if (n > TUI_ROWS_MAX)
		n = TUI_ROWS_MAX;
	if (n < -TUI_ROWS_MAX)
		n = -TUI_ROWS_MAX;
	start_job(t, n > 0 ? JOB_DOWN : JOB_UP, n > 0 ? n : -n);
	return 1;
}

int
runs_line_down(struct tui *t)
{
	struct runs_view *rv = &t->runs;

	if (rv->cur + 1 < rv->n)
		rv->cur++;
	else if (rv->job.kind == JOB_FILL)
		; /* more rows are on their way */
	else
		scroll(t, 1);
	return TUI_DRAW;
}

int
runs_line_up(struct tui *t)
{
	struct runs_view *rv = &t->runs;

	if (rv->cur > 0)
		rv->cur--;
	else
		scroll(t, -1);
	return TUI_DRAW;
}

int
runs_page_down(struct tui *t)
{
	struct runs_view *rv = &t->runs;

	if (rv->job.kind == JOB_FILL || rv->n < page_rows(t))
		rv->cur = rv->n > 0 ? rv->n - 1 : 0;
	else
		scroll(t, page_rows(t));
	return TUI_DRAW;
}

int
runs_page_up(struct tui *t)
{
	struct runs_view *rv = &t->runs;

	if (!rv->pos_from_end && rv->pos == 0)
		rv->cur = 0;
	else
		scroll(t, -page_rows(t));
	return TUI_DRAW;
}

int
runs_first(struct tui *t)
{
	t->runs.have_top = 0;
	t->runs.cur = 0;
	refill(t, 1);
	return TUI_DRAW;
}

int
runs_last(struct tui *t)
{
	struct runs_view *rv = &t->runs;

	start_job(t, JOB_LAST, page_rows(t));
	(void)rv;
	return TUI_DRAW;
}

int
runs_sort(struct tui *t)
{
	t->runs.order = (t->runs.order + 1) % PAGE_NORDERS;
	t->runs.have_top = 0;
	t->runs.cur = 0;
	tui_msg(t, 0, "sorted %s", order_names[t->runs.order]);
	refill(t, 1);
	return TUI_DRAW;
}

const char *
runs_filter_hint(void)
{
	return "p:platform +tag @project g:GPU or any text";
}

int
runs_filter(struct tui *t)
{
	t->runs.editing = 1;
	return TUI_DRAW;
}

void
runs_set_filter(struct tui *t, const char *s)
{
	if (strcmp(t->runs.filter, s) == 0)
		return;
	snprintf(t->runs.filter, sizeof t->runs.filter, "%s", s);
	t->runs.have_top = 0;
	t->runs.cur = 0;
	refill(t, 0);
}

int
runs_clear_filter(struct tui *t)
{
	t->runs.editing = 0;
	if (t->runs.filter[0] == '\0')
		return TUI_DRAW;
	runs_set_filter(t, "");
	tui_msg(t, 0, "every run shown");
	return TUI_DRAW;
}

/* Every key while the filter is typed: the list follows each one. */
int
runs_edit_key(struct tui *t, int key)
{
	struct runs_view *rv = &t->runs;
	char f[sizeof rv->filter];
	size_t n = strlen(rv->filter);

	snprintf(f, sizeof f, "%s", rv->filter);
	if (key == TK_ESC)
		return runs_clear_filter(t);
	if (key == TK_ENTER || key == '\t' || key == TK_DOWN) {
		rv->editing = 0;
		return TUI_DRAW;
	}
	if (key == TK_BS)
		lineedit_do(f, &n, LE_BACKSPACE);
	else if (key == TK_CTRL('u'))
		lineedit_do(f, &n, LE_CLEAR);
	else if (key >= 0x20 && key < TK_BASE && key != 0x7f)
		lineedit_insert(f, sizeof f, &n, (unsigned long)key);
	else
		return TUI_DRAW;
	runs_set_filter(t, f);
	return TUI_DRAW;
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

/* The Overview's s, once the user said yes. */
static int
do_stop(struct tui *t)
{
	return stop_run(t, t->runs.stop_id);
}

int
runs_start_stop(struct tui *t)
{
	const struct run *r = t->view == VIEW_RUNS ? current(t) : NULL;
	char what[128];

	if (r != NULL && r->end == RUN_OPEN)
		return stop_run(t, r->id);
	/* On the Overview no row is under a cursor: the run to stop is
	 * named and asked about first, as a delete is. */
	if (r == NULL && t->sm.nopen == 1) {
		t->runs.stop_id = t->sm.open[0].id;
		tui_ask(t, do_stop, "stop run #%lld %s?",
		    (long long)t->sm.open[0].id, tui_run_label(what,
		    sizeof what, &t->sm.open[0], t->now));
		return TUI_DRAW;
	}
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

/* A row's GPU column: "2x A100", "T4", "-". */
static void
row_gpu(const struct run *r, char *buf, size_t n)
{
	char *sg = text_safe(r->gpu[0] ? r->gpu : r->gpus > 1 ? "GPU" : "-");

	if (r->gpus > 1)
		snprintf(buf, n, "%dx %s", r->gpus, sg);
	else
		snprintf(buf, n, "%s", sg);
	free(sg);
}

/* A row's cost column: its cost so far, or "-". */
static void
row_cost(const struct tui *t, const struct run *r, char *buf, size_t n)
{
	if (run_cost_at(r, t->now) > 0)
		tui_money(t, buf, n, run_cost_at(r, t->now), r->currency);
	else
		snprintf(buf, n, "-");
}

void
runs_draw(struct tui *t, int y0, int y1)
{
	struct runs_view *rv = &t->runs;
	struct canvas *cv = &t->cv;
	int wide = cv->w >= 110, y = y0, i, x;
	int ws = wide ? 20 : 12;   /* start column's width */
	int wp = 8, wg = 3, wc = 4; /* platform, GPU, cost: at least their
	                               names' width */
	char head[256], when[32], end[16], d[32], cost[48], gpu[48], count[32];

	if (rv->count_known)
		fmt_count(count, sizeof count, rv->count);
	else
		snprintf(count, sizeof count, "many");
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
		char pos[160], a[32], b[32];
		int64_t first = -1;

		if (!rv->pos_from_end)
			first = rv->pos + 1;
		else if (rv->count_known)
			first = rv->count - rv->pos - rv->n + 1;
		if (first >= 1) {
			fmt_count(a, sizeof a, first);
			fmt_count(b, sizeof b, first + rv->n - 1);
			snprintf(pos, sizeof pos, " %s%s%s of %s ", a,
			    cv->g->dash, b, count);
		} else {
			snprintf(pos, sizeof pos, " the last %d of %s ", rv->n,
			    count);
		}
		cv_put_right(cv, y, cv->w - 2, -1, CA_DIM, pos);
	} else if (runs_busy(t)) {
		cv_put_right(cv, y, cv->w - 2, -1, CA_DIM, " searching ");
	}
	y++;
	x = 1;
	cv_fill(cv, y, 0, cv->w, CA_BOLD | CA_UL, " ");
	/* The platform, GPU and cost columns are as wide as what the pages
	 * shown so far held (up to 10 a column, 12 the cost), so that the
	 * notes get what is left and a filter or a new page moves nothing. */
	wp = rv->wp > wp ? rv->wp : wp;
	wg = rv->wg > wg ? rv->wg : wg;
	wc = rv->wc > wc ? rv->wc : wc;
	for (i = 0; i < rv->n; i++) {
		char *sp = text_safe(rv->rows[i].platform);
		int k = cv_width(sp);

		free(sp);
		wp = k > wp ? (k > 10 ? 10 : k) : wp;
		row_gpu(&rv->rows[i], gpu, sizeof gpu);
		k = cv_width(gpu);
		wg = k > wg ? (k > 10 ? 10 : k) : wg;
		row_cost(t, &rv->rows[i], cost, sizeof cost);
		k = cv_width(cost);
		wc = k > wc ? (k > 12 ? 12 : k) : wc;
	}
	rv->wp = wp;
	rv->wg = wg;
	rv->wc = wc;
	/* Wide, a run's reference follows its number: the same on every
	 * machine, which rm and edit take too. */
	x = cv_printf(cv, y, x, -1, CA_BOLD | CA_UL, "%6s  %s%-*s %-7s %6s  ",
	    "#", wide ? "ref      " : "", ws, "start", "end", "length") + 1;
	cv_put(cv, y, x, wp, CA_BOLD | CA_UL, "platform");
	x += wp + 1;
	cv_put(cv, y, x, wg, CA_BOLD | CA_UL, "GPU");
	x += wg + 1;
	cv_put_right(cv, y, x + wc, wc, CA_BOLD | CA_UL, "cost");
	x += wc + 2;
	cv_put(cv, y, x, cv->w - x - 1, CA_BOLD | CA_UL,
	    "note @project +tags");
	y++;
	if (rv->n == 0 && rv->job.kind != JOB_NONE)
		cv_put(cv, y, 2, -1, CA_DIM, "searching...");
	else if (rv->n == 0)
		cv_put(cv, y, 2, -1, CA_DIM, rv->filter[0] ? "no run matches "
		    "the filter (/ changes it, Esc clears it)" :
		    "no runs yet: a adds one");
	for (i = 0; i < rv->n && y < y1; i++, y++) {
		const struct run *r = &rv->rows[i];
		int sel = i == rv->cur, base = sel ? CA_REV : 0;

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
		row_cost(t, r, cost, sizeof cost);
		row_gpu(r, gpu, sizeof gpu);
		if (sel)
			cv_fill(cv, y, 0, cv->w, base, " ");
		x = 1;
		cv_printf(cv, y, x, -1, base | CA_BOLD, "%6lld",
		    (long long)r->id);
		x += 8;
		if (wide) {
			char ref[40];

			cv_put(cv, y, x, 8, base | CA_DIM, uid_ref(r->uid, ref,
			    sizeof ref));
			x += 9;
		}
		cv_put(cv, y, x, ws, base, when);
		x += ws + 1;
		cv_put(cv, y, x, 7, base | (r->end == RUN_OPEN ? CC_GREEN |
		    CA_BOLD : 0), end);
		x += 8;
		cv_put_right(cv, y, x + 6, 6, base, d);
		x += 8;
		tui_put_safe(t, y, x, wp, base, r->platform);
		x += wp + 1;
		cv_put(cv, y, x, wg, base, gpu);
		x += wg + 1;
		cv_put_right(cv, y, x + wc, wc, base, cost);
		x += wc + 2;
		{
			char rest[600], tags[300];
			char *n = text_safe(r->note),
			    *p = text_safe(r->project),
			    *tg = text_safe(r->tags);
			size_t k, m = 0;

			/* Each tag as the filter finds it: "+llm +lora". */
			for (k = 0; tg[k] != '\0' && m + 3 < sizeof tags; k++) {
				if (tg[k] == ',') {
					tags[m++] = ' ';
					tags[m++] = '+';
				} else {
					tags[m++] = tg[k];
				}
			}
			tags[m] = '\0';
			snprintf(rest, sizeof rest, "%s%s%s%s%s%s",
			    r->checkpointed ? "[ckpt] " : "", n,
			    *p ? (*n ? "  @" : "@") : "", p,
			    *tags ? (*n || *p ? "  +" : "+") : "", tags);
			cv_put(cv, y, x, cv->w - x - 1, base, rest);
			free(n);
			free(p);
			free(tg);
		}
	}
}
