/* quota.c: windows, per-window use and the runs-out projection. */
#include "core/quota.h"

#include <stdio.h>
#include <stdlib.h>
#include <strings.h>

#include "core/clock.h"
#include "core/err.h"
#include "core/fmt.h"
#include "core/model.h"
#include "core/text.h"

int64_t
overlap(int64_t a0, int64_t a1, int64_t b0, int64_t b1)
{
	int64_t lo = a0 > b0 ? a0 : b0;
	int64_t hi = a1 < b1 ? a1 : b1;

	return hi > lo ? hi - lo : 0;
}

/* Start of the monthly window holding t: day mday at min minutes, UTC. */
static int64_t
month_reset(int64_t y, int m, const struct quota *q)
{
	return days_from_civil(y, m, q->reset_mday) * DAY_S +
	    (int64_t)q->reset_min * 60;
}

void
quota_window(const struct quota *q, int64_t t, int64_t *ws, int64_t *we)
{
	int64_t days = floor_div(t, DAY_S), y, s;
	int m, d, back;

	switch (q->window) {
	case QW_WEEK:
		back = (weekday_from_days(days) - q->reset_wday + 7) % 7;
		s = (days - back) * DAY_S + (int64_t)q->reset_min * 60;
		if (s > t)
			s -= WEEK_S;
		*ws = s;
		*we = s + WEEK_S;
		return;
	case QW_MONTH:
		civil_from_days(days, &y, &m, &d);
		s = month_reset(y, m, q);
		if (s > t) {
			if (--m == 0)
				m = 12, y--;
			s = month_reset(y, m, q);
		}
		*ws = s;
		if (++m == 13)
			m = 1, y++;
		*we = month_reset(y, m, q);
		return;
	default:
		*ws = t - (int64_t)q->rolling_days * DAY_S;
		*we = t;
		return;
	}
}

/* What run r (ending at end) uses of q's unit from its start to t. */
static int64_t
run_use_to(const struct quota *q, const struct run *r, int64_t end,
    int64_t t, int64_t cu_centi_h)
{
	int64_t len = end - r->start;

	if (t <= r->start)
		return 0;
	if (q->unit == QU_CU && r->cu_centi >= 0)
		return len > 0 ? r->cu_centi * (t - r->start) / len : 0;
	return quota_use(q->unit, t - r->start, r->gpus, cu_centi_h);
}

int64_t
quota_run_use(const struct quota *q, const struct run *r, int64_t ws,
    int64_t we, int64_t now, int64_t cu_centi_h)
{
	int64_t end = run_end_at(r, now);
	int64_t a = r->start > ws ? r->start : ws;
	int64_t b = end < we ? end : we;

	if (overlap(r->start, end, ws, we) == 0)
		return 0;
	/* The use of [start, b) less that of [start, a), each rounded as a
	 * whole, so that the parts of a run split by resets sum to it. */
	return run_use_to(q, r, end, b, cu_centi_h) -
	    run_use_to(q, r, end, a, cu_centi_h);
}

int64_t
quota_use(int unit, int64_t secs, int gpus, int64_t cu_centi_h)
{
	const struct quota_meter *m = quota_meter(unit);
	int64_t n = m->per_gpu ? secs * gpus : secs;

	return m->rated ? (n * cu_centi_h + 1800) / 3600 : n;
}

void
quota_status_init(struct quota_status *st, const struct quota *q,
    int64_t now)
{
	quota_window(q, now, &st->ws, &st->we);
	st->used = 0;
	st->limit = q->amount;
	st->packs = 0;
	st->unpaid = 0;
	st->unset = q->amount <= 0;
	st->remaining = q->amount;
	st->pct = 0;
	st->state = QS_OK;
	st->runs_out = 0;
	st->basis = QB_NONE;
	st->lasts = 0;
	st->lookback_days = quota_lookback_days(q);
	st->burn_h = 0;
	st->nburns = 0;
	st->recent = 0;
	st->history = 0;
	st->rolling = q->window == QW_ROLLING;
}

int
quota_paid(const int64_t *pays, size_t n, int64_t ws, int64_t we)
{
	size_t i;

	/* No month is longer than 31 days and an hour (a clock put back
	 * within it): a payment made 32 days or more before the window
	 * cannot reach it, whatever the calendar says. */
	for (i = 0; i < n; i++)
		if (pays[i] < we && pays[i] > ws - 32 * DAY_S &&
		    local_month_same_day(pays[i], 1) > ws)
			return 1;
	return 0;
}

int
quota_absent(const struct quota_status *st)
{
	return (st->unpaid || st->unset) && st->limit <= 0;
}

int
quota_lookback_days(const struct quota *q)
{
	if (q->window == QW_WEEK)
		return 7;
	if (q->window == QW_MONTH)
		return 30;
	return q->rolling_days > 0 ? q->rolling_days : 1;
}

void
quota_add_burn(struct quota_status *st, int64_t per_h, int64_t until)
{
	st->burn_h += per_h;
	if (st->nburns < QUOTA_BURNS) {
		st->burns[st->nburns].per_h = per_h;
		st->burns[st->nburns].until = until;
		st->nburns++;
	}
}

int64_t
quota_open_use(const struct quota_status *st, int64_t now, int64_t span_s)
{
	int64_t listed = 0, use = 0, end;
	int i;

	if (span_s <= 0)
		return 0;
	for (i = 0; i < st->nburns; i++) {
		listed += st->burns[i].per_h;
		end = st->burns[i].until != 0 && st->burns[i].until < now +
		    span_s ? st->burns[i].until : now + span_s;
		if (end > now)
			use += st->burns[i].per_h * (end - now) / 3600;
	}
	/* The runs past QUOTA_BURNS, as if uncapped. */
	if (st->burn_h > listed)
		use += (st->burn_h - listed) * span_s / 3600;
	return use;
}

/*
 * When what is left runs out at the open runs' rates, each stopping at its
 * cap: the time, or 0 when the runs all stop first.  The runs past
 * QUOTA_BURNS (burn_h beyond the recorded ones) never stop.
 */
static int64_t
burn_out(const struct quota_status *st, int64_t now)
{
	double left = (double)st->remaining, rate = (double)st->burn_h;
	int64_t t = now, next;
	int i;

	/* A run past its cap is over, whatever its record says. */
	for (i = 0; i < st->nburns; i++)
		if (st->burns[i].until != 0 && st->burns[i].until <= now)
			rate -= (double)st->burns[i].per_h;
	for (;;) {
		/* The next cap to end, after t. */
		next = 0;
		for (i = 0; i < st->nburns; i++)
			if (st->burns[i].until > t && (next == 0 ||
			    st->burns[i].until < next))
				next = st->burns[i].until;
		if (rate <= 0)
			return 0;
		if (next == 0 || left <= rate * (double)(next - t) / 3600.0)
			return t + (int64_t)(left * 3600.0 / rate);
		left -= rate * (double)(next - t) / 3600.0;
		t = next;
		for (i = 0; i < st->nburns; i++)
			if (st->burns[i].until == t)
				rate -= (double)st->burns[i].per_h;
	}
}

int64_t
quota_burn_h(const struct quota *q, const struct run *r, int64_t cu_centi_h)
{
	return quota_use(q->unit, 3600, r->gpus, cu_centi_h);
}

char *
quota_basis_json(const struct quota_status *st, char *buf, unsigned n)
{
	if (st->basis == QB_OPEN)
		snprintf(buf, n, "open_runs");
	else if (st->basis == QB_AVERAGE)
		snprintf(buf, n, "last_%d_days", st->lookback_days);
	else
		snprintf(buf, n, "none");
	return buf;
}

void
quota_status_finish(struct quota_status *st, int64_t now)
{
	double per_s = 0; /* use a second on the basis */
	int64_t t;

	st->remaining = st->limit - st->used;
	st->pct = st->limit > 0 ? st->used * 100 / st->limit : 0;
	st->state = alerts_level(ALS_QUOTA, st->used, st->limit);
	st->runs_out = 0;
	st->lasts = 0;
	st->basis = QB_NONE;
	/* Nothing bought: nothing is left, and nothing runs out. */
	if (quota_absent(st)) {
		st->remaining = 0;
		st->state = QS_OK;
		return;
	}
	if (st->used >= st->limit) {
		st->runs_out = now;
		return;
	}
	if (st->burn_h > 0) {
		st->basis = QB_OPEN;
		t = burn_out(st, now);
		if (t == 0 || (st->rolling ? 0 : t >= st->we))
			st->lasts = 1;
		else
			st->runs_out = t;
		return;
	} else if (st->recent > 0 && st->history > 0) {
		st->basis = QB_AVERAGE;
		if (st->history < st->lookback_days)
			st->lookback_days = st->history;
		per_s = (double)st->recent /
		    ((double)st->lookback_days * DAY_S);
	} else {
		return;
	}
	/* What is left, at that rate; a rolling window has no reset (its
	 * end is now), so the rest is counted as if nothing dropped out. */
	t = now + (int64_t)((double)st->remaining / per_s);
	if (st->rolling ? st->basis == QB_AVERAGE : t >= st->we)
		st->lasts = 1;
	else
		st->runs_out = t;
}

static char *
projection_words(const struct quota_status *st, int64_t now, char *buf,
    unsigned n, int brief)
{
	char at[48], pace[48];

	if (st->basis == QB_OPEN)
		snprintf(pace, sizeof pace, brief ? "(open runs)" :
		    "if the open runs go on");
	else
		snprintf(pace, sizeof pace, brief ? "(%d-day pace)" :
		    "at the last %d days' pace", st->lookback_days);
	if (st->state == QS_OVER)
		snprintf(buf, n, "used up");
	else if (st->runs_out)
		snprintf(buf, n, "runs out %s %s", fmt_when(at, sizeof at,
		    st->runs_out, now), pace);
	else if (st->lasts)
		snprintf(buf, n, "%s %s", st->rolling ? "lasts" :
		    "lasts to reset", pace);
	else if (st->rolling)
		snprintf(buf, n, "a rolling window: no reset");
	else if (st->used == 0 && st->recent == 0)
		snprintf(buf, n, "unused");
	else if (st->recent == 0)
		snprintf(buf, n, "no run in the last %d days",
		    st->lookback_days);
	else
		snprintf(buf, n, "under a day of history");
	return buf;
}

char *
quota_projection_text(const struct quota_status *st, int64_t now, char *buf,
    unsigned n)
{
	return projection_words(st, now, buf, n, 0);
}

char *
quota_projection_brief(const struct quota_status *st, int64_t now, char *buf,
    unsigned n)
{
	return projection_words(st, now, buf, n, 1);
}

const char *
quota_unit_name(int unit)
{
	return quota_meter(unit)->label;
}

const char *
quota_unit_json(int unit)
{
	return quota_meter(unit)->json;
}

const char *
quota_meter_name(int unit)
{
	return quota_meter(unit)->word;
}

const char *
quota_meter_text(int unit)
{
	return quota_meter(unit)->text;
}

int
quota_set_meter(struct quota *q, const char *meter, struct err *e)
{
	const struct quota_meter *to = NULL, *from = quota_meter(q->unit);
	char *safe;
	int u;

	for (u = 0; u < QU_COUNT; u++)
		if (strcasecmp(meter, quota_meter(u)->word) == 0)
			to = quota_meter(u);
	if (to == NULL) {
		safe = text_safe(meter);
		err_set(e, "invalid meter \"%.32s\": session (session hours, "
		    "whatever the GPU count), gpu (GPU-hours), units (compute "
		    "units) or credits", safe);
		free(safe);
		return -1;
	}
	/* An amount of hours means nothing in units drawn at a rate, and
	 * the other way round: those take a new --quota. */
	if (to != from && (to->rated || from->rated))
		return err_set(e, "a quota in %s cannot count %s: set it anew "
		    "with --quota (as in %s)", from->name, to->name,
		    to->rated ? "15credits/month" : "30h/week");
	q->unit = to->unit;
	return 0;
}

char *
quota_window_name(const struct quota *q, char *buf, unsigned n)
{
	if (q->window == QW_ROLLING)
		snprintf(buf, n, "%d day%s", q->rolling_days,
		    q->rolling_days == 1 ? "" : "s");
	else
		snprintf(buf, n, "%s", quota_window_word(q->window));
	return buf;
}
