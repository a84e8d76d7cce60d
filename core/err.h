/*
 * err.h: how failures travel below cli/ and tui/.  Functions return 0 or -1
 * and write the reason into a struct err the caller supplies; only the edges
 * print.  die() is for out-of-memory and broken invariants.
 */
#ifndef GPULOG_ERR_H
#define GPULOG_ERR_H

#include <stdarg.h>
#include <stddef.h>

/* ERR_MAX bytes hold any message gpulog writes; a longer one (a huge
 * argument) is cut at a word, never inside a UTF-8 character, and ends
 * with an ellipsis. */
#define ERR_MAX 1024
struct err {
	char msg[ERR_MAX];
};

/* Formats the reason into e (if e is not NULL); e->msg may be one of the
 * arguments.  Always returns -1. */
int err_set(struct err *e, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* err_set() with a va_list: what a function that takes a format and
 * reports through something other than struct err (a notice) formats
 * with, so that its message is cut by the same rule. */
int err_vset(struct err *e, const char *fmt, va_list ap)
    __attribute__((format(printf, 2, 0)));

/* Prints "gpulog: MSG" on stderr after running the die hook, exits 1. */
_Noreturn void die(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Sets a function run before die() prints (the TUI restores the screen). */
void die_set_hook(void (*hook)(void));

/* These die rather than return NULL: don't check them.  The caller frees. */
void *xmalloc(size_t n);
void *xcalloc(size_t n, size_t size);
void *xrealloc(void *p, size_t n);
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t n);

#endif
