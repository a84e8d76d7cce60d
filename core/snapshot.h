/*
 * snapshot.h: what a platform itself reports of a quota at one moment
 * (Kaggle's GetAcceleratorQuotaStatistics), kept beside what gpulog logs so
 * the two can be compared.  Units as everywhere: seconds, UTC.
 */
#ifndef GPULOG_SNAPSHOT_H
#define GPULOG_SNAPSHOT_H

#include <stdint.h>

struct quota_snapshot {
	char platform[32];   /* "kaggle" */
	int64_t taken_at;    /* when the figures were read */
	int64_t used_s;      /* used in the current window */
	int64_t reserved_s;  /* held by sessions still running */
	int64_t allowed_s;   /* the window's allowance */
	int64_t reset_at;    /* when the window resets; 0 when unknown */
	char source[16];     /* "kaggle-api", "kaggle-file" */
};

#endif
