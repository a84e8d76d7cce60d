/*
 * cmd-run.c: `gpulog run -- COMMAND [ARGS...]`: runs a training command
 * and records it as a run, open while it goes and closed with its exit
 * status.  Where nvidia-smi is on PATH it is sampled every few seconds for
 * the GPU model and count, peak memory, mean utilisation and energy.
 * Signals sent to gpulog go on to the command; gpulog exits with its
 * status.  It reminds about checkpoints and warns before the platform's
 * session cap and quota run out.  POSIX only: fork, execvp, waitpid, poll.
 */
#include <errno.h>
#include <fcntl.h>
#include <glob.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/runopt.h"
#include "ops/ops.h"
#include "core/clock.h"
#include "core/fmt.h"
#include "core/gpu.h"
#include "core/model.h"
#include "core/parse.h"
#include "core/quota.h"
#include "core/text.h"
#include "store/metrics.h"
#include "store/store.h"
#include "store/summary.h"

enum { RN_INTERVAL = 100, RN_GLOB, RN_CKPT_AFTER, RN_WARN_BEFORE,
	RN_NO_SAMPLE };

const struct opt run_opts[] = {
	{ RO_PLATFORM, 'p', "platform", "PLATFORM", "where it runs (default: "
	    "guessed from the environment)" },
	{ RO_GPU, 'g', "gpu", "MODEL", "GPU model (default: what nvidia-smi "
	    "reports)" },
	{ RO_GPUS, 0, "gpus", "N", "number of GPUs (default: what nvidia-smi "
	    "reports, or 1)" },
	{ RO_NOTE, 'n', "note", "TEXT", "what the run is" },
	{ RO_TAG, 't', "tag", "TAG", "a tag (repeat for more)" },
	{ RO_PROJECT, 0, "project", "NAME", "the project it belongs to" },
	{ RO_RATE, 0, "rate", "AMOUNT", "price per GPU-hour (USD if bare)" },
	{ RN_INTERVAL, 0, "sample-interval", "T", "sample nvidia-smi this "
	    "often (default 5; 0.5 and 200ms work)" },
	{ RN_GLOB, 0, "checkpoint-glob", "P", "checkpoint files, comma-"
	    "separated (default *.pt,*.ckpt,*.safetensors)" },
	{ RN_CKPT_AFTER, 0, "checkpoint-after", "T", "remind when no "
	    "checkpoint by then (default 30m)" },
	{ RN_WARN_BEFORE, 0, "warn-before", "T", "warn this long "
	    "before the session cap or quota (default 30m)" },
	{ RN_NO_SAMPLE, 0, "no-sample", NULL, "do not run nvidia-smi" },
	{ 0, 0, NULL, NULL, NULL },
};

#define SMI_TIMEOUT_MS 5000    /* a hung nvidia-smi is given up on */
#define SMI_MAX_FAILS 3        /* failures in a row before sampling stops */
#define TICK_MS 200            /* the loop's longest sleep */
#define SMI_OUT_MAX 65536

static volatile sig_atomic_t child_pid;

/*
 * Passes a signal sent with kill(2) on to the command.  One the terminal
 * sent (Ctrl-C) reached the command's process group too, and is not sent
 * twice, so that a second SIGINT does not cut its cleanup short.
 */
static void
forward(int sig, siginfo_t *si, void *uc)
{
	(void)uc;
	if (child_pid > 0 && (si == NULL || si->si_code == SI_USER ||
	    si->si_code == SI_QUEUE))
		kill((pid_t)child_pid, sig);
}

/* Wakes the loop's sleep when a child ends. */
static void
on_child(int sig)
{
	(void)sig;
}

static int64_t
mono_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static void
sleep_ms(int64_t ms)
{
	struct timespec ts;

	if (ms <= 0)
		return;
	ts.tv_sec = (time_t)(ms / 1000);
	ts.tv_nsec = (long)(ms % 1000) * 1000000L;
	nanosleep(&ts, NULL);  /* a signal ends it early; the loop goes on */
}

/* "200ms", "0.5" (seconds), or a duration such as "2m", into ms > 0. */
static int
parse_ms(const char *s, const char *what, int64_t *ms, struct err *e)
{
	size_t n = strlen(s);
	char *end;
	double v;
	int64_t secs;

	if (n > 2 && strcmp(s + n - 2, "ms") == 0) {
		v = strtod(s, &end);
		if (end != s + n - 2 || v < 1)
			return err_set(e, "invalid %s \"%s\": expected 200ms, "
			    "0.5 or 2m", what, s);
		*ms = (int64_t)v;
		return 0;
	}
	v = strtod(s, &end);
	if (end != s && *end == '\0') {
		if (v < 0.001 || v > 1e7)
			return err_set(e, "invalid %s \"%s\": expected 200ms, "
			    "0.5 or 2m", what, s);
		*ms = (int64_t)(v * 1000 + 0.5);
		return 0;
	}
	if (parse_duration(s, &secs, e) < 0)
		return err_set(e, "invalid %s: %s", what, e->msg);
	*ms = secs * 1000;
	return 0;
}

/* 1 when name runs as a command: a path that is executable, or a file
 * found executable in PATH. */
static int
on_path(const char *name)
{
	const char *path = getenv("PATH"), *p, *q;
	char buf[4096];

	if (strchr(name, '/') != NULL)
		return access(name, X_OK) == 0;
	if (path == NULL)
		path = "/usr/bin:/bin";
	for (p = path; ; p = q + 1) {
		struct stat st;

		q = strchr(p, ':');
		if (q == NULL)
			q = p + strlen(p);
		snprintf(buf, sizeof buf, "%.*s%s%s", (int)(q - p), p,
		    q > p ? "/" : "", name);
		if (stat(buf, &st) == 0 && S_ISREG(st.st_mode) &&
		    access(buf, X_OK) == 0)
			return 1;
		if (*q == '\0')
			return 0;
	}
}

/* What is measured, sample by sample. */
struct sampler {
	int on;                 /* nvidia-smi is there and answering */
	int fails;              /* failures in a row */
	int warned_fail, warned_lost;
	int64_t samples;
	int gpus_seen;          /* the most GPUs one sample showed */
	char model[32];         /* the first GPU's model */
	int64_t peak_mib, total_mib;
	int64_t util_sum, util_n;
	int64_t power_mw;       /* at the last sample, all GPUs */
	int64_t last_ms;        /* when it was taken; 0 before any */
	double energy_mw_ms;    /* power times time, summed */
	const char *visible;    /* CUDA_VISIBLE_DEVICES, or NULL */
};

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

/* Runs nvidia-smi into out (NUL-terminated); returns its exit status,
 * or -1 when it could not run or took too long. */
static int
smi_exec(char *out, size_t len)
{
	static char *const argv[] = { "nvidia-smi",
		"--query-gpu=index,name,memory.used,memory.total,"
		"utilization.gpu,power.draw", "--format=csv,noheader,nounits",
		NULL };
	int fd[2], status, devnull;
	int64_t deadline = mono_ms() + SMI_TIMEOUT_MS;
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
		int64_t left = deadline - mono_ms();
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
	if (mono_ms() >= deadline)
		return -1;
	return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/* Takes one sample at now_ms, warning on stderr when nvidia-smi fails or
 * shows fewer GPUs than before. */
static void
sample(struct sampler *sp, int64_t now_ms)
{
	char *out = xmalloc(SMI_OUT_MAX), *line, *save = NULL, first[160];
	int rc = smi_exec(out, SMI_OUT_MAX), count = 0, lost = 0;
	int64_t power = 0;
	struct smi_gpu g;

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
		if (g.mem_total_mib < 0 && g.mem_used_mib < 0 &&
		    g.util_pct < 0) {
			lost++;  /* "[GPU is lost]" in every field */
			continue;
		}
		if (count++ == 0 && sp->model[0] == '\0')
			gpu_canon(g.name, g.mem_total_mib, sp->model, NULL);
		if (g.mem_used_mib > sp->peak_mib) {
			sp->peak_mib = g.mem_used_mib;
			sp->total_mib = g.mem_total_mib;
		}
		if (g.util_pct >= 0) {
			sp->util_sum += g.util_pct;
			sp->util_n++;
		}
		if (g.power_mw > 0)
			power += g.power_mw;
	}
	free(out);
	if (count == 0) {
		if (!sp->warned_fail) {
			char *safe = text_safe(first);

			if (rc == 0 && lost == 0)
				fprintf(stderr, "gpulog: warning: nvidia-smi "
				    "shows no GPU\n");
			else if (rc < 0)
				fprintf(stderr, "gpulog: warning: nvidia-smi "
				    "did not answer\n");
			else
				fprintf(stderr, "gpulog: warning: nvidia-smi "
				    "failed (exit %d)%s%s\n", rc, *safe ? ": " :
				    "", safe);
			free(safe);
			sp->warned_fail = 1;
		}
		if (++sp->fails >= SMI_MAX_FAILS) {
			fprintf(stderr, "gpulog: warning: nvidia-smi failed %d "
			    "times in a row; GPU sampling stopped\n",
			    sp->fails);
			sp->on = 0;
		}
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
	/* Energy: the last power held until now. */
	if (sp->last_ms > 0)
		sp->energy_mw_ms += (double)sp->power_mw *
		    (double)(now_ms - sp->last_ms);
	sp->power_mw = count > 0 ? power : 0;
	sp->last_ms = now_ms;
}

/* The newest file matching one of the comma-separated patterns that was
 * written at or after since; 1 and its name in out when there is one. */
static int
find_checkpoint(const char *patterns, time_t since, char *out, size_t n)
{
	char *list = xstrdup(patterns), *pat, *save = NULL;
	int found = 0;
	size_t i;

	for (pat = strtok_r(list, ",", &save); pat != NULL && !found;
	    pat = strtok_r(NULL, ",", &save)) {
		glob_t g;

		while (*pat == ' ')
			pat++;
		if (*pat == '\0' || glob(pat, 0, NULL, &g) != 0)
			continue;
		for (i = 0; i < g.gl_pathc; i++) {
			struct stat st;

			if (stat(g.gl_pathv[i], &st) == 0 &&
			    S_ISREG(st.st_mode) && st.st_mtime >= since) {
				snprintf(out, n, "%s", g.gl_pathv[i]);
				found = 1;
				break;
			}
		}
		globfree(&g);
	}
	free(list);
	return found;
}

struct guess_walk {
	const char *key;
	int found;
};

static int
has_expense(const struct expense *x, void *arg)
{
	struct guess_walk *w = arg;

	if (strcmp(x->platform, w->key) == 0)
		w->found = 1;
	return 0;
}

/*
 * The platform the environment names: a Kaggle kernel sets
 * KAGGLE_KERNEL_RUN_TYPE and KAGGLE_URL_BASE; Colab sets COLAB_RELEASE_TAG
 * and COLAB_GPU (Colab Pro when its fee was paid in the last 31 days,
 * else Colab Free); anything else is local.  why names the variable.
 */
static void
guess_platform(struct ctx *c, const struct summary *sm, char key[32],
    const char **why)
{
	static const char *const kaggle[] = { "KAGGLE_KERNEL_RUN_TYPE",
		"KAGGLE_URL_BASE" };
	static const char *const colab[] = { "COLAB_RELEASE_TAG",
		"COLAB_GPU" };
	const char *k = "local";
	struct guess_walk w = { "colab-pro", 0 };
	struct err e;
	int i;

	*why = NULL;
	for (i = 0; i < 2 && *why == NULL; i++)
		if (getenv(kaggle[i]) != NULL) {
			k = "kaggle";
			*why = kaggle[i];
		}
	for (i = 0; i < 2 && *why == NULL; i++)
		if (getenv(colab[i]) != NULL) {
			*why = colab[i];
			store_each_expense(c->s, c->now - 31 * DAY_S,
			    c->now + 1, has_expense, &w, &e);
			k = w.found ? "colab-pro" : "colab-free";
		}
	if (summary_platform(sm, k) == NULL)
		k = sm->cat.nplatforms > 0 ? sm->cat.platforms[0].key : "local";
	snprintf(key, 32, "%s", k);
}

/* The command line as one string, for the record. */
static char *
join_args(const struct args *a)
{
	size_t i, n = 1;
	char *s;

	for (i = 0; i < (size_t)a->npos; i++)
		n += strlen(a->pos[i]) + 1;
	s = xmalloc(n);
	s[0] = '\0';
	for (i = 0; i < (size_t)a->npos; i++) {
		if (i)
			strcat(s, " ");
		strcat(s, a->pos[i]);
	}
	return s;
}

/*
 * Starts the command; returns its pid, or -1 with errno set to why exec
 * failed (a close-on-exec pipe carries the child's errno back).
 */
static pid_t
spawn(const struct args *a)
{
	char **argv = xcalloc((size_t)a->npos + 1, sizeof *argv);
	int fd[2], err = 0, i;
	ssize_t k;
	pid_t pid;

	for (i = 0; i < a->npos; i++)
		argv[i] = (char *)a->pos[i];
	if (pipe(fd) != 0) {
		free(argv);
		return -1;
	}
	fcntl(fd[1], F_SETFD, FD_CLOEXEC);
	fflush(stdout);
	fflush(stderr);
	if ((pid = fork()) < 0) {
		err = errno;
		close(fd[0]);
		close(fd[1]);
		free(argv);
		errno = err;
		return -1;
	}
	if (pid == 0) {
		close(fd[0]);
		execvp(argv[0], argv);
		err = errno;
		if (write(fd[1], &err, sizeof err) < 0)
			_exit(127);
		_exit(127);
	}
	free(argv);
	close(fd[1]);
	while ((k = read(fd[0], &err, sizeof err)) < 0 && errno == EINTR)
		;
	close(fd[0]);
	if (k == (ssize_t)sizeof err) {
		waitpid(pid, NULL, 0);
		errno = err;
		return -1;
	}
	return pid;
}

/* Installs h for sig unless sig was ignored when gpulog started (nohup),
 * which the command then inherits. */
static void
catch(int sig, void (*h)(int, siginfo_t *, void *))
{
	struct sigaction sa, old;

	if (sigaction(sig, NULL, &old) == 0 && old.sa_handler == SIG_IGN)
		return;
	memset(&sa, 0, sizeof sa);
	sigemptyset(&sa.sa_mask);
	sa.sa_sigaction = h;
	sa.sa_flags = SA_SIGINFO | SA_RESTART;
	sigaction(sig, &sa, NULL);
}

/* The state of one run while it goes. */
struct watch {
	int64_t cap_ms;          /* the session cap; 0 none */
	int64_t warn_ms;         /* warn this long before */
	int qi;                  /* the platform's quota, or -1 */
	int64_t q_left;          /* what was left at the start, its unit */
	int64_t q_reset_ms;      /* ms into the run when it resets; 0 none */
	int64_t burn;            /* CU a GPU-hour burns, hundredths */
	int64_t ckpt_after_ms;
	const char *globs;
	time_t since;            /* files written from then on count */
	int ckpt, reminded, cap_warned, cap_over, q_warned, q_over;
	char ckpt_file[256];
};

static void
watch_tick(struct summary *sm, struct run *r, struct watch *w, int64_t el)
{
	char d[32], cap[32], left[32];

	if (w->cap_ms > 0 && !w->cap_warned && el >= w->cap_ms - w->warn_ms &&
	    el < w->cap_ms) {
		fprintf(stderr, "gpulog: warning: %s to %s's %s session cap: "
		    "save a checkpoint\n", fmt_duration(d, sizeof d,
		    (w->cap_ms - el + 999) / 1000), r->platform,
		    fmt_duration(cap, sizeof cap, w->cap_ms / 1000));
		w->cap_warned = 1;
	}
	if (w->cap_ms > 0 && !w->cap_over && el >= w->cap_ms) {
		fprintf(stderr, "gpulog: warning: past %s's %s session cap; "
		    "the platform may end the session\n", r->platform,
		    fmt_duration(cap, sizeof cap, w->cap_ms / 1000));
		w->cap_over = w->cap_warned = 1;
	}
	if (w->qi >= 0 && (w->q_reset_ms == 0 || el < w->q_reset_ms)) {
		const struct quota *q = &sm->cat.quotas[w->qi];
		/* What this run has used, in the quota's unit. */
		int64_t used = q->unit == QU_CU ? el / 1000 * r->gpus *
		    w->burn / 3600 : el / 1000 * r->gpus;
		int64_t rest = w->q_left - used;
		int64_t pace = q->unit == QU_CU ? r->gpus * w->burn : r->gpus *
		    3600;  /* units an hour */
		int64_t rest_ms = pace > 0 ? rest * 3600000 / pace : 0;

		if (!w->q_over && rest <= 0) {
			fprintf(stderr, "gpulog: warning: %s's quota is used "
			    "up\n", r->platform);
			w->q_over = w->q_warned = 1;
		} else if (!w->q_warned && rest_ms <= w->warn_ms) {
			fprintf(stderr, "gpulog: warning: %s's quota runs out "
			    "in %s at this run's pace (%s %s left)\n",
			    r->platform, fmt_duration(d, sizeof d,
			    (rest_ms + 999) / 1000), q->unit == QU_CU ?
			    fmt_centi(left, sizeof left, rest) : fmt_hours(left,
			    sizeof left, rest), quota_unit_name(q->unit));
			w->q_warned = 1;
		}
	}
	if (!w->ckpt && find_checkpoint(w->globs, w->since, w->ckpt_file,
	    sizeof w->ckpt_file)) {
		char *safe = text_safe(w->ckpt_file);

		fprintf(stderr, "gpulog: checkpoint %s seen; run #%lld marked "
		    "checkpointed\n", safe, (long long)r->id);
		free(safe);
		w->ckpt = 1;
	}
	if (!w->ckpt && !w->reminded && el >= w->ckpt_after_ms) {
		fprintf(stderr, "gpulog: reminder: %s in and no file matches "
		    "%s: save a checkpoint (every run past 30 minutes needs "
		    "one)\n", fmt_duration(d, sizeof d, el / 1000), w->globs);
		w->reminded = 1;
	}
}

/* The end of run line on stderr. */
static void
report_end(struct ctx *c, const struct run *r, const struct run_metrics *m,
    int code)
{
	char d[32], money[48];

	fprintf(stderr, "gpulog: run #%lld ended after %s, ", (long long)r->id,
	    fmt_duration(d, sizeof d, r->end - r->start));
	if (code > 128)
		fprintf(stderr, "killed by signal %d", code - 128);
	else
		fprintf(stderr, "exit %d", code);
	if (m->samples > 0) {
		char *g = text_safe(r->gpu);

		fprintf(stderr, " %s %dx %s, peak %lld of %lld MiB, mean "
		    "utilisation %d%%, %lld.%03lld Wh", c->dot, r->gpus, g,
		    (long long)m->peak_mem_mib, (long long)m->mem_total_mib,
		    m->mean_util_pct, (long long)(m->energy_wh_milli / 1000),
		    (long long)(m->energy_wh_milli % 1000));
		free(g);
	}
	if (run_cost_at(r, c->now) > 0)
		fprintf(stderr, " %s %s", c->dot, cli_money(c, money,
		    sizeof money, r->cost_minor, r->currency));
	if (r->checkpointed)
		fprintf(stderr, " %s checkpointed", c->dot);
	fputc('\n', stderr);
}

int
cmd_run(struct ctx *c, const struct args *a)
{
	struct summary sm;
	struct sampler sp;
	struct watch w;
	struct ops_run_in in;
	struct ops_result res;
	struct run_metrics m;
	struct ops_measured ms;
	struct err e;
	const char *v, *why = NULL;
	char guess[32];
	int64_t interval = 5000, t0, el, next_sample, end_ms;
	int status = 0, code, rc = EXIT_USAGE;
	pid_t pid, got;

	ops_run_in_init(&in);
	ops_result_init(&res);
	metrics_init(&m);
	memset(&sp, 0, sizeof sp);
	memset(&w, 0, sizeof w);
	w.ckpt_after_ms = 30 * 60 * 1000;
	w.warn_ms = 30 * 60 * 1000;
	w.globs = "*.pt,*.ckpt,*.safetensors";
	if (summary_load_catalog(&sm, c->s, c->now, &e) < 0) {
		rc = cli_err(EXIT_FAIL, &e);
		goto out;
	}
	guess_platform(c, &sm, guess, &why);
	if (opt_has(a, RO_PLATFORM))
		why = NULL;
	if (runopt_input(a, &in, &e) < 0)
		goto bad;
	if (in.platform == NULL)
		in.platform = guess;
	if (ops_record_prepare(&c->ops, &in, &res, &e) < 0) {
		rc = runopt_fail(c, "run", &e);
		goto out;
	}
	if (
	    ((v = opt_get(a, RN_INTERVAL)) != NULL &&
	    parse_ms(v, "--sample-interval", &interval, &e) < 0) ||
	    ((v = opt_get(a, RN_CKPT_AFTER)) != NULL &&
	    parse_ms(v, "--checkpoint-after", &w.ckpt_after_ms, &e) < 0) ||
	    ((v = opt_get(a, RN_WARN_BEFORE)) != NULL &&
	    parse_ms(v, "--warn-before", &w.warn_ms, &e) < 0))
		goto bad;
	if ((v = opt_get(a, RN_GLOB)) != NULL) {
		if (*v == '\0') {
			err_set(&e, "--checkpoint-glob needs a pattern");
			goto bad;
		}
		w.globs = v;
	}
	if (!on_path(a->pos[0])) {
		char *safe = text_safe(a->pos[0]);

		rc = cli_fail(127, "run: %s: command not found", safe);
		free(safe);
		goto out;
	}
	sp.on = !opt_has(a, RN_NO_SAMPLE) && on_path("nvidia-smi");
	sp.visible = getenv("CUDA_VISIBLE_DEVICES");

	/* The platform's session cap and what its quota has left. */
	{
		const struct platform *p = summary_platform(&sm, res.run.platform);

		w.cap_ms = p ? p->session_cap_s * 1000 : 0;
		w.qi = summary_quota_index(&sm, res.run.platform);
		if (w.qi >= 0) {
			sm.qs = xcalloc(sm.cat.nquotas, sizeof *sm.qs);
			if (summary_refresh_quota(&sm, c->s, w.qi, &e) < 0) {
				rc = cli_err(EXIT_FAIL, &e);
				goto out;
			}
			w.q_left = sm.qs[w.qi].remaining;
			if (sm.cat.quotas[w.qi].window != QW_ROLLING)
				w.q_reset_ms = (sm.qs[w.qi].we - c->now) * 1000;
			w.burn = summary_cu_rate(&sm, res.run.platform, res.run.gpu);
		}
	}

	catch(SIGINT, forward);
	catch(SIGTERM, forward);
	catch(SIGHUP, forward);
	{
		struct sigaction sa;

		memset(&sa, 0, sizeof sa);
		sigemptyset(&sa.sa_mask);
		sa.sa_handler = on_child;
		sigaction(SIGCHLD, &sa, NULL);
	}
	w.since = time(NULL);
	if ((pid = spawn(a)) < 0) {
		char *safe = text_safe(a->pos[0]);

		rc = cli_fail(errno == ENOENT ? 127 : 126, "run: cannot run "
		    "%s: %s", safe, strerror(errno));
		free(safe);
		goto out;
	}
	child_pid = pid;
	t0 = mono_ms();

	m.command = join_args(a);
	if (ops_record_open(&c->ops, &res, &m, &e) < 0)
		fprintf(stderr, "gpulog: warning: the run is not recorded yet "
		    "(%s); it will be when it ends\n", e.msg);
	else
		fprintf(stderr, "gpulog: run #%lld on %s%s%s%s started (pid "
		    "%ld)\n", (long long)res.run.id, res.run.platform, why ? " (from " :
		    "", why ? why : "", why ? ")" : "", (long)pid);

	next_sample = t0;
	for (;;) {
		int64_t now_ms, wake;

		got = waitpid(pid, &status, WNOHANG);
		if (got == pid || (got < 0 && errno != EINTR))
			break;
		now_ms = mono_ms();
		if (sp.on && now_ms >= next_sample) {
			sample(&sp, now_ms);
			next_sample += interval;
			if (next_sample <= now_ms)
				next_sample = now_ms + interval;
		}
		el = mono_ms() - t0;
		watch_tick(&sm, &res.run, &w, el);
		wake = TICK_MS;
		if (sp.on && next_sample - mono_ms() < wake)
			wake = next_sample - mono_ms();
		sleep_ms(wake);
	}
	end_ms = mono_ms();
	child_pid = 0;
	el = end_ms - t0;
	watch_tick(&sm, &res.run, &w, el);
	if (got != pid)
		status = 0;
	code = WIFSIGNALED(status) ? 128 + WTERMSIG(status) :
	    WIFEXITED(status) ? WEXITSTATUS(status) : EXIT_FAIL;

	/* What was measured goes into the record. */
	if (sp.last_ms > 0)
		sp.energy_mw_ms += (double)sp.power_mw *
		    (double)(end_ms - sp.last_ms);
	memset(&ms, 0, sizeof ms);
	ms.end = res.run.start + (el + 999) / 1000;
	if (!opt_has(a, RO_GPU) && sp.model[0] != '\0')
		ms.gpu = sp.model;
	if (!opt_has(a, RO_GPUS))
		ms.gpus = sp.gpus_seen;
	ms.checkpointed = w.ckpt;
	m.samples = sp.samples;
	if (sp.samples > 0) {
		m.peak_mem_mib = sp.peak_mib;
		m.mem_total_mib = sp.total_mib;
		m.mean_util_pct = sp.util_n > 0 ? (int)((sp.util_sum +
		    sp.util_n / 2) / sp.util_n) : -1;
		m.energy_wh_milli = (int64_t)(sp.energy_mw_ms / 3600000.0 +
		    0.5);
	}
	m.exit_status = code;
	c->ops.now = ms.end > c->now ? ms.end : c->now;
	if (ops_record_close(&c->ops, &res, &ms, &m, &e) < 0) {
		fprintf(stderr, "gpulog: cannot record the run: %s\n", e.msg);
	} else {
		for (status = 0; status < res.nwarn; status++)
			fprintf(stderr, "gpulog: warning: %s\n",
			    res.warn[status]);
		report_end(c, &res.run, &m, code);
	}
	rc = code;
	goto out;
bad:
	rc = cli_fail(EXIT_USAGE, "run: %s", e.msg);
out:
	metrics_clear(&m);
	summary_free(&sm);
	ops_result_clear(&res);
	return rc;
}
