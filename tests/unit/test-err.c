/*
 * test-err.c: err_set(): a message that fits is kept whole; a longer one
 * is cut at a word, or else before a UTF-8 character, never inside one,
 * and ends with an ellipsis; e->msg may be an argument.
 */
#include <string.h>

#include "core/err.h"
#include "t.h"

/* 1 when s is valid UTF-8. */
static int
utf8_ok(const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	int k;

	while (*p != '\0') {
		k = *p < 0x80 ? 0 : (*p & 0xE0) == 0xC0 ? 1 : (*p & 0xF0) ==
		    0xE0 ? 2 : (*p & 0xF8) == 0xF0 ? 3 : -1;
		if (k < 0)
			return 0;
		for (p++; k > 0; k--, p++)
			if ((*p & 0xC0) != 0x80)
				return 0;
	}
	return 1;
}

int
main(void)
{
	static char big[4 * ERR_MAX];
	struct err e;
	size_t i, n;

	/* A message of 300 bytes, once cut at 255, is kept whole. */
	memset(big, 'a', 300);
	big[300] = '\0';
	CHECK_EQ_INT(err_set(&e, "x: %s", big), -1);
	CHECK_EQ_INT(strlen(e.msg), 303);
	/* Words: cut at a space, with the ellipsis. */
	for (i = 0; i + 6 < sizeof big - 1; i += 6)
		memcpy(big + i, "word, ", 6);
	big[i] = '\0';
	err_set(&e, "%s", big);
	n = strlen(e.msg);
	CHECK(n < ERR_MAX);
	CHECK(n > ERR_MAX / 2);
	CHECK_EQ_STR(e.msg + n - 9, " word,\xe2\x80\xa6");
	/* No space: cut before a character, never inside one. */
	for (i = 0; i + 3 < sizeof big - 1; i += 3)
		memcpy(big + i, "\xe2\x82\xb9", 3);  /* the rupee sign */
	big[i] = '\0';
	err_set(&e, "%s", big);
	CHECK(utf8_ok(e.msg));
	CHECK_EQ_STR(e.msg + strlen(e.msg) - 3, "\xe2\x80\xa6");
	/* e->msg as an argument. */
	err_set(&e, "inner");
	err_set(&e, "outer: %s", e.msg);
	CHECK_EQ_STR(e.msg, "outer: inner");
	return t_done();
}
