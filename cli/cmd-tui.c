/*
 * cmd-tui.c: `gpulog tui`: the full-screen dashboard, or with --dump the
 * Overview once as plain text (no curses at all).  The dashboard itself is
 * in tui/; this file reads the options and reports failures once the
 * terminal is restored.
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"
#include "core/parse.h"
#include "core/text.h"
#include "store/store.h"
#include "tui/tui.h"

enum { T_DUMP = 1, T_WIDTH, T_HEIGHT, T_THEME };

const struct opt tui_opts[] = {
	{ T_DUMP, 0, "dump", NULL, "print the Overview once as text and exit" },
	{ T_WIDTH, 0, "width", "W", "columns for --dump (default 80)" },
	{ T_HEIGHT, 0, "height", "H", "rows for --dump (default 24)" },
	{ T_THEME, 0, "theme", "THEME", "colours for a dark or light "
	    "background, or auto (asks the terminal, else COLORFGBG; "
	    "default)" },
	{ 0, 0, NULL, NULL, NULL },
};

int
cmd_tui(struct ctx *c, const struct args *a)
{
	struct tui_config cfg;
	struct err e;
	const char *v;
	int64_t n;

	memset(&cfg, 0, sizeof cfg);
	cfg.s = c->s;
	cfg.ascii = c->fmt != 0;
	cfg.color = c->color;
	cfg.width = 80;
	cfg.height = 24;
	if ((v = opt_get(a, T_WIDTH)) != NULL) {
		if (parse_int(v, "--width", 20, 1000, &n, &e) < 0)
			return cli_fail(EXIT_USAGE, "tui: %s", e.msg);
		cfg.width = (int)n;
	}
	if ((v = opt_get(a, T_HEIGHT)) != NULL) {
		if (parse_int(v, "--height", 5, 1000, &n, &e) < 0)
			return cli_fail(EXIT_USAGE, "tui: %s", e.msg);
		cfg.height = (int)n;
	}
	if ((v = opt_get(a, T_THEME)) != NULL &&
	    (cfg.theme = tui_theme_parse(v)) < 0) {
		char *sv = text_safe(v);

		cli_fail(EXIT_USAGE, "tui: invalid --theme \"%s\": expected "
		    "dark, light or auto", sv);
		free(sv);
		return EXIT_USAGE;
	}
	if (opt_has(a, T_DUMP)) {
		if (tui_dump(&cfg, stdout, &e) < 0)
			return cli_err(EXIT_FAIL, &e);
		return EXIT_OK;
	}
	if (opt_has(a, T_WIDTH) || opt_has(a, T_HEIGHT))
		return cli_fail(EXIT_USAGE, "tui: --width and --height go with "
		    "--dump");
	if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO))
		return cli_fail(EXIT_USAGE, "tui: needs a terminal (--dump "
		    "prints the Overview as text)");
	/* The dashboard comes back to the same pages as long as it runs. */
	if (store_cache_full(c->s) < 0)
		return cli_fail(EXIT_FAIL, "tui: cannot size the database's "
		    "cache");
	if (tui_run(&cfg, &e) < 0)
		return cli_err(EXIT_FAIL, &e);
	return EXIT_OK;
}
