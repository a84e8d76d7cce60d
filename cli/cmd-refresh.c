/*
 * cmd-refresh.c: `gpulog refresh`: every source the user has set up, one
 * after another, each as its own gpulog process with its own time budget
 * (so that one that fails or stalls leaves the others to run, and a
 * killed one leaves the database as it was): the imports whose --api has
 * its key (importers/importer.c's api_ready), the exchange rate once a
 * day, the GPU prices once a week, then notify.  What each said is shown
 * under its name.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/run-proc.h"
#include "core/clock.h"
#include "core/fx.h"
#include "core/text.h"
#include "importers/importer.h"
#include "store/summary.h"

extern char **environ;

enum { F_DRY = 1, F_BUDGET };

/* The default budget of one source, and the longest allowed. */
#define REFRESH_BUDGET_S 60
#define REFRESH_BUDGET_MAX 3600

/* Prices are fetched again after this long. */
#define PRICES_EVERY_S (7 * DAY_S)

const struct opt refresh_opts[] = {
	{ F_DRY, 'n', "dry-run", NULL,
	    "say what each source would change; write nothing" },
	{ F_BUDGET, 0, "budget", "SECONDS",
	    "the longest one source may take (default 60)" },
	{ 0, 0, NULL, NULL, NULL },
};

/* Copies what a child wrote to fd (a temporary file) to out, each line
 * under the source's name; on stderr, after gpulog's own "gpulog: ". */
static void
relay(int fd, FILE *out, const char *name, int err)
{
	char line[4096];
	FILE *f;

	if (lseek(fd, 0, SEEK_SET) != 0 || (f = fdopen(dup(fd), "r")) == NULL)
		return;
	while (fgets(line, sizeof line, f) != NULL) {
		const char *p = line;

		if (err && strncmp(p, "gpulog: ", 8) == 0)
			p += 8;
		/* The child made its text harmless already. */
		fprintf(out, "%s%s: %s%s", err ? "gpulog: " : "", name, p,
		    strchr(p, '\n') != NULL ? "" : "\n");
	}
	fclose(f);
}

static int
tmp_fd(void)
{
	FILE *f = tmpfile();
	int fd;

	if (f == NULL)
		return -1;
	fd = dup(fileno(f));
	fclose(f);
	return fd;
}

/*
 * Runs this gpulog with args (NULL-terminated) on the same database,
 * stopped when it takes longer than budget seconds.  Returns its exit
 * status, 124 when it ran out of time, 127 when it could not start.
 */
static int
child(struct ctx *c, const char *name, const char *const *args, int budget)
{
	const char *argv[16];
	posix_spawn_file_actions_t fa;
	int out = tmp_fd(), err = tmp_fd(), n = 0, code = 127, rc, killed = 0;
	int64_t until = run_proc_mono_ms() + (int64_t)budget * 1000;
	pid_t pid = -1;
	int nap = 1;

	argv[n++] = cli_argv0;
	argv[n++] = "--db";
	argv[n++] = c->db;
	while (*args != NULL && n < 15)
		argv[n++] = *args++;
	argv[n] = NULL;
	if (out < 0 || err < 0) {
		cli_warn("%s: cannot make a temporary file: %s", name,
		    strerror(errno));
		goto out;
	}
	fflush(stdout);
	fflush(stderr);
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_adddup2(&fa, out, STDOUT_FILENO);
	posix_spawn_file_actions_adddup2(&fa, err, STDERR_FILENO);
	posix_spawn_file_actions_addopen(&fa, STDIN_FILENO, "/dev/null",
	    O_RDONLY, 0);
	rc = strchr(cli_argv0, '/') != NULL ?
	    posix_spawn(&pid, cli_argv0, &fa, NULL, (char *const *)argv,
	    environ) : posix_spawnp(&pid, cli_argv0, &fa, NULL,
	    (char *const *)argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	if (rc != 0) {
		cli_warn("%s: cannot run %s: %s", name, cli_argv0,
		    strerror(rc));
		goto out;
	}
	/* Looked at after 1 ms, then twice as long each time up to 50: a
	 * source that ends in 10 ms is not waited on for 50. */
	while (run_proc_ended(pid, &code, NULL) == 0) {
		int64_t now = run_proc_mono_ms();

		if (now >= until && killed < 2) {
			/* TERM first: an import rolls back and exits; KILL
			 * two seconds later leaves its change undone too. */
			kill(pid, killed == 0 ? SIGTERM : SIGKILL);
			killed++;
			until = now + 2000;
		}
		run_proc_sleep_ms(nap);
		nap = nap < 25 ? nap * 2 : 50;
	}
	relay(out, stdout, name, 0);
	relay(err, stderr, name, 1);
	if (killed)
		code = 124;
out:
	if (out >= 0)
		close(out);
	if (err >= 0)
		close(err);
	return code;
}

/* The newest fetched price's time, 0 when none was ever fetched. */
static int64_t
prices_fetched(const struct summary *sum)
{
	int64_t t = 0;
	size_t i;

	for (i = 0; i < sum->cat.nrates; i++) {
		const struct rate *r = &sum->cat.rates[i];

		if ((strcmp(r->source, "vast") == 0 || strcmp(r->source,
		    "runpod") == 0 || strcmp(r->source, "lambda") == 0) &&
		    r->updated > t)
			t = r->updated;
	}
	return t;
}

int
cmd_refresh(struct ctx *c, const struct args *a)
{
	int dry = opt_has(a, F_DRY), budget = REFRESH_BUDGET_S, failed = 0;
	int code, ran = 0;
	const struct summary *sum;
	const char *unready[8];
	size_t nun = 0, i;
	int64_t fx_day = -1, fetched;
	struct err e;
	char *end;

	if (opt_has(a, F_BUDGET)) {
		long v = strtol(opt_get(a, F_BUDGET), &end, 10);

		if (*end != '\0' || end == opt_get(a, F_BUDGET) || v < 1 ||
		    v > REFRESH_BUDGET_MAX)
			return cli_fail(EXIT_USAGE, "refresh: --budget: expected "
			    "whole seconds from 1 to %d", REFRESH_BUDGET_MAX);
		budget = (int)v;
	}
	if ((sum = ops_catalog(&c->ops, &e)) == NULL)
		return cli_err(EXIT_FAIL, &e);
	/* The day a rate was last fetched or set (the catalog's own are
	 * stamped 0), not the day it is of: a source may lag days. */
	for (i = 0; i < sum->cat.nfx; i++)
		if (sum->cat.fx[i].modified > 0 && floor_div(
		    sum->cat.fx[i].modified, DAY_S) > fx_day)
			fx_day = floor_div(sum->cat.fx[i].modified, DAY_S);
	fetched = prices_fetched(sum);

	for (i = 0; i < importers_count; i++) {
		const struct importer *imp = &importers[i];
		const char *args[] = { "import", imp->name, "--api",
			dry ? "--dry-run" : NULL, NULL };

		if (imp->api_ready == NULL)
			continue;
		if (!imp->api_ready()) {
			if (nun < sizeof unready / sizeof unready[0])
				unready[nun++] = imp->name;
			continue;
		}
		ran++;
		if ((code = child(c, imp->name, args, budget)) == 124)
			cli_warn("%s: stopped after %d s (--budget)", imp->name,
			    budget);
		failed += code != 0;
	}
	/* The rate once a day, prices once a week: they change slowly,
	 * and a timer runs refresh every few minutes. */
	if (fx_day < floor_div(c->now, DAY_S)) {
		const char *args[] = { "fx", "update", NULL };

		ran++;
		if (dry) {
			printf("fx: would fetch today's exchange rate\n");
		} else if ((code = child(c, "fx", args, budget)) != 0) {
			if (code == 124)
				cli_warn("fx: stopped after %d s (--budget)",
				    budget);
			failed++;
		}
	}
	if (c->now - fetched >= PRICES_EVERY_S) {
		const char *args[] = { "prices", "update", NULL };

		ran++;
		if (dry) {
			printf("prices: would fetch GPU prices (last fetched "
			    "more than 7 days ago, or never)\n");
		} else if ((code = child(c, "prices", args, budget)) != 0) {
			if (code == 124)
				cli_warn("prices: stopped after %d s (--budget)",
				    budget);
			failed++;
		}
	}
	{
		const char *args[] = { "notify", dry ? "--dry-run" : NULL,
			NULL };

		if ((code = child(c, "notify", args, budget)) != 0)
			failed++;
	}
	if (nun > 0) {
		printf("not set up:");
		for (i = 0; i < nun; i++)
			printf(" %s%s", unready[i], i + 1 < nun ? "," : "");
		printf(" (no key where --api looks; see gpulog(1), IMPORT "
		    "FORMATS)\n");
	}
	if (failed > 0) {
		cli_fail(EXIT_FAIL, "refresh: %d of %d source%s failed (named "
		    "above); the others ran", failed, ran + 1, ran + 1 == 1 ?
		    "" : "s");
		return EXIT_FAIL;
	}
	return EXIT_OK;
}
