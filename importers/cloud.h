/*
 * cloud.h: the instances rented on Vast.ai, RunPod and Lambda, read from
 * their APIs (or from a saved answer), as observations: which instance,
 * its GPUs and price, whether it runs now and since when.  What becomes
 * of them in the log (a run opened, closed, left as it is) is
 * ops_import_instances()'s rule.  Parsers are apart from fetching so that
 * each is tested on files; knows nothing of the database.
 */
#ifndef GPULOG_IMPORTERS_CLOUD_H
#define GPULOG_IMPORTERS_CLOUD_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "core/cloud.h"

struct err;
struct import_job;

/* A growing list of instances. */
struct cloud_list {
	struct cloud_instance *v;
	size_t n;
};

void cloud_list_free(struct cloud_list *l);

/*
 * Vast.ai's instances answer (GET /api/v1/instances/: {"instances": [...],
 * "next_token": ...}, or the bare list `vastai show instances --raw`
 * prints): appended to out; *next (malloc'd, NULL when none) gets the
 * next page's token.  A running instance runs from start_date; end_date
 * (its contract's end) and duration are not used.
 */
int cloud_parse_vast(const char *buf, size_t len, const char *name,
    struct cloud_list *out, char **next, struct err *e);

/*
 * Vast.ai's charges answer (GET /api/v0/charges/: {"results": [...],
 * "next_token": ...}): each instance's charges summed into one entry of
 * out (state CS_GONE, started the earliest start, billed_end the latest
 * end, cost_minor the amounts in cents): what is billed for instances
 * the instance list no longer has.
 */
int cloud_parse_vast_charges(const char *buf, size_t len, const char *name,
    struct cloud_list *out, char **next, struct err *e);

/*
 * RunPod's pods (GET https://rest.runpod.io/v1/pods: a list): a pod whose
 * desiredStatus is RUNNING runs from lastStartedAt (each start its own
 * run); EXITED is stopped, at the time lastStatusChange names when it
 * names one; TERMINATED is gone.  costPerHr is the whole pod's.
 */
int cloud_parse_runpod(const char *buf, size_t len, const char *name,
    struct cloud_list *out, struct err *e);

/*
 * Lambda's instances (GET /api/v1/instances: {"data": [...]}): active,
 * booting and unhealthy run, terminating and terminated are gone.  The
 * API gives no launch time: started is 0.
 */
int cloud_parse_lambda(const char *buf, size_t len, const char *name,
    struct cloud_list *out, struct err *e);

/* The --api of each: fetch every page, then job->put_instances. */
int cloud_vast_api(struct import_job *job, struct err *e);
int cloud_runpod_api(struct import_job *job, struct err *e);
int cloud_lambda_api(struct import_job *job, struct err *e);

/* 1 when the provider's key is where its --api looks for it. */
int cloud_vast_ready(void);
int cloud_runpod_ready(void);
int cloud_lambda_ready(void);

/* A saved answer of each, as a file. */
int cloud_vast_stream(FILE *f, const char *name, struct import_job *job,
    struct err *e);
int cloud_runpod_stream(FILE *f, const char *name, struct import_job *job,
    struct err *e);
int cloud_lambda_stream(FILE *f, const char *name, struct import_job *job,
    struct err *e);

#endif
