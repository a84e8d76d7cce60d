/*
 * status-bar.c: `gpulog status --format BAR`: the short status line in a
 * status bar's own terms.  One table of bars; each gets the same line
 * (cli_status_short()), the worst level of the quotas and the budget
 * (core/alerts.h's table) and, for a tooltip, the line's parts and the
 * nudges.
 *
 *   waybar    one JSON object for a custom module with "return-type":
 *             "json": text, tooltip, class (the level's word), percentage
 *   i3blocks  full_text, short_text and colour lines; exit 33 (urgent)
 *             when a quota is used up or the budget is past its top
 *   tmux      the line in tmux's #[fg=...] style of its level
 */
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "core/alerts.h"
#include "core/quota.h"
#include "store/summary.h"

#define EXIT_URGENT 33 /* i3blocks: the block is urgent */

enum { BAR_WAYBAR, BAR_I3BLOCKS, BAR_TMUX, BAR_N };

const char *const cli_status_bars[BAR_N + 1] = { "waybar", "i3blocks",
	"tmux" };

/* i3blocks' colour and tmux's style of each level: ok keeps the bar's. */
static const struct {
	const char *hex;
	const char *tmux;
} level_style[AL_NLEVELS] = {
	[AL_OK] = { "", "" },
	[AL_WARN] = { "#E5C07B", "#[fg=yellow]" },
	[AL_NEAR] = { "#E06C75", "#[fg=red]" },
	[AL_OVER] = { "#E06C75", "#[fg=red,bold]" },
};

int
cli_status_bar_find(const char *name, struct err *e)
{
	int i;

	for (i = 0; i < BAR_N; i++)
		if (strcmp(name, cli_status_bars[i]) == 0)
			return i;
	err_set(e, "--format: unknown status bar '%s' (waybar, i3blocks or "
	    "tmux)", name);
	return -1;
}

/* The worst level of the quotas and the budget, and its percentage used
 * (the highest of those at that level), at most 100. */
static int
worst_level(const struct summary *sm, int *pct)
{
	int level = alerts_budget_level(&sm->budget);
	int64_t p = 0;
	size_t i;

	if (sm->budget.max > 0)
		p = sm->budget.pct;
	for (i = 0; i < sm->cat.nquotas; i++) {
		const struct quota_status *st = &sm->qs[i];

		if (st->state > level)
			level = st->state, p = st->pct;
		else if (st->state == level && st->pct > p)
			p = st->pct;
	}
	*pct = p < 0 ? 0 : p > 100 ? 100 : (int)p;
	return level;
}

/* A memstream's text, or death. */
static char *
memstream_done(FILE *m, char **text)
{
	if (m == NULL || fclose(m) != 0 || *text == NULL)
		die("out of memory");
	return *text;
}

/* The short line, without its newline. */
static char *
short_line(struct ctx *c, struct summary *sm)
{
	char *text = NULL;
	size_t len = 0;
	FILE *m = open_memstream(&text, &len);

	if (m != NULL)
		cli_status_short(m, c, sm);
	memstream_done(m, &text);
	text[strcspn(text, "\n")] = '\0';
	return text;
}

/* The length of the line's part at p, up to " DOT " or the end; *next
 * is where the part after it starts (p + the length at the end). */
static size_t
part(const char *p, const char *dot, const char **next)
{
	size_t nd = strlen(dot);
	const char *q;

	for (q = p; (q = strchr(q, ' ')) != NULL; q++)
		if (strncmp(q + 1, dot, nd) == 0 && q[1 + nd] == ' ') {
			*next = q + nd + 2;
			return (size_t)(q - p);
		}
	*next = p + strlen(p);
	return strlen(p);
}

/* The tooltip: the line's parts one a line, then each nudge. */
static char *
tooltip(struct ctx *c, struct summary *sm, const char *line)
{
	char *text = NULL;
	size_t len = 0, i, n;
	FILE *m = open_memstream(&text, &len);
	const char *p = line, *next;

	if (m != NULL) {
		for (; *p != '\0'; p = next) {
			n = part(p, c->dot, &next);
			fprintf(m, "%.*s\n", (int)n, p);
		}
		for (i = 0; i < sm->nnudges; i++)
			cli_print_nudge(m, c, sm, &sm->nudges[i]);
	}
	memstream_done(m, &text);
	n = strlen(text);
	if (n > 0 && text[n - 1] == '\n')
		text[n - 1] = '\0';
	return text;
}

/* i3blocks' short text: the parts marked ! (what has a nudge), else the
 * first part. */
static void
print_short_text(FILE *f, struct ctx *c, const char *line)
{
	const char *p, *next, *sp = "";
	size_t n;
	int any = 0;

	for (p = line; *p != '\0'; p = next) {
		n = part(p, c->dot, &next);
		if (memchr(p, '!', n) != NULL) {
			fprintf(f, "%s%.*s", sp, (int)n, p);
			sp = " ", any = 1;
		}
	}
	if (!any)
		fprintf(f, "%.*s", (int)part(line, c->dot, &next), line);
	putc('\n', f);
}

/* s with Pango's markup characters as entities (Waybar reads markup). */
static char *
pango_escape(const char *s)
{
	char *out = NULL;
	size_t len = 0;
	FILE *m = open_memstream(&out, &len);

	for (; m != NULL && *s != '\0'; s++)
		if (*s == '&')
			fputs("&amp;", m);
		else if (*s == '<')
			fputs("&lt;", m);
		else if (*s == '>')
			fputs("&gt;", m);
		else
			putc(*s, m);
	return memstream_done(m, &out);
}

static void
print_waybar(FILE *f, struct ctx *c, struct summary *sm, const char *line,
    int level, int pct)
{
	char *tip = tooltip(c, sm, line);
	char *text = pango_escape(line), *etip = pango_escape(tip);

	fputs("{\"text\": ", f);
	json_str(f, text);
	fputs(", \"tooltip\": ", f);
	json_str(f, etip);
	fprintf(f, ", \"class\": \"%s\", \"percentage\": %d}\n",
	    alerts_levels[level].word, pct);
	free(text);
	free(etip);
	free(tip);
}

int
cli_status_bar(FILE *f, struct ctx *c, struct summary *sm, int bar)
{
	int pct, level = worst_level(sm, &pct);
	char *line = short_line(c, sm);

	switch (bar) {
	case BAR_WAYBAR:
		print_waybar(f, c, sm, line, level, pct);
		break;
	case BAR_I3BLOCKS:
		/* full_text, short_text, colour. */
		fprintf(f, "%s\n", line);
		print_short_text(f, c, line);
		fprintf(f, "%s\n", level_style[level].hex);
		break;
	default:
		fputs(level_style[level].tmux, f);
		for (const char *p = line; *p != '\0'; p++) {
			if (*p == '#')
				putc('#', f);
			putc(*p, f);
		}
		fprintf(f, "%s\n", level > AL_OK ? "#[default]" : "");
	}
	free(line);
	return bar == BAR_I3BLOCKS && level == AL_OVER ? EXIT_URGENT : EXIT_OK;
}
