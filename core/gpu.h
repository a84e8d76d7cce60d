/*
 * gpu.h: what gpulog knows of GPU models: one canonical name for each
 * model, reached from every spelling a tool prints or a person types
 * (nvidia-smi, Kaggle's machine shapes, Colab, Vast, RunPod), a class (how
 * capable) and VRAM for the catalog's GPUs, matching "at least this GPU",
 * and one line of nvidia-smi's CSV read into numbers.  Pure functions, no
 * I/O.
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
	const char *name;   /* the catalog's name: "RTX 3090", "A100 80GB" */
	int cls;            /* enum gpu_class */
	int vram_gb;
};

/*
 * One GPU identity from any spelling.  A spelling is read as words: runs of
 * letters and digits, in any case, whatever separates them ("RTX-4090",
 * " rtx4090 ", "NvidiaTeslaT4Highmem").  The vendor and brand words
 * (NVIDIA, Tesla, GeForce, Quadro, Apple) and the words that name a form
 * rather than a model (SXM2-SXM5, PCIe, HBM3, Highmem, GPU, "Blackwell
 * Server Edition", ...) are dropped; a memory size ("40GB", "80 GB") and a
 * count ("x2", "X1", "2x") are set apart; the words left, joined in lower
 * case, are the model's key ("rtx4090", "a100", "h100nvl").  A key the
 * catalog knows is that model.  A model made in more than one memory size
 * (A100: 40 and 80 GB; H100: 80 and 94 GB, the NVL) is named with its
 * size: the one the spelling names, else the one nearest the memory
 * nvidia-smi reports (mem_mib), else the smallest, so a bare "A100" is the
 * 40 GB part.  Any other model is named without its size ("T4", "V100").
 * A size the model is not made in (within a tenth) makes it unknown.
 */
/* The most GPUs a count in a name may give: one machine's. */
#define GPU_MAX_COUNT 64

struct gpu_id {
	char name[32];  /* known: the catalog's name ("A100 40GB"); unknown:
	                 * the input without its outer blanks, as given, cut
	                 * to 31 bytes at a character's edge */
	char key[48];   /* the model's words in lower case ("a100"); equal
	                 * keys and sizes are the same model */
	int known;      /* 1 when name is a model of the catalog */
	int mem_gb;     /* memory per GPU: the model's size when known, else
	                 * the named size or mem_mib rounded; 0 when none */
	int gpus;       /* the count the spelling carries ("GPU T4 x2": 2,
	                 * "NvidiaL4X1": 1), 1 to GPU_MAX_COUNT; 0 when it
	                 * carries none */
};

/*
 * Identifies in (NULL is "") with the memory nvidia-smi reports in MiB
 * (0 or less: not known) into *id.  Returns id->known.  Pure; never fails.
 */
int gpu_identify(const char *in, int64_t mem_mib, struct gpu_id *id);

/*
 * The canonical name of in, as gpu_identify() finds it, into out; the
 * count the spelling carries into *gpus_hint (0 when none; NULL to ignore
 * it).  Returns 1 when the model is known, 0 when it is not (out is then
 * in as given, trimmed: store it so, and warn with gpu_nearest()).
 * "NVIDIA A100-SXM4-40GB" -> "A100 40GB"; "NVIDIA H100 PCIe" with 81559
 * MiB -> "H100 80GB"; "GPU T4 x2" -> "T4" and 2; "t4" -> "T4".
 */
int gpu_canon(const char *in, int64_t mem_mib, char out[32],
    int *gpus_hint);


/*
 * 1 when spellings a and b name the same model: both known as one catalog
 * name, or both unknown with the same key and named size ("NVIDIA GeForce
 * RTX 3080" and "rtx-3080").  NULL or "" is the same only as itself.
 */
int gpu_same(const char *a, const char *b);

/*
 * The known models nearest in (by edit distance between keys, at most 1
 * for a key of three letters or fewer, else 2), nearest first, into
 * out[0..max): catalog names, borrowed for the program's life.  Returns
 * how many were written (0 when none is that near).  For the warning on
 * an unknown name: unknown GPU "P10"; nearest: P100, A10.
 */
size_t gpu_nearest(const char *in, const char **out, size_t max);

/*
 * What is known of the model any spelling of name means (see
 * gpu_identify(); "a100" is the A100 40GB), or NULL for a model gpulog
 * does not know.  Borrowed for the program's life.
 */
const struct gpu_info *gpu_lookup(const char *name);

/*
 * 1 when a GPU called have meets a job asking for want (NULL or "" means a
 * T4-class GPU) with at least vram_gb of memory (0: the wanted GPU's own).
 * An unknown model meets only a request for its own name (gpu_same()).
 */
int gpu_meets(const char *have, const char *want, int vram_gb);

/* The VRAM a request needs in GB: vram_gb when given, else the wanted
 * GPU's, else 16 (a T4); 0 for an unknown model with no --vram. */
int gpu_need_vram(const char *want, int vram_gb);

/*
 * One GPU in one line of `nvidia-smi --query-gpu=index,name,memory.used,
 * memory.total,utilization.gpu,power.draw --format=csv,noheader,nounits`.
 * Fields nvidia-smi could not read ("[N/A]", "[Not Supported]",
 * "[GPU is lost]", "N/A", an empty field) are -1.
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

/*
 * A line of `nvidia-smi --query-compute-apps=pid,process_name,
 * used_gpu_memory --format=csv`: "580, python3, 1642 MiB" (the first line
 * is the header "pid, process_name, used_gpu_memory [MiB]"; with no
 * process it is the only one).  In a container the driver gives the
 * host's pids and the name may be "[Not Found]"; the memory "[N/A]" (-1).
 * The name is what lies between the first and the last comma.
 */
struct smi_app {
	int64_t pid;
	char name[64];
	int64_t mem_mib;        /* -1 unknown */
};

/* Reads line into a.  Returns 0, or -1 when it is no such record (the
 * header, an error message). */
int gpu_app_parse(const char *line, struct smi_app *a);

/*
 * A Mac's GPU as `ioreg -r -d 1 -w 0 -c IOAccelerator` prints it (no sudo
 * needed): the first accelerator's PerformanceStatistics and properties.
 * Unknown values are -1 ("" for the model).
 */
struct ioreg_gpu {
	int util_pct;           /* "Device Utilization %", else "Renderer
	                           Utilization %" */
	int64_t mem_used;       /* "In use system memory", bytes */
	char model[48];         /* "model": "Apple M2 Pro" */
	int cores;              /* "gpu-core-count" */
};

/*
 * Reads text (NUL-terminated) into g.  Each key is matched with its
 * closing quote, so "In use system memory (driver)" is another key.
 * Returns 0, or -1 when text holds no accelerator's statistics.
 */
int gpu_ioreg_parse(const char *text, struct ioreg_gpu *g);

#endif
