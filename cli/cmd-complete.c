/*
 * cmd-complete.c: `gpulog __complete`, the hidden helper the shell
 * completions call (completions/gpulog.bash, completions/_gpulog).  It
 * prints one word a line, from the command table and the database; a
 * database that does not exist yet is not created (the built-in catalog's
 * platforms are listed instead), so pressing Tab writes nothing.
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"
#include "core/catalog.h"
#include "core/clock.h"
#include "core/model.h"
#include "importers/importer.h"
#include "store/store.h"
#include "tui/tui.h"

/* The command a word names, as main() finds it (a prefix will do). */
static const struct cmd *
find_cmd(const char *name)
{
	const struct cmd *c;
	struct err e;

	if (cli_cmd_find(name, &c, &e) < 0)
		return NULL;
	return c;
}

/* Options of cmd; only those taking a value in the next word when
 * valued (not --check[=LIST]). */
static void
options(const char *name, int valued)
{
	const struct cmd *c = find_cmd(name);
	const struct opt *o;

	if (c == NULL)
		return;
	for (o = c->opts; o->id != 0; o++) {
		if (valued && (o->arg == NULL || o->arg[0] == '['))
			continue;
		printf("--%s\n", o->lng);
		if (o->shrt)
			printf("-%c\n", o->shrt);
	}
	printf("--db\n");
	if (!valued)
		printf("--help\n");
}

static void
platforms(const char *db)
{
	struct store *s = NULL;
	struct platform *p = NULL;
	struct err e;
	char *path = cli_db_path(db, &e);
	size_t i, n = 0;

	if (path != NULL && access(path, F_OK) == 0 &&
	    store_open(&s, path, core_now(), &e) == 0 &&
	    store_load_platforms(s, &p, &n, &e) == 0) {
		for (i = 0; i < n; i++)
			printf("%s\n", p[i].key);
	} else {
		for (i = 0; i < catalog_nplatforms; i++)
			printf("%s\n", catalog_platforms[i].key);
	}
	free(p);
	if (s != NULL)
		store_close(s);
	free(path);
}

static int
put_run_ref(const struct run *r, void *arg)
{
	char b[40];

	(void)arg;
	printf("%s\n", uid_ref(r->uid, b, sizeof b));
	return 0;
}

static int
put_expense_ref(const struct expense *x, void *arg)
{
	char b[40];

	(void)arg;
	printf("%s\n", uid_ref(x->uid, b, sizeof b));
	return 0;
}

/* The references of the newest runs (open ones alone when open_only) and,
 * unless open_only, of the newest expenses: what rm, edit, show, stop,
 * cancel and continue take on every machine.  Nothing when there is no
 * database yet. */
static void
refs(const char *db, int open_only)
{
	struct store *s = NULL;
	struct filter f;
	struct err e;
	char *path = cli_db_path(db, &e);

	memset(&f, 0, sizeof f);
	f.limit = 30;
	f.newest_first = 1;
	f.open_only = open_only;
	if (path != NULL && access(path, F_OK) == 0 &&
	    store_open(&s, path, core_now(), &e) == 0 &&
	    store_each_run(s, &f, put_run_ref, NULL, &e) == 0 && !open_only)
		store_latest_expenses(s, 20, put_expense_ref, NULL, &e);
	if (s != NULL)
		store_close(s);
	free(path);
}

/* The words an option's value is one of, from the lists the commands
 * themselves read. */
static const struct {
	const char *cmd, *opt;
	const char *const *words;
} option_words[] = {
	{ "report", "--by", report_groups },
	{ "report", "-b", report_groups },
	{ "notify", "--via", notify_ways },
	{ "status", "--format", cli_status_bars },
	{ "tui", "--theme", tui_theme_names },
};

static void
values(const char *name, const char *opt)
{
	const struct cmd *c = find_cmd(name);
	const char *const *w;
	size_t i;

	for (i = 0; c != NULL && i < sizeof option_words /
	    sizeof option_words[0]; i++) {
		if (strcmp(option_words[i].cmd, c->name) != 0 ||
		    strcmp(option_words[i].opt, opt) != 0)
			continue;
		for (w = option_words[i].words; *w != NULL; w++)
			printf("%s\n", *w);
	}
}

int
cli_complete(int argc, char **argv, const char *db)
{
	const struct cmd *c;
	struct err e;

	if (argc >= 1 && strcmp(argv[0], "commands") == 0) {
		for (c = cli_cmds; c->name != NULL; c++)
			if (c->about != NULL)
				printf("%s\n", c->name);
		printf("help\n");
	} else if (argc >= 2 && strcmp(argv[0], "name") == 0) {
		/* The full name of an abbreviated command, or the word. */
		if (cli_cmd_find(argv[1], &c, &e) < 0)
			printf("%s\n", argv[1]);
		else
			printf("%s\n", c != NULL ? c->name : "help");
	} else if (argc >= 2 && strcmp(argv[0], "options") == 0) {
		options(argv[1], 0);
	} else if (argc >= 2 && strcmp(argv[0], "valued") == 0) {
		options(argv[1], 1);
	} else if (argc >= 3 && strcmp(argv[0], "values") == 0) {
		values(argv[1], argv[2]);
	} else if (argc >= 1 && strcmp(argv[0], "platforms") == 0) {
		platforms(db);
	} else if (argc >= 1 && strcmp(argv[0], "refs") == 0) {
		refs(db, argc >= 2 && strcmp(argv[1], "open") == 0);
	} else if (argc >= 1 && strcmp(argv[0], "sources") == 0) {
		size_t i;

		for (i = 0; i < importers_count; i++)
			printf("%s\n", importers[i].name);
	} else {
		fprintf(stderr, "usage: gpulog __complete commands|name CMD|"
		    "options CMD|valued CMD|values CMD OPTION|platforms|"
		    "refs [open]|sources\n");
		return EXIT_USAGE;
	}
	return EXIT_OK;
}
