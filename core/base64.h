/*
 * base64.h: base64 as RFC 4648 section 4 defines it: the standard
 * alphabet (A-Z a-z 0-9 + /) with "=" padding, no line breaks.  Pure
 * functions over the caller's buffers; nothing is allocated.
 */
#ifndef GPULOG_BASE64_H
#define GPULOG_BASE64_H

#include <stddef.h>

/* The length of n bytes encoded, without the terminating NUL: 4 for every
 * 3 bytes or part of 3. */
size_t base64_encoded_len(size_t n);

/*
 * Encodes in[0..n) into out, which holds base64_encoded_len(n) + 1 bytes,
 * and NUL-terminates it.  Returns the length written (without the NUL).
 */
size_t base64_encode(const void *in, size_t n, char *out);

/*
 * Decodes in[0..n) into out, which holds at least n / 4 * 3 bytes; sets
 * *outlen.  Returns 0, or -1 when in is not canonical base64: a length
 * that is not a multiple of 4, a byte outside the alphabet (line breaks
 * and blanks included), "=" anywhere but the last one or two places, or
 * padding bits that are not zero.  out is then unspecified.
 */
int base64_decode(const char *in, size_t n, void *out, size_t *outlen);

#endif
