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

/*
 * A stacked bar of n parts v[0..n-1] (each 0 or more) against max, in at
 * most height whole cells: the stack is the sum's share of height, rounded
 * half up, but at least a cell for each part above 0 (so a bar of many
 * small parts may stand a little taller than its sum); the cells go to
 * the parts by largest remainder, each part above 0 getting one first
 * (the largest first, while height allows), so that every part shows and
 * the parts add up to the stack exactly.  cells[i] gets
 * part i's cells; returns the stack's.  A max of 0 or less is no bar.
 */
int chart_stack(const int64_t *v, int n, int64_t max, int height,
    int *cells);

/*
 * The step between an axis's labels for values up to top on rows rows:
 * 1, 2 or 5 times a power of ten of unit (unit: the value of 1 as it is
 * shown, 3600 for hours in seconds), the least whose multiples up to top
 * number no more than rows / 3 (one label every third row at most).
 * Returns at least unit.
 */
int64_t chart_step(int64_t top, int rows, int64_t unit);

#endif
