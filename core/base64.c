/*
 * base64.c: RFC 4648 base64 (see base64.h).  Knows nothing of what is
 * encoded: the Kaggle client uses it for HTTP Basic credentials.
 */
#include "core/base64.h"

#include <stdint.h>

static const char alphabet[] =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

size_t
base64_encoded_len(size_t n)
{
	return (n + 2) / 3 * 4;
}

size_t
base64_encode(const void *in, size_t n, char *out)
{
	const unsigned char *p = in;
	size_t i, o = 0;

	for (i = 0; i < n; i += 3) {
		uint32_t v = (uint32_t)p[i] << 16;

		if (i + 1 < n)
			v |= (uint32_t)p[i + 1] << 8;
		if (i + 2 < n)
			v |= p[i + 2];
		out[o++] = alphabet[v >> 18 & 63];
		out[o++] = alphabet[v >> 12 & 63];
		out[o++] = i + 1 < n ? alphabet[v >> 6 & 63] : '=';
		out[o++] = i + 2 < n ? alphabet[v & 63] : '=';
	}
	out[o] = '\0';
	return o;
}

/* The value of one alphabet byte, or -1. */
static int
sextet(unsigned char c)
{
	if (c >= 'A' && c <= 'Z')
		return c - 'A';
	if (c >= 'a' && c <= 'z')
		return c - 'a' + 26;
	if (c >= '0' && c <= '9')
		return c - '0' + 52;
	if (c == '+')
		return 62;
	if (c == '/')
		return 63;
	return -1;
}

int
base64_decode(const char *in, size_t n, void *out, size_t *outlen)
{
	unsigned char *q = out;
	size_t i, o = 0;

	*outlen = 0;
	if (n % 4 != 0)
		return -1;
	for (i = 0; i < n; i += 4) {
		int s[4], k, pad = 0;
		uint32_t v = 0;

		for (k = 0; k < 4; k++) {
			unsigned char c = (unsigned char)in[i + k];

			/* Padding only in the last quantum's last places. */
			if (c == '=' && i + 4 == n && k >= 2) {
				s[k] = 0;
				pad++;
				continue;
			}
			if (pad > 0 || (s[k] = sextet(c)) < 0)
				return -1;
		}
		for (k = 0; k < 4; k++)
			v = v << 6 | (uint32_t)s[k];
		/* Bits past the last byte must be zero (RFC 4648 3.5). */
		if ((pad == 1 && (v & 0xff) != 0) ||
		    (pad == 2 && (v & 0xffff) != 0))
			return -1;
		q[o++] = (unsigned char)(v >> 16);
		if (pad < 2)
			q[o++] = (unsigned char)(v >> 8 & 0xff);
		if (pad < 1)
			q[o++] = (unsigned char)(v & 0xff);
	}
	*outlen = o;
	return 0;
}
