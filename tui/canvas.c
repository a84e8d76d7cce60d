/*
 * canvas.c: a grid of cells that views draw into.  It decides how text is
 * cut (with an ellipsis) and what may reach the terminal (no control or
 * wide character, only ASCII on an ASCII canvas).  No curses here.
 */
#include "tui/canvas.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>

#include "core/err.h"

static const struct glyphs utf8_glyphs = {
	"\xe2\x94\x80", "\xe2\x94\x82", "\xe2\x80\xa6", "\xc2\xb7",
	"\xe2\x80\x93", "\xe2\x96\x88", "\xe2\x96\x92", "\xe2\x96\x91",
	"\xe2\x96\xb2", "\xe2\x96\xbc", "\xe2\x96\xb6",
	"\xe2\x94\x8c", "\xe2\x94\x90", "\xe2\x94\x94", "\xe2\x94\x98",
	{ "\xe2\x96\x88", "\xe2\x96\x93", "\xe2\x96\x92", "\xe2\x96\x91",
	  "\xe2\x96\x9a", "\xe2\x96\x9e", "\xe2\x96\x99" },
	{ " ", "\xe2\x96\x81", "\xe2\x96\x82", "\xe2\x96\x83",
	  "\xe2\x96\x84", "\xe2\x96\x85", "\xe2\x96\x86", "\xe2\x96\x87",
	  "\xe2\x96\x88" },
};

static const struct glyphs ascii_glyphs = {
	"-", "|", "~", "-", "-", "#", "=", ".", "^", "v", ">",
	"+", "+", "+", "+",
	{ "#", "=", "+", "%", "o", "*", "@" },
	{ " ", ".", ".", "_", "_", "o", "o", "#", "#" },
};

void
cv_init(struct canvas *cv, int w, int h, int ascii)
{
	cv->w = w > 0 ? w : 1;
	cv->h = h > 0 ? h : 1;
	cv->ascii = ascii;
	cv->g = ascii ? &ascii_glyphs : &utf8_glyphs;
	cv->c = xcalloc((size_t)cv->w * (size_t)cv->h, sizeof *cv->c);
	cv_clear(cv);
}

void
cv_free(struct canvas *cv)
{
	free(cv->c);
	cv->c = NULL;
}

void
cv_clear(struct canvas *cv)
{
	int i;

	for (i = 0; i < cv->w * cv->h; i++) {
		strcpy(cv->c[i].ch, " ");
		cv->c[i].attr = 0;
	}
}

struct cell *
cv_cell(struct canvas *cv, int y, int x)
{
	if (y < 0 || y >= cv->h || x < 0 || x >= cv->w)
		return NULL;
	return &cv->c[y * cv->w + x];
}

/* Length of the UTF-8 sequence at s (1 for a stray byte). */
static int
seq_len(const unsigned char *s)
{
	int n = *s < 0x80 ? 1 : (*s & 0xe0) == 0xc0 ? 2 :
	    (*s & 0xf0) == 0xe0 ? 3 : (*s & 0xf8) == 0xf0 ? 4 : 1;
	int i;

	for (i = 1; i < n; i++)
		if ((s[i] & 0xc0) != 0x80)
			return 1;
	return n;
}

/* Decodes the code point of an n-byte sequence. */
static unsigned long
decode(const unsigned char *s, int n)
{
	unsigned long c = n == 1 ? s[0] : n == 2 ? s[0] & 0x1fu :
	    n == 3 ? s[0] & 0x0fu : s[0] & 0x07u;
	int i;

	for (i = 1; i < n; i++)
		c = (c << 6) | (s[i] & 0x3fu);
	return c;
}

/* Copies one code point into a cell, or '?' when it may not be shown. */
static void
set_cell(struct canvas *cv, struct cell *c, const unsigned char *s, int n,
    int attr)
{
	unsigned long cp = decode(s, n);
	int ok = 1;

	if (cp < 0x20 || cp == 0x7f || (cp >= 0x80 && cp < 0xa0))
		ok = 0;
	else if (n > 1 && (cv->ascii || wcwidth((wchar_t)cp) != 1))
		ok = 0;
	else if (n == 1 && *s >= 0x80)
		ok = 0;
	if (ok) {
		memcpy(c->ch, s, (size_t)n);
		c->ch[n] = '\0';
	} else {
		strcpy(c->ch, "?");
	}
	c->attr = (unsigned char)attr;
}

int
cv_width(const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	int w = 0;

	while (*p != '\0') {
		p += seq_len(p);
		w++;
	}
	return w;
}

int
cv_put(struct canvas *cv, int y, int x, int maxw, int attr, const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	int w, total = cv_width(s), col = 0, n;
	struct cell *c;

	if (y < 0 || y >= cv->h || x >= cv->w)
		return 0;
	if (maxw < 0 || x + maxw > cv->w)
		maxw = cv->w - x;
	if (maxw <= 0)
		return 0;
	w = total > maxw ? maxw - 1 : total;
	while (*p != '\0' && col < w) {
		n = seq_len(p);
		if ((c = cv_cell(cv, y, x + col)) != NULL)
			set_cell(cv, c, p, n, attr);
		p += n;
		col++;
	}
	if (total > maxw) {
		const char *e = cv->g->ell;

		if ((c = cv_cell(cv, y, x + col)) != NULL)
			set_cell(cv, c, (const unsigned char *)e,
			    (int)strlen(e), attr);
		col++;
	}
	return col;
}

int
cv_printf(struct canvas *cv, int y, int x, int maxw, int attr,
    const char *fmt, ...)
{
	char buf[1024];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	return cv_put(cv, y, x, maxw, attr, buf);
}

int
cv_put_right(struct canvas *cv, int y, int xend, int maxw, int attr,
    const char *s)
{
	int w = cv_width(s);

	if (maxw >= 0 && w > maxw)
		w = maxw;
	return cv_put(cv, y, xend - w, w, attr, s);
}

void
cv_fill(struct canvas *cv, int y, int x, int n, int attr, const char *g)
{
	int i;

	for (i = 0; i < n; i++)
		cv_put(cv, y, x + i, 1, attr, g);
}

void
cv_attr(struct canvas *cv, int y, int x, int n, int attr)
{
	struct cell *c;
	int i;

	for (i = 0; i < n; i++)
		if ((c = cv_cell(cv, y, x + i)) != NULL)
			c->attr = (unsigned char)attr;
}

void
cv_blit(struct canvas *dst, const struct canvas *src, int y0, int y1, int x)
{
	int y, i;
	struct cell *c;

	for (y = y0 < 0 ? 0 : y0; y < y1 && y < src->h; y++)
		for (i = 0; i < src->w; i++)
			if ((c = cv_cell(dst, y, x + i)) != NULL)
				*c = src->c[y * src->w + i];
}

void
cv_print(const struct canvas *cv, FILE *f)
{
	int y, x, last;

	for (y = 0; y < cv->h; y++) {
		const struct cell *row = &cv->c[y * cv->w];

		for (last = cv->w - 1; last >= 0; last--)
			if (strcmp(row[last].ch, " ") != 0)
				break;
		for (x = 0; x <= last; x++)
			fputs(row[x].ch, f);
		putc('\n', f);
	}
}
