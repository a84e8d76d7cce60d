/*
 * run-sample.h: `gpulog run`'s GPU sampler: runs nvidia-smi, reads its
 * lines with core/gpu.h's gpu_smi_parse(), and keeps the GPU model and
 * count, peak memory, mean utilisation and energy (the power at each
 * sample held until the next).  Where there is no nvidia-smi but ioreg
 * (a Mac), it reads the Apple GPU's utilisation, memory in use and model
 * from `ioreg -r -d 1 -w 0 -c IOAccelerator` (gpu_ioreg_parse()).  It warns on stderr when nvidia-smi fails
 * or loses a GPU, and stops after SAMPLER_MAX_FAILS failures in a row.
 * It knows nvidia-smi and the run's metrics, not the command it watches,
 * signals or when to sample: the caller passes the times in.
 */
#ifndef GPULOG_RUN_SAMPLE_H
#define GPULOG_RUN_SAMPLE_H

#include <stdint.h>

struct run_metrics;

#define SAMPLER_TIMEOUT_MS 5000  /* a hung nvidia-smi is given up on */
#define SAMPLER_MAX_FAILS 3      /* failures in a row before it stops */
#define SAMPLER_MIN_MS 100       /* the shortest --sample-interval */
#define SAMPLER_MAX_GPUS 64      /* GPU indexes 0..63 count; no machine has
                                    more, and a runaway nvidia-smi can */

/* What is measured, sample by sample. */
struct sampler {
	int on;                 /* the tool is there and answering */
	int ioreg;              /* 1: ioreg, 0: nvidia-smi */
	int fails;              /* failures in a row */
	int warned_fail, warned_lost;
	int64_t samples;
	int gpus_seen;          /* the most GPUs one sample showed, 1-64 */
	char model[32];         /* the first GPU's model; "" before any */
	int64_t peak_mib, total_mib;  /* the busiest GPU's; -1 unknown */
	int64_t max_total_mib;  /* the largest memory seen; -1 unknown */
	int64_t util_sum, util_n;
	int util_max;           /* the last sample's busiest GPU, percent;
	                           -1 unknown */
	int64_t power_mw;       /* at the last sample, all GPUs; -1 unknown */
	int power_known;        /* some sample reported a power */
	int64_t last_ms;        /* when it was taken; 0 before any */
	double energy_mw_ms;    /* power times time, summed */
	const char *visible;    /* CUDA_VISIBLE_DEVICES, or NULL */
	long pid;               /* the command's process, once started (its
	                           own GPU memory is its and its
	                           descendants'); 0 before */
	int64_t own_peak_mib;   /* their memory at its peak; -1 unknown */
};

/* Starts sp, sampling when on and nvidia-smi, else ioreg, is on PATH
 * (sp->on is cleared when neither is); visible (borrowed for sp's life)
 * lists the GPUs the command sees, as CUDA_VISIBLE_DEVICES does (NULL:
 * all). */
void sampler_init(struct sampler *sp, int on, const char *visible);

/* Takes one sample at now_ms (run_proc_mono_ms()); clears sp->on when
 * nvidia-smi has failed SAMPLER_MAX_FAILS times in a row. */
void sampler_take(struct sampler *sp, int64_t now_ms);

/*
 * Ends sp at end_ms, counting energy up to then, and puts what was
 * measured into m: the number of samples, and when there were any the
 * peak memory and the total of the GPU that reached it (an idle GPU's
 * total is kept), the mean utilisation and the energy in thousandths of a
 * watt-hour, each rounded to nearest.  What nvidia-smi never reported
 * ("[N/A]", "[Not Supported]", an empty field: under MIG, utilisation)
 * is -1, unknown, never 0.  The command's own memory is the peak, over
 * samples, of what nvidia-smi's compute apps of sp->pid and its
 * descendants use together (all GPUs); unknown where none of them is
 * listed (in a container the driver lists the host's pids) or a listed
 * one's memory is "[N/A]".
 */
void sampler_finish(struct sampler *sp, int64_t end_ms,
    struct run_metrics *m);

#endif
