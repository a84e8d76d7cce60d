/*
 * cloud.h: an instance rented from a cloud provider, as the provider
 * lists it: what importers/cloud.c reads and ops_import_instances() turns
 * into runs.  Types only.
 */
#ifndef GPULOG_CORE_CLOUD_H
#define GPULOG_CORE_CLOUD_H

#include <stdint.h>

/* An instance's state as its provider says it. */
enum cloud_state {
	CS_RUNNING,   /* running (or starting): its GPUs are billed */
	CS_STOPPED,   /* stopped or exited: its storage may still be billed */
	CS_GONE       /* destroyed or terminated */
};

/* One instance as its provider listed it. */
struct cloud_instance {
	char id[48];          /* the provider's id: "12345678", "xedezhzb9la3ye" */
	char gpu[32];         /* the catalog's name, or as the provider says */
	int gpus;             /* GPU count, >= 1 */
	int state;            /* enum cloud_state */
	int64_t started;      /* when its current or last running period
	                       * began, when the provider says; else 0 */
	int exact_start;      /* 1: started is that period's own start (a new
	                       * start is a new run); 0: the instance's */
	int64_t stopped;      /* when it stopped, when the provider says;
	                       * else 0 */
	int64_t rate_micro;   /* USD millionths per GPU-hour while running */
	int64_t cost_minor;   /* what it was billed in cents, from a charges
	                       * answer; -1 when unknown */
	int64_t billed_start; /* the time a charges answer billed, */
	int64_t billed_end;   /* from start to end; 0 when unknown */
	char label[64];       /* its name or label; "" */
};

#endif
