/*
 * cloud.h: an instance rented from a cloud provider, as the provider
 * lists it: what importers/cloud.c reads and ops_import_instances() turns
 * into runs; and the stopped instances still billed for their disk, as
 * the setting "billed" keeps them between refreshes (core/cloud.c).
 */
#ifndef GPULOG_CORE_CLOUD_H
#define GPULOG_CORE_CLOUD_H

#include <stddef.h>
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
	int64_t storage_micro_h; /* stopped: USD millionths an hour its kept
	                       * disk is billed; 0 none or unknown */
};

/* RunPod bills a stopped pod's volume disk $0.20 a GB a month
 * (docs.runpod.io/pods/storage, 2026-12): millionths of a dollar, and the
 * hours of a month it is spread over. */
#define RUNPOD_STOPPED_VOLUME_MICRO_GB_MONTH 200000
#define CLOUD_MONTH_H 730

/* A stopped instance its provider still bills for its disk, as the last
 * import of that provider saw it. */
struct cloud_billed {
	char provider[32];    /* "vast", "runpod", "lambda" */
	char id[48];          /* the provider's id */
	char label[64];       /* its name; "" */
	int64_t micro_h;      /* USD millionths an hour */
	int64_t seen;         /* when that import read it */
};

/*
 * The setting "billed" with provider's lines replaced by the instances of
 * v[0..n) that are stopped and billed, seen at now: a line each,
 * "PROVIDER<TAB>ID<TAB>MICRO_H<TAB>SEEN<TAB>LABEL" (in the id and label,
 * anything but printable ASCII becomes '?').  old is the setting's value ("" when none).
 * Returns malloc'd text.
 */
char *cloud_billed_edit(const char *old, const char *provider,
    const struct cloud_instance *v, size_t n, int64_t now);

/* Reads up to max instances from the setting's text into out; returns
 * how many (lines that do not parse are skipped). */
size_t cloud_billed_parse(const char *text, struct cloud_billed *out,
    size_t max);

/* 1 when key, the source id of a run an import made, is one of instance
 * id's running periods: id, or id, "@" and when that period began, or id,
 * "#" and which one it was. */
int cloud_key_of_instance(const char *key, const char *id);

/*
 * A run `gpulog run` records inside a rented instance names it in its
 * source id: "PROVIDER:INSTANCE/UID" ("vast:31000001/9f2c..."), its own
 * uid after the slash keeping the (source, source_id) pair unique.  While
 * a run of that instance, an import's, overlaps it, the instance's run is
 * the bill and the run within counts in no sum (store_covered()).
 *
 * cloud_within_key() writes the key into buf (n bytes); 0, or -1 when the
 * instance id is empty, too long or holds other than letters, digits,
 * '-', '_' and '.' (the providers' ids are those).
 * cloud_within_parse() reads one back: 1 with provider and instance id
 * (64 bytes each), 0 when source_id is not one.
 */
int cloud_within_key(char *buf, size_t n, const char *provider,
    const char *instance, const char *uid);
int cloud_within_parse(const char *source_id, char provider[64],
    char instance[64]);

#endif
