/*
 * heap.h: the memory a command touches first, made ready before it starts:
 * the program's image, its stack and the heap it grows into.
 */
#ifndef GPULOG_CLI_HEAP_H
#define GPULOG_CLI_HEAP_H

/* The heap's first HEAP_READY bytes: about what `gpulog status` grows it
 * to (504 KiB at 1,000,000 runs, 444 KiB at 1,000). */
#define HEAP_READY (512 * 1024)

/*
 * Asks glibc's malloc to grow the heap HEAP_READY bytes beyond what each
 * growth needs, and to keep that much when it gives memory back; then has
 * the kernel make the heap's pages in one call (madvise()'s
 * MADV_POPULATE_WRITE, Linux 5.14), where each page touched for the first
 * time would cost a fault of its own: 16 us each on the machines of
 * README's Performance, where `gpulog status` at 1,000,000 runs took 202
 * faults, 125 with the heap made ready.  Called first thing in main().
 * Returns 1 when malloc is glibc's own, 0 under another allocator (a
 * sanitizer's, valgrind's), which it leaves alone.  Nothing it does can
 * fail a command.
 */
int heap_ready(void);

/*
 * Has the kernel map the code and constants of the program and of the C
 * library, and the program's data, a call each (MADV_POPULATE_READ and
 * _WRITE, Linux 5.14).  Otherwise each first use of a part not yet mapped
 * is a fault (one that maps the 16 pages around it, for code): `gpulog
 * status` took 18 in its own code, SQLite's mostly, 18 in the C library's
 * and 4 in its data.  Nothing it does can fail a command.
 */
void image_ready(void);

/* The stack's first STACK_READY bytes below main()'s frame: about what
 * `gpulog status` grows it by (6 faults). */
#define STACK_READY (64 * 1024)

/* Has the kernel make those pages in one call (MADV_POPULATE_WRITE). */
void stack_ready(void);

#endif
