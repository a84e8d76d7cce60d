/*
 * heap.c: heap_ready(), image_ready() and stack_ready().  sbrk(),
 * madvise() and dl_iterate_phdr() are outside POSIX's declarations, so
 * this file alone asks for the system's.
 */
#define _GNU_SOURCE
#include "cli/heap.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#ifdef __GLIBC__
#include <link.h>
#include <malloc.h>
#endif

int
heap_ready(void)
{
#ifdef __GLIBC__
	uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE), from, top;
	char *p;
	int own;

	if (mallopt(M_TOP_PAD, HEAP_READY) != 1 || (p = malloc(1)) == NULL)
		return 0;
	from = ((uintptr_t)p + page - 1) & ~(page - 1);
	top = (uintptr_t)sbrk(0);
	/* p is in the heap that ends at top, unless malloc is not glibc's
	 * (a sanitizer's or valgrind's keep their own). */
	own = top > from && top - from <= 2 * (uintptr_t)HEAP_READY;
#ifdef MADV_POPULATE_WRITE
	if (own)
		(void)madvise((void *)from, top - from, MADV_POPULATE_WRITE);
#endif
	free(p);
	return own;
#else
	return 0;
#endif
}

#if defined(__GLIBC__) && defined(MADV_POPULATE_READ)
/* What of [from, to) is whole pages, made present: read, or written. */
static void
populate(uintptr_t from, uintptr_t to, int advice)
{
	uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);

	from &= ~(page - 1);
	to = (to + page - 1) & ~(page - 1);
	if (to > from)
		(void)madvise((void *)from, to - from, advice);
}

/*
 * The segments read and not written (code, constants) of the program,
 * listed first, and of the C library; and the program's data and bss
 * beyond what the loader made read-only once it had relocated it (RELRO).
 */
static int
map_object(struct dl_phdr_info *info, size_t size, void *arg)
{
	uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE), relro = 0, at;
	int *seen = arg, program = (*seen)++ == 0, i;

	(void)size;
	if (!program && strstr(info->dlpi_name, "/libc.so") == NULL)
		return 0;
	/* The read-only part's last page is read-only whole. */
	for (i = 0; i < info->dlpi_phnum; i++)
		if (info->dlpi_phdr[i].p_type == PT_GNU_RELRO)
			relro = (info->dlpi_addr + info->dlpi_phdr[i].p_vaddr +
			    info->dlpi_phdr[i].p_memsz + page - 1) & ~(page - 1);
	for (i = 0; i < info->dlpi_phnum; i++) {
		const ElfW(Phdr) *ph = &info->dlpi_phdr[i];

		if (ph->p_type != PT_LOAD)
			continue;
		at = info->dlpi_addr + ph->p_vaddr;
		if (!(ph->p_flags & PF_W))
			populate(at, at + ph->p_memsz, MADV_POPULATE_READ);
#ifdef MADV_POPULATE_WRITE
		else if (program)
			populate(at > relro ? at : relro, at + ph->p_memsz,
			    MADV_POPULATE_WRITE);
#endif
	}
	return 0;
}
#endif

void
image_ready(void)
{
#if defined(__GLIBC__) && defined(MADV_POPULATE_READ)
	int seen = 0;

	(void)dl_iterate_phdr(map_object, &seen);
#endif
}

void
stack_ready(void)
{
#ifdef MADV_POPULATE_WRITE
	uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE), top;
	char here;

	/* The stack's mapping reaches below the frames in use when the
	 * program starts (128 KiB); where it does not, madvise() refuses. */
	top = (uintptr_t)&here & ~(page - 1);
	(void)madvise((void *)(top - STACK_READY), STACK_READY,
	    MADV_POPULATE_WRITE);
#endif
}
