/*
 * jstream.h: a JSON object read member by member from a stream, so that a
 * document of any size needs memory for one element at a time: each
 * member that is an array is handed on element by element, any other
 * member whole, each value as a tree of cJSON nodes that lasts for the
 * callback only (they are not cJSON's to free).  It knows JSON and
 * nothing of what the members mean.
 */
#ifndef GPULOG_JSTREAM_H
#define GPULOG_JSTREAM_H

#include <stdint.h>
#include <stdio.h>

#include "importers/cjson.h"

struct err;

/* The largest element (or member that is not an array), in bytes; it may
 * nest 512 arrays or objects deep. */
#define JSTREAM_ELEMENT_MAX (1 << 20)

/* The largest document, in bytes: 16 GiB (an export of 1,000,000 runs
 * is about 0.4 GiB). */
#define JSTREAM_MAX ((int64_t)16 << 30)

/*
 * Reads f (named name in messages) as one JSON object and nothing after
 * it but white space.  fn gets each member's key and value, or each
 * element of a member that is an array with its index i (0, 1, ...; -1
 * for a member that is not an array); v lives for the call only, and is
 * read only: no cJSON call may add to it or delete it.  fn
 * returns 0 to go on, or -1 with its reason in e, which stops the read.
 * progress (may be NULL) is told the bytes read after each element.
 * Text that is not JSON fails with its byte offset and line: "runs.json:
 * not valid JSON: ... at byte 120 (line 4)".  Returns 0 or -1.
 */
int jstream_object(FILE *f, const char *name, int (*fn)(void *arg,
    const char *key, long i, const cJSON *v), void *arg,
    void (*progress)(void *parg, int64_t done), void *parg, struct err *e);

#endif
