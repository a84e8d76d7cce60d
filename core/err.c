/* err.c: error messages, die() and the allocators that never return NULL. */
#include "core/err.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void (*die_hook)(void);

int
err_set(struct err *e, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	err_vset(e, fmt, ap);
	va_end(ap);
	return -1;
}

int
err_vset(struct err *e, const char *fmt, va_list ap)
{
	char buf[sizeof(struct err)];
	size_t cut;
	int n;

	if (e == NULL)
		return -1;
	/* Through a copy, so that e->msg may be an argument: a caller adds
	 * context with err_set(e, "--start: %s", e->msg). */
	n = vsnprintf(buf, sizeof buf, fmt, ap);
	if (n >= (int)sizeof buf) {
		/* Room for "..." (3 bytes, U+2026), cut at a space when one is
		 * near, else before a UTF-8 lead byte. */
		cut = sizeof buf - 4;
		while (cut > sizeof buf / 2 && buf[cut] != ' ')
			cut--;
		if (buf[cut] != ' ')
			for (cut = sizeof buf - 4; cut > 0 &&
			    ((unsigned char)buf[cut] & 0xC0) == 0x80; cut--)
				;
		memcpy(buf + cut, "\xe2\x80\xa6", 4);
	}
	memcpy(e->msg, buf, sizeof e->msg);
	return -1;
}

void
die_set_hook(void (*hook)(void))
{
	die_hook = hook;
}

void
die(const char *fmt, ...)
{
	va_list ap;

	if (die_hook != NULL)
		die_hook();
	fputs("gpulog: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(1);
}

void *
xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);

	if (p == NULL)
		die("out of memory");
	return p;
}

void *
xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size ? size : 1);

	if (p == NULL)
		die("out of memory");
	return p;
}

void *
xrealloc(void *p, size_t n)
{
	p = realloc(p, n ? n : 1);
	if (p == NULL)
		die("out of memory");
	return p;
}

char *
xstrdup(const char *s)
{
	return xstrndup(s, strlen(s));
}

char *
xstrndup(const char *s, size_t n)
{
	char *p = xmalloc(n + 1);

	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}
