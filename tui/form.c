/*
 * form.c: the dashboard's forms (add, start and edit a run; a platform's
 * quota or a rate; add and edit an expense): which fields each has, how each field
 * is checked, and saving.  Each field is checked as it is typed with the
 * operations layer's checker and the message the CLI uses, and a mistake
 * never loses what was typed.  Saving is one change through ops/, so
 * `gpulog undo` takes it back like any other.  Editing the text of a field
 * is core/lineedit.c's; this file only maps keys to it.
 */
#include <stdlib.h>
#include <string.h>

#include "core/clock.h"
#include "core/err.h"
#include "core/fmt.h"
#include "core/lineedit.h"
#include "core/parse.h"
#include "core/quota.h"
#include "core/text.h"
#include "ops/ops.h"
#include "store/store.h"
#include "tui/internal.h"

/*
 * Field checks: 0 when the text is accepted, else -1 and f->err.  Each is
 * the operations layer's checker for what the field holds, so a field is
 * refused as it is typed in the words the change itself would use.
 */

static int
check_platform(struct tui *t, struct form_field *f)
{
	char key[32];

	return ops_check_platform(&t->sm, f->text, key, (struct err *)f->err);
}

/* Splits the When field into the day before its range (day, or NULL) and
 * the range: "yesterday 09:00-11:00". */
static const char *
split_when(const char *s, char *day, size_t n, const char **range)
{
	const char *sp = strchr(s, ' ');

	*range = s;
	if (sp == NULL || (size_t)(sp - s) >= n)
		return NULL;
	snprintf(day, n, "%.*s", (int)(sp - s), s);
	if (!is_day_word(day))
		return NULL;
	while (*sp == ' ')
		sp++;
	*range = sp;
	return day;
}

static int
check_when(struct tui *t, struct form_field *f)
{
	char buf[64];
	const char *range, *day = split_when(f->text, buf, sizeof buf, &range);
	int64_t s, e2;

	return ops_check_when(day, range, t->now, &s, &e2,
	    (struct err *)f->err);
}

static int
check_time(struct tui *t, struct form_field *f)
{
	int64_t v;

	return ops_check_time(f->text, t->now, &v, (struct err *)f->err);
}

static int
check_end(struct tui *t, struct form_field *f)
{
	int64_t v;

	if (f->text[0] == '\0')
		return 0; /* still running */
	return ops_check_time(f->text, t->now, &v, (struct err *)f->err);
}

static int
check_gpu(struct tui *t, struct form_field *f)
{
	char out[32];

	(void)t;
	return ops_check_gpu(f->text, out, NULL, 0, (struct err *)f->err) < 0 ?
	    -1 : 0;
}

static int
check_gpus(struct tui *t, struct form_field *f)
{
	int n;

	(void)t;
	if (f->text[0] == '\0')
		return 0;
	return ops_check_gpus(f->text, &n, (struct err *)f->err);
}

static int
check_cost(struct tui *t, struct form_field *f)
{
	int64_t n;
	char cur[4];

	if (f->text[0] == '\0')
		return 0; /* priced from the catalog */
	return ops_check_cost(&t->sm, f->text, &n, cur, (struct err *)f->err);
}

/* The Tags field as a list: split at commas, blanks around them dropped.
 * The words point into buf. */
static int
split_tags(const char *s, char *buf, size_t n, const char **tags, int max)
{
	char *p, *tok, *save = NULL;
	int k = 0;

	snprintf(buf, n, "%s", s);
	for (p = buf; (tok = strtok_r(p, ",", &save)) != NULL; p = NULL) {
		size_t len;

		while (*tok == ' ')
			tok++;
		len = strlen(tok);
		while (len > 0 && tok[len - 1] == ' ')
			tok[--len] = '\0';
		if (len > 0 && k < max)
			tags[k++] = tok;
	}
	return k;
}

static int
check_tags(struct tui *t, struct form_field *f)
{
	char buf[256];
	const char *tags[OPS_TAGS_MAX];
	int i, n = split_tags(f->text, buf, sizeof buf, tags, OPS_TAGS_MAX);

	(void)t;
	for (i = 0; i < n; i++)
		if (ops_check_tag(tags[i], (struct err *)f->err) < 0)
			return -1;
	return 0;
}

static int
check_project(struct tui *t, struct form_field *f)
{
	(void)t;
	return ops_check_project(f->text, (struct err *)f->err);
}

static int
check_yesno(struct tui *t, struct form_field *f)
{
	(void)t;
	if (f->text[0] == '\0' || strchr("yYnN", f->text[0]) != NULL)
		if (f->text[0] == '\0' || f->text[1] == '\0' ||
		    strcmp(f->text, "yes") == 0 || strcmp(f->text, "no") == 0)
			return 0;
	return err_set((struct err *)f->err, "expected y or n");
}

static int
check_quota(struct tui *t, struct form_field *f)
{
	struct quota q;

	(void)t;
	if (f->text[0] == '\0')
		return 0; /* no quota */
	memset(&q, 0, sizeof q);
	return parse_quota(f->text, &q, (struct err *)f->err);
}

static int
check_reset(struct tui *t, struct form_field *f)
{
	struct quota q;

	(void)t;
	if (f->text[0] == '\0')
		return 0;
	memset(&q, 0, sizeof q);
	q.window = strchr(f->text, ':') && (f->text[0] < '0' ||
	    f->text[0] > '9') ? QW_WEEK : QW_MONTH;
	return parse_reset(f->text, &q, (struct err *)f->err);
}

static int
check_rate(struct tui *t, struct form_field *f)
{
	int64_t n;
	char cur[4];

	(void)t;
	return ops_check_rate(f->text, &n, cur, (struct err *)f->err);
}

/* An expense's platform: empty is none. */
static int
check_platform_opt(struct tui *t, struct form_field *f)
{
	if (f->text[0] == '\0')
		return 0;
	return check_platform(t, f);
}

static int
check_amount(struct tui *t, struct form_field *f)
{
	int64_t n;
	char cur[4];

	return ops_check_amount(&t->sm, f->text, &n, cur,
	    (struct err *)f->err);
}

/* An expense's date: empty on a new one is now. */
static int
check_date(struct tui *t, struct form_field *f)
{
	int64_t v;

	if (f->text[0] == '\0' && t->form.kind == FORM_SPEND)
		return 0;
	return ops_check_time(f->text, t->now, &v, (struct err *)f->err);
}

static int
check_units(struct tui *t, struct form_field *f)
{
	int64_t v;

	(void)t;
	if (f->text[0] == '\0')
		return 0; /* not a pack */
	return ops_check_units(f->text, &v, (struct err *)f->err);
}

static void
field(struct form *fm, const char *label, const char *hint,
    const char *text, int (*check)(struct tui *, struct form_field *))
{
	struct form_field *f = &fm->f[fm->n++];

	size_t n = text ? strlen(text) : 0;

	f->label = label;
	f->hint = hint;
	if (n >= sizeof f->text)
		n = sizeof f->text - 1;
	/* text may live in the form itself (memmove, not snprintf). */
	if (n > 0)
		memmove(f->text, text, n);
	f->text[n] = '\0';
	memcpy(f->orig, f->text, n + 1);
	f->err[0] = '\0';
	f->check = check;
}

static void
open_form(struct tui *t)
{
	int i;

	t->form.cur = 0;
	t->form.caret = strlen(t->form.f[0].text);
	for (i = 0; i < t->form.n; i++)
		t->form.f[i].err[0] = '\0';
	t->form_on = 1;
}

void
form_open_run(struct tui *t, int kind, const struct run *r)
{
	struct form *fm = &t->form;
	char a[64], b[64], cost[48];

	memset(fm, 0, sizeof *fm);
	fm->kind = kind;
	if (kind == FORM_ADD) {
		snprintf(fm->title, sizeof fm->title, "Add a run that has "
		    "ended");
		field(fm, "Platform", "kaggle, colab-pro, vast (a prefix will "
		    "do)", "", check_platform);
		field(fm, "When", "2h30m, 14:00-17:30, yesterday 09:00-11:00",
		    "", check_when);
	} else if (kind == FORM_START) {
		snprintf(fm->title, sizeof fm->title, "Start a run now");
		field(fm, "Platform", "kaggle, colab-pro, vast (a prefix will "
		    "do)", "", check_platform);
	} else {
		fmt_local(a, sizeof a, r->start, "%Y-%m-%d %H:%M");
		if (r->end != RUN_OPEN)
			fmt_local(b, sizeof b, r->end, "%Y-%m-%d %H:%M");
		else
			b[0] = '\0';
		snprintf(fm->title, sizeof fm->title, "Edit run #%lld",
		    (long long)r->id);
		fm->run_id = r->id;
		field(fm, "Platform", "kaggle, colab-pro, vast (a prefix will "
		    "do)", r->platform, check_platform);
		field(fm, "Start", "2026-11-28 10:00, 14:00, yesterday 09:30",
		    a, check_time);
		field(fm, "End", "empty while it runs", b, check_end);
	}
	field(fm, "GPU", "P100, T4, RTX 4090 (empty: the platform's)",
	    r ? r->gpu : "", check_gpu);
	snprintf(a, sizeof a, "%d", r ? r->gpus : 1);
	field(fm, "GPUs", "1 to 64", a, check_gpus);
	if (kind != FORM_START) {
		cost[0] = '\0';
		if (r != NULL && r->rate_micro == 0 && r->cost_minor > 0)
			fmt_money(cost, sizeof cost, r->cost_minor,
			    r->currency, FMT_ASCII);
		field(fm, "Cost", "250INR, $3.20 (empty: priced from the "
		    "catalog)", cost, check_cost);
	}
	field(fm, "Note", "what the run was", r && r->note ? r->note : "",
	    NULL);
	field(fm, "Tags", "cnn, cifar (commas between)", r && r->tags ?
	    r->tags : "", check_tags);
	field(fm, "Project", "the project it belongs to", r && r->project ?
	    r->project : "", check_project);
	if (kind != FORM_START)
		field(fm, "Checkpointed", "y or n", r && r->checkpointed ? "y" :
		    "n", check_yesno);
	open_form(t);
}

void
form_open_quota(struct tui *t, const char *platform)
{
	struct form *fm = &t->form;
	int qi = summary_quota_index(&t->sm, platform);
	char q[64] = "", rs[64] = "";
	static const char *const days[] = { "sun", "mon", "tue", "wed", "thu",
		"fri", "sat" };

	memset(fm, 0, sizeof *fm);
	fm->kind = FORM_QUOTA;
	snprintf(fm->platform, sizeof fm->platform, "%s", platform);
	snprintf(fm->title, sizeof fm->title, "Quota of %s", platform);
	if (qi >= 0) {
		const struct quota *o = &t->sm.cat.quotas[qi];
		char a[32];

		fmt_quota_limit(a, sizeof a, o->unit, o->amount);
		/* As --quota spells it: "100cu/month", "30h/week". */
		snprintf(q, sizeof q, "%s%s/%s", a, quota_meter(o->unit)->brief,
		    o->window ==
		    QW_ROLLING ? "" : quota_window_word(o->window));
		if (o->window == QW_ROLLING)
			snprintf(q + strlen(q), sizeof q - strlen(q), "%dd",
			    o->rolling_days);
		if (o->window == QW_WEEK)
			snprintf(rs, sizeof rs, "%s %02d:%02d UTC",
			    days[o->reset_wday], o->reset_min / 60,
			    o->reset_min % 60);
		else if (o->window == QW_MONTH)
			snprintf(rs, sizeof rs, "%d %02d:%02d UTC",
			    o->reset_mday, o->reset_min / 60,
			    o->reset_min % 60);
	}
	field(fm, "Quota", "30h/week, 80h/month, 100cu/month, 20h/7d (empty: "
	    "none)", q, check_quota);
	field(fm, "Reset", "\"sat 00:00 UTC\" a week, \"1 00:00 UTC\" a month",
	    rs, check_reset);
	open_form(t);
}

void
form_open_rate(struct tui *t, const char *platform)
{
	struct form *fm = &t->form;
	const struct platform *p = summary_platform(&t->sm, platform);
	const struct rate *r = p ? summary_rate(&t->sm, platform,
	    p->default_gpu) : NULL;
	char rate[48] = "";
	size_t i;

	memset(fm, 0, sizeof *fm);
	fm->kind = FORM_RATE;
	snprintf(fm->platform, sizeof fm->platform, "%s", platform);
	snprintf(fm->title, sizeof fm->title, "Rate on %s (per GPU-hour)",
	    platform);
	if (r == NULL)
		for (i = 0; i < t->sm.cat.nrates; i++)
			if (strcmp(t->sm.cat.rates[i].platform,
			    platform) == 0) {
				r = &t->sm.cat.rates[i];
				break;
			}
	if (r != NULL && r->rate_micro > 0) {
		char v[32];

		fmt_fixed6(v, sizeof v, r->rate_micro);
		snprintf(rate, sizeof rate, "%s %s", r->currency, v);
	}
	field(fm, "GPU", "the model the rate is for: RTX 4090, A100 80GB",
	    r ? r->gpu : p ? p->default_gpu : "", check_gpu);
	field(fm, "Rate", "0.32 (USD), 92INR", rate, check_rate);
	open_form(t);
}

void
form_open_expense(struct tui *t, const struct expense *x)
{
	struct form *fm = &t->form;
	char money[48] = "", when[32] = "", label[128];

	memset(fm, 0, sizeof *fm);
	fm->kind = x != NULL ? FORM_EXPENSE : FORM_SPEND;
	if (x != NULL) {
		fm->expense_id = x->id;
		snprintf(fm->title, sizeof fm->title, "Edit expense %s",
		    tui_expense_label(t, label, sizeof label, x));
		fmt_money(money, sizeof money, x->amount_minor, x->currency,
		    FMT_ASCII);
		fmt_local(when, sizeof when, x->at, "%Y-%m-%d %H:%M");
	} else {
		snprintf(fm->title, sizeof fm->title, "Add an expense");
	}
	field(fm, "Amount", "899INR, $11.99 (no currency: the display "
	    "currency)", money, check_amount);
	field(fm, "Platform", "colab-pro, vast (empty: none)", x ?
	    x->platform : "", check_platform_opt);
	field(fm, "Date", x ? "2026-11-28 10:00, yesterday 09:30" :
	    "2026-11-28 10:00, yesterday 09:30 (empty: now)", when,
	    check_date);
	field(fm, "Note", "what it was for", x && x->note ? x->note : "",
	    NULL);
	if (x == NULL) {
		field(fm, "Units", "100: a pack of units of the quota "
		    "(empty: none)", "", check_units);
		field(fm, "Credit", "y: prepaid credit, its runs count, not "
		    "it", "n", check_yesno);
	}
	open_form(t);
}

int
form_changed(const struct form *f)
{
	int i;

	for (i = 0; i < f->n; i++)
		if (strcmp(f->f[i].text, f->f[i].orig) != 0)
			return 1;
	return 0;
}

/* The form's field with label, or NULL. */
static struct form_field *
fld(struct form *fm, const char *label)
{
	int i;

	for (i = 0; i < fm->n; i++)
		if (strcmp(fm->f[i].label, label) == 0)
			return &fm->f[i];
	return NULL;
}

static const char *
val(struct form *fm, const char *label)
{
	struct form_field *f = fld(fm, label);

	return f ? f->text : NULL;
}

/* The field that holds what a failed change was about, or NULL. */
static struct form_field *
field_of(struct form *fm, int which)
{
	switch (which) {
	case OPS_F_PLATFORM: return fld(fm, "Platform");
	case OPS_F_WHEN: case OPS_F_DAY: return fld(fm, "When") ?
	    fld(fm, "When") : fld(fm, "Date");
	case OPS_F_START: return fld(fm, "Start") ? fld(fm, "Start") :
	    fld(fm, "When");
	case OPS_F_END: return fld(fm, "End") ? fld(fm, "End") :
	    fld(fm, "When");
	case OPS_F_GPU: case OPS_F_CU_RATE: return fld(fm, "GPU");
	case OPS_F_GPUS: return fld(fm, "GPUs");
	case OPS_F_COST: return fld(fm, "Cost");
	case OPS_F_RATE: return fld(fm, "Rate") ? fld(fm, "Rate") :
	    fld(fm, "Cost");
	case OPS_F_TAGS: return fld(fm, "Tags");
	case OPS_F_PROJECT: return fld(fm, "Project");
	case OPS_F_AMOUNT: return fld(fm, "Amount");
	case OPS_F_UNITS: return fld(fm, "Units");
	case OPS_F_QUOTA: return fld(fm, "Quota");
	case OPS_F_RESET: return fld(fm, "Reset");
	default: return NULL;
	}
}

/* Points the form at the field a failed change named. */
static void
show_field(struct tui *t, const struct err *e)
{
	struct form *fm = &t->form;
	struct form_field *f = field_of(fm, t->ops.field);

	if (f != NULL) {
		snprintf(f->err, sizeof f->err, "%s", e->msg);
		fm->cur = (int)(f - fm->f);
		fm->caret = strlen(f->text);
	}
}

/* Writes the run form's run through the operations layer; -1 with e set
 * when it cannot. */
static int
save_run(struct tui *t, struct err *e)
{
	struct form *fm = &t->form;
	struct ops_run_in in;
	struct ops_result res;
	struct form_field *cost;
	char day[64], tagbuf[256], what[128], money[48];
	const char *v;
	int rc;

	ops_run_in_init(&in);
	ops_result_init(&res);
	in.platform = val(fm, "Platform");
	if (fm->kind == FORM_ADD) {
		in.day = split_when(val(fm, "When"), day, sizeof day, &in.when);
	} else if (fm->kind == FORM_EDIT) {
		in.start = val(fm, "Start");
		in.end = val(fm, "End");
	}
	in.gpu = val(fm, "GPU");
	/* An empty count keeps the run's (one GPU for a new run). */
	in.gpus = *val(fm, "GPUs") != '\0' ? val(fm, "GPUs") : NULL;
	in.note = val(fm, "Note");
	in.project = val(fm, "Project");
	in.ntags = split_tags(val(fm, "Tags"), tagbuf, sizeof tagbuf, in.tags,
	    OPS_TAGS_MAX);
	in.tags_set = 1;
	if ((v = val(fm, "Checkpointed")) != NULL)
		in.checkpointed = v[0] == 'y' || v[0] == 'Y';
	/* A cost is given when typed; on edit, only when changed (cleared
	 * means price it from the catalog again). */
	if ((cost = fld(fm, "Cost")) != NULL && (fm->kind != FORM_EDIT ||
	    strcmp(cost->text, cost->orig) != 0))
		in.cost = cost->text;
	t->ops.now = t->now;
	if (fm->kind == FORM_ADD)
		rc = ops_add(&t->ops, &in, &res, e);
	else if (fm->kind == FORM_START)
		rc = ops_start(&t->ops, &in, &res, e);
	else
		rc = ops_edit(&t->ops, fm->run_id, &in, &res, e);
	if (rc < 0) {
		show_field(t, e);
		ops_result_clear(&res);
		return -1;
	}
	money[0] = '\0';
	if (run_cost_at(&res.run, t->now) > 0) {
		money[0] = ' ';
		tui_money(t, money + 1, sizeof money - 1, run_cost_at(&res.run,
		    t->now), res.run.currency);
	}
	tui_msg(t, res.nwarn ? CC_YELLOW | CA_BOLD : CC_GREEN, "%s #%lld %s"
	    "%s%s%s", fm->kind == FORM_ADD ? "added" : fm->kind ==
	    FORM_START ? "started" : "changed", (long long)res.run.id,
	    tui_run_label(what, sizeof what, &res.run, t->now), money,
	    res.nwarn ? " · " : "", res.nwarn ? res.warn[0] : "");
	t->runs.want_id = res.run.id;
	if (fm->kind != FORM_EDIT) {
		t->runs.have_top = 0;
		t->runs.cur = 0;
	}
	ops_result_clear(&res);
	return 0;
}

/* The quota and rate forms: a platform's settings, as `gpulog platforms
 * set` changes them. */
static int
save_platform(struct tui *t, struct err *e)
{
	struct form *fm = &t->form;
	struct ops_platform_in in;
	struct ops_platform_result res;
	char b[48];

	memset(&in, 0, sizeof in);
	in.key = fm->platform;
	if (fm->kind == FORM_QUOTA) {
		in.quota = val(fm, "Quota");
		if (*in.quota == '\0' &&
		    summary_quota_index(&t->sm, fm->platform) < 0)
			return 0; /* no quota, and none asked for */
		in.reset = *in.quota != '\0' ? val(fm, "Reset") : NULL;
	} else {
		in.gpu = val(fm, "GPU");
		in.rate = val(fm, "Rate");
	}
	t->ops.now = t->now;
	if (ops_platform_set(&t->ops, &in, &res, e) < 0) {
		show_field(t, e);
		return -1;
	}
	if (res.quota_removed)
		tui_msg(t, CC_GREEN, "%s: no quota", fm->platform);
	else if (res.quota_set)
		tui_msg(t, CC_GREEN, "%s: quota %s", fm->platform,
		    val(fm, "Quota"));
	else
		tui_msg(t, CC_GREEN, "%s %s: %s", fm->platform, res.rt.gpu,
		    fmt_rate(b, sizeof b, res.rt.rate_micro, res.rt.currency,
		    t->fmt));
	return 0;
}

/* The given text of field label: on a new expense when typed, on an edit
 * when changed (so that an edit leaves alone what it was not asked to
 * change); NULL otherwise. */
static const char *
given(struct form *fm, const char *label)
{
	struct form_field *f = fld(fm, label);

	if (f == NULL)
		return NULL;
	if (fm->kind == FORM_SPEND)
		return f->text[0] != '\0' ? f->text : NULL;
	return strcmp(f->text, f->orig) != 0 ? f->text : NULL;
}

/* The expense form: a new one as `gpulog spend`, a change as `gpulog edit
 * eN`. */
static int
save_expense(struct tui *t, struct err *e)
{
	struct form *fm = &t->form;
	struct ops_expense_in in;
	struct expense x;
	const char *v;
	char what[128];
	int rc;

	memset(&in, 0, sizeof in);
	expense_init(&x);
	in.amount = fm->kind == FORM_SPEND ? val(fm, "Amount") :
	    given(fm, "Amount");
	in.platform = given(fm, "Platform");
	in.at = given(fm, "Date");
	in.note = given(fm, "Note");
	in.units = given(fm, "Units");
	in.credit = (v = val(fm, "Credit")) != NULL && (v[0] == 'y' ||
	    v[0] == 'Y');
	t->ops.now = t->now;
	if (fm->kind == FORM_SPEND)
		rc = ops_spend(&t->ops, &in, &x, e);
	else
		rc = ops_expense_edit(&t->ops, fm->expense_id, &in, &x, e);
	if (rc < 0) {
		show_field(t, e);
		expense_clear(&x);
		return -1;
	}
	tui_msg(t, CC_GREEN, "%s %s%s", fm->kind == FORM_SPEND ? "spent" :
	    "changed", tui_expense_label(t, what, sizeof what, &x),
	    expense_kind(&x) == EXP_PACK ? " (a pack)" : expense_kind(&x) ==
	    EXP_CREDIT ? " (credit)" : "");
	t->exps.want_id = x.id;
	expense_clear(&x);
	return 0;
}

static int
save(struct tui *t)
{
	struct form *fm = &t->form;
	struct err e;
	int i, rc;

	t->now = core_now();
	for (i = 0; i < fm->n; i++) {
		fm->f[i].err[0] = '\0';
		if (fm->f[i].check != NULL &&
		    fm->f[i].check(t, &fm->f[i]) < 0) {
			fm->cur = i;
			fm->caret = strlen(fm->f[i].text);
			tui_msg(t, CC_RED | CA_BOLD, "%s: %s", fm->f[i].label,
			    fm->f[i].err);
			return TUI_DRAW;
		}
	}
	if (fm->kind == FORM_QUOTA || fm->kind == FORM_RATE)
		rc = save_platform(t, &e);
	else if (fm->kind == FORM_SPEND || fm->kind == FORM_EXPENSE)
		rc = save_expense(t, &e);
	else
		rc = save_run(t, &e);
	if (rc < 0) {
		/* The form stays, with everything typed. */
		tui_msg(t, CC_RED | CA_BOLD, "%s", e.msg);
		return TUI_DRAW;
	}
	t->form_on = 0;
	return TUI_RELOAD;
}

static int
discard(struct tui *t)
{
	t->form_on = 0;
	tui_msg(t, 0, "nothing changed");
	return TUI_DRAW;
}

static void
recheck(struct tui *t)
{
	struct form_field *f = &t->form.f[t->form.cur];

	f->err[0] = '\0';
	if (f->check != NULL && f->text[0] != '\0')
		f->check(t, f);
}

static void
go(struct form *fm, int to)
{
	fm->cur = (to + fm->n) % fm->n;
	fm->caret = strlen(fm->f[fm->cur].text);
}

/* The keys that edit the field's text, and what each does to it. */
static const struct {
	int key;
	int op;                   /* enum lineedit_op */
} edit_keys[] = {
	{ TK_LEFT, LE_LEFT }, { TK_RIGHT, LE_RIGHT },
	{ TK_HOME, LE_HOME }, { TK_CTRL('a'), LE_HOME },
	{ TK_END, LE_END }, { TK_CTRL('e'), LE_END },
	{ TK_CTRL('u'), LE_CLEAR }, { TK_BS, LE_BACKSPACE },
	{ TK_DEL, LE_DELETE },
};

int
form_key(struct tui *t, int key)
{
	struct form *fm = &t->form;
	struct form_field *f = &fm->f[fm->cur];
	size_t i;

	switch (key) {
	case TK_ESC:
		if (form_changed(fm))
			tui_ask(t, discard, "discard what the form holds?");
		else
			t->form_on = 0;
		return TUI_DRAW;
	case TK_ENTER:
	case TK_F2:
		return save(t);
	case '\t':
	case TK_DOWN:
		go(fm, fm->cur + 1);
		return TUI_DRAW;
	case TK_BTAB:
	case TK_UP:
		go(fm, fm->cur - 1);
		return TUI_DRAW;
	}
	for (i = 0; i < sizeof edit_keys / sizeof edit_keys[0]; i++)
		if (edit_keys[i].key == key) {
			/* C-u clears the field's message even when it was
			 * empty already. */
			if (lineedit_do(f->text, &fm->caret, edit_keys[i].op) ||
			    edit_keys[i].op == LE_CLEAR)
				recheck(t);
			return TUI_DRAW;
		}
	if (key >= 0x20 && key < TK_BASE && key != 0x7f &&
	    lineedit_insert(f->text, sizeof f->text, &fm->caret,
	    (unsigned long)key))
		recheck(t);
	return TUI_DRAW;
}

void
form_draw(struct tui *t)
{
	struct form *fm = &t->form;
	struct canvas *cv = &t->cv;
	const struct glyphs *g = cv->g;
	int w = cv->w - 8 > 90 ? 90 : cv->w - 8, h = fm->n + 4;
	int x0 = (cv->w - w) / 2, y0 = (cv->h - h) / 2, y, i, fx = x0 + 16;
	int fw = w - 18;

	if (y0 < 1)
		y0 = 1;
	for (y = y0; y < y0 + h; y++)
		cv_fill(cv, y, x0, w, 0, " ");
	cv_put(cv, y0, x0, 1, CA_BOLD, g->tl);
	cv_fill(cv, y0, x0 + 1, w - 2, CA_BOLD, g->hl);
	cv_put(cv, y0, x0 + w - 1, 1, CA_BOLD, g->tr);
	cv_printf(cv, y0, x0 + 2, w - 4, CA_BOLD | CC_CYAN, " %s ", fm->title);
	for (y = y0 + 1; y < y0 + h - 1; y++) {
		cv_put(cv, y, x0, 1, CA_BOLD, g->vl);
		cv_put(cv, y, x0 + w - 1, 1, CA_BOLD, g->vl);
	}
	cv_put(cv, y0 + h - 1, x0, 1, CA_BOLD, g->bl);
	cv_fill(cv, y0 + h - 1, x0 + 1, w - 2, CA_BOLD, g->hl);
	cv_put(cv, y0 + h - 1, x0 + w - 1, 1, CA_BOLD, g->br);
	for (i = 0; i < fm->n; i++) {
		struct form_field *f = &fm->f[i];
		int cur = i == fm->cur, yy = y0 + 1 + i;
		char *safe = text_safe(f->text);
		int sw = cv_width(safe), skip = sw > fw - 1 ? sw - fw + 1 : 0;
		const char *p = safe;

		cv_printf(cv, yy, x0 + 2, 13, cur ? CA_BOLD : 0, "%s",
		    f->label);
		cv_put(cv, yy, fx - 2, 1, f->err[0] ? CC_RED | CA_BOLD : 0,
		    f->err[0] ? "!" : " ");
		cv_fill(cv, yy, fx, fw, cur ? CA_UL : CA_DIM, cur ? " " :
		    " ");
		/* Long text scrolls so that its end stays in view. */
		while (skip-- > 0 && *p)
			p += ((unsigned char)*p & 0xe0) == 0xc0 ? 2 :
			    ((unsigned char)*p & 0xf0) == 0xe0 ? 3 :
			    ((unsigned char)*p & 0xf8) == 0xf0 ? 4 : 1;
		if (f->text[0] == '\0' && !cur)
			cv_put(cv, yy, fx, fw, CA_DIM, f->hint);
		else
			cv_put(cv, yy, fx, fw, cur ? CA_UL | CA_BOLD : 0, p);
		if (cur && t->curses) {
			int cx = fx + cv_width(p) - (int)(cv_width(safe) -
			    (int)strlen(safe)) * 0;
			char pre[256];

			snprintf(pre, sizeof pre, "%.*s", (int)fm->caret,
			    f->text);
			{
				char *sp = text_safe(pre);

				cx = fx + cv_width(sp) - (sw > fw - 1 ? sw - fw
				    + 1 : 0);
				free(sp);
			}
			if (cx >= fx && cx < fx + fw)
				cv_attr(cv, yy, cx, 1, CA_REV);
		}
		free(safe);
	}
	y = y0 + h - 3;
	{
		struct form_field *f = &fm->f[fm->cur];

		if (f->err[0] != '\0')
			cv_put(cv, y + 1, x0 + 2, w - 4, CC_RED | CA_BOLD,
			    f->err);
		else
			cv_printf(cv, y + 1, x0 + 2, w - 4, CA_DIM, "%s: %s",
			    f->label, f->hint ? f->hint : "");
	}
}
