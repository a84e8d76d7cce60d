/*
 * cmd-notify.c: `gpulog notify`: the nudges `status --check` finds
 * (summary_load()'s, computed once in core/alerts.c), each new condition
 * sent once through the first way that is there: notify-send, osascript,
 * the ntfy topic or webhook in the settings (importers/fetch.c posts), or
 * standard output.  What was sent is remembered through ops/notify.c.
 */
#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cli/cli.h"
#include "core/alerts.h"
#include "core/notify.h"
#include "core/text.h"
#include "importers/fetch.h"
#include "store/store.h"
#include "store/summary.h"

extern char **environ;

enum { N_DRY = 1, N_VIA, N_URL };

/* The ways, in the order they are tried. */
enum way { W_NOTIFY_SEND, W_OSASCRIPT, W_URL, W_STDOUT, W_NWAYS };

const char *const notify_ways[W_NWAYS + 1] = { "notify-send", "osascript",
	"url", "stdout" };

const struct opt notify_opts[] = {
	{ N_DRY, 'n', "dry-run", NULL, "print what would be sent, and how; "
	    "send and remember nothing" },
	{ N_VIA, 0, "via", "WAY", "send only this way: notify-send, "
	    "osascript, url or stdout" },
	{ N_URL, 0, "url", "URL", "set the ntfy topic or webhook to post "
	    "to (\"\" removes it), and send nothing" },
	{ 0, 0, NULL, NULL, NULL },
};


/* 1 when an executable name is in a directory of PATH. */
static int
on_path(const char *name)
{
	const char *path = getenv("PATH"), *p;
	char buf[4096];

	if (path == NULL || *path == '\0')
		return 0;
	for (p = path; ; ) {
		size_t n = strcspn(p, ":");

		if (n > 0 && n + strlen(name) + 2 <= sizeof buf) {
			memcpy(buf, p, n);
			buf[n] = '/';
			strcpy(buf + n + 1, name);
			if (access(buf, X_OK) == 0)
				return 1;
		}
		if (p[n] == '\0')
			return 0;
		p += n + 1;
	}
}

static int
env_set(const char *name)
{
	const char *v = getenv(name);

	return v != NULL && *v != '\0';
}

/* 1 when way w can be used now: notify-send needs a desktop session
 * (DISPLAY, WAYLAND_DISPLAY or DBUS_SESSION_BUS_ADDRESS), which cron
 * lacks; the URL must be set. */
static int
available(int w, const char *url)
{
	switch (w) {
	case W_NOTIFY_SEND:
		return on_path("notify-send") && (env_set("DISPLAY") ||
		    env_set("WAYLAND_DISPLAY") ||
		    env_set("DBUS_SESSION_BUS_ADDRESS"));
	case W_OSASCRIPT:
		return on_path("osascript");
	case W_URL:
		return url[0] != '\0';
	default:
		return 1;
	}
}

/* Runs argv with its output discarded; 0 when it exits 0. */
static int
spawn(char *const argv[], struct err *e)
{
	posix_spawn_file_actions_t fa;
	pid_t pid;
	int rc, st;

	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_addopen(&fa, STDOUT_FILENO, "/dev/null",
	    O_WRONLY, 0);
	posix_spawn_file_actions_addopen(&fa, STDIN_FILENO, "/dev/null",
	    O_RDONLY, 0);
	rc = posix_spawnp(&pid, argv[0], &fa, NULL, argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	if (rc != 0)
		return err_set(e, "cannot run %s: %s", argv[0], strerror(rc));
	while (waitpid(pid, &st, 0) < 0)
		if (errno != EINTR)
			return err_set(e, "cannot wait for %s: %s", argv[0],
			    strerror(errno));
	if (WIFEXITED(st) && WEXITSTATUS(st) == 0)
		return 0;
	if (WIFEXITED(st))
		return err_set(e, "%s failed (exit %d)", argv[0],
		    WEXITSTATUS(st));
	return err_set(e, "%s was killed by signal %d", argv[0],
	    WTERMSIG(st));
}

/* Sends msg (escaped already) one way. */
static int
send_one(int w, const char *url, const char *msg, int urgent, struct err *e)
{
	switch (w) {
	case W_NOTIFY_SEND: {
		char *argv[] = { "notify-send", "-a", "gpulog", "-u",
			urgent ? "critical" : "normal", "gpulog", (char *)msg,
			NULL };

		return spawn(argv, e);
	}
	case W_OSASCRIPT: {
		/* The message goes in as an argument, never into the
		 * script's text, so no quoting can break it. */
		char *argv[] = { "osascript", "-e", "on run argv", "-e",
			"display notification (item 1 of argv) with title "
			"\"gpulog\"", "-e", "end run", (char *)msg, NULL };

		return spawn(argv, e);
	}
	case W_URL: {
		struct fetch_req q;
		char *body = NULL;
		size_t len;

		memset(&q, 0, sizeof q);
		q.service = "the notification URL";
		q.url = url;
		q.body = msg;
		q.ctype = "text/plain; charset=utf-8";
		q.header = urgent ? "Title: gpulog (urgent)" : "Title: gpulog";
		q.any_answer = 1;
		if (fetch(&q, &body, &len, e) < 0)
			return -1;
		free(body);
		return 0;
	}
	default:
		printf("%s\n", msg);
		return 0;
	}
}

/* The nudge in status --check's words, escaped, without its newline. */
static char *
nudge_text(struct ctx *c, const struct summary *sm, const struct nudge *n)
{
	char *line = NULL, *safe;
	size_t len = 0;
	FILE *m = open_memstream(&line, &len);

	if (m != NULL) {
		cli_print_nudge(m, c, sm, n);
		fclose(m);
	}
	if (line == NULL)
		die("out of memory");
	if (len > 0 && line[len - 1] == '\n')
		line[len - 1] = '\0';
	safe = text_safe(line);
	free(line);
	return safe;
}

/* Appends key and a newline to the list being built. */
static void
add_key(char **list, size_t *len, const char *key)
{
	size_t k = strlen(key);

	*list = xrealloc(*list, *len + k + 2);
	memcpy(*list + *len, key, k);
	(*list)[*len + k] = '\n';
	*len += k + 1;
	(*list)[*len] = '\0';
}

int
cmd_notify(struct ctx *c, const struct args *a)
{
	struct summary sm;
	struct err e;
	char url[1024] = "", key[NOTIFY_KEY_MAX];
	char *sent = xmalloc(OPS_NOTIFY_SENT_MAX), *keep = NULL;
	const char *via = opt_get(a, N_VIA);
	size_t i, keep_len = 0;
	int dry = opt_has(a, N_DRY), only = -1, w, nnew = 0, nold = 0;
	int rc = EXIT_OK, claim;

	sent[0] = '\0';
	if (opt_has(a, N_URL)) {
		free(sent);
		if (dry || via != NULL)
			return cli_fail(EXIT_USAGE, "notify: --url sets the "
			    "URL alone, without --dry-run or --via");
		if (ops_notify_url(&c->ops, opt_get(a, N_URL), &e) < 0)
			return cli_fail(c->ops.field ? EXIT_USAGE : EXIT_FAIL,
			    "notify: %s", e.msg);
		if (*opt_get(a, N_URL) == '\0')
			printf("notify: URL removed\n");
		else
			printf("notify: posts to %s when notify-send and "
			    "osascript are not there (--via url: always)\n",
			    opt_get(a, N_URL));
		return EXIT_OK;
	}
	if (via != NULL) {
		for (only = 0; only < W_NWAYS; only++)
			if (strcmp(via, notify_ways[only]) == 0)
				break;
		if (only == W_NWAYS) {
			char *safe = text_safe(via);

			cli_fail(EXIT_USAGE, "notify: --via: unknown way '%s' "
			    "(notify-send, osascript, url or stdout)", safe);
			free(safe);
			free(sent);
			return EXIT_USAGE;
		}
	}
	if (store_get_setting(c->s, "notify.url", url, sizeof url, &e) < 0 ||
	    store_get_setting(c->s, "notify.sent", sent, OPS_NOTIFY_SENT_MAX,
	    &e) < 0) {
		free(sent);
		return cli_err(EXIT_FAIL, &e);
	}
	if (only == W_URL && url[0] == '\0') {
		free(sent);
		return cli_fail(EXIT_USAGE, "notify: --via url: no URL is set "
		    "(`gpulog notify --url https://ntfy.sh/TOPIC`)");
	}
	if (only >= 0 && !available(only, url)) {
		free(sent);
		return cli_fail(EXIT_FAIL, "notify: %s cannot be used here%s",
		    notify_ways[only], only == W_NOTIFY_SEND ? ": it is not on "
		    "PATH, or there is no desktop session (DISPLAY, "
		    "WAYLAND_DISPLAY, DBUS_SESSION_BUS_ADDRESS)" :
		    ": it is not on PATH");
	}
	if (summary_load(&sm, c->s, c->now, &e) < 0) {
		summary_free(&sm);
		free(sent);
		return cli_err(EXIT_FAIL, &e);
	}
	for (i = 0; i < sm.nnudges; i++) {
		const struct nudge *n = &sm.nudges[i];
		char *msg;
		int done = 0;

		notify_key(n, sm.budget.ms, key, sizeof key);
		add_key(&keep, &keep_len, key);
		if (notify_listed(sent, key)) {
			nold++;
			continue;
		}
		/* Claimed before it is sent: a notify running beside this
		 * one that claimed it first sends it, not this one. */
		if (!dry && (claim = ops_notify_claim(&c->ops, key, &e)) <= 0) {
			if (claim < 0)
				rc = cli_err(EXIT_FAIL, &e);
			else
				nold++;
			continue;
		}
		nnew++;
		msg = nudge_text(c, &sm, n);
		for (w = only >= 0 ? only : 0; w < W_NWAYS && !done; w++) {
			if (!available(w, url))
				continue;
			if (dry) {
				printf("%s: %s\n", notify_ways[w], msg);
				done = 1;
			} else if (send_one(w, url, msg, n->level == AL_OVER,
			    &e) == 0) {
				done = 1;
			} else {
				/* Told, then the next way; kept unsent so the
				 * next run tries it again. */
				cli_fail(EXIT_FAIL, "notify: %s", e.msg);
				rc = EXIT_FAIL;
			}
			if (only >= 0)
				break;
		}
		/* Not sent: unclaimed, so that the next notify tries. */
		if (!done && !dry && ops_notify_unclaim(&c->ops, key, &e) < 0)
			rc = cli_err(EXIT_FAIL, &e);
		free(msg);
	}
	if (dry && nnew == 0)
		printf("nothing new to send (%d sent before)\n", nold);
	/* A condition that has gone is forgotten, and is new if it comes
	 * back. */
	if (!dry && ops_notify_keep(&c->ops, keep ? keep : "", &e) < 0)
		rc = cli_err(EXIT_FAIL, &e);
	summary_free(&sm);
	free(keep);
	free(sent);
	return rc;
}
