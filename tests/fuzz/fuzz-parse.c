/*
 * fuzz-parse.c: libFuzzer target for everything users type: durations,
 * clocks, days, times, WHEN ranges, money, quotas and resets.  The first
 * byte picks the parser; the rest is the text.  Each must return 0 or -1
 * with a message, never crash, and a success must be self-consistent.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/clock.h"
#include "core/err.h"
#include "core/model.h"
#include "core/parse.h"
#include "core/text.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const int64_t now = 1795953600; /* 2026-12-01T12:00:00Z */
	struct err e;
	struct quota q;
	char *s, *sp, cur[4];
	int64_t a, b, v;
	int clk;

	if (size < 1 || size > 256)
		return 0;
	s = malloc(size);
	memcpy(s, data + 1, size - 1);
	s[size - 1] = '\0';
	e.msg[0] = '\0';
	switch (data[0] % 9) {
	case 0:
		if (parse_duration(s, &v, &e) == 0 && v <= 0)
			abort();
		break;
	case 1:
		if (parse_clock(s, &clk, &e) == 0 && (clk < 0 || clk > 86400))
			abort();
		break;
	case 2:
		if (is_day_word(s))
			(void)parse_day(s, now, &v, &e);
		break;
	case 3:
		(void)parse_time(s, now, &v, &e);
		break;
	case 4:
		/* "DAY RANGE" or a WHEN alone. */
		sp = strchr(s, ' ');
		if (sp != NULL)
			*sp++ = '\0';
		if (parse_when(sp ? s : NULL, sp ? sp : s, now, &a, &b,
		    &e) == 0 && b <= a)
			abort();
		break;
	case 5:
		if (parse_money(s, 2, "INR", &v, cur, &e) == 0 && (v < 0 ||
		    (strcmp(cur, "INR") != 0 && strcmp(cur, "USD") != 0)))
			abort();
		break;
	case 6:
		memset(&q, 0, sizeof q);
		if (parse_quota(s, &q, &e) == 0 && q.amount <= 0)
			abort();
		break;
	case 7:
		memset(&q, 0, sizeof q);
		q.window = data[1 % size] & 1 ? QW_WEEK : QW_MONTH;
		if (parse_reset(s, &q, &e) == 0 && (q.reset_min < 0 ||
		    q.reset_min >= 1440 || q.reset_wday < 0 ||
		    q.reset_wday > 6))
			abort();
		break;
	default:
		free(text_safe(s));
		break;
	}
	/* A failure always says why. */
	if (e.msg[0] != '\0' && strlen(e.msg) >= sizeof e.msg)
		abort();
	free(s);
	return 0;
}
