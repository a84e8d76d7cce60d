/* status-fields.h: the field tables of status --json and --csv. */
#ifndef GPULOG_STATUS_FIELDS_H
#define GPULOG_STATUS_FIELDS_H

#include <stddef.h>

#include "core/fields.h"

struct summary;
struct quota;
struct quota_status;
struct quota_pack;

/* The records of status --json and --csv's tables (cli/status-fields.c):
 * a quota with its status, and a pack of a quota's units.  The budget's
 * record is the summary, a credit's its struct summary_credit. */
struct status_quota {
	const struct summary *sm;
	const struct quota *q;
	const struct quota_status *st;
};
struct status_pack {
	const struct quota *q;
	const struct quota_pack *p;
};
extern const struct field status_quota_fields[], status_pack_fields[],
    status_budget_fields[], status_credit_fields[];
extern const size_t status_nquota, status_npack, status_nbudget,
    status_ncredit;

#endif
