/*
 * kaggle-int.h: what the Kaggle file formats (kaggle.c) share with the
 * Kaggle API client (kaggle-api.c): the kernels and logs an import gathers
 * until kaggle_import_finish() joins them into runs, and the readers both
 * use.  Only those two files include it.
 */
#ifndef GPULOG_IMPORTERS_KAGGLE_INT_H
#define GPULOG_IMPORTERS_KAGGLE_INT_H

#include <stddef.h>
#include <stdint.h>

#include "importers/cjson.h"

struct err;
struct import_job;

enum { ACC_UNKNOWN = -1, ACC_NONE, ACC_GPU, ACC_TPU };

/* A notebook or script of a kernel list. */
struct kernel {
	char ref[160];
	char slug[160];
	char title[128];
	char gpu[32];
	int gpus;          /* the count the machine shape carries; 0 none */
	int64_t last_run;  /* lastRunTime, taken as the latest run's start */
	int acc;
};

/* A session log: how long a kernel's latest run ran. */
struct klog {
	char slug[160];
	char name[256];    /* the file, for messages */
	int64_t secs;
};

/* Rows left out as no run, named in one notice each at the end. */
struct kskip {
	char list[320];    /* "a.csv line 11, line 12", cut with "..." */
	char file[256];    /* the input of the last one named */
	size_t n;
};

/* What one import has gathered: job->state. */
struct kstate {
	struct kernel *k;
	size_t nk;
	struct klog *l;
	size_t nl;
	struct kskip priv;   /* [Private Notebook] rows: no ref, no time */
	struct kskip never;  /* notebooks never run: lastRunTime None */
};

/* Counts a row left out and names it in sk's list: where ("line 11") in
 * file, or, file NULL, what (a ref). */
void kaggle_skip(struct import_job *job, struct kskip *sk, const char *file,
    const char *what);

/* job's state, made on first use; kaggle_import_finish() frees it. */
struct kstate *kaggle_state(struct import_job *job);

/* Hands a message to job's notice callback, when it has one. */
void kaggle_notice(struct import_job *job, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* A string member of o into buf ("" when absent); -1 when it is of
 * another type. */
int kaggle_jstr(const cJSON *o, const char *key, char *buf, size_t n);

/* The quota JSON in buf into job's snapshot sink, kept with source
 * ("kaggle-file", "kaggle-api"). */
int kaggle_quota_json(const char *buf, size_t len, const char *name,
    struct import_job *job, const char *source, struct err *e);

/* ListKernels' answer, {"kernels": [...], "nextPageToken": ""}, into
 * job's state; *count gets the kernels on the page. */
int kaggle_kernels_json(const cJSON *root, const char *name,
    struct import_job *job, size_t *count, struct err *e);

/* Keeps a log of secs for the kernel slug, read from name. */
int kaggle_add_log(struct import_job *job, const char *slug,
    const char *name, int64_t secs);

#endif
