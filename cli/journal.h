/*
 * journal.h: the run journal beside the database (cli/journal.c), which
 * keeps what `gpulog run` records until the database holds it.
 */
#ifndef GPULOG_CLI_JOURNAL_H
#define GPULOG_CLI_JOURNAL_H

#include "ops/ops.h"

struct ctx;

/* "DB.run.PID", malloc'd. */
char *cli_journal_path(const char *db, long pid);

/* Writes j to path whole (a new file renamed over it, mode 0600), synced
 * to the disk when sync is set.  0, or -1 with e set. */
int cli_journal_write(const char *path, const struct ops_journal *j, int sync,
    struct err *e);

/* Records the runs of the journals beside c's database whose gpulog is
 * gone, saying so on stderr, and removes those journals. */
void cli_journal_recover(struct ctx *c);

#endif
