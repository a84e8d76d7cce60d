/*
 * chart.h: bars for `gpulog report --chart`.  Pure; knows nothing of
 * terminals beyond the width it is given.
 */
#ifndef GPULOG_CHART_H
#define GPULOG_CHART_H

#include <stddef.h>
#include <stdint.h>

/*
 * A bar of value against max in at most width cells, into buf: the
 * largest value fills width cells and the others are scaled to it,
 * rounded half up to an eighth of a cell (UTF-8 block elements, █ and ▏
 * to ▉) or, when ascii, to a whole cell of '#'.  Any value above 0
 * shows at least an eighth (ascii: one '#'); 0 or less, or a max of 0,
 * is an empty bar.  Returns buf (truncated to n - 1 bytes).
 */
char *chart_bar(char *buf, size_t n, int64_t value, int64_t max, int width,
    int ascii);

#endif
