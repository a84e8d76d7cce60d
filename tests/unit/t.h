/*
 * t.h: the unit tests' tiny harness, header-only.  CHECK() and friends
 * count passes and failures and print each failure with its place; t_done()
 * prints the final "N passed, N failed" line and gives main() its status.
 * Each test program is one translation unit, so the counters are static.
 * Also t_utc(), an oracle for UTC times written apart from core/clock.c.
 */
#ifndef GPULOG_TESTS_T_H
#define GPULOG_TESTS_T_H

#include <stdint.h>
#include <stdio.h>
#include <string.h>

static int t_passed;
static int t_failed;

static inline int
t_check(int ok, const char *expr, const char *file, int line)
{
	if (ok) {
		t_passed++;
		return 1;
	}
	t_failed++;
	printf("FAIL %s:%d: %s\n", file, line, expr);
	return 0;
}

static inline int
t_check_int(long long a, long long b, const char *ea, const char *eb,
    const char *file, int line)
{
	if (a == b) {
		t_passed++;
		return 1;
	}
	t_failed++;
	printf("FAIL %s:%d: %s == %s\n  got:      %lld\n  expected: %lld\n",
	    file, line, ea, eb, a, b);
	return 0;
}

static inline int
t_check_str(const char *a, const char *b, const char *ea, const char *eb,
    const char *file, int line)
{
	if (a != NULL && b != NULL && strcmp(a, b) == 0) {
		t_passed++;
		return 1;
	}
	t_failed++;
	printf("FAIL %s:%d: %s == %s\n  got:      \"%s\"\n  expected: \"%s\"\n",
	    file, line, ea, eb, a ? a : "(null)", b ? b : "(null)");
	return 0;
}

/* Each returns 1 when the check passed, so a test can skip what follows a
 * failed precondition. */
#define CHECK(x) t_check((x) ? 1 : 0, #x, __FILE__, __LINE__)
#define CHECK_EQ_INT(a, b) t_check_int((long long)(a), (long long)(b), #a, \
	#b, __FILE__, __LINE__)
#define CHECK_EQ_STR(a, b) t_check_str((a), (b), #a, #b, __FILE__, __LINE__)

/* Prints the final line; returns non-zero when anything failed. */
static inline int
t_done(void)
{
	printf("%d passed, %d failed\n", t_passed, t_failed);
	fflush(stdout);
	return t_failed != 0;
}

/*
 * Seconds since the epoch of the UTC time y-mo-d h:mi:s (y >= 1970),
 * counted day by day so that it shares nothing with days_from_civil().
 */
static inline int64_t
t_utc(int y, int mo, int d, int h, int mi, int s)
{
	static const int mdays[] = { 31, 28, 31, 30, 31, 30, 31, 31, 30, 31,
		30, 31 };
	int64_t days = 0;
	int i;

	for (i = 1970; i < y; i++)
		days += ((i % 4 == 0 && i % 100 != 0) || i % 400 == 0) ? 366 :
		    365;
	for (i = 1; i < mo; i++)
		days += mdays[i - 1] + (i == 2 && ((y % 4 == 0 && y % 100 != 0)
		    || y % 400 == 0));
	days += d - 1;
	return days * 86400 + (int64_t)h * 3600 + mi * 60 + s;
}

#endif
