/*
 * run-sample.c: nvidia-smi, sampled for `gpulog run`.  It forks
 * nvidia-smi with a deadline and reads its CSV; it knows nothing of the
 * command being run, its signals, or the database beyond the metrics
 * struct it fills.
 */
#include "cli/run-sample.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cli/run-proc.h"
#include "core/err.h"
#include "core/gpu.h"
#include "core/text.h"
#include "store/metrics.h"

#define SMI_OUT_MAX 65536

void
sampler_init(struct sampler *sp, int on, const char *visible)
{
	memset(sp, 0, sizeof *sp);
	sp->peak_mib = sp->total_mib = sp->max_total_mib = -1;
	sp->own_peak_mib = -1;
	sp->util_max = -1;
	sp->visible = visible;
	if (on && !run_proc_on_path("nvidia-smi"))
		sp->ioreg = run_proc_on_path("ioreg");
	sp->on = on && (sp->ioreg || run_proc_on_path("nvidia-smi"));
}

/* 1 when GPU index is one the command can see. */
static int
visible(const struct sampler *sp, int index)
{
	const char *p = sp->visible;
	char *end;
	long v;

	if (p == NULL || *p == '\0')
		return 1;
	while (*p != '\0') {
		v = strtol(p, &end, 10);
		if (end == p)
			return 1;  /* UUIDs: count every GPU */
		if (v == index)
			return 1;
		p = *end == ',' ? end + 1 : end;
		if (*end != ',' && *end != '\0')
			return 1;
	}
	return 0;
}

/* The run's GPU model, from the name and memory nvidia-smi printed. */
static void
set_model(struct sampler *sp, const char *smi_name, int64_t mem_mib)
{
	gpu_canon(smi_name, mem_mib, sp->model, NULL);
}

static char *const smi_argv[] = { "nvidia-smi",
	"--query-gpu=index,name,memory.used,memory.total,utilization.gpu,"
	"power.draw", "--format=csv,noheader,nounits", NULL };
static char *const apps_argv[] = { "nvidia-smi",
	"--query-compute-apps=pid,process_name,used_gpu_memory",
	"--format=csv", NULL };
static char *const ioreg_argv[] = { "ioreg", "-r", "-d", "1", "-w", "0",
	"-c", "IOAccelerator", NULL };

/* Runs argv into out (NUL-terminated); returns its exit status, or -1
 * when it could not run or took too long. */
static int
tool_exec(char *const argv[], char *out, size_t len)
{
	int fd[2], status, devnull;
	int64_t deadline = run_proc_mono_ms() + SAMPLER_TIMEOUT_MS;
	size_t n = 0;
	pid_t pid;

	if (pipe(fd) != 0)
		return -1;
	if ((pid = fork()) < 0) {
		close(fd[0]);
		close(fd[1]);
		return -1;
	}
	if (pid == 0) {
		dup2(fd[1], STDOUT_FILENO);
		if ((devnull = open("/dev/null", O_RDWR)) >= 0) {
			dup2(devnull, STDIN_FILENO);
			dup2(devnull, STDERR_FILENO);
		}
		close(fd[0]);
		close(fd[1]);
		execvp(argv[0], argv);
		_exit(127);
	}
	close(fd[1]);
	for (;;) {
		struct pollfd pf = { fd[0], POLLIN, 0 };
		int64_t left = deadline - run_proc_mono_ms();
		ssize_t k;

		if (left <= 0) {
			kill(pid, SIGKILL);
			break;
		}
		if (poll(&pf, 1, (int)left) < 0) {
			if (errno == EINTR)
				continue;
			break;
		}
		if (pf.revents == 0)
			continue;
		k = read(fd[0], out + n, len - 1 - n);
		if (k < 0 && errno == EINTR)
			continue;
		if (k <= 0)
			break;
		n += (size_t)k;
		if (n == len - 1)
			break;
	}
	out[n] = '\0';
	close(fd[0]);
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			return -1;
	if (run_proc_mono_ms() >= deadline)
		return -1;
	return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/* Energy: the last power held until now_ms. */
static void
add_energy(struct sampler *sp, int64_t now_ms)
{
	if (sp->last_ms > 0 && sp->power_mw > 0)
		sp->energy_mw_ms += (double)sp->power_mw *
		    (double)(now_ms - sp->last_ms);
}

/* A failed sample: said once, and sampling stops after a few. */
static void
failed(struct sampler *sp, const char *tool, int rc, const char *first,
    int lost)
{
	if (!sp->warned_fail) {
		char *safe = text_safe(first);

		if (rc == 0 && lost == 0)
			fprintf(stderr, "gpulog: warning: %s shows no GPU\n",
			    tool);
		else if (rc < 0)
			fprintf(stderr, "gpulog: warning: %s did not answer\n",
			    tool);
		else
			fprintf(stderr, "gpulog: warning: %s failed (exit %d)"
			    "%s%s\n", tool, rc, *safe ? ": " : "", safe);
		free(safe);
		sp->warned_fail = 1;
	}
	if (++sp->fails >= SAMPLER_MAX_FAILS) {
		fprintf(stderr, "gpulog: warning: %s failed %d times in a row; "
		    "GPU sampling stopped\n", tool, sp->fails);
		sp->on = 0;
	}
}

/* One sample of a Mac's GPU: one GPU, its memory in use (the memory is
 * the machine's, shared: no total), no power. */
static void
take_ioreg(struct sampler *sp, int64_t now_ms)
{
	char *out = xmalloc(SMI_OUT_MAX);
	int rc = tool_exec(ioreg_argv, out, SMI_OUT_MAX);
	struct ioreg_gpu g;

	if (rc != 0 || gpu_ioreg_parse(out, &g) < 0) {
		out[strcspn(out, "\n")] = '\0';
		failed(sp, "ioreg", rc, rc > 0 ? out : "", 0);
	} else {
		if (sp->model[0] == '\0' && g.model[0] != '\0') {
			if (g.cores > 0)
				snprintf(sp->model, sizeof sp->model,
				    "%.20s %d-core", g.model, g.cores % 10000);
			else
				snprintf(sp->model, sizeof sp->model, "%.31s",
				    g.model);
		}
		if (g.mem_used >= 0 && g.mem_used / 1048576 > sp->peak_mib)
			sp->peak_mib = (g.mem_used + 524288) / 1048576;
		sp->util_max = g.util_pct;
		if (g.util_pct >= 0) {
			sp->util_sum += g.util_pct;
			sp->util_n++;
		}
		sp->fails = 0;
		sp->samples++;
		sp->gpus_seen = 1;
	}
	free(out);
	sp->power_mw = -1;
	sp->last_ms = now_ms;
}

/* 1 when pid is the command's process or a descendant of it, followed
 * up through /proc's parent pids (Linux); 0 otherwise. */
static int
ours(const struct sampler *sp, int64_t pid)
{
	char path[64], buf[512], *p;
	long long ppid;
	int hops;
	FILE *f;
	size_t n;

	for (hops = 0; hops < 64 && pid > 1; hops++) {
		if (pid == sp->pid)
			return 1;
		snprintf(path, sizeof path, "/proc/%lld/stat", (long long)pid);
		if ((f = fopen(path, "r")) == NULL)
			return 0;
		n = fread(buf, 1, sizeof buf - 1, f);
		fclose(f);
		buf[n] = '\0';
		/* "pid (name) state ppid ...": the name may hold anything. */
		if ((p = strrchr(buf, ')')) == NULL ||
		    sscanf(p + 1, " %*c %lld", &ppid) != 1)
			return 0;
		pid = ppid;
	}
	return 0;
}

/* The command's own GPU memory now, from nvidia-smi's compute apps,
 * kept when it is the highest yet. */
static void
take_apps(struct sampler *sp)
{
	char *out, *line, *save = NULL;
	int found = 0, unknown = 0;
	int64_t sum = 0;
	struct smi_app a;

	if (sp->pid <= 0)
		return;
	out = xmalloc(SMI_OUT_MAX);
	if (tool_exec(apps_argv, out, SMI_OUT_MAX) == 0) {
		for (line = strtok_r(out, "\n", &save); line != NULL;
		    line = strtok_r(NULL, "\n", &save)) {
			line[strcspn(line, "\r")] = '\0';
			if (gpu_app_parse(line, &a) < 0 || !ours(sp, a.pid))
				continue;
			found = 1;
			if (a.mem_mib < 0)
				unknown = 1;
			else
				sum += a.mem_mib;
		}
		if (found && !unknown && sum > sp->own_peak_mib)
			sp->own_peak_mib = sum;
	}
	free(out);
}

void
sampler_take(struct sampler *sp, int64_t now_ms)
{
	char *out, *line, *save = NULL, first[160];
	int rc, count = 0, lost = 0, pknown = 0;
	int umax = -1;
	int64_t power = 0;
	uint64_t seen = 0;
	struct smi_gpu g;

	if (sp->ioreg) {
		take_ioreg(sp, now_ms);
		return;
	}
	out = xmalloc(SMI_OUT_MAX);
	rc = tool_exec(smi_argv, out, SMI_OUT_MAX);
	first[0] = '\0';
	for (line = strtok_r(out, "\n", &save); line != NULL;
	    line = strtok_r(NULL, "\n", &save)) {
		line[strcspn(line, "\r")] = '\0';
		if (gpu_smi_parse(line, &g) < 0) {
			if (first[0] == '\0')
				snprintf(first, sizeof first, "%s", line);
			continue;
		}
		if (!visible(sp, g.index))
			continue;
		/* Each GPU once, 64 at most, however many lines come. */
		if (g.index >= SAMPLER_MAX_GPUS ||
		    (seen & ((uint64_t)1 << g.index)) != 0)
			continue;
		seen |= (uint64_t)1 << g.index;
		if (g.mem_total_mib < 0 && g.mem_used_mib < 0 &&
		    g.util_pct < 0) {
			lost++;  /* "[GPU is lost]" in every field */
			continue;
		}
		if (count++ == 0 && sp->model[0] == '\0')
			set_model(sp, g.name, g.mem_total_mib);
		/* An idle GPU (0 MiB used) still has its total. */
		if (g.mem_used_mib >= 0 && (g.mem_used_mib > sp->peak_mib ||
		    (g.mem_used_mib == sp->peak_mib && sp->total_mib < 0))) {
			sp->peak_mib = g.mem_used_mib;
			sp->total_mib = g.mem_total_mib;
		}
		if (g.mem_total_mib > sp->max_total_mib)
			sp->max_total_mib = g.mem_total_mib;
		if (g.util_pct >= 0) {
			sp->util_sum += g.util_pct;
			sp->util_n++;
			if (g.util_pct > umax)
				umax = g.util_pct;
		}
		if (g.power_mw >= 0) {
			power += g.power_mw;
			pknown = 1;
		}
	}
	free(out);
	sp->util_max = umax;
	if (count == 0) {
		failed(sp, "nvidia-smi", rc, first, lost);
	} else {
		sp->fails = 0;
		sp->samples++;
		if (count < sp->gpus_seen && !sp->warned_lost) {
			fprintf(stderr, "gpulog: warning: nvidia-smi shows %d "
			    "of %d GPU%s: one was lost (fallen off the bus?); "
			    "the run goes on\n", count, sp->gpus_seen,
			    sp->gpus_seen == 1 ? "" : "s");
			sp->warned_lost = 1;
		}
		if (count > sp->gpus_seen)
			sp->gpus_seen = count;
	}
	if (count > 0)
		take_apps(sp);
	add_energy(sp, now_ms);
	sp->power_mw = count > 0 && pknown ? power : -1;
	sp->power_known |= pknown;
	sp->last_ms = now_ms;
}

void
sampler_finish(struct sampler *sp, int64_t end_ms, struct run_metrics *m)
{
	add_energy(sp, end_ms);
	sp->last_ms = end_ms;
	sp->power_mw = 0;
	m->samples = sp->samples;
	if (sp->samples > 0) {
		m->peak_mem_mib = sp->peak_mib;
		m->mem_total_mib = sp->total_mib >= 0 ? sp->total_mib :
		    sp->max_total_mib;
		m->mean_util_pct = sp->util_n > 0 ? (int)((sp->util_sum +
		    sp->util_n / 2) / sp->util_n) : -1;
		m->energy_wh_milli = sp->power_known ?
		    (int64_t)(sp->energy_mw_ms / 3600000.0 + 0.5) : -1;
		m->own_mem_mib = sp->own_peak_mib;
	}
}
