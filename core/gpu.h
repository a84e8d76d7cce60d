/*
 * gpu.h: what gpulog knows of GPU models: a class (how capable) and VRAM
 * for the catalog's GPUs, matching "at least this GPU", the model name in
 * nvidia-smi's words made into the catalog's ("Tesla T4" is "T4"), and one
 * line of nvidia-smi's CSV read into numbers.  Pure functions, no I/O.
 */
#ifndef GPULOG_GPU_H
#define GPULOG_GPU_H

#include <stddef.h>
#include <stdint.h>

/*
 * Classes, from least to most capable.  A job asking for a class runs on
 * any GPU of that class or above with enough VRAM.
 */
enum gpu_class {
	GPU_UNKNOWN = -1,
	GPU_MPS = 0,    /* Apple MPS: no CUDA, slower than a T4 */
	GPU_T4 = 1,     /* T4, P100: the free tiers' GPUs */
	GPU_MID = 2,    /* V100, L4, A10, RTX 3090 */
	GPU_HIGH = 3,   /* RTX 4090 */
	GPU_A100 = 4,   /* A100 40GB and 80GB */
	GPU_H100 = 5    /* H100 */
};

struct gpu_info {
	const char *name;   /* as the catalog spells it: "RTX 3090" */
	int cls;            /* enum gpu_class */
	int vram_gb;
};

/*
 * What is known of model name (case-insensitive, "A100" is the 40 GB
 * part), or NULL for a model gpulog does not know.
 */
const struct gpu_info *gpu_lookup(const char *name);

/*
 * 1 when a GPU called have meets a job asking for want (NULL or "" means a
 * T4-class GPU) with at least vram_gb of memory (0: the wanted GPU's own).
 * An unknown model meets only a request for its own name.
 */
int gpu_meets(const char *have, const char *want, int vram_gb);

/* The VRAM a request needs in GB: vram_gb when given, else the wanted
 * GPU's, else 16 (a T4); 0 for an unknown model with no --vram. */
int gpu_need_vram(const char *want, int vram_gb);

/*
 * The catalog's name for a model as nvidia-smi prints it: "Tesla T4" is
 * "T4", "NVIDIA A100-SXM4-80GB" is "A100 80GB", "NVIDIA GeForce RTX 4090"
 * is "RTX 4090".  Unknown models keep nvidia-smi's words minus the vendor.
 * Writes at most n bytes into out and returns out.
 */
char *gpu_model_from_smi(const char *smi, char *out, size_t n);

/*
 * One GPU in one line of `nvidia-smi --query-gpu=index,name,memory.used,
 * memory.total,utilization.gpu,power.draw --format=csv,noheader,nounits`.
 * Fields nvidia-smi could not read ("[N/A]", "[Not Supported]",
 * "[GPU is lost]") are -1.
 */
struct smi_gpu {
	int index;
	char name[64];
	int64_t mem_used_mib;
	int64_t mem_total_mib;
	int util_pct;
	int64_t power_mw;       /* milliwatts */
};

/* Reads line (without its newline) into g.  Returns 0, or -1 when the
 * line is not such a record (an error message, a header). */
int gpu_smi_parse(const char *line, struct smi_gpu *g);

#endif
