/*
 * canvas.h: the dashboard's screen as a grid of cells (one code point and
 * one attribute each).  Views draw into a canvas; tui.c copies it to curses
 * or, for `gpulog tui --dump`, prints it as text, so the dump is the
 * screen.  Knows nothing of curses or of the database.
 */
#ifndef GPULOG_CANVAS_H
#define GPULOG_CANVAS_H

#include <stdio.h>

/* Attributes: a colour in the low bits, flags above.  Colour never changes
 * layout: a monochrome terminal shows the same cells. */
enum {
	CC_NONE, CC_GREEN, CC_YELLOW, CC_RED, CC_CYAN, CC_BLUE, CC_MAGENTA,
	CC_WHITE,
	CA_COLOR = 0x0f,
	CA_BOLD = 0x10,
	CA_REV = 0x20,
	CA_DIM = 0x40,
	CA_UL = 0x80
};

struct cell {
	char ch[5];          /* one code point, UTF-8, NUL-terminated */
	unsigned char attr;
};

/* The glyphs of box drawing, gauges and charts, UTF-8 or ASCII. */
struct glyphs {
	const char *hl, *vl, *ell, *dot, *dash, *full, *shade, *light,
	    *up, *down, *mark;
	const char *tl, *tr, *bl, *br;  /* box corners */
	const char *fills[7];   /* series of a stacked chart: six
	                           platforms and "other" */
	const char *eighths[9]; /* partial blocks, 0..8 eighths */
};

struct canvas {
	int w, h;
	int ascii;            /* 1: only ASCII reaches the terminal */
	const struct glyphs *g;
	struct cell *c;       /* w * h, owned */
};

/* Makes an empty w x h canvas; cv_free() releases it. */
void cv_init(struct canvas *cv, int w, int h, int ascii);
void cv_free(struct canvas *cv);

/* Blanks every cell. */
void cv_clear(struct canvas *cv);

/*
 * Writes UTF-8 s at row y, column x, in at most maxw columns (to the right
 * edge when maxw < 0); text that does not fit ends in an ellipsis.  Control
 * characters, wide characters and (on an ASCII canvas) anything not ASCII
 * become '?': callers escape outside text with text_safe() first.  Returns
 * the columns written.
 */
int cv_put(struct canvas *cv, int y, int x, int maxw, int attr,
    const char *s);

/* printf into cv_put(). */
int cv_printf(struct canvas *cv, int y, int x, int maxw, int attr,
    const char *fmt, ...) __attribute__((format(printf, 6, 7)));

/* s right-aligned so that it ends before column xend. */
int cv_put_right(struct canvas *cv, int y, int xend, int maxw, int attr,
    const char *s);

/* Repeats glyph g n times from (y, x). */
void cv_fill(struct canvas *cv, int y, int x, int n, int attr, const char *g);

/* Copies rows [y0, y1) of src, all its columns, into dst from column x
 * on (what falls off dst is left out). */
void cv_blit(struct canvas *dst, const struct canvas *src, int y0, int y1,
    int x);

/* Sets the attribute of n cells from (y, x), keeping their text. */
void cv_attr(struct canvas *cv, int y, int x, int n, int attr);

/* A cell, or NULL off the canvas. */
struct cell *cv_cell(struct canvas *cv, int y, int x);

/* Prints the canvas as text, each row without its trailing blanks. */
void cv_print(const struct canvas *cv, FILE *f);

/* Columns s takes (one per code point). */
int cv_width(const char *s);

#endif
