/* test-chart.c: report --chart's bars. */
#include <string.h>

#include "core/chart.h"
#include "t.h"

int
main(void)
{
	char b[256];

	CHECK_EQ_STR(chart_bar(b, sizeof b, 10, 10, 5, 1), "#####");
	CHECK_EQ_STR(chart_bar(b, sizeof b, 5, 10, 5, 1), "###");   /* 2.5 */
	CHECK_EQ_STR(chart_bar(b, sizeof b, 1, 1000, 5, 1), "#");
	CHECK_EQ_STR(chart_bar(b, sizeof b, 0, 10, 5, 1), "");
	CHECK_EQ_STR(chart_bar(b, sizeof b, 3, 0, 5, 1), "");
	CHECK_EQ_STR(chart_bar(b, sizeof b, 10, 10, 2, 0),
	    "\xe2\x96\x88\xe2\x96\x88");
	/* 5 of 10 in 3 cells: 12 eighths, a cell and a half. */
	CHECK_EQ_STR(chart_bar(b, sizeof b, 5, 10, 3, 0),
	    "\xe2\x96\x88\xe2\x96\x8c");
	/* The least above 0 is an eighth. */
	CHECK_EQ_STR(chart_bar(b, sizeof b, 1, 1000000, 3, 0),
	    "\xe2\x96\x8f");
	/* Huge values do not overflow; a short buffer is cut. */
	CHECK_EQ_STR(chart_bar(b, sizeof b, INT64_MAX, INT64_MAX, 4, 1),
	    "####");
	CHECK(strlen(chart_bar(b, 4, 10, 10, 50, 1)) == 3);
	/* Stacks: every part above 0 shows, and the parts add up. */
	{
		int64_t v[6] = { 1000000, 10, 10, 10, 10, 10 };
		int c[6], tot;

		tot = chart_stack(v, 6, 1000050, 20, c);
		CHECK_EQ_INT(tot, 20);
		CHECK_EQ_INT(c[0], 15);
		CHECK_EQ_INT(c[1] + c[2] + c[3] + c[4] + c[5], 5);
		CHECK_EQ_INT(c[5], 1);
		/* Half of the height, split 3:1. */
		v[0] = 300;
		v[1] = 100;
		v[2] = v[3] = v[4] = v[5] = 0;
		CHECK_EQ_INT(chart_stack(v, 6, 800, 8, c), 4);
		CHECK_EQ_INT(c[0], 3);
		CHECK_EQ_INT(c[1], 1);
		CHECK_EQ_INT(c[2], 0);
		/* Small parts: a cell each, the stack grown to hold them. */
		v[0] = 1;
		v[1] = 5;
		v[2] = 3;
		CHECK_EQ_INT(chart_stack(v, 3, 900, 8, c), 3);
		CHECK_EQ_INT(c[0] + c[1] + c[2], 3);
		CHECK_EQ_INT(c[0] * c[1] * c[2], 1);
		/* Fewer cells than parts: the largest parts get them. */
		CHECK_EQ_INT(chart_stack(v, 3, 900, 2, c), 2);
		CHECK_EQ_INT(c[1], 1);
		CHECK_EQ_INT(c[2], 1);
		CHECK_EQ_INT(c[0], 0);
		CHECK_EQ_INT(chart_stack(v, 3, 0, 8, c), 0);
	}
	/* Axis steps: 1, 2 or 5 of a power of ten, a label a third row. */
	CHECK_EQ_INT(chart_step(44 * 3600, 12, 3600), 20 * 3600);
	CHECK_EQ_INT(chart_step(44 * 3600, 30, 3600), 5 * 3600);
	CHECK_EQ_INT(chart_step(3 * 3600, 12, 3600), 3600);
	CHECK_EQ_INT(chart_step(0, 12, 3600), 3600);
	CHECK_EQ_INT(chart_step(700 * 3600, 9, 3600), 500 * 3600);
	return t_done();
}
