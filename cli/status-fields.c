/*
 * status-fields.c: the field tables of `status --json` and `--csv`: a
 * quota, a pack of one, the month's budget and a platform's credit.  Each
 * table gives a member of status --json and a row of the one --csv table,
 * whose columns are the same for the three kinds of row: kind, name, used,
 * limit, remaining, unit, percent, state, resets, projected.
 */
#include <stddef.h>
#include <stdio.h>

#include "cli/cli.h"
#include "cli/status-fields.h"
#include "core/alerts.h"
#include "core/budget.h"
#include "core/catalog.h"
#include "core/fields.h"
#include "core/fmt.h"
#include "core/model.h"
#include "core/quota.h"
#include "store/summary.h"

#define N(t) (sizeof t / sizeof t[0])

/* A quota amount as --json shows it: hours or units, in hundredths. */
static int64_t
shown(const struct quota *q, int64_t v)
{
	return quota_centi(q->unit, v);
}

/* An empty --csv cell: a column this kind of row has no value for. */
static const char *
none(const void *rec, char *buf, size_t n)
{
	(void)rec;
	(void)buf;
	(void)n;
	return NULL;
}

#define QR(rec) ((const struct status_quota *)(rec))

static const char *
q_kind(const void *rec, char *buf, size_t n)
{
	(void)rec;
	(void)buf;
	(void)n;
	return "quota";
}

static const char *
q_platform(const void *rec, char *buf, size_t n)
{
	(void)buf;
	(void)n;
	return QR(rec)->q->platform;
}

static const char *
q_unit(const void *rec, char *buf, size_t n)
{
	(void)buf;
	(void)n;
	return quota_unit_json(QR(rec)->q->unit);
}

static const char *
q_window(const void *rec, char *buf, size_t n)
{
	(void)buf;
	(void)n;
	return quota_window_word(QR(rec)->q->window);
}

static int
q_subscription(const void *rec)
{
	const struct platform *p = summary_platform(QR(rec)->sm,
	    QR(rec)->q->platform);

	return p != NULL && p->billing == BILL_SUBSCRIPTION;
}

static int64_t
q_paid(const void *rec, int64_t now)
{
	(void)now;
	return !QR(rec)->st->unpaid;
}

static int64_t
q_used(const void *rec, int64_t now)
{
	(void)now;
	return shown(QR(rec)->q, QR(rec)->st->used);
}

static int64_t
q_limit(const void *rec, int64_t now)
{
	(void)now;
	return shown(QR(rec)->q, QR(rec)->st->limit);
}

static int64_t
q_remaining(const void *rec, int64_t now)
{
	(void)now;
	return shown(QR(rec)->q, QR(rec)->st->remaining);
}

static int64_t
q_used_raw(const void *rec, int64_t now)
{
	(void)now;
	return QR(rec)->st->used;
}

static int64_t
q_limit_raw(const void *rec, int64_t now)
{
	(void)now;
	return QR(rec)->st->limit;
}

static int64_t
q_pct(const void *rec, int64_t now)
{
	(void)now;
	return QR(rec)->st->pct;
}

static const char *
q_state(const void *rec, char *buf, size_t n)
{
	(void)buf;
	(void)n;
	return alerts_levels[QR(rec)->st->state].word;
}

static int64_t
q_ws(const void *rec, int64_t now)
{
	(void)now;
	return QR(rec)->st->ws;
}

static int
q_resets(const void *rec)
{
	return QR(rec)->q->window != QW_ROLLING;
}

static int64_t
q_we(const void *rec, int64_t now)
{
	(void)now;
	return QR(rec)->st->we;
}

static int64_t
q_resets_in(const void *rec, int64_t now)
{
	return QR(rec)->st->we - now;
}

static int64_t
q_runs_out(const void *rec, int64_t now)
{
	(void)now;
	return QR(rec)->st->runs_out;
}

static const char *
q_basis(const void *rec, char *buf, size_t n)
{
	return quota_basis_json(QR(rec)->st, buf, (unsigned)n);
}

static int64_t
q_lasts(const void *rec, int64_t now)
{
	(void)now;
	return QR(rec)->st->lasts;
}

static int64_t
q_packs(const void *rec, int64_t now)
{
	(void)now;
	return shown(QR(rec)->q, QR(rec)->st->packs);
}

const struct field status_quota_fields[] = {
	{ .csv = "kind", .kind = FK_TEXT, .text = q_kind },
	{ .shown = "platform", .csv = "name", .kind = FK_TEXT,
	    .text = q_platform },
	{ .shown = "unit", .kind = FK_TEXT, .text = q_unit },
	{ .shown = "window", .kind = FK_TEXT, .text = q_window },
	{ .shown = "subscribed", .kind = FK_BOOL, .value = q_paid,
	    .present = q_subscription },
	{ .shown = "used", .csv = "used", .kind = FK_SCENTI, .value = q_used },
	{ .shown = "limit", .csv = "limit", .kind = FK_SCENTI,
	    .value = q_limit },
	{ .shown = "remaining", .csv = "remaining", .kind = FK_SCENTI,
	    .value = q_remaining },
	{ .csv = "unit", .kind = FK_TEXT, .text = q_unit },
	{ .shown = "used_raw", .kind = FK_INT64, .value = q_used_raw },
	{ .shown = "limit_raw", .kind = FK_INT64, .value = q_limit_raw },
	{ .shown = "percent", .csv = "percent", .kind = FK_INT,
	    .value = q_pct },
	{ .shown = "state", .csv = "state", .kind = FK_TEXT,
	    .text = q_state },
	{ .shown = "window_start", .kind = FK_TIME, .value = q_ws },
	{ .shown = "resets", .csv = "resets", .kind = FK_TIME,
	    .value = q_we, .present = q_resets },
	{ .shown = "resets_in_s", .kind = FK_INT64, .value = q_resets_in,
	    .present = q_resets },
	{ .shown = "runs_out", .kind = FK_TIME, .flags = FF_ZERO_NULL,
	    .value = q_runs_out },
	{ .shown = "runs_out_basis", .kind = FK_TEXT, .text = q_basis },
	{ .shown = "lasts_to_reset", .kind = FK_BOOL, .value = q_lasts },
	{ .shown = "packs", .kind = FK_SCENTI, .value = q_packs },
	{ .csv = "projected", .kind = FK_TEXT, .text = none },
};
const size_t status_nquota = N(status_quota_fields);

#define PR(rec) ((const struct status_pack *)(rec))

static const char *
p_id(const void *rec, char *buf, size_t n)
{
	snprintf(buf, n, "e%lld", (long long)PR(rec)->p->id);
	return buf;
}

static int64_t
p_units(const void *rec, int64_t now)
{
	(void)now;
	return shown(PR(rec)->q, PR(rec)->p->units);
}

static int64_t
p_left(const void *rec, int64_t now)
{
	(void)now;
	return shown(PR(rec)->q, PR(rec)->p->left);
}

static int64_t
p_at(const void *rec, int64_t now)
{
	(void)now;
	return PR(rec)->p->at;
}

static int64_t
p_expires(const void *rec, int64_t now)
{
	(void)now;
	return PR(rec)->p->expires;
}

const struct field status_pack_fields[] = {
	{ .shown = "id", .kind = FK_TEXT, .text = p_id },
	{ .shown = "units", .kind = FK_SCENTI, .value = p_units },
	{ .shown = "left", .kind = FK_SCENTI, .value = p_left },
	{ .shown = "bought", .kind = FK_TIME, .value = p_at },
	{ .shown = "expires", .kind = FK_TIME, .value = p_expires },
};
const size_t status_npack = N(status_pack_fields);

#define BR(rec) ((const struct summary *)(rec))

static const char *
b_kind(const void *rec, char *buf, size_t n)
{
	(void)rec;
	(void)buf;
	(void)n;
	return "budget";
}

static const char *
b_month(const void *rec, char *buf, size_t n)
{
	return fmt_local(buf, n, BR(rec)->budget.ms, "%Y-%m");
}

static const char *
b_currency(const void *rec, char *buf, size_t n)
{
	(void)buf;
	(void)n;
	return BR(rec)->currency;
}

static int
b_range(const void *rec)
{
	return BR(rec)->budget.max >= 0;
}

static int64_t
b_spent(const void *rec, int64_t now)
{
	(void)now;
	return BR(rec)->budget.spent;
}

static int64_t
b_min(const void *rec, int64_t now)
{
	(void)now;
	return BR(rec)->budget.min;
}

static int64_t
b_max(const void *rec, int64_t now)
{
	(void)now;
	return BR(rec)->budget.max;
}

static int64_t
b_remaining(const void *rec, int64_t now)
{
	(void)now;
	return BR(rec)->budget.remaining;
}

static int64_t
b_pct(const void *rec, int64_t now)
{
	(void)now;
	return BR(rec)->budget.pct;
}

static int64_t
b_projected(const void *rec, int64_t now)
{
	(void)now;
	return BR(rec)->budget.projected;
}

static const char *
b_basis(const void *rec, char *buf, size_t n)
{
	if (!BR(rec)->budget.basis)
		return "none";
	snprintf(buf, n, "last_%d_days", BR(rec)->budget.pace_days);
	return buf;
}

static const char *
b_state(const void *rec, char *buf, size_t n)
{
	(void)buf;
	(void)n;
	return alerts_budget_word(&BR(rec)->budget);
}

static int64_t
b_me(const void *rec, int64_t now)
{
	(void)now;
	return BR(rec)->budget.me;
}

static int64_t
b_runs(const void *rec, int64_t now)
{
	(void)now;
	return BR(rec)->month_runs;
}

static int64_t
b_hours(const void *rec, int64_t now)
{
	(void)now;
	return hours_centi(BR(rec)->month_gpu_s);
}

static int64_t
b_fx_missing(const void *rec, int64_t now)
{
	(void)now;
	return BR(rec)->budget.fx_missing;
}

const struct field status_budget_fields[] = {
	{ .csv = "kind", .kind = FK_TEXT, .text = b_kind },
	{ .shown = "month", .csv = "name", .kind = FK_TEXT,
	    .text = b_month },
	{ .shown = "currency", .kind = FK_TEXT, .text = b_currency },
	{ .shown = "spent_minor", .csv = "used", .kind = FK_MONEY,
	    .value = b_spent },
	{ .shown = "min_minor", .kind = FK_MONEY, .value = b_min,
	    .present = b_range },
	{ .shown = "max_minor", .csv = "limit", .kind = FK_MONEY,
	    .value = b_max, .present = b_range },
	{ .shown = "remaining_minor", .csv = "remaining", .kind = FK_MONEY,
	    .value = b_remaining, .present = b_range },
	{ .csv = "unit", .kind = FK_TEXT, .text = b_currency },
	{ .shown = "percent", .csv = "percent", .kind = FK_INT,
	    .value = b_pct, .present = b_range },
	{ .shown = "projected_minor", .kind = FK_MONEY,
	    .value = b_projected },
	{ .shown = "projected_basis", .kind = FK_TEXT, .text = b_basis },
	{ .shown = "state", .csv = "state", .kind = FK_TEXT,
	    .text = b_state },
	{ .csv = "resets", .kind = FK_TIME, .value = b_me },
	{ .csv = "projected", .kind = FK_MONEY, .value = b_projected },
	{ .shown = "runs", .kind = FK_INT, .value = b_runs },
	{ .shown = "gpu_hours", .kind = FK_CENTI, .value = b_hours },
	{ .shown = "fx_missing", .kind = FK_BOOL, .value = b_fx_missing },
};
const size_t status_nbudget = N(status_budget_fields);

#define AT(f) .off = offsetof(struct summary_credit, f), \
	.size = sizeof ((struct summary_credit *)0)->f

static const char *
c_kind(const void *rec, char *buf, size_t n)
{
	(void)rec;
	(void)buf;
	(void)n;
	return "credit";
}

const struct field status_credit_fields[] = {
	{ .csv = "kind", .kind = FK_TEXT, .text = c_kind },
	{ .shown = "platform", .csv = "name", .kind = FK_TEXT,
	    AT(platform) },
	{ .shown = "currency", .kind = FK_TEXT, AT(currency) },
	{ .shown = "total_minor", .kind = FK_MONEY, AT(total) },
	{ .shown = "used_minor", .csv = "used", .kind = FK_MONEY, AT(used) },
	{ .csv = "limit", .kind = FK_MONEY, AT(total) },
	{ .shown = "left_minor", .csv = "remaining", .kind = FK_MONEY,
	    AT(left) },
	{ .csv = "unit", .kind = FK_TEXT, AT(currency) },
	{ .csv = "percent", .kind = FK_TEXT, .text = none },
	{ .csv = "state", .kind = FK_TEXT, .text = none },
	{ .csv = "resets", .kind = FK_TEXT, .text = none },
	{ .csv = "projected", .kind = FK_TEXT, .text = none },
};
const size_t status_ncredit = N(status_credit_fields);
