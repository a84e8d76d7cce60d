/*
 * main.c: gpulog's entry point.  One table of commands, one lookup, one
 * place that checks argument counts; the database is opened here and the
 * command's status returned.  stdout is flushed and checked before exit, so
 * a full disk never looks like success.
 */
#include <errno.h>
#include <locale.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/heap.h"
#include "cli/journal.h"
#include "core/clock.h"
#include "core/fmt.h"
#include "core/parse.h"
#include "core/text.h"
#include "store/blocks.h"
#include "store/store.h"

#ifndef GPULOG_VERSION
#define GPULOG_VERSION "0.1.0"
#endif

const struct opt no_opts[] = { { 0, 0, NULL, NULL, NULL } };

/* What the command saved, for a word when its output cannot be written. */
static int saved;
static char saved_what[160];

const struct cmd cli_cmds[] = {
	{ "add", cmd_add, add_opts, 1, 5, "PLATFORM WHEN [options]",
	    "log a run that has ended",
	    "WHEN is a duration ending now (2h30m, 90m, 1.5h), a clock range "
	    "today\n(14:00-17:30; 23:00-01:30 ends after midnight), a day and "
	    "a range\n(yesterday 14:00-15:30, 2026-11-28 10:00-12:30), or "
	    "--start and --end.\nA unique prefix of a platform is enough." },
	{ "start", cmd_start, start_opts, 1, 1, "PLATFORM [options]",
	    "start a run that is going on now", NULL },
	{ "continue", cmd_continue, continue_opts, 0, 1, "[ID] [--at TIME]",
	    "start a run again as an earlier one was (the newest by default)",
	    "The new run has the earlier one's platform, GPU and GPU count, "
	    "note, project and\ntags; it is priced as `start` prices it." },
	{ "run", cmd_run, run_opts, 1, -1, "[-p PLATFORM] [-g GPU] [options] "
	    "-- COMMAND [ARGS...]",
	    "run a training command and record it, sampling nvidia-smi",
	    "The run is open while COMMAND runs and ends with it; gpulog "
	    "exits with its\nstatus (128+N when signal N killed it).  "
	    "Without -p the platform is guessed:\nkaggle in a Kaggle kernel, "
	    "colab-free or colab-pro in Colab, runpod or vast\ninside their "
	    "instances, else local.  Inside an instance the run names it:\n"
	    "while a run `import vast|runpod --api` made of that instance "
	    "covers it,\nthat run is the bill and this one counts in no sum.\n"
	    "On a platform billed by the hour it warns once when the GPU stays "
	    "under\n--idle-pct (5%) busy for --idle-for (15m), and `status "
	    "--check=idle` and\n`notify` tell of it while it lasts." },
	{ "stop", cmd_stop, stop_opts, 0, 1, "[ID] [--at TIME]",
	    "end an open run (the only open one, when no ID is given)", NULL },
	{ "cancel", cmd_cancel, no_opts, 0, 1, "[ID]",
	    "forget an open run", NULL },
	{ "log", cmd_log, log_opts, 0, 0, "[options]",
	    "list runs, newest first", NULL },
	{ "show", cmd_show, show_opts, 1, 1, "ID|eN [--json]",
	    "everything about one run (ID, #ID, -1) or expense (eN)",
	    "Its times, GPU, price and how it was priced, the quota windows "
	    "it counted in\nand how much, what `gpulog run` measured, its "
	    "source, and the changes that\nmade it (those undo still keeps)."
	    "  A record's reference (3fa9c2e, as log and\nspend show it) "
	    "names it on every machine that syncs, where ID and eN are\n"
	    "this machine's numbers; show, edit, rm, stop, cancel and "
	    "continue take either." },
	{ "edit", cmd_edit, edit_opts, 1, 5, "ID|eN [WHEN] [options]",
	    "change a run (add's options; -1: the newest) or an expense "
	    "(eN)", NULL },
	{ "rm", cmd_rm, rm_opts, 0, -1, "ID|eN [ID...] | --source SOURCE",
	    "remove runs, an expense, or every run from a source",
	    "Several runs (or --source) are removed in one change: "
	    "one undo brings them back." },
	{ "undo", cmd_undo, no_opts, 0, 0, "",
	    "undo the last change, again and again", NULL },
	{ "spend", cmd_spend, spend_opts, 0, 2,
	    "[AMOUNT [PLATFORM]] [options]",
	    "record spend that is not a run (subscriptions, credits), or "
	    "list it",
	    "--units N buys a pack of N units of the platform's quota "
	    "(compute units, or\nhours), valid its pack days (platforms set "
	    "--pack-days; Colab Pro 90).  --credit\nrecords prepaid credit: "
	    "the month's spend counts the runs paid from it, not\nthe top-up.  "
	    "--monthly records a subscription, paid again each month on "
	    "its\nday (or the last day of a shorter month) until --stop eN; "
	    "each payment is\nrecorded by the first command run once it is "
	    "due." },
	{ "status", cmd_status, status_opts, 0, 0, "[--short] [--json | --csv] "
	    "[--check[=LIST]]",
	    "quotas, this month's budget, the plan and open runs",
	    "A quota or the budget is ok below 80% used, warn from 80%, near "
	    "from 90%, and\nover when a quota is all used or the budget is "
	    "past its top.  The nudges:\na quota or the budget near or over "
	    "(quota, budget), a paid run open longer\nthan 2h or a run past "
	    "its platform's session cap (open), and a free quota\nwith 25% or "
	    "more unused that resets within 24h (lapse),\na pack of a "
	    "quota's units expiring within 7 days with units left (pack),\n"
	    "and a paid run whose GPU `gpulog run` finds idle (idle)." },
	{ "notify", cmd_notify, notify_opts, 0, 0, "[--dry-run] [--via WAY] "
	    "| --url URL", "send each new nudge once (for cron or a timer)",
	    "Finds what `status --check` finds and sends each condition the "
	    "first time it is\nseen, through the first of notify-send (with a "
	    "desktop session), osascript,\nthe URL set by --url (an ntfy topic "
	    "or any webhook: an HTTP POST of the text),\nor standard output.  "
	    "What was sent is remembered in the database." },
	{ "where", cmd_where, where_opts, 1, 1, "DURATION [--gpu MODEL] "
	    "[--vram GB] [--json | --csv]", "where a job that long should run now",
	    "Ranks the platforms: free quota left before the next reset and "
	    "whether the job\nfits one session, the plan phase's picks first, "
	    "then paid ones by what the\njob costs.  With no --gpu, a "
	    "T4-class GPU (16 GB) is assumed." },
	{ "report", cmd_report, report_opts, 0, 0, "[--by GROUP] [options]",
	    "runs, GPU-hours and spend per group",
	    "GROUP is day, week, month (default), phase, platform, gpu, project "
	    "or tag.\n--by week counts ISO weeks from Monday 00:00 local time; "
	    "--week-of kaggle\ncounts the weeks of Kaggle's quota instead, "
	    "from its reset.  --by phase counts\nthe plan's phases by the "
	    "plan month each run or expense starts in, and\n(outside the "
	    "plan) before month 1 and after month 13." },
	{ "plan", cmd_plan, plan_opts, 0, 0, "[--start DATE] [--json | --csv]",
	    "the 13-month plan, or set when month 1 starts", NULL },
	{ "platforms", cmd_platforms, platforms_opts, 0, 2,
	    "[set KEY [options] | export [-o FILE] | import FILE]",
	    "the catalog of platforms, quotas and rates; or change it",
	    "`platforms export` writes the catalog alone in the export's "
	    "format;\n`platforms import FILE` reads one back, each fact "
	    "merged as a sync merges it\n(the newer change wins)." },
	{ "fx", cmd_fx, fx_opts, 0, 1, "[RATE [--date D] | update] "
	    "[--currency CODE]",
	    "show, set or fetch the USD to INR rate, or the currency shown",
	    "`fx update` fetches today's rate from Frankfurter (falling back "
	    "to\nopen.er-api.com) and stores it with its date." },
	{ "prices", cmd_prices, prices_opts, 1, 1, "update",
	    "fetch Vast.ai (RunPod, Lambda) GPU prices into the catalog",
	    "Vast.ai: the median of verified, rentable offers at least 97% "
	    "reliable;\nRunPod: the lowest list price of its REST catalog "
	    "(GraphQL when that is gone),\nwhen RUNPOD_API_KEY is set; "
	    "Lambda: one GPU's price, else a GPU's share,\nwhen "
	    "LAMBDA_API_KEY is set." },
	{ "export", cmd_export, export_opts, 0, 0, "[-o FILE] [--hledger]",
	    "write everything as JSON, or the spend as an hledger journal",
	    NULL },
	{ "import", cmd_import, import_opts, 1, -1, "SOURCE [FILE...|-] "
	    "[options]", "read runs from files or an API (json, csv, kaggle, "
	    "colab, vast, runpod, lambda)",
	    "kaggle reads its quota and kernel files (or --api); colab its "
	    "session CSV\n(--snippet prints the cell that writes it) or an "
	    "nvidia-smi log; csv a\nfile with a header line; vast, runpod and "
	    "lambda the instances rented there\n(--api, with the key where the "
	    "provider's tool keeps it). gpulog(1),\nIMPORT FORMATS, has every "
	    "format." },
	{ "refresh", cmd_refresh, refresh_opts, 0, 0, "[--dry-run] "
	    "[--budget SECONDS]",
	    "run every source set up: the APIs with a key, fx, prices, notify",
	    "Each import whose key is where its --api looks (kaggle, vast, "
	    "runpod,\nlambda), the exchange rate once a day and GPU prices "
	    "once a week, then\nnotify: each its own gpulog, stopped after "
	    "--budget seconds; one that\nfails says so under its name and the "
	    "others still run (exit 1). gpulog(1)\nhas the files for a systemd "
	    "timer, cron and launchd." },
	{ "sync", cmd_sync, sync_opts, 1, 1, "DIR [--name NAME] [--dry-run]",
	    "merge the other machines' files in DIR and write this one's",
	    "DIR is a folder a sync tool keeps in step between machines "
	    "(Syncthing,\nDropbox, iCloud Drive, a git repository). Each "
	    "machine writes only its own\nfile there, gpulog-NAME.json, and "
	    "merges the others: the newer change of\na record wins, and a "
	    "removal travels. Run it from cron or a timer." },
	{ "tui", cmd_tui, tui_opts, 0, 0, "[--theme T] [--dump [--width W] [--height H]]",
	    "the full-screen dashboard (gpulog alone opens it on a terminal)",
	    "Keys 1-6 switch views; ? lists every key; q quits." },
	{ NULL, NULL, NULL, 0, 0, NULL, NULL, NULL },
};

int
cli_cmd_find(const char *name, const struct cmd **cp, struct err *e)
{
	const char **names;
	char hint[256], *safe;
	size_t n = 0, idx = 0;
	int rc;

	while (cli_cmds[n].name != NULL)
		n++;
	names = xcalloc(n + 1, sizeof *names);
	for (idx = 0; idx < n; idx++)
		names[idx] = cli_cmds[idx].name;
	names[n] = "help";
	rc = text_match(name, names, n + 1, &idx, hint, sizeof hint);
	free(names);
	if (rc == MATCH_OK) {
		*cp = idx < n ? &cli_cmds[idx] : NULL;
		return 0;
	}
	safe = text_safe(name);
	if (rc == MATCH_AMBIGUOUS)
		err_set(e, "ambiguous command \"%s\": it could be %s", safe,
		    hint);
	else if (hint[0] != '\0')
		err_set(e, "unknown command \"%s\"; did you mean %s?", safe,
		    hint);
	else
		err_set(e, "unknown command \"%s\"; `gpulog --help` lists "
		    "them", safe);
	free(safe);
	return -1;
}

static void
usage_all(FILE *f)
{
	const struct cmd *c;

	fputs("usage: gpulog [--db PATH] [COMMAND] [ARGS...]\n"
	    "       gpulog --help | --version\n\n"
	    "Keeps GPU runs, spend and free-tier quotas; with no command, "
	    "opens the\ndashboard on a terminal, else prints the status.\n\n"
	    "commands:\n", f);
	for (c = cli_cmds; c->name != NULL; c++) {
		fprintf(f, "  %-10s ", c->name);
		opt_wrap(f, 13, c->about);
	}
	fprintf(f, "  %-10s ", "help");
	opt_wrap(f, 13, "this list, or a command's (`gpulog help COMMAND`)");
	fputs("\nA command may be abbreviated to any unique prefix.\n"
	    "`gpulog COMMAND --help` describes a command; gpulog(1) has "
	    "the whole manual.\n", f);
}

static void
usage_cmd(FILE *f, const struct cmd *c)
{
	fprintf(f, "usage: gpulog %s %s\n%c%s.\n", c->name, c->usage,
	    c->about[0] - 'a' + 'A', c->about + 1);
	if (c->more)
		fprintf(f, "%s\n", c->more);
	opt_print(f, c->opts);
}

/* Writes prefix and the formatted message, made harmless, on stderr. */
static void
say(const char *prefix, const char *fmt, va_list ap)
{
	va_list aq;
	char small[512], *buf = small, *safe;
	int n;

	va_copy(aq, ap);
	n = vsnprintf(small, sizeof small, fmt, ap);
	if (n >= (int)sizeof small) {
		buf = xmalloc((size_t)n + 1);
		vsnprintf(buf, (size_t)n + 1, fmt, aq);
	}
	va_end(aq);
	safe = text_term(n < 0 ? "" : buf);
	fflush(stdout);
	fputs(prefix, stderr);
	fputs(safe, stderr);
	free(safe);
	if (buf != small)
		free(buf);
}

int
cli_fail(int code, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	say("gpulog: ", fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	return code;
}

void
cli_warn(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	say("gpulog: warning: ", fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

void
cli_say(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	say("gpulog: ", fmt, ap);
	va_end(ap);
}

int
cli_err(int code, const struct err *e)
{
	return cli_fail(code, "%s", e->msg);
}

/* mkdir -p for the directories above path.  A directory that cannot be
 * made (or even looked at, above one that exists) fails only when the
 * database's own directory is not there in the end. */
static int
make_parents(const char *path, struct err *e)
{
	char *p = xstrdup(path), *s, *last;
	struct stat st;
	int err = 0;

	for (s = p + 1; *s != '\0'; s++) {
		if (*s != '/')
			continue;
		*s = '\0';
		if (mkdir(p, 0700) != 0 && errno != EEXIST)
			err = errno;
		*s = '/';
	}
	if ((last = strrchr(p, '/')) != NULL && last > p) {
		*last = '\0';
		if (err != 0 && stat(p, &st) != 0) {
			err_set(e, "cannot create directory %s: %s", p,
			    strerror(err));
			free(p);
			return -1;
		}
	}
	free(p);
	return 0;
}

/*
 * Warns when TZ names no zone, which the C library would silently take
 * for UTC: a zone is a file under TZDIR (or /usr/share/zoneinfo), an
 * absolute path, or a POSIX rule (a name of 3 letters or more, or <...>,
 * then an offset: "IST-5:30", "EST5EDT").
 */
static void
check_tz(void)
{
	const char *tz = getenv("TZ"), *dir = getenv("TZDIR"), *p;
	struct stat st;
	char path[4096];
	size_t n;

	if (tz == NULL || *tz == '\0')
		return;
	p = *tz == ':' ? tz + 1 : tz;
	if (*p == '/' ? stat(p, &st) == 0 : (strstr(p, "..") == NULL &&
	    snprintf(path, sizeof path, "%s/%s", dir && *dir ? dir :
	    "/usr/share/zoneinfo", p) < (int)sizeof path &&
	    stat(path, &st) == 0 && S_ISREG(st.st_mode)))
		return;
	if (strcmp(p, "UTC") == 0 || strcmp(p, "GMT") == 0)
		return;
	if (*p == '<') {
		const char *q = strchr(p, '>');

		n = q != NULL ? (size_t)(q - p) + 1 : 0;
	} else {
		for (n = 0; (p[n] >= 'A' && p[n] <= 'Z') ||
		    (p[n] >= 'a' && p[n] <= 'z'); n++)
			;
		if (n < 3)
			n = 0;
	}
	if (n > 0 && (p[n] == '+' || p[n] == '-' || (p[n] >= '0' &&
	    p[n] <= '9')) && strspn(p + n, "+-0123456789:,./JMA-Za-z<>") ==
	    strlen(p + n))
		return;
	cli_warn("TZ \"%s\" names no time zone gpulog can find; times are "
	    "read and shown in UTC", tz);
}

/* The database path: --db, GPULOG_DB, or the XDG data directory. */
char *
cli_db_path(const char *flag, struct err *e)
{
	const char *v, *home;
	char *p;
	size_t n;

	/* An empty path is a mistake (an unset variable in a script), not
	 * a wish for the default database. */
	if (flag != NULL) {
		if (*flag == '\0') {
			err_set(e, "--db needs a path; an empty one names no "
			    "database");
			return NULL;
		}
		return xstrdup(flag);
	}
	if ((v = getenv("GPULOG_DB")) != NULL) {
		if (*v == '\0') {
			err_set(e, "GPULOG_DB is set but empty; unset it for "
			    "the default database or give it a path");
			return NULL;
		}
		return xstrdup(v);
	}
	if ((v = getenv("XDG_DATA_HOME")) != NULL && *v == '/') {
		n = strlen(v) + 32;
		p = xmalloc(n);
		snprintf(p, n, "%s/gpulog/gpulog.db", v);
		return p;
	}
	if ((home = getenv("HOME")) == NULL || *home == '\0') {
		err_set(e, "no place for the database: set HOME, "
		    "XDG_DATA_HOME or GPULOG_DB, or give --db PATH");
		return NULL;
	}
	n = strlen(home) + 48;
	p = xmalloc(n);
	snprintf(p, n, "%s/.local/share/gpulog/gpulog.db", home);
	return p;
}

void
cli_on_busy(void *arg)
{
	(void)arg;
	if (isatty(STDERR_FILENO))
		cli_fail(0, "waiting for the database: another gpulog is "
		    "changing it (this one goes on when it is done)");
}

const char *cli_argv0 = "gpulog";

/* A long history's upgrade takes a while: said before it starts. */
static void
on_migrate(int64_t n)
{
	cli_fail(0, "upgrading a database of %lld runs to this gpulog "
	    "(once; it can take a few seconds)", (long long)n);
}

static int
run_cmd(const struct cmd *cmd, int argc, char **argv, const char *gdb)
{
	struct ctx c;
	struct args a;
	struct err e;
	const char *now;
	char *path;
	int rc, utf8;

	if (opt_parse(cmd->opts, argc, argv, &a, &e) < 0) {
		cli_fail(EXIT_USAGE, "%s: %s", cmd->name, e.msg);
		fprintf(stderr, "usage: gpulog %s %s\n", cmd->name, cmd->usage);
		return EXIT_USAGE;
	}
	if (a.help) {
		usage_cmd(stdout, cmd);
		return EXIT_OK;
	}
	if (a.npos < cmd->min || (cmd->max >= 0 && a.npos > cmd->max)) {
		cli_fail(EXIT_USAGE, "%s: %s", cmd->name, a.npos < cmd->min ?
		    "missing arguments" : "too many arguments");
		fprintf(stderr, "usage: gpulog %s %s\n", cmd->name, cmd->usage);
		return EXIT_USAGE;
	}
	memset(&c, 0, sizeof c);
	if ((now = getenv("GPULOG_NOW")) != NULL && *now != '\0') {
		int64_t t;

		if (parse_time(now, core_now(), &t, &e) < 0)
			return cli_fail(EXIT_USAGE, "GPULOG_NOW: %s", e.msg);
		core_pin_now(t);
	}
	c.now = core_now();
	check_tz();
	utf8 = text_locale_utf8(getenv("LC_ALL"), getenv("LC_CTYPE"),
	    getenv("LANG"));
	/* curses writes wide characters through the C library, which needs
	 * the locale itself; a UTF-8 name that is not installed falls back
	 * to C.UTF-8, which glibc always has. */
	if (cmd->fn == cmd_tui && setlocale(LC_CTYPE, "") == NULL && utf8)
		setlocale(LC_CTYPE, "C.UTF-8");
	c.fmt = utf8 ? 0 : FMT_ASCII;
	c.dot = utf8 ? "\xc2\xb7" : "-";
	c.dash = utf8 ? "\xe2\x80\x93" : "-";
	c.color = text_color_wanted(getenv("NO_COLOR"), isatty(STDOUT_FILENO));
	if ((path = cli_db_path(a.db ? a.db : gdb, &e)) == NULL)
		return cli_err(EXIT_USAGE, &e);
	if (make_parents(path, &e) < 0 ||
	    store_open(&c.s, path, c.now, &e) < 0) {
		free(path);
		return cli_err(EXIT_FAIL, &e);
	}
	c.db = path;
	/* Reproducible uids, for tests: gpulog(1), ENVIRONMENT. */
	if ((now = getenv("GPULOG_UID_SEED")) != NULL && *now != '\0')
		store_seed_uids(c.s, strtoull(now, NULL, 10));
	store_busy_wait(c.s, -1, cmd->fn == cmd_tui ? NULL : cli_on_busy, NULL);
	ops_init(&c.ops, c.s, c.now);
	cli_journal_recover(&c);
	/* The subscriptions' payments that fell due since the last command
	 * are recorded before this one reads or changes anything. */
	if (ops_monthly_due(&c.ops, NULL, &e) < 0)
		cli_warn("cannot record the subscriptions' payments: %s",
		    e.msg);
	rc = cmd->fn(&c, &a);
	saved = store_saved(c.s, saved_what, sizeof saved_what);
	ops_clear(&c.ops);
	store_close(c.s);
	free(path);
	return rc;
}

int
main(int argc, char **argv)
{
	const struct cmd *cmd = NULL;
	const char *gdb = NULL;
	struct err e;
	char *status_argv[1];
	int i = 1, rc;

	image_ready();
	stack_ready();
	if (heap_ready())
		(void)blocks_for_sqlite();
	if (argc > 0 && argv[0] != NULL && argv[0][0] != '\0')
		cli_argv0 = argv[0];
	store_migrating = on_migrate;
	for (; i < argc && argv[i][0] == '-'; i++) {
		if (strcmp(argv[i], "--help") == 0 ||
		    strcmp(argv[i], "-h") == 0) {
			usage_all(stdout);
			return fflush(stdout) == 0 ? EXIT_OK : EXIT_FAIL;
		} else if (strcmp(argv[i], "--version") == 0) {
			printf("gpulog %s\n", GPULOG_VERSION);
			return fflush(stdout) == 0 ? EXIT_OK : EXIT_FAIL;
		} else if (strcmp(argv[i], "--db") == 0 && i + 1 < argc) {
			gdb = argv[++i];
		} else if (strncmp(argv[i], "--db=", 5) == 0) {
			gdb = argv[i] + 5;
		} else {
			cli_fail(EXIT_USAGE, "unknown option %s", argv[i]);
			usage_all(stderr);
			return EXIT_USAGE;
		}
	}
	if (i == argc) {
		/* The dashboard on a terminal; elsewhere (a pipe, a
		 * script) the status, as text. */
		const char *want = isatty(STDIN_FILENO) &&
		    isatty(STDOUT_FILENO) ? "tui" : "status";

		for (cmd = cli_cmds; strcmp(cmd->name, want) != 0; cmd++)
			;
		rc = run_cmd(cmd, 0, status_argv, gdb);
	} else if (strcmp(argv[i], "__complete") == 0) {
		/* The shell completions' helper; not in the command list. */
		rc = cli_complete(argc - i - 1, argv + i + 1, gdb);
	} else if (cli_cmd_find(argv[i], &cmd, &e) < 0) {
		return cli_err(EXIT_USAGE, &e);
	} else if (cmd == NULL) {
		/* help [COMMAND]: the command's usage, or the list (also
		 * for help --help). */
		if (i + 1 < argc && argv[i + 1][0] != '-' &&
		    cli_cmd_find(argv[i + 1], &cmd, &e) < 0)
			return cli_err(EXIT_USAGE, &e);
		if (cmd != NULL)
			usage_cmd(stdout, cmd);
		else
			usage_all(stdout);
		rc = EXIT_OK;
	} else {
		rc = run_cmd(cmd, argc - i - 1, argv + i + 1, gdb);
	}
	if (fflush(stdout) != 0 || ferror(stdout)) {
		int err = errno;

		/* A change made is not made again by a retry: it is said,
		 * and the status is the command's own. */
		if (saved > 0) {
			cli_warn("cannot write output (%s), but the change was "
			    "saved: %s%s", strerror(err), saved_what, saved > 1 ?
			    " (the last of several)" : "");
			return rc;
		}
		fprintf(stderr, "gpulog: cannot write output: %s\n",
		    strerror(err));
		return EXIT_FAIL;
	}
	return rc;
}
