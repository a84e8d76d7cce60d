/*
 * blocks.h: small blocks for SQLite, from free lists.
 *
 * Debian's SQLite is built without its lookaside (OMIT_LOOKASIDE), so each
 * of the 2,700 allocations a `gpulog status` makes in SQLite (a parsed
 * schema, 25 prepared statements) went to malloc() and free(): 14% of the
 * command's instructions.  A block of up to BLOCKS_MAX bytes is taken here
 * from the free list of its size class, about 20 instructions; larger ones
 * (database pages) go to malloc().  Blocks freed go back on their list and
 * are not given back to the system: what the lists hold is at most what
 * SQLite held at once of each class.
 */
#ifndef GPULOG_STORE_BLOCKS_H
#define GPULOG_STORE_BLOCKS_H

/* The largest block served from a list; the classes below it step by 16
 * bytes to 128, then by a quarter of a power of two. */
#define BLOCKS_MAX 1024

/*
 * Gives SQLite these blocks for every allocation of the process: called
 * before the first database is opened, or SQLite keeps malloc().  Returns
 * 0, or -1 when SQLite refused (it had already started).
 */
int blocks_for_sqlite(void);

/* The allocator itself, as SQLite calls it (sizes are ints there). */
void *blocks_alloc(int n);
void blocks_free(void *p);
void *blocks_realloc(void *p, int n);
int blocks_size(void *p);
int blocks_roundup(int n);

/* The blocks handed out and not yet freed, large ones included. */
long blocks_in_use(void);

#endif
