/*
 * colab.h: Google Colab, which has no usage API.  gpulog defines the
 * format: a notebook cell (colab_snippet) records each session as a row of
 * a CSV file in the user's Drive; `gpulog import colab FILE` reads that
 * file, or a log written by nvidia-smi --query-gpu=timestamp,name,...
 * --format=csv, whose first and last timestamps become one run.  Knows
 * nothing of the database.
 */
#ifndef GPULOG_IMPORTERS_COLAB_H
#define GPULOG_IMPORTERS_COLAB_H

#include <stdio.h>

struct err;
struct import_job;

/* The notebook cell `gpulog import colab --snippet` prints (Python). */
extern const char colab_snippet[];

/*
 * Streams f into job's sink.  The kind is told by the header: one starting
 * "timestamp" is an nvidia-smi log, one with "start" and "end" the
 * snippet's sessions.  Session rows: tier "free" goes to colab-free, "pro"
 * and "pro+" to colab-pro; compute units before minus after become the
 * run's cu_centi; the GPU name becomes the catalog's ("Tesla T4" -> "T4",
 * see core/gpu.h).  An nvidia-smi log becomes one run on --platform
 * (default colab-free) with as many GPUs as rows share its first
 * timestamp, on the GPU its name and memory.total make.
 */
int colab_import_stream(FILE *f, const char *name, struct import_job *job,
    struct err *e);

/* The catalog's name for the GPU nvidia-smi names, into buf (imp_gpu()):
 * "Tesla T4" -> "T4", "NVIDIA A100-SXM4-40GB" -> "A100 40GB". */
char *colab_gpu_name(char *buf, size_t n, const char *smi);

#endif
