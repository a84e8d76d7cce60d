/*
 * csvread.h: a streaming CSV reader for the importers.  It reads RFC 4180
 * CSV as Python's csv module and spreadsheets write it (quoted fields,
 * doubled quotes, commas and line breaks inside quotes, CRLF or LF line
 * ends, a CR alone as old Mac programs write, a UTF-8 byte order mark) one
 * record at a time, so a file of any
 * length is read in memory bounded by its longest record.  It knows
 * nothing of what the columns mean.
 */
#ifndef GPULOG_CSVREAD_H
#define GPULOG_CSVREAD_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

struct err;
struct csvr;

/* The longest record the reader takes, in bytes, and the most input. */
#define CSVR_MAX_RECORD 65536
#define CSVR_MAX_INPUT (1 << 30)

enum {
	CSVR_TRIM = 1  /* drop spaces after a separator and before a line end
	                  (nvidia-smi writes ", ") */
};

/*
 * A reader of f, which stays the caller's to close; name is used in
 * messages ("runs.csv: line 3: ...") and must outlive the reader.  Returns
 * NULL only when out of memory would be (it dies instead).
 */
struct csvr *csvr_new(FILE *f, const char *name, int flags);
void csvr_free(struct csvr *r);

/*
 * Reads the next record.  Returns 1 with its fields in *fields (n of them;
 * borrowed until the next call or csvr_free()), 0 at the end of the input,
 * -1 with a message naming the input and the line ("a.csv: line 7: a
 * quoted field is never closed; is the file cut short?").  Blank lines are
 * skipped.  After a -1 for a record that is too long, the reader has
 * skipped to the next line and may be called again; after one for a NUL
 * byte, more than CSVR_MAX_INPUT bytes, or a too-long line with no end in
 * sight, every later call fails too.
 */
int csvr_next(struct csvr *r, char ***fields, size_t *n, struct err *e);

/* The line (from 1) the last record returned began on. */
size_t csvr_line(const struct csvr *r);

/* Bytes of the input consumed so far. */
int64_t csvr_offset(const struct csvr *r);

#endif
