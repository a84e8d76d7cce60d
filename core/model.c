/* model.c: life cycle of the model's structs. */
#include "core/model.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/err.h"

void
run_init(struct run *r)
{
	memset(r, 0, sizeof *r);
	r->gpus = 1;
	r->cu_centi = -1;
	strcpy(r->source, "cli");
}

void
run_clear(struct run *r)
{
	free(r->note);
	free(r->project);
	free(r->tags);
	free(r->source_id);
	run_init(r);
}

static char *
dup_or_null(const char *s)
{
	return s ? xstrdup(s) : NULL;
}

void
run_copy(struct run *dst, const struct run *src)
{
	*dst = *src;
	dst->note = dup_or_null(src->note);
	dst->project = dup_or_null(src->project);
	dst->tags = dup_or_null(src->tags);
	dst->source_id = dup_or_null(src->source_id);
}

/* 1 when a and b are both NULL or both the same text. */
static int
same_text(const char *a, const char *b)
{
	if (a == NULL || b == NULL)
		return a == b;
	return strcmp(a, b) == 0;
}

int
run_same(const struct run *a, const struct run *b)
{
	return a->id == b->id && strcmp(a->platform, b->platform) == 0 &&
	    strcmp(a->gpu, b->gpu) == 0 && a->gpus == b->gpus &&
	    a->start == b->start && a->end == b->end &&
	    a->cost_minor == b->cost_minor &&
	    strcmp(a->currency, b->currency) == 0 &&
	    a->rate_micro == b->rate_micro && a->cu_centi == b->cu_centi &&
	    a->checkpointed == b->checkpointed &&
	    same_text(a->note, b->note) && same_text(a->project, b->project) &&
	    same_text(a->tags, b->tags) &&
	    strcmp(a->source, b->source) == 0 &&
	    same_text(a->source_id, b->source_id) &&
	    a->created == b->created && a->modified == b->modified &&
	    strcmp(a->uid, b->uid) == 0;
}

int
expense_same(const struct expense *a, const struct expense *b)
{
	return a->id == b->id && a->at == b->at &&
	    strcmp(a->platform, b->platform) == 0 &&
	    a->amount_minor == b->amount_minor &&
	    strcmp(a->currency, b->currency) == 0 &&
	    same_text(a->note, b->note) && strcmp(a->source, b->source) == 0 &&
	    same_text(a->source_id, b->source_id) &&
	    strcmp(a->uid, b->uid) == 0 && strcmp(a->kind, b->kind) == 0 &&
	    a->units_centi == b->units_centi && a->modified == b->modified;
}

int64_t
run_end_at(const struct run *r, int64_t now)
{
	if (r->end != RUN_OPEN)
		return r->end;
	return now > r->start ? now : r->start;
}

int
rate_cost_checked(int64_t rate_micro, int64_t gpu_s, int64_t *out)
{
	/*
	 * micro/h * s / 3600 = micro; / 10^4 = minor units.  A product past
	 * 2^63 is a cost past 2^63 / (3600 * 10^4), far beyond the limit.
	 */
	const int64_t d = (int64_t)3600 * 10000;
	int64_t p;

	*out = 0;
	if (rate_micro <= 0 || gpu_s <= 0)
		return 0;
	if (__builtin_mul_overflow(rate_micro, gpu_s, &p) ||
	    p > INT64_MAX - d / 2 || (p + d / 2) / d > MONEY_MAX_MINOR) {
		*out = MONEY_MAX_MINOR;
		return -1;
	}
	*out = (p + d / 2) / d;
	return 0;
}

int64_t
rate_cost(int64_t rate_micro, int64_t gpu_s)
{
	int64_t c;

	rate_cost_checked(rate_micro, gpu_s, &c);
	return c;
}

int64_t
run_cost_at(const struct run *r, int64_t now)
{
	if (r->end == RUN_OPEN && r->rate_micro > 0)
		return rate_cost(r->rate_micro,
		    (run_end_at(r, now) - r->start) * r->gpus);
	return r->cost_minor;
}

void
expense_init(struct expense *x)
{
	memset(x, 0, sizeof *x);
	strcpy(x->source, "cli");
	strcpy(x->kind, "spend");
	x->units_centi = -1;
}

int
expense_kind(const struct expense *x)
{
	if (strcmp(x->kind, "pack") == 0)
		return EXP_PACK;
	if (strcmp(x->kind, "credit") == 0)
		return EXP_CREDIT;
	if (strcmp(x->kind, "monthly") == 0)
		return EXP_MONTHLY;
	return EXP_SPEND;
}

int
expense_is_spend(const struct expense *x)
{
	return expense_kind(x) != EXP_CREDIT;
}

const char *
expense_kind_name(int kind)
{
	return kind == EXP_PACK ? "pack" : kind == EXP_CREDIT ? "credit" :
	    kind == EXP_MONTHLY ? "monthly" : "spend";
}

void
expense_copy(struct expense *dst, const struct expense *src)
{
	*dst = *src;
	dst->note = dup_or_null(src->note);
	dst->source_id = dup_or_null(src->source_id);
}

void
expense_clear(struct expense *x)
{
	free(x->note);
	free(x->source_id);
	expense_init(x);
}

void
metrics_init(struct run_metrics *m)
{
	memset(m, 0, sizeof *m);
	m->peak_mem_mib = m->mem_total_mib = m->energy_wh_milli = -1;
	m->own_mem_mib = -1;
	m->mean_util_pct = -1;
	m->exit_status = -1;
}

void
metrics_clear(struct run_metrics *m)
{
	free(m->command);
	metrics_init(m);
}

int
setting_travels(const char *key)
{
	return strcmp(key, "currency") == 0 || strcmp(key, "plan.start") == 0;
}

static const struct quota_meter meters[] = {
#define QUOTA_METER_ROW(e, store, word, json, label, brief, amount, rated, \
    per_gpu, scale, places, name, text) { e, store, word, json, label, \
    brief, amount, rated, per_gpu, scale, places, name, text },
	QUOTA_METERS(QUOTA_METER_ROW)
#undef QUOTA_METER_ROW
};

const struct quota_meter *
quota_meter(int unit)
{
	return &meters[unit >= 0 && unit < QU_COUNT ? unit : QU_GPU_S];
}

const char *const quota_window_words[QW_COUNT] = {
#define QUOTA_WINDOW_WORD(e, word, text) word,
	QUOTA_WINDOWS(QUOTA_WINDOW_WORD)
#undef QUOTA_WINDOW_WORD
};

const char *
quota_window_word(int window)
{
	return window >= 0 && window < QW_COUNT ? quota_window_words[window] :
	    "?";
}

int
ref_form(const char *s)
{
	size_t n = strlen(s), i;
	int letter = 0;

	if (n < REF_MIN || n > 32)
		return 0;
	for (i = 0; i < n; i++) {
		if (!((s[i] >= '0' && s[i] <= '9') || (s[i] >= 'a' &&
		    s[i] <= 'f') || (s[i] >= 'A' && s[i] <= 'F')))
			return 0;
		letter |= s[i] > '9';
	}
	/* "e1234567" is expense e1234567. */
	if ((s[0] == 'e' || s[0] == 'E') && strspn(s + 1, "0123456789") ==
	    n - 1)
		return 0;
	return letter;
}

/* splitmix64's finish: a well-mixed 64 bits from x. */
static uint64_t
mix64(uint64_t x)
{
	x = (x ^ (x >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
	x = (x ^ (x >> 27)) * UINT64_C(0x94d049bb133111eb);
	return x ^ (x >> 31);
}

void
uid_of_key(const char *key, char out[33])
{
	/* Two FNV-1a hashes from different offsets, each mixed: 128 bits
	 * that no random uid is likely to meet. */
	uint64_t a = UINT64_C(0xcbf29ce484222325), b = UINT64_C(0x84222325cbf29ce4);
	const unsigned char *p;

	for (p = (const unsigned char *)key; *p != '\0'; p++) {
		a = (a ^ *p) * UINT64_C(0x100000001b3);
		b = (b ^ *p) * UINT64_C(0x100000001b3);
	}
	snprintf(out, 33, "%016llx%016llx", (unsigned long long)mix64(a),
	    (unsigned long long)mix64(b ^ a));
}

char *
uid_ref(const char *uid, char *buf, size_t n)
{
	size_t len = strlen(uid), k;

	for (k = REF_MIN; k <= len; k++) {
		if (ref_form(uid + len - k)) {
			snprintf(buf, n, "%s", uid + len - k);
			return buf;
		}
	}
	snprintf(buf, n, "%s", uid);
	return buf;
}
