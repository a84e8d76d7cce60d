/*
 * csvread.c: reads CSV a record at a time from a stdio stream.  One buffer
 * holds the current record's text and one array its fields; both grow to
 * the longest record seen (at most CSVR_MAX_RECORD bytes) and no further.
 */
#include "importers/csvread.h"

#include <stdlib.h>
#include <string.h>

#include "core/err.h"

struct csvr {
	FILE *f;
	const char *name;
	int flags;
	char *buf;          /* the record's fields, each NUL-terminated */
	size_t len, cap;
	char **fields;      /* into buf, once the record is whole */
	size_t *offs;       /* where each field starts in buf */
	size_t nf, capf;
	size_t line;        /* the line the reader is on */
	size_t rec_line;    /* the line the last record began on */
	int64_t off;        /* bytes consumed */
	int started;        /* the byte order mark has been looked for */
	int fatal;          /* a failure no later record can get past */
};

struct csvr *
csvr_new(FILE *f, const char *name, int flags)
{
	struct csvr *r = xcalloc(1, sizeof *r);

	r->f = f;
	r->name = name;
	r->flags = flags;
	r->line = 1;
	r->cap = 256;
	r->buf = xmalloc(r->cap);
	r->capf = 16;
	r->fields = xmalloc(r->capf * sizeof *r->fields);
	r->offs = xmalloc(r->capf * sizeof *r->offs);
	return r;
}

void
csvr_free(struct csvr *r)
{
	if (r == NULL)
		return;
	free(r->buf);
	free(r->fields);
	free(r->offs);
	free(r);
}

size_t
csvr_line(const struct csvr *r)
{
	return r->rec_line;
}

int64_t
csvr_offset(const struct csvr *r)
{
	return r->off;
}

static int
get(struct csvr *r)
{
	int c = getc_unlocked(r->f);

	if (c != EOF)
		r->off++;
	return c;
}

/* Appends c to the record; 0, or -1 when the record is too long. */
static int
put(struct csvr *r, char c)
{
	if (r->len + 1 >= CSVR_MAX_RECORD)
		return -1;
	if (r->len + 1 >= r->cap) {
		r->cap *= 2;
		if (r->cap > CSVR_MAX_RECORD)
			r->cap = CSVR_MAX_RECORD;
		r->buf = xrealloc(r->buf, r->cap);
	}
	r->buf[r->len++] = c;
	return 0;
}

/*
 * Copies the bytes that mean nothing in state quoted (1) or unquoted (0)
 * while the buffer has room, and returns the first byte that may (or
 * EOF): csvr_next() then treats it as any other.  Most of a file is such
 * bytes, and each went through every test of csvr_next() before.  The
 * input limit is checked on that next byte; the buffer never outgrows
 * CSVR_MAX_RECORD here, as put() alone grows it.
 */
static int
copy_plain(struct csvr *r, int quoted)
{
	FILE *f = r->f;
	char *b = r->buf;
	size_t len = r->len, room = r->cap - 1;
	int c;

	while (len < room && (c = getc_unlocked(f)) != EOF) {
		if (c == '\0' || c == '\n' || (quoted ? c == '"' : c == ',' ||
		    c == '\r')) {
			r->off += (int64_t)(len - r->len) + 1;
			r->len = len;
			return c;
		}
		b[len++] = (char)c;
	}
	r->off += (int64_t)(len - r->len);
	r->len = len;
	return len < room ? EOF : get(r);
}

/* Ends the current field (its start is at offset start); -1 when the
 * record is too long. */
static int
end_field(struct csvr *r, size_t *start)
{
	size_t k;

	if (put(r, '\0') < 0)
		return -1;
	if (r->flags & CSVR_TRIM)
		for (k = r->len - 1; k > *start && r->buf[k - 1] == ' '; k--)
			r->buf[k - 1] = '\0';
	if (r->nf == r->capf) {
		r->capf *= 2;
		r->fields = xrealloc(r->fields, r->capf * sizeof *r->fields);
		r->offs = xrealloc(r->offs, r->capf * sizeof *r->offs);
	}
	/* Offsets now; pointers once the buffer stops moving. */
	r->offs[r->nf++] = *start;
	*start = r->len;
	return 0;
}

/* Skips the rest of the line after a record that was too long: 0, or
 * -1 when no line end comes within CSVR_MAX_RECORD bytes more (an endless
 * line, as /dev/zero or /dev/urandom give). */
static int
skip_line(struct csvr *r)
{
	int c = 0;
	size_t k = 0;

	while (k++ < CSVR_MAX_RECORD && (c = get(r)) != EOF && c != '\n' &&
	    c != '\r' && c != '\0')
		;
	if (c == '\n' || c == '\r') {
		r->line++;
		return 0;
	}
	return c == EOF ? 0 : -1;
}

int
csvr_next(struct csvr *r, char ***fields, size_t *n, struct err *e)
{
	enum { START, PLAIN, QUOTED, AFTER_QUOTE } st;
	size_t start, k;
	int c;

	if (r->fatal)
		return err_set(e, "%s: line %zu: cannot read on after the "
		    "failure above", r->name, r->line);
	if (!r->started) {
		r->started = 1;
		/* A UTF-8 byte order mark, as spreadsheets write. */
		if ((c = get(r)) == 0xEF) {
			if (get(r) != 0xBB || get(r) != 0xBF)
				return err_set(e, "%s: line 1: not UTF-8 text "
				    "(a broken byte order mark)", r->name);
		} else if (c != EOF) {
			ungetc(c, r->f);
			r->off--;
		}
	}
again:
	r->len = 0;
	r->nf = 0;
	start = 0;
	st = START;
	r->rec_line = r->line;
	for (;;) {
		c = st == PLAIN || st == QUOTED ? copy_plain(r, st == QUOTED) :
		    get(r);
		if (c == '\0') {
			/* Text never holds one; the C strings it becomes
			 * would end there and cut the field. */
			r->fatal = 1;
			return err_set(e, "%s: line %zu: a NUL byte; this is "
			    "not a text file (or a field holds a NUL, which "
			    "gpulog does not keep)", r->name, r->line);
		}
		if (r->off > CSVR_MAX_INPUT) {
			r->fatal = 1;
			return err_set(e, "%s: line %zu: more than %d MiB of "
			    "input; split it into smaller files", r->name,
			    r->line, CSVR_MAX_INPUT >> 20);
		}
		if (c == EOF) {
			if (ferror(r->f))
				return err_set(e, "%s: line %zu: cannot read",
				    r->name, r->line);
			if (st == QUOTED)
				return err_set(e, "%s: line %zu: a quoted "
				    "field is never closed; is the file cut "
				    "short?", r->name, r->rec_line);
			if (st == START && r->nf == 0)
				return 0;
			break;
		}
		if (c == '\r' && st != QUOTED) {
			/* CR LF ends a line, and so does a CR alone (as
			 * old Mac programs write). */
			int d = get(r);

			c = '\n';
			if (d != '\n' && d != EOF) {
				ungetc(d, r->f);
				r->off--;
			}
		}
		if (st == QUOTED) {
			if (c == '"') {
				st = AFTER_QUOTE;
				continue;
			}
			if (c == '\n')
				r->line++;
			if (put(r, (char)c) < 0)
				goto too_long;
			continue;
		}
		if (c == '\n') {
			r->line++;
			if (st == START && r->nf == 0)
				goto again;  /* a blank line */
			break;
		}
		if (c == ',') {
			if (end_field(r, &start) < 0)
				goto too_long;
			st = START;
			if (r->flags & CSVR_TRIM)
				while ((c = get(r)) == ' ')
					;
			else
				continue;
			if (c != EOF) {
				ungetc(c, r->f);
				r->off--;
			}
			continue;
		}
		if (st == AFTER_QUOTE) {
			if (c == '"') {  /* a doubled quote */
				st = QUOTED;
				if (put(r, '"') < 0)
					goto too_long;
				continue;
			}
			if (c == ' ' && (r->flags & CSVR_TRIM))
				continue;
			return err_set(e, "%s: line %zu: field %zu: text after "
			    "a closing quote; a quote inside a quoted field "
			    "is written twice (\"\")", r->name, r->line,
			    r->nf + 1);
		}
		if (st == START && c == '"') {
			st = QUOTED;
			continue;
		}
		st = PLAIN;
		if (put(r, (char)c) < 0)
			goto too_long;
	}
	if (end_field(r, &start) < 0)
		goto too_long;
	for (k = 0; k < r->nf; k++)
		r->fields[k] = r->buf + r->offs[k];
	*fields = r->fields;
	*n = r->nf;
	return 1;
too_long:
	k = r->rec_line;
	if (skip_line(r) < 0)
		r->fatal = 1;
	return err_set(e, "%s: line %zu: record longer than %d bytes",
	    r->name, k, CSVR_MAX_RECORD);
}
