/*
 * form.c: the dashboard's forms (add, start and edit a run; a platform's
 * quota or a rate; the run filter).  Each field is checked as it is typed
 * with the parser and the message the CLI uses, and a mistake never loses
 * what was typed.  Saving writes one change through store_begin() ..
 * store_commit(), so `gpulog undo` takes it back like any other.
 */
#include <stdlib.h>
#include <string.h>

#include "core/clock.h"
#include "core/err.h"
#include "core/fmt.h"
#include "core/parse.h"
#include "core/quota.h"
#include "core/text.h"
#include "store/store.h"
#include "tui/tui.h"

void runs_set_filter(struct tui *t, const char *s);

/* Field checks: 0 when the text is accepted, else -1 and f->err. */

static int
check_platform(struct tui *t, struct form_field *f)
{
	const struct summary *sm = &t->sm;
	const char **names = xcalloc(sm->cat.nplatforms + 1, sizeof *names);
	char hint[128];
	size_t i, idx = 0;
	int rc;
	char *safe;

	for (i = 0; i < sm->cat.nplatforms; i++)
		names[i] = sm->cat.platforms[i].key;
	rc = text_match(f->text, names, sm->cat.nplatforms, &idx, hint,
	    sizeof hint);
	free(names);
	if (rc == MATCH_OK)
		return 0;
	safe = text_safe(f->text);
	/* The CLI's words (cli_platform()), for the same mistakes. */
	if (f->text[0] == '\0')
		err_set((struct err *)f->err, "missing platform: kaggle, "
		    "colab-pro, vast, ... (3 lists them)");
	else if (rc == MATCH_AMBIGUOUS)
		err_set((struct err *)f->err, "ambiguous platform \"%s\": it "
		    "could be %s", safe, hint);
	else if (hint[0] != '\0')
		err_set((struct err *)f->err, "unknown platform \"%s\": did you "
		    "mean %s? (`gpulog platforms` lists them)", safe, hint);
	else
		err_set((struct err *)f->err, "unknown platform \"%s\" (`gpulog "
		    "platforms` lists them)", safe);
	free(safe);
	return -1;
}

/* The platform key a field names, once check_platform() accepts it. */
static void
platform_key(struct tui *t, const char *in, char key[32])
{
	const struct summary *sm = &t->sm;
	const char **names = xcalloc(sm->cat.nplatforms + 1, sizeof *names);
	char hint[128];
	size_t i, idx = 0;

	for (i = 0; i < sm->cat.nplatforms; i++)
		names[i] = sm->cat.platforms[i].key;
	if (text_match(in, names, sm->cat.nplatforms, &idx, hint, sizeof hint) ==
	    MATCH_OK)
		snprintf(key, 32, "%s", sm->cat.platforms[idx].key);
	else
		snprintf(key, 32, "%s", in);
	free(names);
}

static int
read_when(struct tui *t, const char *s, int64_t *start, int64_t *end,
    struct err *e)
{
	char day[64];
	const char *sp = strchr(s, ' ');

	if (*s == '\0')
		return err_set(e, "missing WHEN: give a duration (2h30m), a "
		    "range (14:00-17:30) or a day and a range");
	if (sp != NULL && (size_t)(sp - s) < sizeof day) {
		snprintf(day, sizeof day, "%.*s", (int)(sp - s), s);
		if (is_day_word(day)) {
			while (*sp == ' ')
				sp++;
			return parse_when(day, sp, t->now, start, end, e);
		}
	}
	return parse_when(NULL, s, t->now, start, end, e);
}

static int
check_when(struct tui *t, struct form_field *f)
{
	int64_t s, e2;

	return read_when(t, f->text, &s, &e2, (struct err *)f->err);
}

static int
check_time(struct tui *t, struct form_field *f)
{
	int64_t v;

	if (f->text[0] == '\0')
		return err_set((struct err *)f->err, "missing time: "
		    "2026-11-28 10:00, 14:00, yesterday 09:30");
	return parse_time(f->text, t->now, &v, (struct err *)f->err);
}

static int
check_end(struct tui *t, struct form_field *f)
{
	int64_t v;

	if (f->text[0] == '\0')
		return 0; /* still running */
	return parse_time(f->text, t->now, &v, (struct err *)f->err);
}

static int
check_gpu(struct tui *t, struct form_field *f)
{
	(void)t;
	if (f->text[0] != '\0' && !text_is_name(f->text, 31, ""))
		return err_set((struct err *)f->err, "invalid --gpu: a model "
		    "name is 1 to 31 characters, as in P100 or \"RTX 4090\"");
	return 0;
}

static int
check_gpus(struct tui *t, struct form_field *f)
{
	int64_t n;

	(void)t;
	if (f->text[0] == '\0')
		return 0;
	return parse_int(f->text, "--gpus", 1, 64, &n, (struct err *)f->err);
}

static int
check_cost(struct tui *t, struct form_field *f)
{
	struct err *e = (struct err *)f->err;
	int64_t n;
	char cur[4];

	if (f->text[0] == '\0')
		return 0; /* priced from the catalog */
	if (parse_money(f->text, 2, t->sm.currency, &n, cur, e) < 0)
		return err_set(e, "invalid --cost: %s", e->msg);
	return 0;
}

static int
check_tags(struct tui *t, struct form_field *f)
{
	char buf[256], *p, *tok, *save = NULL;

	(void)t;
	snprintf(buf, sizeof buf, "%s", f->text);
	for (p = buf; (tok = strtok_r(p, ",", &save)) != NULL; p = NULL) {
		while (*tok == ' ')
			tok++;
		if (!text_is_name(tok, 64, ",")) {
			char *safe = text_safe(tok);

			err_set((struct err *)f->err, "invalid tag \"%s\": a "
			    "tag is 1 to 64 characters with no comma or "
			    "control character", safe);
			free(safe);
			return -1;
		}
	}
	return 0;
}

static int
check_project(struct tui *t, struct form_field *f)
{
	(void)t;
	if (f->text[0] != '\0' && !text_is_name(f->text, 64, ""))
		return err_set((struct err *)f->err, "invalid --project: 1 to "
		    "64 characters without control characters");
	return 0;
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
	struct err *e = (struct err *)f->err;
	int64_t n;
	char cur[4];

	(void)t;
	if (parse_money(f->text, 6, "USD", &n, cur, e) < 0)
		return err_set(e, "invalid --rate: %s", e->msg);
	return 0;
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

		if (o->unit == QU_CU)
			fmt_centi(a, sizeof a, o->amount);
		else
			fmt_hours(a, sizeof a, o->amount);
		if (strlen(a) > 2 && strcmp(a + strlen(a) - 2, ".0") == 0)
			a[strlen(a) - 2] = '\0';
		snprintf(q, sizeof q, "%s%s/%s", a, o->unit == QU_CU ? "cu" :
		    "h", o->window == QW_WEEK ? "week" : o->window == QW_MONTH ?
		    "month" : "");
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
			if (strcmp(t->sm.cat.rates[i].platform, platform) == 0) {
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
static const char *
val(const struct form *fm, const char *label)
{
	int i;

	for (i = 0; i < fm->n; i++)
		if (strcmp(fm->f[i].label, label) == 0)
			return fm->f[i].text;
	return NULL;
}

static void
set_str(char **dst, const char *v)
{
	free(*dst);
	*dst = (v != NULL && *v != '\0') ? xstrdup(v) : NULL;
}

/* The tags as stored: "a,b", spaces around commas dropped. */
static void
set_tags(struct run *r, const char *v)
{
	char buf[256] = "", tmp[256], *p, *tok, *save = NULL;

	snprintf(tmp, sizeof tmp, "%s", v);
	for (p = tmp; (tok = strtok_r(p, ",", &save)) != NULL; p = NULL) {
		size_t n;

		while (*tok == ' ')
			tok++;
		n = strlen(tok);
		while (n > 0 && tok[n - 1] == ' ')
			tok[--n] = '\0';
		if (n == 0)
			continue;
		if (buf[0] != '\0')
			strncat(buf, ",", sizeof buf - strlen(buf) - 1);
		strncat(buf, tok, sizeof buf - strlen(buf) - 1);
	}
	set_str(&r->tags, buf);
}

/* Times as `gpulog add` checks them. */
static int
check_times(struct tui *t, const struct run *r, int future, struct err *e)
{
	char a[32], b[32];

	if (r->end != RUN_OPEN && r->end <= r->start)
		return err_set(e, "the end (%s) is not after the start (%s)",
		    fmt_local(b, sizeof b, r->end, "%Y-%m-%d %H:%M"),
		    fmt_local(a, sizeof a, r->start, "%Y-%m-%d %H:%M"));
	if (!future && (r->start > t->now || (r->end != RUN_OPEN &&
	    r->end > t->now)))
		return err_set(e, "the run %s in the future (%s, now is %s)",
		    r->start > t->now ? "starts" : "ends",
		    fmt_local(a, sizeof a, r->start > t->now ? r->start :
		    r->end, "%Y-%m-%d %H:%M"),
		    fmt_local(b, sizeof b, t->now, "%Y-%m-%d %H:%M"));
	return 0;
}

/* Writes the run form's run; -1 with e set when it cannot. */
static int
save_run(struct tui *t, struct err *e)
{
	struct form *fm = &t->form;
	struct run r;
	const char *v;
	char label[160], what[128], money[48];
	int64_t n, old_len = 0;
	int set_cost = 0, no_rate = 0, old_gpus = 1, explicit_cost = 0;
	int old_future = 0, rc;
	char old_gpu[32] = "", old_platform[32] = "";

	run_init(&r);
	r.gpus = 1;
	if (fm->kind == FORM_EDIT) {
		if ((rc = store_get_run(t->s, fm->run_id, &r, e)) <= 0) {
			run_clear(&r);
			return rc < 0 ? -1 : err_set(e, "no run #%lld",
			    (long long)fm->run_id);
		}
		old_len = run_end_at(&r, t->now) - r.start;
		old_gpus = r.gpus;
		old_future = r.start > t->now || (r.end != RUN_OPEN &&
		    r.end > t->now);
		memcpy(old_gpu, r.gpu, sizeof old_gpu);
		memcpy(old_platform, r.platform, sizeof old_platform);
		explicit_cost = r.rate_micro == 0 && r.cost_minor > 0;
	}
	platform_key(t, val(fm, "Platform"), r.platform);
	if (fm->kind == FORM_ADD) {
		if (read_when(t, val(fm, "When"), &r.start, &r.end, e) < 0)
			goto fail;
	} else if (fm->kind == FORM_START) {
		r.start = t->now;
		r.end = RUN_OPEN;
	} else {
		if (parse_time(val(fm, "Start"), t->now, &r.start, e) < 0)
			goto fail;
		r.end = RUN_OPEN;
		if (*val(fm, "End") != '\0' && parse_time(val(fm, "End"),
		    t->now, &r.end, e) < 0)
			goto fail;
	}
	snprintf(r.gpu, sizeof r.gpu, "%s", val(fm, "GPU"));
	if (*val(fm, "GPUs") != '\0') {
		if (parse_int(val(fm, "GPUs"), "--gpus", 1, 64, &n, e) < 0)
			goto fail;
		r.gpus = (int)n;
	}
	set_str(&r.note, val(fm, "Note"));
	set_tags(&r, val(fm, "Tags"));
	set_str(&r.project, val(fm, "Project"));
	if ((v = val(fm, "Checkpointed")) != NULL)
		r.checkpointed = v[0] == 'y' || v[0] == 'Y';
	if ((v = val(fm, "Cost")) != NULL && *v != '\0' &&
	    (fm->kind != FORM_EDIT || strcmp(v, fm->f[5].orig) != 0)) {
		if (parse_money(v, 2, t->sm.currency, &n, r.currency, e) < 0)
			goto fail;
		r.cost_minor = n;
		r.rate_micro = 0;
		set_cost = 1;
	} else if (v != NULL && *v == '\0' && explicit_cost) {
		/* The hand-given cost was cleared: price it anew. */
		explicit_cost = 0;
		r.cost_minor = 0;
		r.rate_micro = 0;
		old_platform[0] = '\0';
	}
	if (check_times(t, &r, fm->kind == FORM_EDIT && old_future, e) < 0)
		goto fail;
	if (fm->kind != FORM_EDIT) {
		if (set_cost != 1)
			no_rate = summary_price_run(&t->sm, &r);
		r.created = r.modified = t->now;
		if (store_begin(t->s, fm->kind == FORM_ADD ? "add" : "start",
		    e) < 0 || store_add_run(t->s, &r, e) < 0)
			goto rollback;
		snprintf(label, sizeof label, "%s #%lld %s", fm->kind ==
		    FORM_ADD ? "add" : "start", (long long)r.id,
		    tui_run_label(what, sizeof what, &r, t->now));
		if (store_change_label(t->s, label, e) < 0 ||
		    store_commit(t->s, e) < 0)
			goto rollback;
	} else {
		if (set_cost == 0 && !explicit_cost) {
			if (strcmp(r.platform, old_platform) != 0 ||
			    strcmp(r.gpu, old_gpu) != 0) {
				r.rate_micro = 0;
				r.cost_minor = 0;
				no_rate = summary_price_run(&t->sm, &r);
			} else if (r.rate_micro > 0 && (run_end_at(&r, t->now)
			    - r.start != old_len || r.gpus != old_gpus)) {
				summary_price_run(&t->sm, &r);
			}
		}
		r.modified = t->now;
		snprintf(label, sizeof label, "edit #%lld", (long long)r.id);
		if (store_begin(t->s, label, e) < 0 ||
		    store_update_run(t->s, &r, e) < 0 ||
		    store_commit(t->s, e) < 0)
			goto rollback;
	}
	money[0] = '\0';
	if (run_cost_at(&r, t->now) > 0)
		tui_money(t, money, sizeof money, run_cost_at(&r, t->now),
		    r.currency);
	tui_msg(t, no_rate ? CC_YELLOW | CA_BOLD : CC_GREEN, "%s #%lld %s %s%s",
	    fm->kind == FORM_ADD ? "added" : fm->kind == FORM_START ?
	    "started" : "changed", (long long)r.id, tui_run_label(what,
	    sizeof what, &r, t->now), money, no_rate ? " (no price for its "
	    "GPU: the cost is 0)" : "");
	t->runs.want_id = r.id;
	if (fm->kind != FORM_EDIT) {
		t->runs.have_top = 0;
		t->runs.cur = 0;
	}
	run_clear(&r);
	return 0;
rollback:
	store_rollback(t->s);
fail:
	run_clear(&r);
	return -1;
}

static int
save_quota(struct tui *t, struct err *e)
{
	struct form *fm = &t->form;
	int qi = summary_quota_index(&t->sm, fm->platform);
	struct quota q;
	char label[64];

	if (qi >= 0) {
		q = t->sm.cat.quotas[qi];
	} else {
		memset(&q, 0, sizeof q);
		snprintf(q.platform, sizeof q.platform, "%s", fm->platform);
		q.reset_mday = 1;
	}
	snprintf(label, sizeof label, "platforms set %s", fm->platform);
	if (fm->f[0].text[0] == '\0') {
		if (qi < 0)
			return 0;
		if (store_begin(t->s, label, e) < 0 ||
		    store_delete_quota(t->s, fm->platform, e) < 0 ||
		    store_commit(t->s, e) < 0)
			goto rollback;
		tui_msg(t, CC_GREEN, "%s: no quota", fm->platform);
		return 0;
	}
	if (parse_quota(fm->f[0].text, &q, e) < 0 ||
	    (fm->f[1].text[0] != '\0' && parse_reset(fm->f[1].text, &q,
	    e) < 0))
		return -1;
	if (store_begin(t->s, label, e) < 0 || store_set_quota(t->s, &q,
	    e) < 0 || store_commit(t->s, e) < 0)
		goto rollback;
	tui_msg(t, CC_GREEN, "%s: quota %s", fm->platform, fm->f[0].text);
	return 0;
rollback:
	store_rollback(t->s);
	return -1;
}

static int
save_rate(struct tui *t, struct err *e)
{
	struct form *fm = &t->form;
	const struct rate *old = summary_rate(&t->sm, fm->platform,
	    fm->f[0].text);
	struct rate rt;
	char label[64], b[48];

	if (fm->f[0].text[0] == '\0')
		return err_set(e, "--rate and --cu-rate need --gpu MODEL");
	if (old != NULL) {
		rt = *old;
	} else {
		memset(&rt, 0, sizeof rt);
		snprintf(rt.platform, sizeof rt.platform, "%s", fm->platform);
		snprintf(rt.gpu, sizeof rt.gpu, "%.31s", fm->f[0].text);
		strcpy(rt.currency, "USD");
	}
	if (parse_money(fm->f[1].text, 6, "USD", &rt.rate_micro, rt.currency,
	    e) < 0)
		return -1;
	rt.low_micro = rt.high_micro = 0;
	rt.updated = t->now;
	strcpy(rt.source, "user");
	snprintf(label, sizeof label, "platforms set %s", fm->platform);
	if (store_begin(t->s, label, e) < 0 || store_set_rate(t->s, &rt,
	    e) < 0 || store_commit(t->s, e) < 0) {
		store_rollback(t->s);
		return -1;
	}
	tui_msg(t, CC_GREEN, "%s %s: %s", fm->platform, rt.gpu, fmt_rate(b,
	    sizeof b, rt.rate_micro, rt.currency, t->fmt));
	return 0;
}

static int
save(struct tui *t)
{
	struct form *fm = &t->form;
	struct err e;
	int i, rc;

	if (fm->kind < 0) {
		t->form_on = 0;
		runs_set_filter(t, fm->f[0].text);
		return TUI_DRAW;
	}
	t->now = core_now();
	for (i = 0; i < fm->n; i++) {
		fm->f[i].err[0] = '\0';
		if (fm->f[i].check != NULL && fm->f[i].check(t, &fm->f[i]) < 0) {
			fm->cur = i;
			fm->caret = strlen(fm->f[i].text);
			tui_msg(t, CC_RED | CA_BOLD, "%s: %s", fm->f[i].label,
			    fm->f[i].err);
			return TUI_DRAW;
		}
	}
	if (fm->kind == FORM_QUOTA)
		rc = save_quota(t, &e);
	else if (fm->kind == FORM_RATE)
		rc = save_rate(t, &e);
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

/* Encodes code point c as UTF-8 into b; returns its length. */
static size_t
utf8(unsigned long c, char *b)
{
	if (c < 0x80) {
		b[0] = (char)c;
		return 1;
	}
	if (c < 0x800) {
		b[0] = (char)(0xc0 | (c >> 6));
		b[1] = (char)(0x80 | (c & 0x3f));
		return 2;
	}
	if (c < 0x10000) {
		b[0] = (char)(0xe0 | (c >> 12));
		b[1] = (char)(0x80 | ((c >> 6) & 0x3f));
		b[2] = (char)(0x80 | (c & 0x3f));
		return 3;
	}
	b[0] = (char)(0xf0 | (c >> 18));
	b[1] = (char)(0x80 | ((c >> 12) & 0x3f));
	b[2] = (char)(0x80 | ((c >> 6) & 0x3f));
	b[3] = (char)(0x80 | (c & 0x3f));
	return 4;
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

int
form_key(struct tui *t, int key)
{
	struct form *fm = &t->form;
	struct form_field *f = &fm->f[fm->cur];
	size_t len = strlen(f->text);

	switch (key) {
	case TK_ESC:
		if (form_changed(fm) && fm->kind >= 0)
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
	case TK_LEFT:
		while (fm->caret > 0 && ((unsigned char)f->text[--fm->caret] &
		    0xc0) == 0x80)
			;
		return TUI_DRAW;
	case TK_RIGHT:
		while (fm->caret < len && ((unsigned char)f->text[++fm->caret] &
		    0xc0) == 0x80)
			;
		return TUI_DRAW;
	case TK_HOME:
	case TK_CTRL('a'):
		fm->caret = 0;
		return TUI_DRAW;
	case TK_END:
	case TK_CTRL('e'):
		fm->caret = len;
		return TUI_DRAW;
	case TK_CTRL('u'):
		f->text[0] = '\0';
		fm->caret = 0;
		recheck(t);
		return TUI_DRAW;
	case TK_BS:
		if (fm->caret > 0) {
			size_t at = fm->caret;

			while (at > 0 && ((unsigned char)f->text[--at] & 0xc0)
			    == 0x80)
				;
			memmove(f->text + at, f->text + fm->caret,
			    len - fm->caret + 1);
			fm->caret = at;
			recheck(t);
		}
		return TUI_DRAW;
	case TK_DEL:
		if (fm->caret < len) {
			size_t to = fm->caret + 1;

			while (to < len && ((unsigned char)f->text[to] & 0xc0)
			    == 0x80)
				to++;
			memmove(f->text + fm->caret, f->text + to,
			    len - to + 1);
			recheck(t);
		}
		return TUI_DRAW;
	}
	if (key >= 0x20 && key < TK_BASE && key != 0x7f) {
		char b[4];
		size_t n = utf8((unsigned long)key, b);

		if (len + n + 1 < sizeof f->text) {
			memmove(f->text + fm->caret + n, f->text + fm->caret,
			    len - fm->caret + 1);
			memcpy(f->text + fm->caret, b, n);
			fm->caret += n;
			recheck(t);
		}
		return TUI_DRAW;
	}
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
