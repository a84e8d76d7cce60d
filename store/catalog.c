/*
 * catalog.c: the catalog's tables (platforms, quotas, rates, the plan's
 * phases and the exchange rates): each row saved one at a time and loaded
 * whole, as core/catalog.h's structs.
 */
#include "store/store.h"

#include <stdlib.h>
#include <string.h>

#include "core/catalog.h"
#include "core/err.h"
#include "core/fx.h"
#include "core/model.h"
#include "store/internal.h"

int
store_set_platform(struct store *s, const struct platform *p, int sort,
    struct err *e)
{
	sqlite3_stmt *st;

	if (st_prepare(s, &st, "INSERT INTO platforms(key, name, billing, gpu,"
	    " vram, cost_usd, cost_inr, session_cap_s, session_text, storage,"
	    " best_for, default_gpu, sort, pack_days, modified) VALUES (?1,?2,"
	    "?3,?4,?5,?6,?7,?8,?9,?10,?11,?12,?13,?14,?15) ON CONFLICT(key) DO"
	    " UPDATE SET name=?2, billing=?3, gpu=?4, vram=?5, cost_usd=?6,"
	    " cost_inr=?7, session_cap_s=?8, session_text=?9, storage=?10,"
	    " best_for=?11, default_gpu=?12, pack_days=?14, modified=?15", e)
	    < 0)
		return -1;
	sqlite3_bind_text(st, 1, p->key, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 2, p->name, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 3, billing_name(p->billing), -1, SQLITE_STATIC);
	st_bind_text(st, 4, p->gpu);
	st_bind_text(st, 5, p->vram);
	st_bind_text(st, 6, p->cost_usd);
	st_bind_text(st, 7, p->cost_inr);
	sqlite3_bind_int64(st, 8, p->session_cap_s);
	st_bind_text(st, 9, p->session_text);
	st_bind_text(st, 10, p->storage);
	st_bind_text(st, 11, p->best_for);
	st_bind_text(st, 12, p->default_gpu);
	sqlite3_bind_int(st, 13, sort);
	sqlite3_bind_int(st, 14, p->pack_days);
	sqlite3_bind_int64(st, 15, s->clock);
	return st_step_done(s, st, "save a platform", e);
}

int
store_load_platforms(struct store *s, struct platform **out, size_t *n,
    struct err *e)
{
	sqlite3_stmt *st;
	struct platform *a = NULL;
	size_t k = 0, cap = 0;
	int rc;

	if (st_prepare(s, &st, "SELECT key, name, billing, gpu, vram, "
	    "cost_usd, cost_inr, session_cap_s, session_text, storage, "
	    "best_for, default_gpu, pack_days, modified FROM platforms ORDER "
	    "BY sort, "
	    "key", e) < 0)
		return -1;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		struct platform *p;
		char b[16];

		if (k == cap)
			a = xrealloc(a, (cap = cap ? cap * 2 : 16) * sizeof *a);
		p = &a[k++];
		memset(p, 0, sizeof *p);
		st_col_copy(st, 0, p->key, sizeof p->key);
		st_col_copy(st, 1, p->name, sizeof p->name);
		st_col_copy(st, 2, b, sizeof b);
		p->billing = billing_parse(b);
		st_col_copy(st, 3, p->gpu, sizeof p->gpu);
		st_col_copy(st, 4, p->vram, sizeof p->vram);
		st_col_copy(st, 5, p->cost_usd, sizeof p->cost_usd);
		st_col_copy(st, 6, p->cost_inr, sizeof p->cost_inr);
		p->session_cap_s = sqlite3_column_int64(st, 7);
		st_col_copy(st, 8, p->session_text, sizeof p->session_text);
		st_col_copy(st, 9, p->storage, sizeof p->storage);
		st_col_copy(st, 10, p->best_for, sizeof p->best_for);
		st_col_copy(st, 11, p->default_gpu, sizeof p->default_gpu);
		p->pack_days = sqlite3_column_int(st, 12);
		p->modified = sqlite3_column_int64(st, 13);
	}
	sqlite3_finalize(st);
	if (rc != SQLITE_DONE) {
		free(a);
		return st_fail(s, e, "read the platforms");
	}
	*out = a;
	*n = k;
	return 0;
}

int
store_set_quota(struct store *s, const struct quota *q, struct err *e)
{
	sqlite3_stmt *st;

	if (st_prepare(s, &st, "INSERT INTO quotas(platform, unit, amount, "
	    "win, reset_wday, reset_mday, reset_min, rolling_days, modified) "
	    "VALUES (?1,?2,?3,?4,?5,?6,?7,?8,?9) ON CONFLICT(platform) DO "
	    "UPDATE SET unit=?2, amount=?3, win=?4, reset_wday=?5, "
	    "reset_mday=?6, reset_min=?7, rolling_days=?8, modified=?9", e) <
	    0)
		return -1;
	sqlite3_bind_text(st, 1, q->platform, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 2, quota_meter(q->unit)->store, -1,
	    SQLITE_STATIC);
	sqlite3_bind_int64(st, 3, q->amount);
	sqlite3_bind_text(st, 4, quota_window_word(q->window), -1,
	    SQLITE_STATIC);
	sqlite3_bind_int(st, 5, q->reset_wday);
	sqlite3_bind_int(st, 6, q->reset_mday);
	sqlite3_bind_int(st, 7, q->reset_min);
	sqlite3_bind_int(st, 8, q->rolling_days);
	sqlite3_bind_int64(st, 9, s->clock);
	return st_step_done(s, st, "save a quota", e);
}

int
store_delete_quota(struct store *s, const char *platform, struct err *e)
{
	sqlite3_stmt *st;

	if (st_prepare(s, &st, "DELETE FROM quotas WHERE platform = ?", e) < 0)
		return -1;
	sqlite3_bind_text(st, 1, platform, -1, SQLITE_STATIC);
	return st_step_done(s, st, "remove a quota", e);
}

static int
name_index(const char *const *names, int n, const char *s)
{
	int i;

	for (i = 0; i < n; i++)
		if (strcmp(names[i], s) == 0)
			return i;
	return 0;
}

int
store_load_quotas(struct store *s, struct quota **out, size_t *n,
    struct err *e)
{
	sqlite3_stmt *st;
	struct quota *a = NULL;
	size_t k = 0, cap = 0;
	int rc;

	if (st_prepare(s, &st, "SELECT q.platform, unit, amount, win, "
	    "reset_wday, reset_mday, reset_min, rolling_days, q.modified "
	    "FROM quotas q "
	    "JOIN platforms p ON p.key = q.platform ORDER BY p.sort, p.key",
	    e) < 0)
		return -1;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		struct quota *q;
		char b[16];

		if (k == cap)
			a = xrealloc(a, (cap = cap ? cap * 2 : 8) * sizeof *a);
		q = &a[k++];
		memset(q, 0, sizeof *q);
		st_col_copy(st, 0, q->platform, sizeof q->platform);
		st_col_copy(st, 1, b, sizeof b);
		for (q->unit = QU_COUNT - 1; q->unit > 0 &&
		    strcmp(quota_meter(q->unit)->store, b) != 0; q->unit--)
			;
		q->amount = sqlite3_column_int64(st, 2);
		st_col_copy(st, 3, b, sizeof b);
		q->window = name_index(quota_window_words, QW_COUNT, b);
		q->reset_wday = sqlite3_column_int(st, 4);
		q->reset_mday = sqlite3_column_int(st, 5);
		q->reset_min = sqlite3_column_int(st, 6);
		q->rolling_days = sqlite3_column_int(st, 7);
		q->modified = sqlite3_column_int64(st, 8);
	}
	sqlite3_finalize(st);
	if (rc != SQLITE_DONE) {
		free(a);
		return st_fail(s, e, "read the quotas");
	}
	*out = a;
	*n = k;
	return 0;
}

int
store_set_rate(struct store *s, const struct rate *r, struct err *e)
{
	sqlite3_stmt *st;

	if (st_prepare(s, &st, "INSERT INTO rates(platform, gpu, currency, "
	    "rate_micro, low_micro, high_micro, cu_centi_h, updated, source) "
	    "VALUES (?1,?2,?3,?4,?5,?6,?7,?8,?9) ON CONFLICT(platform, gpu) DO "
	    "UPDATE SET currency=?3, rate_micro=?4, low_micro=?5, "
	    "high_micro=?6, cu_centi_h=?7, updated=?8, source=?9", e) < 0)
		return -1;
	sqlite3_bind_text(st, 1, r->platform, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 2, r->gpu, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 3, r->currency, -1, SQLITE_STATIC);
	sqlite3_bind_int64(st, 4, r->rate_micro);
	sqlite3_bind_int64(st, 5, r->low_micro);
	sqlite3_bind_int64(st, 6, r->high_micro);
	sqlite3_bind_int64(st, 7, r->cu_centi_h);
	sqlite3_bind_int64(st, 8, r->updated);
	sqlite3_bind_text(st, 9, r->source, -1, SQLITE_STATIC);
	return st_step_done(s, st, "save a rate", e);
}

int
store_load_rates(struct store *s, struct rate **out, size_t *n,
    struct err *e)
{
	sqlite3_stmt *st;
	struct rate *a = NULL;
	size_t k = 0, cap = 0;
	int rc;

	if (st_prepare(s, &st, "SELECT r.platform, r.gpu, currency, "
	    "rate_micro, low_micro, high_micro, cu_centi_h, updated, source "
	    "FROM rates r JOIN platforms p ON p.key = r.platform "
	    "ORDER BY p.sort, r.rate_micro, r.cu_centi_h, r.gpu", e) < 0)
		return -1;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		struct rate *r;

		if (k == cap)
			a = xrealloc(a, (cap = cap ? cap * 2 : 16) * sizeof *a);
		r = &a[k++];
		memset(r, 0, sizeof *r);
		st_col_copy(st, 0, r->platform, sizeof r->platform);
		st_col_copy(st, 1, r->gpu, sizeof r->gpu);
		st_col_copy(st, 2, r->currency, sizeof r->currency);
		r->rate_micro = sqlite3_column_int64(st, 3);
		r->low_micro = sqlite3_column_int64(st, 4);
		r->high_micro = sqlite3_column_int64(st, 5);
		r->cu_centi_h = sqlite3_column_int64(st, 6);
		r->updated = sqlite3_column_int64(st, 7);
		st_col_copy(st, 8, r->source, sizeof r->source);
	}
	sqlite3_finalize(st);
	if (rc != SQLITE_DONE) {
		free(a);
		return st_fail(s, e, "read the rates");
	}
	*out = a;
	*n = k;
	return 0;
}

int
store_set_phase(struct store *s, const struct phase *p, struct err *e)
{
	sqlite3_stmt *st;

	if (st_prepare(s, &st, "INSERT INTO phases(first_month, last_month, "
	    "name, platforms, where_text, reason, budget_min_minor, "
	    "budget_max_minor, currency) VALUES (?1,?2,?3,?4,?5,?6,?7,?8,?9) "
	    "ON CONFLICT(first_month) DO UPDATE SET last_month=?2, name=?3, "
	    "platforms=?4, where_text=?5, reason=?6, budget_min_minor=?7, "
	    "budget_max_minor=?8, currency=?9", e) < 0)
		return -1;
	sqlite3_bind_int(st, 1, p->first_month);
	sqlite3_bind_int(st, 2, p->last_month);
	sqlite3_bind_text(st, 3, p->name, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 4, p->platforms, -1, SQLITE_STATIC);
	st_bind_text(st, 5, p->where);
	st_bind_text(st, 6, p->reason);
	sqlite3_bind_int64(st, 7, p->budget_min_minor);
	sqlite3_bind_int64(st, 8, p->budget_max_minor);
	sqlite3_bind_text(st, 9, p->currency, -1, SQLITE_STATIC);
	return st_step_done(s, st, "save a phase", e);
}

int
store_load_phases(struct store *s, struct phase **out, size_t *n,
    struct err *e)
{
	sqlite3_stmt *st;
	struct phase *a = NULL;
	size_t k = 0, cap = 0;
	int rc;

	if (st_prepare(s, &st, "SELECT first_month, last_month, name, "
	    "platforms, where_text, reason, budget_min_minor, "
	    "budget_max_minor, currency FROM phases ORDER BY first_month",
	    e) < 0)
		return -1;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		struct phase *p;

		if (k == cap)
			a = xrealloc(a, (cap = cap ? cap * 2 : 8) * sizeof *a);
		p = &a[k++];
		memset(p, 0, sizeof *p);
		p->first_month = sqlite3_column_int(st, 0);
		p->last_month = sqlite3_column_int(st, 1);
		st_col_copy(st, 2, p->name, sizeof p->name);
		st_col_copy(st, 3, p->platforms, sizeof p->platforms);
		st_col_copy(st, 4, p->where, sizeof p->where);
		st_col_copy(st, 5, p->reason, sizeof p->reason);
		p->budget_min_minor = sqlite3_column_int64(st, 6);
		p->budget_max_minor = sqlite3_column_int64(st, 7);
		st_col_copy(st, 8, p->currency, sizeof p->currency);
	}
	sqlite3_finalize(st);
	if (rc != SQLITE_DONE) {
		free(a);
		return st_fail(s, e, "read the plan");
	}
	*out = a;
	*n = k;
	return 0;
}

int
store_set_fx(struct store *s, int64_t day, int64_t micro, const char *source,
    struct err *e)
{
	sqlite3_stmt *st;

	if (st_prepare(s, &st, "INSERT INTO fx(day, usd_inr_micro, source, "
	    "modified) VALUES (?1, ?2, ?3, ?4) ON CONFLICT(day) DO UPDATE SET "
	    "usd_inr_micro=?2, source=?3, modified=?4", e) < 0)
		return -1;
	sqlite3_bind_int64(st, 4, s->clock);
	sqlite3_bind_int64(st, 1, day);
	sqlite3_bind_int64(st, 2, micro);
	sqlite3_bind_text(st, 3, source, -1, SQLITE_STATIC);
	return st_step_done(s, st, "save the exchange rate", e);
}

int
store_load_fx(struct store *s, struct fx_point **out, size_t *n,
    struct err *e)
{
	sqlite3_stmt *st;
	struct fx_point *a = NULL;
	size_t k = 0, cap = 0;
	int rc;

	if (st_prepare(s, &st, "SELECT day, usd_inr_micro, modified FROM fx "
	    "ORDER BY day", e) < 0)
		return -1;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		if (k == cap)
			a = xrealloc(a, (cap = cap ? cap * 2 : 16) * sizeof *a);
		a[k].day = sqlite3_column_int64(st, 0);
		a[k].usd_inr_micro = sqlite3_column_int64(st, 1);
		a[k].modified = sqlite3_column_int64(st, 2);
		k++;
	}
	sqlite3_finalize(st);
	if (rc != SQLITE_DONE) {
		free(a);
		return st_fail(s, e, "read the exchange rates");
	}
	*out = a;
	*n = k;
	return 0;
}
