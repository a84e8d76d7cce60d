/* chart.c: the bars of report --chart; see chart.h for the rule. */
#include "core/chart.h"

#include <string.h>

/* U+2588 FULL BLOCK, then U+258F .. U+2589: one to seven eighths. */
static const char *const eighths[8] = { "", "\xe2\x96\x8f",
	"\xe2\x96\x8e", "\xe2\x96\x8d", "\xe2\x96\x8c", "\xe2\x96\x8b",
	"\xe2\x96\x8a", "\xe2\x96\x89" };

static void
put(char *buf, size_t n, size_t *k, const char *s)
{
	size_t l = strlen(s);

	if (*k + l >= n)
		return;
	memcpy(buf + *k, s, l);
	*k += l;
	buf[*k] = '\0';
}

char *
chart_bar(char *buf, size_t n, int64_t value, int64_t max, int width,
    int ascii)
{
	size_t k = 0;
	int64_t parts, per = ascii ? 1 : 8, i;
	/* value * width * per may not fit: scale in long double. */
	long double x;

	if (n == 0)
		return buf;
	buf[0] = '\0';
	if (value <= 0 || max <= 0 || width <= 0)
		return buf;
	if (value > max)
		value = max;
	x = (long double)value * width * per / max;
	parts = (int64_t)(x + 0.5L);
	if (parts < 1)
		parts = 1;
	for (i = 0; i < parts / per; i++)
		put(buf, n, &k, ascii ? "#" : "\xe2\x96\x88");
	if (!ascii)
		put(buf, n, &k, eighths[parts % 8]);
	return buf;
}

int
chart_stack(const int64_t *v, int n, int64_t max, int height, int *cells)
{
	double sum = 0, want[64];
	int i, k, total, given = 0;

	for (i = 0; i < n; i++)
		cells[i] = 0;
	if (max <= 0 || height <= 0 || n <= 0 || n > 64)
		return 0;
	for (i = 0; i < n; i++)
		sum += v[i] > 0 ? (double)v[i] : 0;
	if (sum <= 0)
		return 0;
	total = (int)(sum * height / (double)max + 0.5);
	/* Room for a cell of each part above 0. */
	for (k = 0, i = 0; i < n; i++)
		k += v[i] > 0;
	if (total < k)
		total = k;
	if (total > height)
		total = height;
	for (i = 0; i < n; i++)
		want[i] = v[i] > 0 ? (double)v[i] * total / sum : 0;
	/* One cell each first, the largest parts first. */
	while (given < total) {
		for (k = -1, i = 0; i < n; i++)
			if (v[i] > 0 && cells[i] == 0 && (k < 0 ||
			    want[i] > want[k]))
				k = i;
		if (k < 0)
			break;
		cells[k] = 1;
		given++;
	}
	/* Then whole shares beyond the first cell, then by remainder. */
	for (i = 0; i < n && given < total; i++)
		while (cells[i] < (int)want[i] && given < total) {
			cells[i]++;
			given++;
		}
	while (given < total) {
		for (k = -1, i = 0; i < n; i++)
			if (v[i] > 0 && (k < 0 || want[i] - cells[i] >
			    want[k] - cells[k]))
				k = i;
		if (k < 0)
			break;
		cells[k]++;
		given++;
	}
	return total;
}

int64_t
chart_step(int64_t top, int rows, int64_t unit)
{
	static const int64_t mant[3] = { 1, 2, 5 };
	int64_t p = unit > 0 ? unit : 1;
	int labels = rows / 3 > 0 ? rows / 3 : 1, i;

	for (;;) {
		for (i = 0; i < 3; i++) {
			int64_t step = mant[i] * p;

			if (top <= 0 || (top + step - 1) / step <= labels)
				return step;
		}
		if (p > INT64_MAX / 100)
			return p;
		p *= 10;
	}
}
