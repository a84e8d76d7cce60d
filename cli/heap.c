/*
 * heap.c: heap_ready().  sbrk() and madvise() are outside POSIX's
 * declarations, so this file alone asks for the system's.
 */
#define _DEFAULT_SOURCE
#include "cli/heap.h"

#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif

void
heap_ready(void)
{
#if defined(__GLIBC__) && defined(MADV_POPULATE_WRITE)
	uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE), from, top;
	char *p;

	if (mallopt(M_TOP_PAD, HEAP_READY) != 1 || (p = malloc(1)) == NULL)
		return;
	from = ((uintptr_t)p + page - 1) & ~(page - 1);
	top = (uintptr_t)sbrk(0);
	/* p is in the heap that ends at top, unless malloc is not glibc's
	 * (a sanitizer's or valgrind's keep their own). */
	if (top > from && top - from <= 2 * (uintptr_t)HEAP_READY)
		(void)madvise((void *)from, top - from, MADV_POPULATE_WRITE);
	free(p);
#endif
}
