/*
 * jstream.c: a JSON object read member by member (jstream.h).  The
 * scanner finds where each value ends (depth, strings and their escapes)
 * and hands its bytes to cJSON, which checks them whole.
 */
#include "importers/jstream.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "core/err.h"

struct js {
	FILE *f;
	const char *name;
	struct err *e;
	unsigned char in[1 << 16];
	size_t pos, len;
	int64_t off;       /* bytes consumed */
	long line;
	char *val;         /* the value being captured */
	size_t vlen, vcap;
};

/* The next byte, or EOF; counts lines. */
static int
next(struct js *j)
{
	int c;

	if (j->pos == j->len) {
		if (j->off >= JSTREAM_MAX)
			return EOF;
		j->len = fread(j->in, 1, sizeof j->in, j->f);
		j->pos = 0;
		if (j->len == 0)
			return EOF;
	}
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
	if (j->pos == j->len) {
		j->len = fread(j->in, 1, sizeof j->in, j->f);
		j->pos = 0;
		if (j->len == 0)
			return EOF;
	}
	return j->in[j->pos];
}

static int
blank(int c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

/* The next byte that is not white space, taken; or EOF. */
static int
next_solid(struct js *j)
{
	int c;

	while ((c = next(j)) != EOF && blank(c))
		;
	return c;
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

static int
keep(struct js *j, int c)
{
	if (j->vlen + 2 > j->vcap) {
		if (j->vcap >= JSTREAM_ELEMENT_MAX + 2)
			return err_set(j->e, "%s: an element longer than %d "
			    "bytes, at byte %lld (line %ld)", j->name,
			    JSTREAM_ELEMENT_MAX, (long long)j->off, j->line);
		j->vcap = j->vcap ? j->vcap * 2 : 4096;
		if (j->vcap > JSTREAM_ELEMENT_MAX + 2)
			j->vcap = JSTREAM_ELEMENT_MAX + 2;
		j->val = xrealloc(j->val, j->vcap);
	}
	j->val[j->vlen++] = (char)c;
	return 0;
}

/*
 * Takes the bytes after the one just read that change nothing in the
 * scan below (in a string: none of quote, backslash or control character;
 * outside: none of quote, bracket or line end) from the read buffer while
 * j->val has room for them; keep() grows it for the byte after.  Most of
 * an export is such bytes, and each went through next() and keep()
 * before.
 */
static void
keep_run(struct js *j, int in_str)
{
	const unsigned char *p = j->in + j->pos, *end = j->in + j->len;
	size_t room = j->vcap > j->vlen + 2 ? j->vcap - j->vlen - 2 : 0, n;

	if ((size_t)(end - p) > room)
		end = p + room;
	if (in_str)
		while (p < end && *p >= 0x20 && *p != '"' && *p != '\\')
			p++;
	else
		while (p < end && *p != '"' && *p != '{' && *p != '[' &&
		    *p != '}' && *p != ']' && *p != '\n')
			p++;
	n = (size_t)(p - (j->in + j->pos));
	memcpy(j->val + j->vlen, j->in + j->pos, n);
	j->vlen += n;
	j->pos += n;
	j->off += (int64_t)n;
}

/*
 * Captures one value whose first byte c was just read: an object or array
 * to its closing bracket, a string to its closing quote, anything else to
 * the byte before a delimiter.  The bytes are in j->val[0..vlen).
 */
static int
capture(struct js *j, int c)
{
	int depth = 0, in_str = 0, esc = 0;

	j->vlen = 0;
	if (c == '{' || c == '[' || c == '"') {
		for (;;) {
			if (keep(j, c) < 0)
				return -1;
			if (in_str) {
				if (esc)
					esc = 0;
				else if (c == '\\')
					esc = 1;
				else if (c == '"')
					in_str = 0;
				else if (c < 0x20)
					return invalid(j, c, "a control "
					    "character in a string");
			} else if (c == '"') {
				in_str = 1;
			} else if (c == '{' || c == '[') {
				depth++;
			} else if (c == '}' || c == ']') {
				depth--;
			}
			if (depth == 0 && !in_str)
				break;
			if (!esc)
				keep_run(j, in_str);
			if ((c = next(j)) == EOF)
				return invalid(j, c, "");
		}
	} else {
		if (keep(j, c) < 0)
			return -1;
		while ((c = peek(j)) != EOF && !blank(c) && c != ',' &&
		    c != '}' && c != ']') {
			if (keep(j, next(j)) < 0)
				return -1;
		}
	}
	j->val[j->vlen] = '\0';
	return 0;
}

/* Parses the captured value; NULL after a message. */
static cJSON *
parse(struct js *j)
{
	cJSON *v = cJSON_ParseWithLength(j->val, j->vlen);

	if (v == NULL)
		err_set(j->e, "%s: not valid JSON: error in the value that "
		    "ends at byte %lld (line %ld)", j->name,
		    (long long)j->off - 1, j->line);
	return v;
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
		if (capture(j, c) < 0 || (v = parse(j)) == NULL)
			goto out;
		free(key);
		key = xstrdup(cJSON_IsString(v) ? v->valuestring : "");
		cJSON_Delete(v);
		if ((c = next_solid(j)) != ':') {
			invalid(j, c, "expected ':'");
			goto out;
		}
		if ((c = next_solid(j)) == '[') {
			i = 0;
			c = next_solid(j);
			while (c != ']') {
				if (capture(j, c) < 0 || (v = parse(j)) ==
				    NULL)
					goto out;
				rc = fn(arg, key, i++, v);
				cJSON_Delete(v);
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
			if (capture(j, c) < 0 || (v = parse(j)) == NULL)
				goto out;
			rc = fn(arg, key, -1, v);
			cJSON_Delete(v);
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
	free(j->val);
	free(j);
	return rc;
}
