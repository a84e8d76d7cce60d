/*
 * metrics.c: the run_metrics table, and the free tiers' savings walked
 * from the runs.  Values are always bound.
 */
#include "store/metrics.h"

#include <stdint.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#include "core/alerts.h"
#include "core/clock.h"
#include "core/err.h"
#include "core/fx.h"
#include "core/model.h"
#include "store/internal.h"
#include "store/store.h"
#include "store/summary.h"

/* Binds v, or NULL when it is negative (unknown). */
static void
bind_opt(sqlite3_stmt *st, int i, int64_t v)
{
	if (v < 0)
		sqlite3_bind_null(st, i);
	else
		sqlite3_bind_int64(st, i, v);
}

int
metrics_put(struct store *s, const struct run_metrics *m, struct err *e)
{
	sqlite3_stmt *st;
	int rc;

	/* The same figures again write nothing: a merge that brings
	 * nothing new leaves nothing for the next sync to carry.  Kept: a
	 * merge asks it of every run's metrics. */
	static const char sql[] = "INSERT INTO run_metrics(run_id, samples, "
	    "peak_mem_mib, mem_total_mib, mean_util_pct, energy_wh_milli, "
	    "exit_status, command, own_mem_mib) VALUES (?1,?2,?3,?4,?5,?6,"
	    "?7,?8,?9) ON CONFLICT(run_id) DO UPDATE SET samples=?2, "
	    "peak_mem_mib=?3, mem_total_mib=?4, mean_util_pct=?5, "
	    "energy_wh_milli=?6, exit_status=?7, command=?8, own_mem_mib=?9 "
	    "WHERE samples IS NOT ?2 OR peak_mem_mib IS NOT ?3 OR "
	    "mem_total_mib IS NOT ?4 OR mean_util_pct IS NOT ?5 OR "
	    "energy_wh_milli IS NOT ?6 OR exit_status IS NOT ?7 OR command IS "
	    "NOT ?8 OR own_mem_mib IS NOT ?9";

	if (st_prepare_kept(s, &st, sql, e) < 0)
		return -1;
	sqlite3_bind_int64(st, 1, m->run_id);
	sqlite3_bind_int64(st, 2, m->samples);
	bind_opt(st, 3, m->peak_mem_mib);
	bind_opt(st, 4, m->mem_total_mib);
	bind_opt(st, 5, m->mean_util_pct);
	bind_opt(st, 6, m->energy_wh_milli);
	bind_opt(st, 7, m->exit_status);
	st_bind_text(st, 8, m->command);
	bind_opt(st, 9, m->own_mem_mib);
	rc = sqlite3_step(st);
	st_release(s, st);
	return rc == SQLITE_DONE ? 0 : st_fail(s, e,
	    "record the run's metrics");
}

static int64_t
col_opt(sqlite3_stmt *st, int i)
{
	return sqlite3_column_type(st, i) == SQLITE_NULL ? -1 :
	    sqlite3_column_int64(st, i);
}

int
metrics_get(struct store *s, int64_t run_id, struct run_metrics *m,
    struct err *e)
{
	sqlite3_stmt *st;
	int rc;

	if (st_prepare(s, &st, "SELECT samples, peak_mem_mib, mem_total_mib, "
	    "mean_util_pct, energy_wh_milli, exit_status, command, "
	    "own_mem_mib FROM run_metrics WHERE run_id = ?", e) < 0)
		return -1;
	sqlite3_bind_int64(st, 1, run_id);
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW) {
		metrics_clear(m);
		m->run_id = run_id;
		m->samples = sqlite3_column_int64(st, 0);
		m->peak_mem_mib = col_opt(st, 1);
		m->mem_total_mib = col_opt(st, 2);
		m->mean_util_pct = (int)col_opt(st, 3);
		m->energy_wh_milli = col_opt(st, 4);
		m->exit_status = (int)col_opt(st, 5);
		m->command = st_col_dup(st, 6);
		m->own_mem_mib = col_opt(st, 7);
	}
	sqlite3_finalize(st);
	if (rc == SQLITE_ROW)
		return 1;
	return rc == SQLITE_DONE ? 0 : st_fail(s, e, "read the run's metrics");
}

void
savings_begin(struct savings_walk *w, struct summary *sm,
    struct savings *out)
{
	memset(w, 0, sizeof *w);
	memset(out, 0, sizeof *out);
	memcpy(out->currency, sm->currency, sizeof out->currency);
	w->sm = sm;
	w->out = out;
	w->fx_now = fx_rate_on(sm->cat.fx, sm->cat.nfx,
	    local_day_number(sm->now));
}

void
savings_add(struct savings_walk *w, const struct run *r)
{
	struct summary *sm = w->sm;
	const struct platform *p = summary_platform(sm, r->platform);
	const char *gpu = r->gpu[0] ? r->gpu : p ? p->default_gpu : "";
	int64_t rate = 0, gpu_s, micro;
	char cur[4] = "", via[32];
	int i;

	/* A run on a free tier counts, open or ended, for its length so
	 * far, whatever it was priced: stopping it changes nothing. */
	if (!alerts_free_tier(p))
		return;
	/* A history has a handful of GPU models: price each once. */
	for (i = 0; i < w->nseen; i++)
		if (strcmp(w->seen[i].gpu, gpu) == 0) {
			rate = w->seen[i].rate;
			memcpy(cur, w->seen[i].cur, sizeof cur);
			break;
		}
	if (i == w->nseen) {
		rate = alerts_market_rate(sm->cat.rates, sm->cat.nrates,
		    sm->cat.platforms, sm->cat.nplatforms, gpu, w->fx_now, cur,
		    via);
		if (w->nseen < 16) {
			snprintf(w->seen[w->nseen].gpu, 32, "%s", gpu);
			w->seen[w->nseen].rate = rate;
			memcpy(w->seen[w->nseen].cur, cur, sizeof cur);
			w->nseen++;
		}
	}
	if (rate <= 0) {
		w->out->unpriced++;
		return;
	}
	gpu_s = (run_end_at(r, sm->now) - r->start) * r->gpus;
	w->out->gpu_s += gpu_s;
	/*
	 * The exact cost in millionths (micro/h x s / 3600), converted as it
	 * is, then the sum rounded once to the cent in the display currency:
	 * summary_convert() scales, so millionths stay millionths.  Held
	 * sums (money_hold()) stay far inside 64 bits.
	 */
	micro = __builtin_mul_overflow(rate, gpu_s, &micro) ? INT64_MAX :
	    micro / 3600;
	w->micro = money_hold(w->micro + money_hold(summary_convert(sm,
	    money_hold(micro), cur, r->start)));
	w->out->amount = (w->micro + 5000) / 10000;
	w->out->runs++;
}

static int
saved_run(const struct run *r, void *arg)
{
	savings_add(arg, r);
	return 0;
}

int
metrics_savings(struct store *s, struct summary *sm, int64_t since,
    int64_t until, const char *platform, struct savings *out,
    struct err *e)
{
	struct savings_walk w;
	struct filter f;

	savings_begin(&w, sm, out);
	memset(&f, 0, sizeof f);
	f.since = since;
	f.until = until;
	f.platform = platform;
	f.any_order = 1;
	f.brief = 1;
	f.counted = 1;
	return store_each_run(s, &f, saved_run, &w, e) < 0 ? -1 : 0;
}
