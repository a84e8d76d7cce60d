/*
 * test-lineedit.c: core/lineedit.c, the line editor under the dashboard's
 * form fields: the caret steps whole UTF-8 characters (two, three and four
 * bytes) by character and by word, to either end, and insertion and
 * deletion keep the text valid and the caret on a character's start.
 */
#include <string.h>

#include "core/lineedit.h"
#include "tests/unit/t.h"

#define E_ACUTE "\xc3\xa9"            /* é, 2 bytes */
#define RUPEE "\xe2\x82\xb9"          /* ₹, 3 bytes */
#define GPU_EMOJI "\xf0\x9f\x96\xa5"  /* 🖥, 4 bytes */

/* Sets text and caret: the caret where '|' stands in s. */
static void
set(char *text, size_t cap, size_t *caret, const char *s)
{
	const char *bar = strchr(s, '|');

	*caret = (size_t)(bar - s);
	snprintf(text, cap, "%.*s%s", (int)*caret, s, bar + 1);
}

/* The text with '|' at the caret, for comparing. */
static const char *
show(const char *text, size_t caret)
{
	static char b[512];

	snprintf(b, sizeof b, "%.*s|%s", (int)caret, text, text + caret);
	return b;
}

static void
test_left_right(void)
{
	char s[64];
	size_t c;

	set(s, sizeof s, &c, "a" E_ACUTE RUPEE GPU_EMOJI "|");
	CHECK_EQ_INT(lineedit_do(s, &c, LE_LEFT), 0);
	CHECK_EQ_STR(show(s, c), "a" E_ACUTE RUPEE "|" GPU_EMOJI);
	lineedit_do(s, &c, LE_LEFT);
	CHECK_EQ_STR(show(s, c), "a" E_ACUTE "|" RUPEE GPU_EMOJI);
	lineedit_do(s, &c, LE_LEFT);
	CHECK_EQ_STR(show(s, c), "a|" E_ACUTE RUPEE GPU_EMOJI);
	lineedit_do(s, &c, LE_LEFT);
	CHECK_EQ_STR(show(s, c), "|a" E_ACUTE RUPEE GPU_EMOJI);
	lineedit_do(s, &c, LE_LEFT);          /* at the start: stays */
	CHECK_EQ_INT(c, 0);
	lineedit_do(s, &c, LE_RIGHT);
	lineedit_do(s, &c, LE_RIGHT);
	CHECK_EQ_STR(show(s, c), "a" E_ACUTE "|" RUPEE GPU_EMOJI);
	lineedit_do(s, &c, LE_RIGHT);
	lineedit_do(s, &c, LE_RIGHT);
	CHECK_EQ_INT(c, strlen(s));
	CHECK_EQ_INT(lineedit_do(s, &c, LE_RIGHT), 0); /* at the end */
	CHECK_EQ_INT(c, strlen(s));
	CHECK_EQ_STR(s, "a" E_ACUTE RUPEE GPU_EMOJI);
}

static void
test_home_end(void)
{
	char s[64];
	size_t c;

	set(s, sizeof s, &c, RUPEE "25|0 " E_ACUTE);
	CHECK_EQ_INT(lineedit_do(s, &c, LE_HOME), 0);
	CHECK_EQ_INT(c, 0);
	CHECK_EQ_INT(lineedit_do(s, &c, LE_END), 0);
	CHECK_EQ_STR(show(s, c), RUPEE "250 " E_ACUTE "|");
	set(s, sizeof s, &c, "|");
	lineedit_do(s, &c, LE_END);
	CHECK_EQ_INT(c, 0);
}

static void
test_words(void)
{
	char s[96];
	size_t c;

	set(s, sizeof s, &c, "caf" E_ACUTE " na" E_ACUTE "ve, " RUPEE
	    "92|");
	lineedit_do(s, &c, LE_WORD_LEFT);
	/* The rupee sign is not punctuation: it is part of the word. */
	CHECK_EQ_STR(show(s, c), "caf" E_ACUTE " na" E_ACUTE "ve, |" RUPEE
	    "92");
	lineedit_do(s, &c, LE_WORD_LEFT);     /* over ", " */
	CHECK_EQ_STR(show(s, c), "caf" E_ACUTE " |na" E_ACUTE "ve, " RUPEE
	    "92");
	lineedit_do(s, &c, LE_RIGHT);         /* inside a word: its start */
	lineedit_do(s, &c, LE_WORD_LEFT);
	CHECK_EQ_STR(show(s, c), "caf" E_ACUTE " |na" E_ACUTE "ve, " RUPEE
	    "92");
	lineedit_do(s, &c, LE_WORD_LEFT);
	CHECK_EQ_INT(c, 0);
	CHECK_EQ_INT(lineedit_do(s, &c, LE_WORD_LEFT), 0);
	CHECK_EQ_INT(c, 0);

	lineedit_do(s, &c, LE_WORD_RIGHT);    /* to the end of the word */
	CHECK_EQ_STR(show(s, c), "caf" E_ACUTE "| na" E_ACUTE "ve, " RUPEE
	    "92");
	lineedit_do(s, &c, LE_WORD_RIGHT);
	CHECK_EQ_STR(show(s, c), "caf" E_ACUTE " na" E_ACUTE "ve|, " RUPEE
	    "92");
	lineedit_do(s, &c, LE_WORD_RIGHT);
	CHECK_EQ_INT(c, strlen(s));
	CHECK_EQ_INT(lineedit_do(s, &c, LE_WORD_RIGHT), 0);
	CHECK_EQ_INT(c, strlen(s));

	/* Only separators: word moves go to either end. */
	set(s, sizeof s, &c, " ,|; ");
	lineedit_do(s, &c, LE_WORD_LEFT);
	CHECK_EQ_INT(c, 0);
	lineedit_do(s, &c, LE_WORD_RIGHT);
	CHECK_EQ_INT(c, strlen(s));
	CHECK_EQ_STR(s, " ,; ");
}

static void
test_delete(void)
{
	char s[64];
	size_t c;

	set(s, sizeof s, &c, "a" E_ACUTE "|" RUPEE GPU_EMOJI);
	CHECK_EQ_INT(lineedit_do(s, &c, LE_BACKSPACE), 1);
	CHECK_EQ_STR(show(s, c), "a|" RUPEE GPU_EMOJI);
	CHECK_EQ_INT(lineedit_do(s, &c, LE_DELETE), 1);
	CHECK_EQ_STR(show(s, c), "a|" GPU_EMOJI);
	CHECK_EQ_INT(lineedit_do(s, &c, LE_DELETE), 1);
	CHECK_EQ_STR(show(s, c), "a|");
	CHECK_EQ_INT(lineedit_do(s, &c, LE_DELETE), 0); /* nothing at it */
	CHECK_EQ_STR(show(s, c), "a|");
	CHECK_EQ_INT(lineedit_do(s, &c, LE_BACKSPACE), 1);
	CHECK_EQ_STR(show(s, c), "|");
	CHECK_EQ_INT(lineedit_do(s, &c, LE_BACKSPACE), 0); /* nothing */
	CHECK_EQ_STR(show(s, c), "|");

	set(s, sizeof s, &c, GPU_EMOJI "|" GPU_EMOJI);
	CHECK_EQ_INT(lineedit_do(s, &c, LE_BACKSPACE), 1);
	CHECK_EQ_STR(show(s, c), "|" GPU_EMOJI);

	set(s, sizeof s, &c, "caf" E_ACUTE "|x");
	CHECK_EQ_INT(lineedit_do(s, &c, LE_CLEAR), 1);
	CHECK_EQ_STR(show(s, c), "|");
	CHECK_EQ_INT(lineedit_do(s, &c, LE_CLEAR), 0);
}

static void
test_insert(void)
{
	char s[64], small[8];
	size_t c;

	set(s, sizeof s, &c, "|250");
	CHECK_EQ_INT(lineedit_insert(s, sizeof s, &c, 0x20b9), 1); /* ₹ */
	CHECK_EQ_STR(show(s, c), RUPEE "|250");
	lineedit_do(s, &c, LE_END);
	CHECK_EQ_INT(lineedit_insert(s, sizeof s, &c, ' '), 1);
	CHECK_EQ_INT(lineedit_insert(s, sizeof s, &c, 0xe9), 1);   /* é */
	CHECK_EQ_INT(lineedit_insert(s, sizeof s, &c, 0x1f5a5), 1);
	CHECK_EQ_STR(show(s, c), RUPEE "250 " E_ACUTE GPU_EMOJI "|");
	lineedit_do(s, &c, LE_LEFT);
	lineedit_do(s, &c, LE_LEFT);
	CHECK_EQ_INT(lineedit_insert(s, sizeof s, &c, 'x'), 1);
	CHECK_EQ_STR(show(s, c), RUPEE "250 x|" E_ACUTE GPU_EMOJI);

	/* One byte past the NUL stays free: 8 bytes hold at most 6. */
	set(small, sizeof small, &c, "abcde|");
	CHECK_EQ_INT(lineedit_insert(small, sizeof small, &c, 0xe9), 0);
	CHECK_EQ_STR(show(small, c), "abcde|");
	CHECK_EQ_INT(lineedit_insert(small, sizeof small, &c, 'f'), 1);
	CHECK_EQ_INT(lineedit_insert(small, sizeof small, &c, 'g'), 0);
	CHECK_EQ_STR(show(small, c), "abcdef|");
}

int
main(void)
{
	test_left_right();
	test_home_end();
	test_words();
	test_delete();
	test_insert();
	return t_done();
}
