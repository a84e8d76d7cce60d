/*
 * heap.h: the heap a command grows into, made ready before it starts.
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
 * Does nothing under another allocator (a sanitizer's, valgrind's) or
 * an older kernel; nothing it does can fail a command.
 */
void heap_ready(void);

#endif
