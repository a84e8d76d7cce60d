/*
 * cmd-run.c: `gpulog run -- COMMAND [ARGS...]`: runs a training command
 * and records it as a run, open while it goes and closed with its exit
 * status.  Where nvidia-smi is on PATH it is sampled every few seconds for
 * the GPU model and count, peak memory, mean utilisation and energy.
 * Signals sent to gpulog go on to the command; gpulog exits with its
 * status.  It reminds about checkpoints and warns before the platform's
 * session cap and quota run out.
 *
 * This file is the command: its options, the loop tying the parts
 * together and what it prints.  The process and its signals are
 * cli/run-proc.c's, nvidia-smi is cli/run-sample.c's, the warnings'
 * arithmetic is core/pace.c's, and the data changes go through ops/.
 */
#include <errno.h>
#include <glob.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/journal.h"
#include "cli/run-proc.h"
#include "cli/run-sample.h"
#include "cli/runopt.h"
#include "ops/ops.h"
#include "core/alerts.h"
#include "core/clock.h"
#include "core/cloud.h"
#include "core/fmt.h"
#include "core/model.h"
#include "core/pace.h"
#include "core/parse.h"
#include "core/quota.h"
#include "core/text.h"
#include "store/metrics.h"
#include "store/store.h"
#include "store/summary.h"

enum { RN_INTERVAL = 100, RN_GLOB, RN_CKPT_AFTER, RN_WARN_BEFORE,
	RN_NO_SAMPLE, RN_IDLE_PCT, RN_IDLE_FOR };

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
	{ RN_IDLE_PCT, 0, "idle-pct", "N", "a paid GPU under N% busy is idle "
	    "(default 5)" },
	{ RN_IDLE_FOR, 0, "idle-for", "T", "warn once when it stays idle this "
	    "long (default 15m)" },
	{ RN_NO_SAMPLE, 0, "no-sample", NULL, "do not run nvidia-smi" },
	{ 0, 0, NULL, NULL, NULL },
};

#define TICK_MS 200            /* the loop's longest sleep */
#define HEARTBEAT_MS 10000     /* the journal's sign of life, unless
                                  GPULOG_HEARTBEAT_MS says (for tests) */
#define OPEN_WAIT_MS 2000      /* the open's wait for the lock */

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

/* The variables a rented instance sets, and its provider; each holds the
 * provider's instance id: RunPod's pod id, Vast.ai's instance id
 * (CONTAINER_ID, or VAST_CONTAINERLABEL "C.ID"). */
static const char *const rented[][2] = { { "RUNPOD_POD_ID", "runpod" },
	{ "VAST_CONTAINERLABEL", "vast" }, { "CONTAINER_ID", "vast" } };

/*
 * Inside a rented instance of r's platform, r names the instance in its
 * source id (core/cloud.h): while a run an import made of the instance
 * covers it, the instance's run alone counts (store_covered()).
 */
static void
name_instance(struct run *r)
{
	char key[256];
	size_t i;

	for (i = 0; i < sizeof rented / sizeof rented[0]; i++) {
		const char *v = getenv(rented[i][0]);

		if (v == NULL || *v == '\0' ||
		    strcmp(r->platform, rented[i][1]) != 0)
			continue;
		if (strncmp(v, "C.", 2) == 0)
			v += 2;
		if (cloud_within_key(key, sizeof key, rented[i][1], v,
		    r->uid) == 0) {
			free(r->source_id);
			r->source_id = xstrdup(key);
			return;
		}
	}
}

/*
 * The platform the environment names: a Kaggle kernel sets
 * KAGGLE_KERNEL_RUN_TYPE and KAGGLE_URL_BASE; Colab sets COLAB_RELEASE_TAG
 * and COLAB_GPU (Colab Pro when its fee was paid in the last 31 days,
 * else Colab Free); a RunPod pod sets RUNPOD_POD_ID, a Vast.ai instance
 * CONTAINER_ID and VAST_CONTAINERLABEL; anything else is local.  why
 * names the variable.
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
	for (i = 0; i < 3 && *why == NULL; i++)
		if (getenv(rented[i][0]) != NULL && *getenv(rented[i][0]) !=
		    '\0') {
			k = rented[i][1];
			*why = rented[i][0];
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

/* The state of one run while it goes. */
struct watch {
	struct pace pace;        /* the cap, the quota and what was said */
	int qi;                  /* the platform's quota, or -1 */
	const char *globs;
	time_t since;            /* files written from then on count */
	int ckpt;
	char ckpt_file[256];
};

/* Says what is due at el ms into the run, on stderr. */
static void
watch_tick(struct summary *sm, struct run *r, struct watch *w, int64_t el)
{
	struct pace_figures f;
	char d[32], cap[32], left[32];
	int due, found = 0;

	if (!w->ckpt)
		found = find_checkpoint(w->globs, w->since, w->ckpt_file,
		    sizeof w->ckpt_file);
	due = pace_tick(&w->pace, el, w->ckpt || found, &f);
	if (due & PACE_CAP_NEAR)
		cli_warn("%s to %s's %s session cap: "
		    "save a checkpoint", fmt_duration(d, sizeof d,
		    f.cap_left_s), r->platform, fmt_duration(cap, sizeof cap,
		    w->pace.cap_ms / 1000));
	if (due & PACE_CAP_OVER)
		cli_warn("past %s's %s session cap; "
		    "the platform may end the session", r->platform,
		    fmt_duration(cap, sizeof cap, w->pace.cap_ms / 1000));
	if (due & PACE_QUOTA_OUT)
		cli_warn("%s's quota is used up",
		    r->platform);
	if (due & PACE_QUOTA_LOW) {
		int unit = sm->cat.quotas[w->qi].unit;

		cli_warn("%s's quota runs out in %s "
		    "at this run's pace (%s %s left)", r->platform,
		    fmt_duration(d, sizeof d, f.q_rest_s), 
		    fmt_quota_amount(left, sizeof left, unit, f.q_rest),
		    quota_unit_name(unit));
	}
	if (found) {
		char *safe = text_safe(w->ckpt_file);

		cli_fail(0, "checkpoint %s seen; run #%lld marked "
		    "checkpointed", safe, (long long)r->id);
		free(safe);
		w->ckpt = 1;
	}
	if (due & PACE_CKPT_DUE)
		cli_fail(0, "reminder: %s in and no file matches "
		    "%s: save a checkpoint (every run past 30 minutes needs "
		    "one)", fmt_duration(d, sizeof d, el / 1000), w->globs);
}

/* A sample of a paid run's GPUs, against its idleness: warns the first
 * time they stay idle, and records each idle spell while it lasts. */
static void
watch_idle(struct ctx *c, const struct run *r, struct pace_idle *pi,
    int64_t el, int util)
{
	struct err e;
	char d[32];
	int due = pace_idle(pi, el, util);

	if (due == 0)
		return;
	/* Recorded first, so that whoever reads the warning finds the
	 * nudge. */
	if (r->id > 0 && ops_run_idle(&c->ops, r->id, due == PACE_IDLE_START ?
	    r->start + pi->since_ms / 1000 : 0, &e) < 0)
		cli_warn("cannot record the idle GPU: %s", e.msg);
	if (due == PACE_IDLE_START && pi->periods == 1)
		cli_warn("run #%lld: its GPU has been under %d%% busy for %s on "
		    "%s, which bills by the hour: is it doing anything?",
		    (long long)r->id, pi->pct, fmt_duration(d, sizeof d,
		    (el - pi->since_ms + 999) / 1000), r->platform);
}

/* The end of run line on stderr. */
static void
report_end(struct ctx *c, const struct run *r, const struct run_metrics *m,
    int code, int signo)
{
	char d[32], money[48];

	fprintf(stderr, "gpulog: run #%lld ended after %s, ", (long long)r->id,
	    fmt_duration(d, sizeof d, r->end - r->start));
	if (signo > 0)
		fprintf(stderr, "killed by signal %d", signo);
	else
		fprintf(stderr, "exit %d", code);
	if (m->samples > 0) {
		char *g = text_safe(r->gpu);

		/* What nvidia-smi never reported is said to be unknown. */
		fprintf(stderr, " %s %dx %s, ", c->dot, r->gpus, g);
		if (m->peak_mem_mib >= 0 && m->mem_total_mib >= 0)
			fprintf(stderr, "peak %lld of %lld MiB", (long long)
			    m->peak_mem_mib, (long long)m->mem_total_mib);
		else if (m->peak_mem_mib >= 0)
			fprintf(stderr, "peak %lld MiB", (long long)
			    m->peak_mem_mib);
		else
			fputs("memory unknown", stderr);
		if (m->own_mem_mib >= 0)
			fprintf(stderr, " (the command's own %lld MiB)",
			    (long long)m->own_mem_mib);
		if (m->mean_util_pct >= 0)
			fprintf(stderr, ", mean utilisation %d%%",
			    m->mean_util_pct);
		else
			fputs(", utilisation unknown", stderr);
		if (m->energy_wh_milli >= 0)
			fprintf(stderr, ", %lld.%03lld Wh", (long long)
			    (m->energy_wh_milli / 1000), (long long)
			    (m->energy_wh_milli % 1000));
		else
			fputs(", energy unknown", stderr);
		free(g);
	}
	if (run_cost_at(r, c->now) > 0)
		fprintf(stderr, " %s %s", c->dot, cli_money(c, money,
		    sizeof money, r->cost_minor, r->currency));
	if (r->checkpointed)
		fprintf(stderr, " %s checkpointed", c->dot);
	fputc('\n', stderr);
}

/* The journal's copy of the run as it stands. */
static void
journal_fill(struct ops_journal *j, const struct ops_result *res,
    const struct run_metrics *m)
{
	if (j->pid == 0) {
		j->pid = (long)getpid();
		if (gethostname(j->host, sizeof j->host) != 0)
			snprintf(j->host, sizeof j->host, "localhost");
		j->host[sizeof j->host - 1] = '\0';
		j->alive = res->run.start;
	}
	run_clear(&j->run);
	run_copy(&j->run, &res->run);
	j->cost_given = res->cost_given;
	j->rate_given = res->rate_given;
	free(j->m.command);
	j->m = *m;
	j->m.command = m->command ? xstrdup(m->command) : NULL;
}

/* The journal and its path, for note_started(). */
struct journal_at {
	const char *path;
	struct ops_journal *j;
};

/*
 * In the new process, just before it becomes the command: the journal
 * says the command started, so that a gpulog killed before it could say
 * so leaves no run of a command that never ran, and one killed after
 * leaves the run of the command that does.
 */
static void
note_started(void *arg)
{
	struct journal_at *at = arg;
	struct err e;

	if (at->path == NULL)
		return;
	at->j->started = 1;
	cli_journal_write(at->path, at->j, 1, &e);
}

/* Records the open run; 1 when the database has it.  first: the attempt
 * at the start, which says either way. */
static int
record_open(struct ctx *c, struct ops_result *res, struct run_metrics *m,
    struct ops_journal *j, const char *jpath, struct err *e)
{
	if (ops_record_open(&c->ops, res, m, e) < 0)
		return 0;
	j->run.id = res->run.id;
	if (jpath != NULL)
		cli_journal_write(jpath, j, 1, e);
	return 1;
}

static void
say_started(const struct ops_result *res, const char *why, pid_t pid)
{
	cli_fail(0, "run #%lld on %s%s%s%s started (pid %ld)",
	    (long long)res->run.id, res->run.platform, why ? " (from " : "",
	    why ? why : "", why ? ")" : "", (long)pid);
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
	struct ops_journal j;
	struct journal_at js;
	struct pace_idle idle;
	int64_t idle_ms = (int64_t)ALERTS_IDLE_S * 1000, pct;
	int idle_on;
	char *jpath = NULL;
	int64_t interval = 5000, t0, el, next_sample, next_beat, end_ms;
	int64_t beat = HEARTBEAT_MS;
	int i, code = 0, signo = 0, rc = EXIT_USAGE, opened;
	pid_t pid;

	ops_run_in_init(&in);
	ops_result_init(&res);
	ops_journal_init(&j);
	metrics_init(&m);
	memset(&w, 0, sizeof w);
	pace_init(&w.pace);
	w.pace.ckpt_after_ms = (int64_t)ALERTS_CKPT_S * 1000;
	w.pace.warn_ms = 30 * 60 * 1000;
	w.globs = "*.pt,*.ckpt,*.safetensors";
	if (summary_load_catalog(&sm, c->s, c->now, &e) < 0) {
		rc = cli_err(EXIT_FAIL, &e);
		goto out;
	}
	if ((v = getenv("GPULOG_HEARTBEAT_MS")) != NULL) {
		char *endp;
		long long hb;

		errno = 0;
		hb = strtoll(v, &endp, 10);
		if (errno != 0 || endp == v || *endp != '\0' || hb < 100 ||
		    hb > 600000) {
			rc = cli_fail(EXIT_USAGE, "run: GPULOG_HEARTBEAT_MS: "
			    "expected milliseconds from 100 to 600000");
			goto out;
		}
		beat = hb;
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
	    (parse_ms(v, "--sample-interval", &interval, &e) < 0 ||
	    (interval < SAMPLER_MIN_MS && err_set(&e, "--sample-interval: "
	    "at least 100ms (nvidia-smi itself takes tens of milliseconds), "
	    "not %s", v) < 0))) ||
	    ((v = opt_get(a, RN_CKPT_AFTER)) != NULL &&
	    parse_ms(v, "--checkpoint-after", &w.pace.ckpt_after_ms,
	    &e) < 0) ||
	    ((v = opt_get(a, RN_WARN_BEFORE)) != NULL &&
	    parse_ms(v, "--warn-before", &w.pace.warn_ms, &e) < 0) ||
	    ((v = opt_get(a, RN_IDLE_FOR)) != NULL &&
	    parse_ms(v, "--idle-for", &idle_ms, &e) < 0))
		goto bad;
	pct = ALERTS_IDLE_PCT;
	if ((v = opt_get(a, RN_IDLE_PCT)) != NULL &&
	    parse_int(v, "--idle-pct", 1, 100, &pct, &e) < 0)
		goto bad;
	pace_idle_init(&idle, (int)pct, idle_ms);
	if ((v = opt_get(a, RN_GLOB)) != NULL) {
		if (*v == '\0') {
			err_set(&e, "--checkpoint-glob needs a pattern");
			goto bad;
		}
		w.globs = v;
	}
	if (!run_proc_on_path(a->pos[0])) {
		char *safe = text_safe(a->pos[0]);

		rc = cli_fail(127, "run: %s: command not found", safe);
		free(safe);
		goto out;
	}
	sampler_init(&sp, !opt_has(a, RN_NO_SAMPLE),
	    getenv("CUDA_VISIBLE_DEVICES"));
	/* Only a GPU paid by the hour costs while it idles. */
	idle_on = alerts_paid(summary_platform(&sm, res.run.platform),
	    &res.run);

	/* The platform's session cap and what its quota has left. */
	{
		const struct platform *p = summary_platform(&sm,
		    res.run.platform);
		struct pace *pc = &w.pace;

		pc->cap_ms = p ? p->session_cap_s * 1000 : 0;
		pc->gpus = res.run.gpus;
		w.qi = summary_quota_index(&sm, res.run.platform);
		if (w.qi >= 0) {
			const struct quota *q = &sm.cat.quotas[w.qi];

			sm.qs = xcalloc(sm.cat.nquotas, sizeof *sm.qs);
			if (summary_refresh_quota(&sm, c->s, w.qi, &e) < 0) {
				rc = cli_err(EXIT_FAIL, &e);
				goto out;
			}
			pc->quota = 1;
			pc->unit = q->unit;
			pc->q_left = sm.qs[w.qi].remaining;
			if (q->window != QW_ROLLING)
				pc->q_reset_ms = (sm.qs[w.qi].we - c->now) *
				    1000;
			pc->burn = summary_cu_rate(&sm, res.run.platform,
			    res.run.gpu);
		}
	}

	m.command = join_args(a);
	/* The journal first, then the run, then the command: the run
	 * outlives this gpulog from before the command starts. */
	store_new_uid(res.run.uid);
	name_instance(&res.run);
	jpath = cli_journal_path(c->db, (long)getpid());
	journal_fill(&j, &res, &m);
	j.started = 0;
	if (store_readonly(c->s)) {
		rc = cli_fail(EXIT_FAIL, "run: the database is read-only: the "
		    "run cannot be recorded; the command was not started");
		goto out;
	}
	if (cli_journal_write(jpath, &j, 1, &e) < 0) {
		cli_warn("%s; the run is recorded all the same, but if gpulog "
		    "is killed it stays open", e.msg);
		free(jpath);
		jpath = NULL;
	}
	store_busy_wait(c->s, OPEN_WAIT_MS, cli_on_busy, NULL);
	if (!(opened = record_open(c, &res, &m, &j, jpath, &e))) {
		/* Busy: the journal keeps the run, offered again as it
		 * goes.  Anything else (a full disk, a read-only file) would
		 * lose it: the command is not started. */
		if (!store_failed_busy(c->s) || jpath == NULL) {
			if (jpath != NULL)
				unlink(jpath);
			rc = cli_fail(EXIT_FAIL, "run: %s; the command was not "
			    "started", e.msg);
			goto out;
		}
		cli_warn("the run is not recorded yet (%s); gpulog tries "
		    "again while it goes, and records it when it ends", e.msg);
	}
	run_proc_catch_signals();
	w.since = time(NULL);
	js.path = jpath;
	js.j = &j;
	if ((pid = run_proc_spawn(a->npos, a->pos, note_started, &js)) >= 0)
		sp.pid = (long)pid;
	if (pid < 0) {
		char *safe = text_safe(a->pos[0]);
		int err = errno;

		/* Not started: no run. */
		if (opened && ops_record_abandon(&c->ops, &res, &e) < 0)
			cli_warn("%s", e.msg);
		if (jpath != NULL)
			unlink(jpath);
		rc = cli_fail(err == ENOENT ? 127 : 126, "run: cannot run "
		    "%s: %s", safe, strerror(err));
		free(safe);
		goto out;
	}
	j.started = 1;
	t0 = run_proc_mono_ms();
	if (opened)
		say_started(&res, why, pid);
	next_sample = t0;
	next_beat = t0 + beat;
	for (;;) {
		int64_t now_ms, wake;

		if (run_proc_ended(pid, &code, &signo))
			break;
		now_ms = run_proc_mono_ms();
		if (now_ms >= next_beat) {
			next_beat = now_ms + beat;
			j.alive = res.run.start + (now_ms - t0) / 1000;
			/* A run the database was too busy to take at the
			 * start is offered again, waiting little. */
			if (!opened) {
				store_busy_wait(c->s, 100, NULL, NULL);
				if ((opened = record_open(c, &res, &m, &j,
				    jpath, &e)))
					say_started(&res, why, pid);
			}
			if (jpath != NULL)
				cli_journal_write(jpath, &j, 0, &e);
		}
		if (sp.on && now_ms >= next_sample) {
			sampler_take(&sp, now_ms);
			if (idle_on)
				watch_idle(c, &res.run, &idle, now_ms - t0,
				    sp.util_max);
			next_sample += interval;
			if (next_sample <= now_ms)
				next_sample = now_ms + interval;
		}
		el = run_proc_mono_ms() - t0;
		watch_tick(&sm, &res.run, &w, el);
		wake = TICK_MS;
		if (sp.on && next_sample - run_proc_mono_ms() < wake)
			wake = next_sample - run_proc_mono_ms();
		run_proc_sleep_ms(wake);
	}
	end_ms = run_proc_mono_ms();
	el = end_ms - t0;
	watch_tick(&sm, &res.run, &w, el);

	/* What was measured goes into the record. */
	sampler_finish(&sp, end_ms, &m);
	memset(&ms, 0, sizeof ms);
	ms.end = res.run.start + (el + 999) / 1000;
	if (!opt_has(a, RO_GPU) && sp.model[0] != '\0')
		ms.gpu = sp.model;
	if (!opt_has(a, RO_GPUS))
		ms.gpus = sp.gpus_seen;
	ms.checkpointed = w.ckpt;
	m.exit_status = code;
	c->ops.now = ms.end > c->now ? ms.end : c->now;
	/* What was measured goes to the journal before the database, which
	 * is then waited for as long as it takes. */
	journal_fill(&j, &res, &m);
	j.alive = j.end = ms.end;
	j.ended = 1;
	snprintf(j.gpu, sizeof j.gpu, "%s", ms.gpu ? ms.gpu : "");
	j.gpus = ms.gpus;
	j.checkpointed = ms.checkpointed;
	if (jpath != NULL && cli_journal_write(jpath, &j, 1, &e) < 0) {
		cli_warn("%s", e.msg);
		free(jpath);
		jpath = NULL;
	}
	/* As long as it takes, unless SIGINT, SIGTERM or SIGHUP says to
	 * stop: the journal keeps the run then. */
	store_busy_wait(c->s, -1, cli_on_busy, NULL);
	store_busy_stop(c->s, run_proc_late_signal);
	if (ops_record_close(&c->ops, &res, &ms, &m, &e) < 0) {
		if (jpath != NULL && run_proc_late_signal())
			cli_fail(0, "stopped by signal %d while waiting for the "
			    "database; the run is kept in %s, which the next "
			    "gpulog command records", run_proc_late_signal(),
			    jpath);
		else if (jpath != NULL)
			cli_fail(0, "cannot record the run yet: %s; it is kept "
			    "in %s, which the next gpulog command records",
			    e.msg, jpath);
		else
			cli_fail(0, "cannot record the run: %s", e.msg);
		if (run_proc_late_signal()) {
			/* Ended as the signal asked: journal kept. */
			free(jpath);
			jpath = NULL;
			rc = 128 + run_proc_late_signal();
			goto out;
		}
	} else {
		if (jpath != NULL)
			unlink(jpath);
		for (i = 0; i < res.nwarn; i++)
			cli_warn("%s", res.warn[i]);
		report_end(c, &res.run, &m, code, signo);
	}
	rc = code;
	goto out;
bad:
	rc = cli_fail(EXIT_USAGE, "run: %s", e.msg);
out:
	free(jpath);
	ops_journal_clear(&j);
	metrics_clear(&m);
	summary_free(&sm);
	ops_result_clear(&res);
	return rc;
}
