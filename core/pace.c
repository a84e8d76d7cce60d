/*
 * pace.c: the arithmetic behind `gpulog run`'s warnings.  It knows
 * numbers and the quota units of core/model.h; not clocks, processes,
 * files or words.
 */
#include "core/pace.h"

#include <string.h>

#include "core/alerts.h"
#include "core/model.h"
#include "core/quota.h"

void
pace_idle_init(struct pace_idle *p, int pct, int64_t after_ms)
{
	memset(p, 0, sizeof *p);
	p->pct = pct;
	p->after_ms = after_ms;
	p->since_ms = -1;
}

int
pace_idle(struct pace_idle *p, int64_t el_ms, int util_pct)
{
	if (util_pct < 0)
		return 0;
	if (util_pct >= p->pct) {
		p->since_ms = -1;
		if (p->idle) {
			p->idle = 0;
			return PACE_IDLE_END;
		}
		return 0;
	}
	if (p->since_ms < 0)
		p->since_ms = el_ms;
	if (p->idle || el_ms - p->since_ms < p->after_ms)
		return 0;
	p->idle = 1;
	p->periods++;
	return PACE_IDLE_START;
}

void
pace_init(struct pace *p)
{
	memset(p, 0, sizeof *p);
}

int64_t
pace_quota_used(int unit, int gpus, int64_t burn, int64_t el_ms)
{
	return quota_use(unit, el_ms / 1000, gpus, burn);
}

int64_t
pace_per_hour(int unit, int gpus, int64_t burn)
{
	return quota_use(unit, 3600, gpus, burn);
}

int64_t
pace_lasts_ms(int64_t rest, int64_t per_hour)
{
	return per_hour > 0 ? rest * 3600000 / per_hour : 0;
}

int
pace_tick(struct pace *p, int64_t el_ms, int ckpt, struct pace_figures *f)
{
	struct pace_figures fig = { 0, 0, 0 };
	int due = 0;

	if (p->cap_ms > 0) {
		fig.cap_left_s = (p->cap_ms - el_ms + 999) / 1000;
		if (!(p->said & PACE_CAP_NEAR) &&
		    el_ms >= p->cap_ms - p->warn_ms && el_ms < p->cap_ms)
			due |= PACE_CAP_NEAR;
		/* Past the cap, the nearing is not worth saying any more. */
		if (!(p->said & PACE_CAP_OVER) && el_ms >= p->cap_ms) {
			due |= PACE_CAP_OVER;
			p->said |= PACE_CAP_NEAR;
		}
	}
	if (p->quota && (p->q_reset_ms == 0 || el_ms < p->q_reset_ms)) {
		int64_t rest_ms;

		fig.q_rest = p->q_left - pace_quota_used(p->unit, p->gpus,
		    p->burn, el_ms);
		rest_ms = pace_lasts_ms(fig.q_rest, pace_per_hour(p->unit,
		    p->gpus, p->burn));
		fig.q_rest_s = (rest_ms + 999) / 1000;
		if (!(p->said & PACE_QUOTA_OUT) && fig.q_rest <= 0) {
			due |= PACE_QUOTA_OUT;
			p->said |= PACE_QUOTA_LOW;
		} else if (!(p->said & PACE_QUOTA_LOW) && pace_per_hour(p->unit,
		    p->gpus, p->burn) > 0 && rest_ms <= p->warn_ms) {
			/* A run that burns nothing never runs it out. */
			due |= PACE_QUOTA_LOW;
		}
	}
	if (!(p->said & PACE_CKPT_DUE) && alerts_ckpt_due(el_ms,
	    p->ckpt_after_ms, ckpt))
		due |= PACE_CKPT_DUE;
	p->said |= due;
	if (f != NULL)
		*f = fig;
	return due;
}
