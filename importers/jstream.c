/*
 * jstream.c: a JSON object read member by member (jstream.h).  One pass
 * reads each value straight into cJSON nodes carved from an arena that is
 * emptied after every element, so that an element costs no allocation of
 * its own and no second reading of its bytes.  It checks JSON's grammar
 * as it goes and stops at the first byte that breaks it, with its offset
 * and line.
 */
#include "importers/jstream.h"

#include <errno.h>
#include <limits.h>
#include <locale.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "core/err.h"

/* What next_token() and token() return when they have failed with a
 * message (EOF is the input's end, not yet said). */
#define SAID (EOF - 1)

/* How deep arrays and objects may nest inside one value. */
#define JSTREAM_DEPTH 512

/* The arena's usual block, in bytes: one export element fits many
 * times. */
#define ARENA_BLOCK (64 * 1024)

/* A block of the arena; its bytes follow the header. */
struct blk {
	struct blk *next;    /* the block made before this one */
	size_t used, cap;    /* bytes */
};

#define BLK_HEAD ((sizeof(struct blk) + 15) & ~(size_t)15)

struct js {
	FILE *f;
	const char *name;
	struct err *e;
	unsigned char in[1 << 16];
	size_t pos, len;
	int64_t off;       /* bytes consumed */
	long line;
	int64_t mark;      /* off where the value being read began */
	char *sb;          /* the string being read */
	size_t slen, scap;
	struct blk *arena; /* the newest block first */
};

/* Refills the read buffer when it is empty; 0 at the end of the input
 * (or of what gpulog reads of one). */
static int
fill(struct js *j)
{
	if (j->pos < j->len)
		return 1;
	if (j->off >= JSTREAM_MAX)
		return 0;
	j->len = fread(j->in, 1, sizeof j->in, j->f);
	j->pos = 0;
	return j->len > 0;
}

/* The next byte, or EOF; counts lines. */
static int
next(struct js *j)
{
	int c;

	if (!fill(j))
		return EOF;
	c = j->in[j->pos++];
	j->off++;
	if (c == '\n')
		j->line++;
	return c;
}

/* The next byte without taking it, or EOF. */
static int
peek(struct js *j)
{
	return fill(j) ? j->in[j->pos] : EOF;
}

/* The bytes that end a plain run inside a string: a quote, a backslash
 * and the control characters (which JSON does not allow there). */
static const unsigned char stops[256] = {
	[0x00] = 1, [0x01] = 1, [0x02] = 1, [0x03] = 1, [0x04] = 1,
	[0x05] = 1, [0x06] = 1, [0x07] = 1, [0x08] = 1, [0x09] = 1,
	[0x0a] = 1, [0x0b] = 1, [0x0c] = 1, [0x0d] = 1, [0x0e] = 1,
	[0x0f] = 1, [0x10] = 1, [0x11] = 1, [0x12] = 1, [0x13] = 1,
	[0x14] = 1, [0x15] = 1, [0x16] = 1, [0x17] = 1, [0x18] = 1,
	[0x19] = 1, [0x1a] = 1, [0x1b] = 1, [0x1c] = 1, [0x1d] = 1,
	[0x1e] = 1, [0x1f] = 1, ['"'] = 1, ['\\'] = 1,
};

static int
blank(int c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

/* The next byte that is not white space, taken; or EOF.  The spaces
 * between a value's tokens are skipped in the read buffer itself. */
static int
next_solid(struct js *j)
{
	const unsigned char *p, *end;
	int c;

	for (;;) {
		p = j->in + j->pos;
		end = j->in + j->len;
		while (p < end && (*p == ' ' || *p == '\t' || *p == '\r'))
			p++;
		j->off += p - (j->in + j->pos);
		j->pos = (size_t)(p - j->in);
		if (p < end && *p != '\n')
			break;
		if ((c = next(j)) == EOF || !blank(c))
			return c;
	}
	j->off++;
	return j->in[j->pos++];
}

/* Fails at the byte just read. */
static int
invalid(struct js *j, int c, const char *what)
{
	if (c == EOF && ferror(j->f))
		return err_set(j->e, "%s: cannot read: %s", j->name,
		    strerror(errno ? errno : EIO));
	if (c == EOF && j->off >= JSTREAM_MAX)
		return err_set(j->e, "%s: larger than %lld GiB, the most gpulog "
		    "reads as one export", j->name, (long long)(JSTREAM_MAX >>
		    30));
	if (c == EOF)
		return err_set(j->e, "%s: not valid JSON: it ends too soon, "
		    "at byte %lld (line %ld); is the file cut short?",
		    j->name, (long long)j->off, j->line);
	return err_set(j->e, "%s: not valid JSON: %s at byte %lld (line %ld)",
	    j->name, what, (long long)j->off - 1, j->line);
}

/* -1 with a message once the value being read has passed the limit on
 * an element. */
static int
too_long(struct js *j)
{
	if (j->off - j->mark <= JSTREAM_ELEMENT_MAX)
		return 0;
	return err_set(j->e, "%s: an element longer than %d bytes, at byte "
	    "%lld (line %ld)", j->name, JSTREAM_ELEMENT_MAX,
	    (long long)j->off, j->line);
}

/* The next byte that is not white space inside a value, taken; SAID
 * after a message when the value has grown past the limit. */
static int
next_token(struct js *j)
{
	int c = next_solid(j);

	return too_long(j) < 0 ? SAID : c;
}

/*
 * next_token() for the usual case, inline: the next byte, or the one after
 * a single space, is already in the buffer and not white space.  Longer
 * runs of white space, line ends and buffer ends go the long way, which
 * also counts them against the limit on an element.
 */
static inline int
token(struct js *j)
{
	size_t k = j->pos;
	int c;

	if (k + 1 < j->len) {
		if (j->in[k] == ' ')
			k++;
		c = j->in[k];
		if (!blank(c)) {
			k++;
			j->off += (int64_t)(k - j->pos);
			j->pos = k;
			return c;
		}
	}
	return next_token(j);
}

/* n bytes of the arena, aligned for any type; they last until
 * arena_empty(). */
static void *
arena_take(struct js *j, size_t n)
{
	struct blk *b = j->arena;
	void *p;

	n = (n + 15) & ~(size_t)15;
	if (b == NULL || b->cap - b->used < n) {
		size_t cap = n > ARENA_BLOCK ? n : ARENA_BLOCK;

		b = xmalloc(BLK_HEAD + cap);
		b->cap = cap;
		b->used = 0;
		b->next = j->arena;
		j->arena = b;
	}
	p = (char *)b + BLK_HEAD + b->used;
	b->used += n;
	return p;
}

/* Frees every block but the first one made, and empties that. */
static void
arena_empty(struct js *j)
{
	struct blk *b;

	while (j->arena != NULL && j->arena->next != NULL) {
		b = j->arena->next;
		free(j->arena);
		j->arena = b;
	}
	if (j->arena != NULL)
		j->arena->used = 0;
}

static cJSON *
node(struct js *j, int type)
{
	cJSON *n = arena_take(j, sizeof *n);

	memset(n, 0, sizeof *n);
	n->type = type;
	return n;
}

/* Appends n bytes to the string being read. */
static void
put(struct js *j, const void *p, size_t n)
{
	if (j->slen + n + 1 > j->scap) {
		while (j->slen + n + 1 > j->scap)
			j->scap = j->scap ? j->scap * 2 : 256;
		j->sb = xrealloc(j->sb, j->scap);
	}
	memcpy(j->sb + j->slen, p, n);
	j->slen += n;
}

/* Four hex digits of a \u escape; -1 after a message. */
static long
hex4(struct js *j)
{
	long v = 0;
	int k, c;

	for (k = 0; k < 4; k++) {
		c = next(j);
		if (c >= '0' && c <= '9')
			v = v * 16 + (c - '0');
		else if (c >= 'a' && c <= 'f')
			v = v * 16 + (c - 'a' + 10);
		else if (c >= 'A' && c <= 'F')
			v = v * 16 + (c - 'A' + 10);
		else
			return invalid(j, c, "a \\u escape without four hex "
			    "digits");
	}
	return v;
}

/* The character of a \u escape (and of the low half after it, for a
 * surrogate pair), as UTF-8; -1 after a message. */
static int
unicode(struct js *j)
{
	unsigned char u[4];
	long cp = hex4(j), lo;
	size_t n;

	if (cp < 0)
		return -1;
	if (cp >= 0xDC00 && cp <= 0xDFFF)
		return invalid(j, 'u', "a low surrogate (\\uDC00-\\uDFFF) "
		    "without a high one before it");
	if (cp >= 0xD800 && cp <= 0xDBFF) {
		if (next(j) != '\\' || next(j) != 'u')
			return invalid(j, 'u', "a high surrogate (\\uD800-"
			    "\\uDBFF) without a low one after it");
		if ((lo = hex4(j)) < 0)
			return -1;
		if (lo < 0xDC00 || lo > 0xDFFF)
			return invalid(j, 'u', "a high surrogate (\\uD800-"
			    "\\uDBFF) without a low one after it");
		cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
	}
	if (cp == 0)
		return invalid(j, '0', "a NUL character (\\u0000) in a "
		    "string");
	if (cp < 0x80) {
		u[0] = (unsigned char)cp;
		n = 1;
	} else if (cp < 0x800) {
		u[0] = (unsigned char)(0xC0 | cp >> 6);
		u[1] = (unsigned char)(0x80 | (cp & 0x3F));
		n = 2;
	} else if (cp < 0x10000) {
		u[0] = (unsigned char)(0xE0 | cp >> 12);
		u[1] = (unsigned char)(0x80 | (cp >> 6 & 0x3F));
		u[2] = (unsigned char)(0x80 | (cp & 0x3F));
		n = 3;
	} else {
		u[0] = (unsigned char)(0xF0 | cp >> 18);
		u[1] = (unsigned char)(0x80 | (cp >> 12 & 0x3F));
		u[2] = (unsigned char)(0x80 | (cp >> 6 & 0x3F));
		u[3] = (unsigned char)(0x80 | (cp & 0x3F));
		n = 4;
	}
	put(j, u, n);
	return 0;
}

/*
 * The string whose opening quote was just read, unescaped into the arena;
 * NULL after a message.  The bytes between escapes are copied as runs
 * from the read buffer: most of an export is such bytes.
 */
static char *
string(struct js *j)
{
	const unsigned char *p, *q, *end;
	char *s, ch;
	int c;

	j->slen = 0;
	for (;;) {
		if (!fill(j)) {
			invalid(j, EOF, "");
			return NULL;
		}
		p = q = j->in + j->pos;
		end = j->in + j->len;
		while (q < end && !stops[*q])
			q++;
		/* Most strings end in the read buffer with no escape: copied
		 * from there at once. */
		if (j->slen == 0 && q < end && *q == '"') {
			s = arena_take(j, (size_t)(q - p) + 1);
			memcpy(s, p, (size_t)(q - p));
			s[q - p] = '\0';
			j->pos += (size_t)(q - p) + 1;
			j->off += q - p + 1;
			return too_long(j) < 0 ? NULL : s;
		}
		put(j, p, (size_t)(q - p));
		j->pos += (size_t)(q - p);
		j->off += q - p;
		if (too_long(j) < 0)
			return NULL;
		if (q == end)
			continue;
		c = next(j);
		if (c == '"')
			break;
		if (c != '\\') {
			invalid(j, c, "a control character in a string");
			return NULL;
		}
		switch (c = next(j)) {
		case '"':
		case '\\':
		case '/':
			ch = (char)c;
			put(j, &ch, 1);
			break;
		case 'b':
			put(j, "\b", 1);
			break;
		case 'f':
			put(j, "\f", 1);
			break;
		case 'n':
			put(j, "\n", 1);
			break;
		case 'r':
			put(j, "\r", 1);
			break;
		case 't':
			put(j, "\t", 1);
			break;
		case 'u':
			if (unicode(j) < 0)
				return NULL;
			break;
		default:
			invalid(j, c, "an unknown escape in a string");
			return NULL;
		}
	}
	s = arena_take(j, j->slen + 1);
	memcpy(s, j->sb, j->slen);
	s[j->slen] = '\0';
	return s;
}

/* Whether s (n bytes) is a number as JSON writes one:
 * -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?  *whole is set when it
 * has neither fraction nor exponent. */
static int
json_number(const char *s, size_t n, int *whole)
{
	size_t i = 0, d;

	*whole = 1;
	if (i < n && s[i] == '-')
		i++;
	if (i < n && s[i] == '0')
		i++;
	else if (i < n && s[i] >= '1' && s[i] <= '9')
		while (i < n && s[i] >= '0' && s[i] <= '9')
			i++;
	else
		return 0;
	if (i < n && s[i] == '.') {
		*whole = 0;
		for (d = ++i; i < n && s[i] >= '0' && s[i] <= '9'; i++)
			;
		if (i == d)
			return 0;
	}
	if (i < n && (s[i] == 'e' || s[i] == 'E')) {
		*whole = 0;
		i++;
		if (i < n && (s[i] == '+' || s[i] == '-'))
			i++;
		for (d = i; i < n && s[i] >= '0' && s[i] <= '9'; i++)
			;
		if (i == d)
			return 0;
	}
	return i == n;
}

/* The number whose first byte c was just read; NULL after a message. */
static cJSON *
number(struct js *j, int c)
{
	char buf[64];
	size_t n = 0;
	int whole;
	double v;
	cJSON *x;

	buf[n++] = (char)c;
	/* A number within the buffer is taken from it at once. */
	while (j->pos < j->len && n + 1 < sizeof buf &&
	    (c = j->in[j->pos]) >= '0' && c <= '9') {
		buf[n++] = (char)c;
		j->pos++;
		j->off++;
	}
	while ((c = peek(j)) != EOF && ((c >= '0' && c <= '9') || c == '.' ||
	    c == 'e' || c == 'E' || c == '+' || c == '-')) {
		if (n + 1 >= sizeof buf) {
			invalid(j, next(j), "a number of more than 62 "
			    "characters");
			return NULL;
		}
		buf[n++] = (char)next(j);
	}
	buf[n] = '\0';
	if (!json_number(buf, n, &whole)) {
		invalid(j, (unsigned char)buf[n - 1], "not a number");
		return NULL;
	}
	if (whole && n - (buf[0] == '-') <= 18) {
		/* Up to 18 digits: exact in an int64, and rounded to a double
		 * as strtod() would. */
		int64_t w = 0;
		size_t i = buf[0] == '-';

		for (; i < n; i++)
			w = w * 10 + (buf[i] - '0');
		v = buf[0] == '-' ? -(double)w : (double)w;
	} else {
		/* strtod() reads the locale's decimal point. */
		char *dot = strchr(buf, '.');

		if (dot != NULL)
			*dot = localeconv()->decimal_point[0];
		v = strtod(buf, NULL);
	}
	x = node(j, cJSON_Number);
	x->valuedouble = v;
	/* As cJSON sets it. */
	if (v >= INT_MAX)
		x->valueint = INT_MAX;
	else if (v <= (double)INT_MIN)
		x->valueint = INT_MIN;
	else
		x->valueint = (int)v;
	return x;
}

/* The rest of the word whose first byte was just read. */
static int
word(struct js *j, const char *rest)
{
	int c;

	for (; *rest != '\0'; rest++)
		if ((c = next(j)) != *rest)
			return invalid(j, c, "not a JSON value");
	return 0;
}

static cJSON *value(struct js *j, int c, int depth);

/* Links item after last in parent's children, keeping cJSON's rule that
 * the first child's prev is the last. */
static void
adopt(cJSON *parent, cJSON **last, cJSON *item)
{
	if (*last == NULL) {
		parent->child = item;
	} else {
		(*last)->next = item;
		item->prev = *last;
	}
	parent->child->prev = item;
	*last = item;
}

/* The array whose '[' was just read; NULL after a message. */
static cJSON *
array(struct js *j, int depth)
{
	cJSON *a = node(j, cJSON_Array), *last = NULL, *v;
	int c;

	if ((c = token(j)) == ']')
		return a;
	for (;;) {
		if ((v = value(j, c, depth)) == NULL)
			return NULL;
		adopt(a, &last, v);
		if (too_long(j) < 0)
			return NULL;
		if ((c = token(j)) == ']')
			return a;
		if (c != ',') {
			if (c != SAID)
				invalid(j, c, "expected ',' or ']'");
			return NULL;
		}
		c = token(j);
	}
}

/* The object whose '{' was just read; NULL after a message. */
static cJSON *
object(struct js *j, int depth)
{
	cJSON *o = node(j, cJSON_Object), *last = NULL, *v;
	char *key;
	int c;

	if ((c = token(j)) == '}')
		return o;
	for (;;) {
		if (c != '"') {
			if (c != SAID)
				invalid(j, c, "expected a member's name");
			return NULL;
		}
		if ((key = string(j)) == NULL)
			return NULL;
		if ((c = token(j)) != ':') {
			if (c != SAID)
				invalid(j, c, "expected ':'");
			return NULL;
		}
		if ((v = value(j, token(j), depth)) == NULL)
			return NULL;
		v->string = key;
		adopt(o, &last, v);
		if (too_long(j) < 0)
			return NULL;
		if ((c = token(j)) == '}')
			return o;
		if (c != ',') {
			if (c != SAID)
				invalid(j, c, "expected ',' or '}'");
			return NULL;
		}
		c = token(j);
	}
}

/* The value whose first byte c was just read (SAID: the message is
 * written); NULL after a message. */
static cJSON *
value(struct js *j, int c, int depth)
{
	cJSON *v;

	switch (c) {
	case SAID:
		return NULL;
	case '{':
	case '[':
		if (depth >= JSTREAM_DEPTH) {
			err_set(j->e, "%s: not valid JSON: nested deeper than "
			    "%d levels at byte %lld (line %ld)", j->name,
			    JSTREAM_DEPTH, (long long)j->off - 1, j->line);
			return NULL;
		}
		return c == '{' ? object(j, depth + 1) : array(j, depth + 1);
	case '"':
		v = node(j, cJSON_String);
		return (v->valuestring = string(j)) == NULL ? NULL : v;
	case 't':
		return word(j, "rue") < 0 ? NULL : node(j, cJSON_True);
	case 'f':
		return word(j, "alse") < 0 ? NULL : node(j, cJSON_False);
	case 'n':
		return word(j, "ull") < 0 ? NULL : node(j, cJSON_NULL);
	default:
		if (c == '-' || (c >= '0' && c <= '9'))
			return number(j, c);
		invalid(j, c, "not a JSON value");
		return NULL;
	}
}

/* Reads one value starting at c, counting its bytes against the limit
 * on an element; NULL after a message.  The value lasts until the next
 * arena_empty(). */
static cJSON *
element(struct js *j, int c)
{
	j->mark = j->off - 1;
	return value(j, c, 0);
}

int
jstream_object(FILE *f, const char *name, int (*fn)(void *arg,
    const char *key, long i, const cJSON *v), void *arg,
    void (*progress)(void *parg, int64_t done), void *parg, struct err *e)
{
	struct js *j = xcalloc(1, sizeof *j);
	char *key = NULL;
	cJSON *v;
	long i;
	int c, rc = -1;

	j->f = f;
	j->name = name;
	j->e = e;
	j->line = 1;
	if ((c = next_solid(j)) == EOF && !ferror(f)) {
		err_set(e, "%s: empty; expected a gpulog export (JSON)", name);
		goto out;
	}
	if (c != '{') {
		if (c != EOF)
			err_set(e, "%s: not a gpulog export: expected a JSON "
			    "object", name);
		else
			invalid(j, c, "");
		goto out;
	}
	if ((c = next_solid(j)) == '}')
		goto end;
	for (;;) {
		if (c != '"') {
			invalid(j, c, "expected a member's name");
			goto out;
		}
		if ((v = element(j, c)) == NULL)
			goto out;
		free(key);
		key = xstrdup(v->valuestring);
		arena_empty(j);
		if ((c = next_solid(j)) != ':') {
			invalid(j, c, "expected ':'");
			goto out;
		}
		if ((c = next_solid(j)) == '[') {
			i = 0;
			c = next_solid(j);
			while (c != ']') {
				if ((v = element(j, c)) == NULL)
					goto out;
				rc = fn(arg, key, i++, v);
				arena_empty(j);
				if (rc < 0)
					goto out;
				rc = -1;
				if (progress != NULL)
					progress(parg, j->off);
				if ((c = next_solid(j)) == ',')
					c = next_solid(j);
				else if (c != ']') {
					invalid(j, c, "expected ',' or ']'");
					goto out;
				}
			}
		} else {
			if (c == EOF) {
				invalid(j, c, "");
				goto out;
			}
			if ((v = element(j, c)) == NULL)
				goto out;
			rc = fn(arg, key, -1, v);
			arena_empty(j);
			if (rc < 0)
				goto out;
			rc = -1;
		}
		if ((c = next_solid(j)) == '}')
			break;
		if (c != ',') {
			invalid(j, c, "expected ',' or '}'");
			goto out;
		}
		c = next_solid(j);
	}
end:
	if ((c = next_solid(j)) != EOF) {
		err_set(e, "%s: not valid JSON: unexpected text after the "
		    "document at byte %lld (line %ld)", name,
		    (long long)j->off - 1, j->line);
		goto out;
	}
	if (ferror(f)) {
		invalid(j, EOF, "");
		goto out;
	}
	rc = 0;
out:
	free(key);
	arena_empty(j);
	free(j->arena);
	free(j->sb);
	free(j);
	return rc;
}
