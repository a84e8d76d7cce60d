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
