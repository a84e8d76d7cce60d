/*
 * expense.c: the changes to expenses: spend (a new one), and the edit and
 * removal of one by its id (eN).  Each is one store change that `gpulog
 * undo` takes back; an expense's fields are read by one function.
 */
#include "ops/ops.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/clock.h"
#include "core/fmt.h"
#include "core/parse.h"
#include "core/text.h"
#include "store/store.h"

static int due(struct ops *o, const struct expense *sub, int *added,
    struct err *e);
static int get(struct ops *o, int64_t id, struct expense *x, struct err *e);

static int
fail(struct ops *o, int f)
{
	o->field = f;
	return -1;
}

/* Applies in to x: each member given is checked and replaces x's. */
static int
apply(struct ops *o, const struct summary *cat,
    const struct ops_expense_in *in, struct expense *x, struct err *e)
{
	int64_t was = x->at;

	if (in->amount != NULL && ops_check_amount(cat, in->amount,
	    &x->amount_minor, x->currency, e) < 0)
		return fail(o, OPS_F_AMOUNT);
	if (in->platform != NULL) {
		if (*in->platform == '\0')
			x->platform[0] = '\0';
		else if (ops_check_platform(cat, in->platform, x->platform,
		    e) < 0)
			return fail(o, OPS_F_PLATFORM);
	}
	if (in->at != NULL && parse_time(in->at, o->now, &x->at, e) < 0)
		return fail(o, OPS_F_DAY);
	/* A date after now needs --future, unless it was so already (a
	 * future expense's note is edited as it is). */
	if (x->at > o->now && !in->future && !(was > o->now)) {
		err_set(e, "the date is in the future");
		o->future = 1;
		return fail(o, OPS_F_DAY);
	}
	if (in->note != NULL) {
		free(x->note);
		x->note = *in->note != '\0' ? xstrdup(in->note) : NULL;
	}
	return 0;
}

/* A spend's kind from in: a pack of units of the platform's quota, or
 * prepaid credit on a platform, or a plain spend. */
static int
kind_of(struct ops *o, const struct summary *cat,
    const struct ops_expense_in *in, struct expense *x, struct err *e)
{
	const struct platform *p;
	int qi, unit;
	char *safe;

	if (in->units != NULL && in->credit) {
		err_set(e, "an expense is a pack of units or credit, not both");
		return fail(o, OPS_F_UNITS);
	}
	if (in->monthly && (in->units != NULL || in->credit)) {
		err_set(e, "a monthly subscription is a plain expense, not %s",
		    in->credit ? "credit" : "a pack of units");
		return fail(o, OPS_F_UNITS);
	}
	if (in->monthly) {
		strcpy(x->kind, "monthly");
		return 0;
	}
	if (in->units == NULL && !in->credit)
		return 0;
	if (x->platform[0] == '\0') {
		err_set(e, in->credit ? "credit needs a platform" :
		    "a pack needs a platform");
		return fail(o, OPS_F_PLATFORM);
	}
	if (in->credit) {
		strcpy(x->kind, "credit");
		return 0;
	}
	p = catalog_platform(&cat->cat, x->platform);
	if ((qi = catalog_quota_index(&cat->cat, x->platform)) < 0) {
		err_set(e, "%s has no quota to buy units of", x->platform);
		return fail(o, OPS_F_PLATFORM);
	}
	if (p == NULL || p->pack_days <= 0) {
		err_set(e, "%s sells no packs: set how long one lasts "
		    "(pack days) first", x->platform);
		return fail(o, OPS_F_PLATFORM);
	}
	unit = cat->cat.quotas[qi].unit;
	if (parse_fixed(in->units, 2, quota_meter(unit)->rated ?
	    quota_meter(unit)->name : "hours", &x->units_centi, e) < 0)
		return fail(o, OPS_F_UNITS);
	if (x->units_centi <= 0) {
		safe = text_safe(in->units);
		err_set(e, "invalid units \"%s\": must be more than zero",
		    safe);
		free(safe);
		return fail(o, OPS_F_UNITS);
	}
	strcpy(x->kind, "pack");
	return 0;
}

/* The change's name: "spend ₹899.00 on colab-pro", "edit e3". */
static void
name_of(char *what, size_t n, const char *verb, const struct expense *x)
{
	char money[48];

	if (strcmp(verb, "spend") == 0)
		snprintf(what, n, "spend %s%s%s", fmt_money(money,
		    sizeof money, x->amount_minor, x->currency, 0),
		    x->platform[0] ? " on " : "", x->platform);
	else
		snprintf(what, n, "%s e%lld %s", verb, (long long)x->id,
		    fmt_money(money, sizeof money, x->amount_minor,
		    x->currency, 0));
}

int
ops_spend(struct ops *o, const struct ops_expense_in *in, struct expense *x,
    struct err *e)
{
	const struct summary *cat;
	char what[96];

	o->field = OPS_F_NONE;
	o->future = 0;
	if ((cat = ops_catalog(o, e)) == NULL)
		return -1;
	if (in->amount == NULL) {
		err_set(e, "missing amount: 899INR, $11.99");
		return fail(o, OPS_F_AMOUNT);
	}
	x->at = o->now;
	if (apply(o, cat, in, x, e) < 0 || kind_of(o, cat, in, x, e) < 0)
		return -1;
	name_of(what, sizeof what, "spend", x);
	if (ops_begin(o, what, e) < 0)
		return -1;
	if (expense_kind(x) == EXP_MONTHLY)
		store_new_uid(x->uid); /* its payments name it */
	if (store_add_expense(o->s, x, e) < 0 ||
	    (expense_kind(x) == EXP_MONTHLY && due(o, x, NULL, e) < 0) ||
	    store_commit(o->s, e) < 0) {
		store_rollback(o->s);
		return -1;
	}
	ops_reload(o); /* the catalog holds the packs */
	return 0;
}

int
ops_spend_stop(struct ops *o, int64_t id, struct expense *x, struct err *e)
{
	char what[96];

	o->field = OPS_F_NONE;
	o->future = 0;
	if (get(o, id, x, e) < 0)
		return -1;
	if (expense_kind(x) != EXP_MONTHLY) {
		err_set(e, "e%lld is no monthly subscription", (long long)id);
		return fail(o, OPS_F_RUN);
	}
	name_of(what, sizeof what, "stop", x);
	if (store_begin(o->s, what, e) < 0)
		return -1;
	if (store_set_expense_kind(o->s, id, EXP_SPEND, e) < 0 ||
	    store_commit(o->s, e) < 0) {
		store_rollback(o->s);
		return -1;
	}
	strcpy(x->kind, "spend");
	return 0;
}

struct subs {
	struct expense *x;
	size_t n, cap;
};

static int
collect_sub(const struct expense *x, void *arg)
{
	struct subs *l = arg;

	if (l->n == l->cap) {
		l->cap = l->cap ? 2 * l->cap : 4;
		l->x = xrealloc(l->x, l->cap * sizeof *l->x);
	}
	expense_copy(&l->x[l->n++], x);
	return 0;
}

int
ops_monthly_due(struct ops *o, int *added, struct err *e)
{
	struct subs l = { NULL, 0, 0 };
	size_t i;
	int rc;

	o->field = OPS_F_NONE;
	rc = store_each_monthly(o->s, collect_sub, &l, e) < 0 ? -1 : 0;
	for (i = 0; rc == 0 && i < l.n; i++)
		rc = due(o, &l.x[i], added, e);
	for (i = 0; i < l.n; i++)
		expense_clear(&l.x[i]);
	free(l.x);
	return rc;
}

/*
 * Records subscription sub's payments due by o->now after the last one
 * recorded (the highest n among its payments, or the one kept in the
 * setting "monthly.UID" when that is higher: a payment removed is not
 * recorded again).  Inside the caller's change, or outside any.
 */
static int
due(struct ops *o, const struct expense *sub, int *added, struct err *e)
{
	struct expense p;
	char key[48], val[24], sid[48];
	int last, kept, n, k, own;
	int64_t t;

	if (sub->uid[0] == '\0')
		return 0;
	snprintf(key, sizeof key, "monthly.%s", sub->uid);
	if (store_monthly_last(o->s, sub->uid, &last, e) < 0 ||
	    (k = store_get_setting(o->s, key, val, sizeof val, e)) < 0)
		return -1;
	if (k == 1 && (kept = atoi(val)) > last)
		last = kept;
	/* Outside a change, the payments due and their mark in a
	 * transaction of their own. */
	if (local_month_same_day(sub->at, last + 1) > o->now)
		return 0;
	if ((own = store_write_begin(o->s, e)) < 0)
		return -1;
	for (n = last + 1; (t = local_month_same_day(sub->at, n)) <= o->now;
	    n++) {
		expense_init(&p);
		p.at = t;
		strcpy(p.platform, sub->platform);
		p.amount_minor = sub->amount_minor;
		strcpy(p.currency, sub->currency);
		p.note = sub->note != NULL ? xstrdup(sub->note) : NULL;
		strcpy(p.source, EXPENSE_MONTHLY_SRC);
		snprintf(sid, sizeof sid, "%s:%d", sub->uid, n);
		p.source_id = xstrdup(sid);
		strcpy(p.kind, "spend");
		snprintf(val, sizeof val, "%d", n);
		k = store_record_expense(o->s, &p, 1, e);
		expense_clear(&p);
		if (k < 0 || store_set_setting(o->s, key, val, e) < 0) {
			if (own)
				store_rollback(o->s);
			return -1;
		}
		if (added != NULL)
			*added += k;
	}
	return own ? store_write_commit(o->s, e) : 0;
}

/* Reads expense id into x; a missing one fails naming it. */
static int
get(struct ops *o, int64_t id, struct expense *x, struct err *e)
{
	int rc = store_get_expense(o->s, id, x, e);

	if (rc < 0)
		return -1;
	if (rc == 0) {
		err_set(e, "no expense e%lld", (long long)id);
		return fail(o, OPS_F_RUN);
	}
	return 0;
}

/*
 * Inside the change, with the write lock held: the stored expense is
 * still was as it was read (every field: expense_same()), or the change
 * is refused, so that one another gpulog made meanwhile is not
 * overwritten.
 */
static int
unchanged(struct ops *o, const struct expense *was, struct err *e)
{
	struct expense t;
	int rc, same;

	expense_init(&t);
	rc = store_get_expense(o->s, was->id, &t, e);
	same = rc == 1 && expense_same(&t, was);
	expense_clear(&t);
	if (rc < 0)
		return -1;
	if (rc == 0)
		err_set(e, "no expense e%lld: another gpulog removed it "
		    "meanwhile", (long long)was->id);
	else if (!same)
		err_set(e, "expense e%lld was changed by another gpulog "
		    "meanwhile; nothing was changed: look at it again (gpulog "
		    "show e%lld)", (long long)was->id, (long long)was->id);
	/* Not the user's input: a failure (exit 1), not a usage error. */
	if (rc == 0 || !same)
		return fail(o, OPS_F_NONE);
	return 0;
}

int
ops_expense_edit(struct ops *o, int64_t id, const struct ops_expense_in *in,
    struct expense *x, struct err *e)
{
	const struct summary *cat;
	struct expense old;
	char what[96];
	int rc = -1;

	o->field = OPS_F_NONE;
	o->future = 0;
	if ((cat = ops_catalog(o, e)) == NULL || get(o, id, x, e) < 0)
		return -1;
	expense_init(&old);
	expense_copy(&old, x);
	if (apply(o, cat, in, x, e) < 0)
		goto out;
	name_of(what, sizeof what, "edit", x);
	if (ops_begin(o, what, e) < 0)
		goto out;
	if (unchanged(o, &old, e) < 0 || store_update_expense(o->s, x, e) < 0 ||
	    store_commit(o->s, e) < 0) {
		store_rollback(o->s);
		goto out;
	}
	rc = 0;
out:
	expense_clear(&old);
	if (rc < 0)
		return -1;
	ops_reload(o); /* the catalog holds the packs */
	return 0;
}

int
ops_expense_rm(struct ops *o, int64_t id, struct expense *x, struct err *e)
{
	char what[96];

	o->field = OPS_F_NONE;
	o->future = 0;
	if (get(o, id, x, e) < 0)
		return -1;
	name_of(what, sizeof what, "rm", x);
	if (ops_begin(o, what, e) < 0)
		return -1;
	if (unchanged(o, x, e) < 0 || store_delete_expense(o->s, id, e) < 0 ||
	    store_commit(o->s, e) < 0) {
		store_rollback(o->s);
		return -1;
	}
	ops_reload(o); /* the catalog holds the packs */
	return 0;
}
