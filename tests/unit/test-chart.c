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
	return t_done();
}
