/*
 * text.h: text from outside made harmless, and names matched forgivingly.
 */
#ifndef GPULOG_TEXT_H
#define GPULOG_TEXT_H

#include <stddef.h>

/*
 * A copy of s safe to print on a terminal: C0 and C1 control characters,
 * DEL and bytes that are not UTF-8 are shown as \xNN (newline and tab as \n
 * and \t, backslash as \\).  NULL gives "".  The caller frees the result.
 */
char *text_safe(const char *s);

/*
 * A copy of a whole message safe to print on a terminal, as text_safe()
 * but leaving backslashes and newlines as they are, so that a message
 * whose parts were already made safe reads the same: every other C0 and
 * C1 control character (ESC, and so CSI and OSC sequences), DEL, the
 * bidirectional overrides and bytes that are not UTF-8 become \xNN (tab
 * \t).  NULL gives "".  The caller frees the result.
 */
char *text_term(const char *s);

/* Levenshtein distance between a and b (ASCII, case-insensitive). */
int text_distance(const char *a, const char *b);

enum {
	MATCH_OK = 0,
	MATCH_NONE = -1,
	MATCH_AMBIGUOUS = -2
};

/*
 * Finds in among names[0..n): an exact name, or else a unique prefix.
 * Returns MATCH_OK and sets *idx; otherwise writes into hint a comma list
 * of the candidates (for MATCH_AMBIGUOUS) or of the nearest names (for
 * MATCH_NONE: at most three, within an edit distance of 3 and of half the
 * name's length; hint is empty when none is that near).
 */
int text_match(const char *in, const char *const *names, size_t n, size_t *idx,
    char *hint, size_t hintlen);

/* Copies src into dst of size bytes (size > 0), cut to size - 1 bytes;
 * always terminated.  Returns the bytes copied. */
size_t text_copy(char *dst, size_t size, const char *src);

/* 1 when s is non-empty, at most max bytes, and has no control character
 * and none of the bytes in forbid. */
int text_is_name(const char *s, size_t max, const char *forbid);

/* The one rule for a tag, wherever it comes from (typed, a CSV column, an
 * export): 1 when s is a tag; text_tag_rule says the rule in words. */
int text_tag_ok(const char *s);
extern const char text_tag_rule[];

/*
 * Whether output may use colour, by https://no-color.org: 1 when is_tty is
 * non-zero and no_color_env (the value of NO_COLOR, NULL when unset) is
 * unset or empty; 0 when NO_COLOR is set to a non-empty value or the output
 * is not a terminal.  The one place this rule lives.
 */
int text_color_wanted(const char *no_color_env, int is_tty);

/*
 * Whether the locale's character set is UTF-8, read from the locale's name
 * as setlocale(3) picks it: lc_all, lc_ctype, lang (the values of LC_ALL,
 * LC_CTYPE and LANG, NULL when unset), the first set and not empty.  1 when
 * its codeset, after the '.' and before any '@', is UTF-8 written any way
 * glibc accepts ("UTF-8", "utf8": case and punctuation aside); 0 otherwise
 * ("C", "POSIX", none).  The one place this rule lives: no locale file is
 * read for it.
 */
int text_locale_utf8(const char *lc_all, const char *lc_ctype,
    const char *lang);

/*
 * A terminal's answer to the OSC 11 query (its background colour), as in
 * "\033]11;rgb:ffff/ffff/dddd\033\\" (or ended by BEL), anywhere in the
 * n bytes at s: 1 when the colour is light (its luma, 0.299 R + 0.587 G +
 * 0.114 B, at least half of white), 0 when dark, -1 when s holds no such
 * answer.  Each component has 1 to 4 hex digits, scaled to its width.
 */
int text_osc11_light(const char *s, size_t n);

/* The valid UTF-8 sequence at s: its length, with its code point in *cp;
 * 0 when the bytes are not UTF-8 (overlong, a surrogate, past U+10FFFF,
 * cut short). */
size_t text_utf8(const char *s, unsigned *cp);

/* Columns the code point cp takes on a terminal: 0 (a combining mark, a
 * variation selector, a zero-width space or joiner), 2 (East Asian wide
 * and fullwidth characters, most emoji) or 1. */
int text_cp_width(unsigned cp);

/* Display width of UTF-8 s in terminal columns: the sum of
 * text_cp_width() over its code points, a byte that is not UTF-8 counting
 * one.  Every padded column the CLI prints is measured with it. */
size_t text_width(const char *s);

/* The same for the first n bytes of s. */
size_t text_width_n(const char *s, size_t n);

/* How many bytes of s fit in cols columns, never splitting a character. */
size_t text_cut(const char *s, size_t cols);

#endif
