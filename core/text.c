/* text.c: escaping of outside text, distances and prefix matching. */
#include "core/text.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "core/err.h"

size_t
text_utf8(const char *s, unsigned *cp)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t n, i;

	*cp = p[0];
	if (p[0] < 0x80)
		return 1;
	if (p[0] >= 0xc2 && p[0] <= 0xdf)
		n = 2, *cp = p[0] & 0x1f;
	else if (p[0] >= 0xe0 && p[0] <= 0xef)
		n = 3, *cp = p[0] & 0x0f;
	else if (p[0] >= 0xf0 && p[0] <= 0xf4)
		n = 4, *cp = p[0] & 0x07;
	else
		return 0;
	for (i = 1; i < n; i++) {
		if ((p[i] & 0xc0) != 0x80)
			return 0;
		*cp = *cp << 6 | (p[i] & 0x3f);
	}
	if ((n == 3 && *cp < 0x800) || (n == 4 && *cp < 0x10000) ||
	    *cp > 0x10ffff || (*cp >= 0xd800 && *cp <= 0xdfff))
		return 0;
	return n;
}

/* Length of the UTF-8 sequence at p that may reach a terminal as it is,
 * or 0 when it is not valid UTF-8 or must be escaped. */
static size_t
utf8_len(const unsigned char *p)
{
	unsigned cp;
	size_t n = text_utf8((const char *)p, &cp);

	if (n == 0)
		return 0;
	/* C1 controls (U+0080..U+009F) act like escapes on some terminals;
	 * so do the bidirectional overrides. */
	if ((cp >= 0x80 && cp <= 0x9f) || (cp >= 0x202a && cp <= 0x202e) ||
	    (cp >= 0x2066 && cp <= 0x2069))
		return 0;
	return n;
}

/* The escaper of text_safe() (message 0: a value quoted in a message,
 * newlines and backslashes escaped) and text_term() (message 1: a whole
 * message, which keeps its newlines and backslashes). */
static char *
escape(const char *s, int message)
{
	const unsigned char *p = (const unsigned char *)(s ? s : "");
	size_t cap = strlen((const char *)p) * 4 + 1, k = 0, n;
	char *out = xmalloc(cap);

	while (*p != '\0') {
		if (message && (*p == '\n' || *p == '\\')) {
			out[k++] = (char)*p++;
		} else if (*p == '\\') {
			out[k++] = '\\';
			out[k++] = '\\';
			p++;
		} else if (*p == '\n') {
			out[k++] = '\\';
			out[k++] = 'n';
			p++;
		} else if (*p == '\t') {
			out[k++] = '\\';
			out[k++] = 't';
			p++;
		} else if (*p < 0x20 || *p == 0x7f ||
		    (n = utf8_len(p)) == 0) {
			/* A whole rejected sequence is escaped byte by byte
			 * as it is met; continuation bytes follow. */
			k += (size_t)snprintf(out + k, cap - k, "\\x%02x", *p);
			p++;
		} else {
			memcpy(out + k, p, n);
			k += n;
			p += n;
		}
	}
	out[k] = '\0';
	return out;
}

char *
text_safe(const char *s)
{
	return escape(s, 0);
}

char *
text_term(const char *s)
{
	return escape(s, 1);
}

int
text_distance(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b), i, j;
	int row[64], prev, tmp, best;

	if (lb >= sizeof row / sizeof row[0])
		lb = sizeof row / sizeof row[0] - 1;
	for (j = 0; j <= lb; j++)
		row[j] = (int)j;
	for (i = 1; i <= la; i++) {
		prev = row[0];
		row[0] = (int)i;
		for (j = 1; j <= lb; j++) {
			tmp = row[j];
			best = prev + (tolower((unsigned char)a[i - 1]) !=
			    tolower((unsigned char)b[j - 1]));
			if (row[j] + 1 < best)
				best = row[j] + 1;
			if (row[j - 1] + 1 < best)
				best = row[j - 1] + 1;
			row[j] = best;
			prev = tmp;
		}
	}
	return row[lb];
}

static void
hint_add(char *hint, size_t len, const char *name)
{
	size_t k = strlen(hint);

	snprintf(hint + k, len - k, "%s%s", k ? ", " : "", name);
}

int
text_match(const char *in, const char *const *names, size_t n, size_t *idx,
    char *hint, size_t hintlen)
{
	size_t i, found = 0, plen = strlen(in);
	size_t best[3];
	int bestd[3], d, k, j;

	hint[0] = '\0';
	for (i = 0; i < n; i++)
		if (strcasecmp(in, names[i]) == 0) {
			*idx = i;
			return MATCH_OK;
		}
	for (i = 0; i < n; i++)
		if (plen > 0 && strncasecmp(in, names[i], plen) == 0) {
			if (found++ == 0)
				*idx = i;
			hint_add(hint, hintlen, names[i]);
		}
	if (found == 1) {
		hint[0] = '\0';
		return MATCH_OK;
	}
	if (found > 1)
		return MATCH_AMBIGUOUS;
	/* The three nearest by edit distance, ties in table order. */
	for (k = 0; k < 3; k++)
		bestd[k] = 1 << 30;
	for (i = 0; i < n; i++) {
		d = text_distance(in, names[i]);
		for (k = 0; k < 3; k++)
			if (d < bestd[k]) {
				for (j = 2; j > k; j--) {
					bestd[j] = bestd[j - 1];
					best[j] = best[j - 1];
				}
				bestd[k] = d;
				best[k] = i;
				break;
			}
	}
	/* Only names near enough to be the one meant. */
	for (k = 0; k < 3 && (size_t)k < n; k++)
		if (bestd[k] <= 3 &&
		    bestd[k] * 2 <= (int)strlen(names[best[k]]))
			hint_add(hint, hintlen, names[best[k]]);
	return MATCH_NONE;
}

size_t
text_copy(char *dst, size_t size, const char *src)
{
	size_t n = strnlen(src, size - 1);

	memcpy(dst, src, n);
	dst[n] = '\0';
	return n;
}

int
text_is_name(const char *s, size_t max, const char *forbid)
{
	const unsigned char *p = (const unsigned char *)s;
	const char *f;

	if (*p == '\0' || strlen(s) > max)
		return 0;
	/* Every field of every imported row comes here: forbid (a few
	 * bytes, often none) is walked in place of a strchr() a byte. */
	for (; *p != '\0'; p++) {
		if (*p < 0x20 || *p == 0x7f)
			return 0;
		for (f = forbid; *f != '\0' && (unsigned char)*f != *p; f++)
			;
		if (*f != '\0')
			return 0;
	}
	return 1;
}

/* A component of 1 to 4 hex digits at *p, scaled to 0..65535; -1 when
 * there is none. */
static long
hex_component(const char **p, const char *end)
{
	long v = 0, max = 0;
	int k = 0;

	while (*p < end && k < 4 && isxdigit((unsigned char)**p)) {
		int c = (unsigned char)**p;

		v = v * 16 + (isdigit(c) ? c - '0' : (tolower(c) - 'a' + 10));
		max = max * 16 + 15;
		(*p)++;
		k++;
	}
	return k == 0 ? -1 : v * 65535 / max;
}

int
text_osc11_light(const char *s, size_t n)
{
	const char *end = s + n, *p;
	long rgb[3];
	int i;

	for (p = s; p + 9 <= end; p++) {
		const char *q;

		if (memcmp(p, "\033]11;rgb:", 9) != 0)
			continue;
		q = p + 9;
		for (i = 0; i < 3; i++) {
			if ((rgb[i] = hex_component(&q, end)) < 0)
				break;
			if (i < 2 && (q >= end || *q++ != '/'))
				break;
		}
		if (i < 3)
			continue;
		/* Luma in 0..65535 x 1000. */
		return 299 * rgb[0] + 587 * rgb[1] + 114 * rgb[2] >=
		    65535L * 1000 / 2;
	}
	return -1;
}

int
text_color_wanted(const char *no_color_env, int is_tty)
{
	return is_tty && (no_color_env == NULL || *no_color_env == '\0');
}

int
text_locale_utf8(const char *lc_all, const char *lc_ctype, const char *lang)
{
	const char *name = lc_all, *p;
	char cs[8];
	size_t n = 0;

	if (name == NULL || *name == '\0')
		name = lc_ctype;
	if (name == NULL || *name == '\0')
		name = lang;
	if (name == NULL || (p = strchr(name, '.')) == NULL)
		return 0;
	for (p++; *p != '\0' && *p != '@'; p++) {
		if (!isalnum((unsigned char)*p))
			continue;
		if (n == sizeof cs - 1)
			return 0;
		cs[n++] = (char)tolower((unsigned char)*p);
	}
	cs[n] = '\0';
	return strcmp(cs, "utf8") == 0;
}

/*
 * Columns a code point takes on a terminal, by Unicode's East Asian Width
 * (W and F: 2) and its zero-width marks (combining marks, variation
 * selectors, joiners: 0); 1 otherwise.  A table of our own rather than
 * wcwidth(3), whose answer depends on the locale: gpulog's columns line up
 * the same under LANG=C.UTF-8, a Japanese locale or none.
 */
struct range {
	unsigned lo, hi;
};

static const struct range wide[] = {
	{ 0x1100, 0x115f }, { 0x231a, 0x231b }, { 0x2329, 0x232a },
	{ 0x23e9, 0x23ec }, { 0x23f0, 0x23f0 }, { 0x23f3, 0x23f3 },
	{ 0x25fd, 0x25fe }, { 0x2614, 0x2615 }, { 0x2648, 0x2653 },
	{ 0x267f, 0x267f }, { 0x2693, 0x2693 }, { 0x26a1, 0x26a1 },
	{ 0x26aa, 0x26ab }, { 0x26bd, 0x26be }, { 0x26c4, 0x26c5 },
	{ 0x26ce, 0x26ce }, { 0x26d4, 0x26d4 }, { 0x26ea, 0x26ea },
	{ 0x26f2, 0x26f3 }, { 0x26f5, 0x26f5 }, { 0x26fa, 0x26fa },
	{ 0x26fd, 0x26fd }, { 0x2705, 0x2705 }, { 0x270a, 0x270b },
	{ 0x2728, 0x2728 }, { 0x274c, 0x274c }, { 0x274e, 0x274e },
	{ 0x2753, 0x2755 }, { 0x2757, 0x2757 }, { 0x2795, 0x2797 },
	{ 0x27b0, 0x27b0 }, { 0x27bf, 0x27bf }, { 0x2b1b, 0x2b1c },
	{ 0x2b50, 0x2b50 }, { 0x2b55, 0x2b55 }, { 0x2e80, 0x303e },
	{ 0x3041, 0x33ff }, { 0x3400, 0x4dbf }, { 0x4e00, 0x9fff },
	{ 0xa000, 0xa4cf }, { 0xa960, 0xa97f }, { 0xac00, 0xd7a3 },
	{ 0xf900, 0xfaff }, { 0xfe10, 0xfe19 }, { 0xfe30, 0xfe6f },
	{ 0xff00, 0xff60 }, { 0xffe0, 0xffe6 }, { 0x16fe0, 0x16fe4 },
	{ 0x17000, 0x18cff }, { 0x1b000, 0x1b2ff }, { 0x1f004, 0x1f004 },
	{ 0x1f0cf, 0x1f0cf }, { 0x1f18e, 0x1f18e }, { 0x1f191, 0x1f19a },
	{ 0x1f200, 0x1f251 }, { 0x1f260, 0x1f265 }, { 0x1f300, 0x1f320 },
	{ 0x1f32d, 0x1f335 }, { 0x1f337, 0x1f37c }, { 0x1f37e, 0x1f393 },
	{ 0x1f3a0, 0x1f3ca }, { 0x1f3cf, 0x1f3d3 }, { 0x1f3e0, 0x1f3f0 },
	{ 0x1f3f4, 0x1f3f4 }, { 0x1f3f8, 0x1f43e }, { 0x1f440, 0x1f440 },
	{ 0x1f442, 0x1f4fc }, { 0x1f4ff, 0x1f53d }, { 0x1f54b, 0x1f54e },
	{ 0x1f550, 0x1f567 }, { 0x1f57a, 0x1f57a }, { 0x1f595, 0x1f596 },
	{ 0x1f5a4, 0x1f5a4 }, { 0x1f5fb, 0x1f64f }, { 0x1f680, 0x1f6c5 },
	{ 0x1f6cc, 0x1f6cc }, { 0x1f6d0, 0x1f6d2 }, { 0x1f6d5, 0x1f6d7 },
	{ 0x1f6eb, 0x1f6ec }, { 0x1f6f4, 0x1f6fc }, { 0x1f7e0, 0x1f7eb },
	{ 0x1f90c, 0x1f93a }, { 0x1f93c, 0x1f945 }, { 0x1f947, 0x1f9ff },
	{ 0x1fa70, 0x1faff }, { 0x20000, 0x2fffd }, { 0x30000, 0x3fffd },
}, zero[] = {
	{ 0x0300, 0x036f }, { 0x0483, 0x0489 }, { 0x0591, 0x05bd },
	{ 0x0610, 0x061a }, { 0x064b, 0x065f }, { 0x0900, 0x0902 },
	{ 0x093a, 0x093a }, { 0x093c, 0x093c }, { 0x0941, 0x0948 },
	{ 0x094d, 0x094d }, { 0x0951, 0x0957 }, { 0x0962, 0x0963 },
	{ 0x1ab0, 0x1aff }, { 0x1dc0, 0x1dff }, { 0x200b, 0x200f },
	{ 0x20d0, 0x20ff }, { 0xfe00, 0xfe0f }, { 0xfe20, 0xfe2f },
	{ 0xfeff, 0xfeff }, { 0xe0100, 0xe01ef },
};

static int
in_ranges(unsigned cp, const struct range *r, size_t n)
{
	size_t lo = 0, hi = n;

	while (lo < hi) {
		size_t mid = (lo + hi) / 2;

		if (cp > r[mid].hi)
			lo = mid + 1;
		else if (cp < r[mid].lo)
			hi = mid;
		else
			return 1;
	}
	return 0;
}

int
text_cp_width(unsigned cp)
{
	if (cp < 0x300)
		return 1;
	if (in_ranges(cp, zero, sizeof zero / sizeof zero[0]))
		return 0;
	return in_ranges(cp, wide, sizeof wide / sizeof wide[0]) ? 2 : 1;
}

/* A byte that is not part of valid UTF-8 counts one column: it is printed
 * as one replacement or escape, never as part of a wider character. */
size_t
text_width_n(const char *s, size_t n)
{
	size_t w = 0, i = 0, k;
	unsigned cp;

	while (i < n && s[i] != '\0') {
		k = text_utf8(s + i, &cp);
		if (k == 0 || i + k > n) {
			w++;
			i++;
			continue;
		}
		w += (size_t)text_cp_width(cp);
		i += k;
	}
	return w;
}

size_t
text_width(const char *s)
{
	return text_width_n(s, strlen(s));
}

size_t
text_cut(const char *s, size_t cols)
{
	size_t w = 0, i = 0, k, cw;
	unsigned cp;

	while (s[i] != '\0') {
		k = text_utf8(s + i, &cp);
		cw = k ? (size_t)text_cp_width(cp) : 1;
		if (w + cw > cols)
			break;
		w += cw;
		i += k ? k : 1;
	}
	return i;
}

const char text_tag_rule[] = "a tag is 1 to 64 bytes with no comma or "
    "control character";

int
text_tag_ok(const char *s)
{
	return text_is_name(s, 64, ",");
}
