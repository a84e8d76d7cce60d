/*
 * kaggle.h: Kaggle, from its files or its API.  Files are told by their
 * content: the quota JSON (GetAcceleratorQuotaStatistics), `kaggle quota
 * -v` CSV, the ListKernels JSON, `kaggle kernels list --mine --csv`, and a
 * kernel's session log (<slug>.log, from `kaggle kernels output`).  The
 * quota becomes a snapshot; a notebook that ran on a GPU becomes a run when
 * its log, given in the same import, tells how long it ran, and is listed
 * for the user to complete otherwise.  Knows nothing of the database.
 */
#ifndef GPULOG_IMPORTERS_KAGGLE_H
#define GPULOG_IMPORTERS_KAGGLE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

struct err;
struct import_job;
struct quota_snapshot;

/* The API's default base; GPULOG_KAGGLE_URL replaces it. */
#define KAGGLE_URL "https://api.kaggle.com"

/* Streams (reads whole) one Kaggle file; see importer.h. */
int kaggle_import_stream(FILE *f, const char *name, struct import_job *job,
    struct err *e);

/* Joins kernel lists and logs into runs, and frees job->state. */
int kaggle_import_finish(struct import_job *job, int ok, struct err *e);

/* Reads the quota and the user's kernels from the Kaggle API
 * (kaggle-api.c). */
int kaggle_import_api(struct import_job *job, struct err *e);

/* 1 when Kaggle credentials are where kaggle_import_api() looks. */
int kaggle_api_ready(void);

/* A protobuf Duration "40512.750s" in whole seconds (rounded). */
int kaggle_duration(const char *s, int64_t *secs);

/* Parses the quota JSON in buf[0..len) into q (taken_at = now); -1 with a
 * message naming name and the field. */
int kaggle_parse_quota(const char *buf, size_t len, const char *name,
    int64_t now, struct quota_snapshot *q, char *tpu, size_t tpulen,
    struct err *e);

/* The last "time" of a kernel session log (JSON array), rounded up. */
int kaggle_parse_log(const char *buf, size_t len, const char *name,
    int64_t *secs, struct err *e);

/* The catalog's name for a machine shape, into buf (imp_gpu()):
 * "NvidiaTeslaT4" and "NvidiaTeslaT4Highmem" -> "T4", "NvidiaL4X1" -> "L4"
 * with *gpus 1 (the count the shape carries, 0 when none; NULL to ignore
 * it).  An unknown shape is kept as given. */
char *kaggle_gpu_name(char *buf, size_t n, const char *shape, int *gpus);

#endif
