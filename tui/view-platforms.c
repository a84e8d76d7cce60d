/*
 * view-platforms.c: the Platforms view: the seed's matrix (GPU, VRAM, cost
 * a month in USD and INR, session limit, storage, best for), and for the
 * selected platform its quota (with this window's use) and its rates; e
 * edits the quota and r sets a rate, through forms.
 */
#include <stdlib.h>
#include <string.h>

#include "core/catalog.h"
#include "core/fmt.h"
#include "core/quota.h"
#include "core/text.h"
#include "tui/internal.h"

int
plat_down(struct tui *t)
{
	if (t->plat_cur + 1 < (int)t->sm.cat.nplatforms)
		t->plat_cur++;
	return TUI_DRAW;
}

int
plat_up(struct tui *t)
{
	if (t->plat_cur > 0)
		t->plat_cur--;
	return TUI_DRAW;
}

static const struct platform *
selected(struct tui *t)
{
	if (t->sm.cat.nplatforms == 0)
		return NULL;
	if (t->plat_cur >= (int)t->sm.cat.nplatforms)
		t->plat_cur = (int)t->sm.cat.nplatforms - 1;
	return &t->sm.cat.platforms[t->plat_cur];
}

int
plat_quota(struct tui *t)
{
	const struct platform *p = selected(t);

	if (p != NULL)
		form_open_quota(t, p->key);
	return TUI_DRAW;
}

int
plat_rate(struct tui *t)
{
	const struct platform *p = selected(t);

	if (p != NULL)
		form_open_rate(t, p->key);
	return TUI_DRAW;
}

void
platforms_draw(struct tui *t, int y0, int y1)
{
	struct canvas *cv = &t->cv;
	static const char *const heads[] = { "key", "GPU", "VRAM GB",
		"$/month", "INR/month", "session", "storage", "best for" };
	int wide = cv->w >= 140;
	int w80[] = { 11, 13, 9, 9, 11, 17, 0, 0 };
	int w140[] = { 11, 15, 14, 9, 13, 19, 21, 0 };
	int *w = wide ? w140 : w80, x, k, y = y0;
	const struct platform *sel = selected(t);
	char b[256], b2[48], b3[48];
	size_t i;

	tui_section(t, y++, 1, cv->w - 2, "Platforms (the seed's matrix)");
	x = 1;
	cv_fill(cv, y, 0, cv->w, CA_BOLD | CA_UL, " ");
	for (k = 0; k < 8; k++) {
		int cw = w[k] ? w[k] : k == 7 ? cv->w - x - 1 : 0;

		if (cw == 0)
			continue;
		cv_put(cv, y, x, cw - 1, CA_BOLD | CA_UL, heads[k]);
		x += cw;
	}
	y++;
	for (i = 0; i < t->sm.cat.nplatforms && y < y1; i++, y++) {
		const struct platform *p = &t->sm.cat.platforms[i];
		const char *f[8] = { p->key, p->gpu, p->vram, p->cost_usd,
			p->cost_inr, p->session_text, p->storage, p->best_for };
		int base = (int)i == t->plat_cur ? CA_REV : 0;

		if (base)
			cv_fill(cv, y, 0, cv->w, base, " ");
		for (x = 1, k = 0; k < 8; k++) {
			int cw = w[k] ? w[k] : k == 7 ? cv->w - x - 1 : 0;

			if (cw == 0)
				continue;
			tui_put_safe(t, y, x, cw - 1, base | (k == 0 ? CA_BOLD :
			    0), f[k]);
			x += cw;
		}
	}
	if (sel == NULL || y + 2 >= y1)
		return;
	y++;
	snprintf(b, sizeof b, "%s %s %s %s %s", sel->key, cv->g->dot,
	    sel->name, cv->g->dot, billing_name(sel->billing));
	tui_section(t, y++, 1, cv->w - 2, b);
	if (!wide && y < y1) {
		cv_put(cv, y, 2, -1, CA_DIM, "storage");
		x = 11 + tui_put_safe(t, y, 11, 30, 0, sel->storage);
		cv_put(cv, y, x + 2, -1, CA_DIM, "best for");
		tui_put_safe(t, y++, x + 11, cv->w - x - 12, 0, sel->best_for);
	}
	if (y < y1) {
		int qi = summary_quota_index(&t->sm, sel->key);

		cv_put(cv, y, 2, -1, CA_DIM, "quota");
		if (qi < 0) {
			cv_put(cv, y++, 11, -1, 0, "none (e sets one)");
		} else {
			const struct quota *q = &t->sm.cat.quotas[qi];
			const struct quota_status *st = &t->sm.qs[qi];
			char wn[16];

			fmt_quota_amount(b2, sizeof b2, q->unit, q->amount);
			fmt_quota_amount(b3, sizeof b3, q->unit, st->used);
			quota_window_name(q, wn, sizeof wn);
			x = 11 + cv_printf(cv, y, 11, -1, CA_BOLD, "%s %s a %s",
			    b2, quota_unit_name(q->unit), wn);
			/* The next reset in local time, as the Overview says
			 * it. */
			if (q->window != QW_ROLLING) {
				char at[48];

				x += cv_printf(cv, y, x, -1, 0, ", resets %s",
				    fmt_when(at, sizeof at, st->we, t->now));
			}
			if (quota_absent(st) && st->unpaid &&
			    sel->billing == BILL_UNITS)
				cv_put(cv, y++, x + 2, -1, CA_DIM,
				    catalog_absent_word(sel, st));
			else if (quota_absent(st) && st->unpaid)
				cv_printf(cv, y++, x + 2, -1, CA_DIM,
				    "%s this %s", catalog_absent_word(sel, st),
				    wn);
			else if (quota_absent(st))
				cv_put(cv, y++, x + 2, -1, CA_DIM,
				    catalog_absent_word(sel, st));
			else
				cv_printf(cv, y++, x + 2, -1, tui_level(
				    st->pct), "%s used this %s (%lld%%)", b3,
				    wn, (long long)st->pct);
		}
	}
	if (y < y1 && sel->session_cap_s > 0) {
		cv_put(cv, y, 2, -1, CA_DIM, "session");
		cv_printf(cv, y++, 11, -1, 0, "capped at %s", fmt_duration(b2,
		    sizeof b2, sel->session_cap_s));
	}
	if (y < y1) {
		int any = 0;

		cv_put(cv, y, 2, -1, CA_DIM, "rates");
		x = 11;
		for (i = 0; i < t->sm.cat.nrates; i++) {
			const struct rate *r = &t->sm.cat.rates[i];
			char item[96], *sg;

			if (strcmp(r->platform, sel->key) != 0)
				continue;
			sg = text_safe(r->gpu);
			if (r->rate_micro > 0)
				snprintf(item, sizeof item, "%s %s", sg,
				    fmt_rate(b2, sizeof b2, r->rate_micro,
				    r->currency, t->fmt));
			else
				snprintf(item, sizeof item, "%s %s %s/h", sg,
				    fmt_centi(b2, sizeof b2, r->cu_centi_h),
				    catalog_burn_label(&t->sm.cat,
				    r->platform));
			free(sg);
			if (x + cv_width(item) + 3 > cv->w) {
				if (++y >= y1)
					break;
				x = 11;
			}
			x += cv_put(cv, y, x, -1, 0, item);
			x += cv_put(cv, y, x, -1, CA_DIM,
			    any >= 0 ? "   " : "");
			any = 1;
		}
		if (!any && y < y1)
			cv_put(cv, y, 11, -1, 0, sel->billing == BILL_HOURLY ?
			    "none (r sets one)" : "none needed");
	}
}
