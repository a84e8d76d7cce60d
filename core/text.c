/* text.c: escaping of outside text, distances and prefix matching. */
#include "core/text.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "core/err.h"

/* Length of the valid UTF-8 sequence at p, or 0 when it is not one. */
static size_t
utf8_len(const unsigned char *p)
{
	size_t n, i;
	unsigned cp;

	if (p[0] < 0x80)
		return 1;
	if (p[0] >= 0xc2 && p[0] <= 0xdf)
		n = 2, cp = p[0] & 0x1f;
	else if (p[0] >= 0xe0 && p[0] <= 0xef)
		n = 3, cp = p[0] & 0x0f;
	else if (p[0] >= 0xf0 && p[0] <= 0xf4)
		n = 4, cp = p[0] & 0x07;
	else
		return 0;
	for (i = 1; i < n; i++) {
		if ((p[i] & 0xc0) != 0x80)
			return 0;
		cp = cp << 6 | (p[i] & 0x3f);
	}
	if ((n == 3 && cp < 0x800) || (n == 4 && cp < 0x10000) ||
	    cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
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

int
text_color_wanted(const char *no_color_env, int is_tty)
{
	return is_tty && (no_color_env == NULL || *no_color_env == '\0');
}

size_t
text_width_n(const char *s, size_t n)
{
	size_t w = 0, i;

	for (i = 0; i < n && s[i] != '\0'; i++)
		if (((unsigned char)s[i] & 0xc0) != 0x80)
			w++;
	return w;
}

size_t
text_width(const char *s)
{
	size_t w = 0;

	for (; *s != '\0'; s++)
		if (((unsigned char)*s & 0xc0) != 0x80)
			w++;
	return w;
}

const char text_tag_rule[] = "a tag is 1 to 64 bytes with no comma or "
    "control character";

int
text_tag_ok(const char *s)
{
	return text_is_name(s, 64, ",");
}
