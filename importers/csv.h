/*
 * csv.h: the generic CSV importer (`gpulog import csv`): one run a row,
 * columns found by their header, for Lightning, Vast invoices or a
 * spreadsheet.  The columns, any order, names in any case:
 *
 *   platform   a platform key ("vast"); or --platform for every row
 *   start      when the run began (required)
 *   end        when it ended, or
 *   duration   how long it ran ("2h30m", "1.5h", "90m")
 *   gpu, gpus  the GPU model and count (default 1)
 *   cost       what it cost ("3.20", "$3.20", "250 INR")
 *   currency   USD or INR, for a cost without a sign
 *   note, project, tags (separated by ";" or ",")
 *   id         the row's own id; else platform and start make one
 *
 * Other columns are ignored.  Knows nothing of the database.
 */
#ifndef GPULOG_IMPORTERS_CSV_H
#define GPULOG_IMPORTERS_CSV_H

#include <stdio.h>

struct err;
struct import_job;

/* Streams f (named name in messages) into job's sink; see importer.h. */
int csv_import_stream(FILE *f, const char *name, struct import_job *job,
    struct err *e);

#endif
