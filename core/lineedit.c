/*
 * lineedit.c: one line of UTF-8 text edited in place (lineedit.h).  Steps
 * go a character at a time by skipping continuation bytes (10xxxxxx), so
 * the caret never lands inside a character.
 */
#include "core/lineedit.h"

#include <string.h>

static int
is_cont(char c)
{
	return ((unsigned char)c & 0xc0) == 0x80;
}

/* The start of the character before at (at > 0). */
static size_t
back(const char *s, size_t at)
{
	while (at > 0 && is_cont(s[--at]))
		;
	return at;
}

/* The end of the character at at (at < len). */
static size_t
on(const char *s, size_t len, size_t at)
{
	while (at < len && is_cont(s[++at]))
		;
	return at;
}

/* Whether the character starting at s is part of a word. */
static int
in_word(const char *s)
{
	unsigned char c = (unsigned char)*s;

	return c >= 0x80 || (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') ||
	    (c >= 'A' && c <= 'Z');
}

static size_t
word_left(const char *s, size_t at)
{
	while (at > 0 && !in_word(s + back(s, at)))
		at = back(s, at);
	while (at > 0 && in_word(s + back(s, at)))
		at = back(s, at);
	return at;
}

static size_t
word_right(const char *s, size_t len, size_t at)
{
	while (at < len && !in_word(s + at))
		at = on(s, len, at);
	while (at < len && in_word(s + at))
		at = on(s, len, at);
	return at;
}

int
lineedit_do(char *text, size_t *caret, int op)
{
	size_t len = strlen(text), at;

	if (*caret > len)
		*caret = len;
	switch (op) {
	case LE_LEFT:
		*caret = back(text, *caret);
		return 0;
	case LE_RIGHT:
		*caret = on(text, len, *caret);
		return 0;
	case LE_WORD_LEFT:
		*caret = word_left(text, *caret);
		return 0;
	case LE_WORD_RIGHT:
		*caret = word_right(text, len, *caret);
		return 0;
	case LE_HOME:
		*caret = 0;
		return 0;
	case LE_END:
		*caret = len;
		return 0;
	case LE_BACKSPACE:
		if (*caret == 0)
			return 0;
		at = back(text, *caret);
		memmove(text + at, text + *caret, len - *caret + 1);
		*caret = at;
		return 1;
	case LE_DELETE:
		if (*caret >= len)
			return 0;
		at = on(text, len, *caret);
		memmove(text + *caret, text + at, len - at + 1);
		return 1;
	case LE_CLEAR:
		*caret = 0;
		if (len == 0)
			return 0;
		text[0] = '\0';
		return 1;
	}
	return 0;
}

/* Encodes code point c as UTF-8 into b; returns its length. */
static size_t
utf8(unsigned long c, char *b)
{
	if (c < 0x80) {
		b[0] = (char)c;
		return 1;
	}
	if (c < 0x800) {
		b[0] = (char)(0xc0 | (c >> 6));
		b[1] = (char)(0x80 | (c & 0x3f));
		return 2;
	}
	if (c < 0x10000) {
		b[0] = (char)(0xe0 | (c >> 12));
		b[1] = (char)(0x80 | ((c >> 6) & 0x3f));
		b[2] = (char)(0x80 | (c & 0x3f));
		return 3;
	}
	b[0] = (char)(0xf0 | (c >> 18));
	b[1] = (char)(0x80 | ((c >> 12) & 0x3f));
	b[2] = (char)(0x80 | ((c >> 6) & 0x3f));
	b[3] = (char)(0x80 | (c & 0x3f));
	return 4;
}

int
lineedit_insert(char *text, size_t cap, size_t *caret, unsigned long cp)
{
	size_t len = strlen(text), n;
	char b[4];

	if (*caret > len)
		*caret = len;
	n = utf8(cp, b);
	if (len + n + 1 >= cap)
		return 0;
	memmove(text + *caret + n, text + *caret, len - *caret + 1);
	memcpy(text + *caret, b, n);
	*caret += n;
	return 1;
}
