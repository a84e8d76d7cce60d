/* opt.c: a small portable option parser shared by every command. */
#include "cli/opt.h"

#include <ctype.h>
#include <string.h>

#include "core/err.h"

/* The width --help fits its option lines to. */
#define OPT_WIDTH 80

static const struct opt *
find_long(const struct opt *opts, const char *name, size_t n)
{
	for (; opts->id != 0; opts++)
		if (strlen(opts->lng) == n && strncmp(opts->lng, name, n) == 0)
			return opts;
	return NULL;
}

static const struct opt *
find_short(const struct opt *opts, char c)
{
	for (; opts->id != 0; opts++)
		if (opts->shrt == c)
			return opts;
	return NULL;
}

static int
give(struct args *a, int id, const char *val, struct err *e)
{
	if (a->ngiven == ARGS_MAX)
		return err_set(e, "too many options");
	a->given[a->ngiven].id = id;
	a->given[a->ngiven].val = val;
	a->ngiven++;
	return 0;
}

int
opt_parse(const struct opt *opts, int argc, char **argv, struct args *a,
    struct err *e)
{
	const struct opt *o;
	int i, only_pos = 0;

	memset(a, 0, sizeof *a);
	for (i = 0; i < argc; i++) {
		const char *s = argv[i];

		if (only_pos || s[0] != '-' || s[1] == '\0' ||
		    (s[1] != '-' && isdigit((unsigned char)s[1]))) {
			if (a->npos == ARGS_MAX)
				return err_set(e, "too many arguments");
			a->pos[a->npos++] = s;
			continue;
		}
		if (strcmp(s, "--") == 0) {
			only_pos = 1;
			continue;
		}
		if (strcmp(s, "--help") == 0 || strcmp(s, "-h") == 0) {
			a->help = 1;
			continue;
		}
		if (s[1] == '-') {
			const char *name = s + 2, *eq = strchr(name, '=');
			size_t n = eq ? (size_t)(eq - name) : strlen(name);
			const char *val = eq ? eq + 1 : NULL;

			if (n == 2 && strncmp(name, "db", 2) == 0) {
				if (val == NULL && ++i == argc)
					return err_set(e, "option --db needs "
					    "a PATH");
				a->db = val ? val : argv[i];
				continue;
			}
			if ((o = find_long(opts, name, n)) == NULL)
				return err_set(e, "unknown option --%.*s",
				    (int)n, name);
			if (o->arg == NULL && val != NULL)
				return err_set(e, "option --%s takes no "
				    "value", o->lng);
			if (o->arg != NULL && val == NULL && o->arg[0] != '[') {
				if (++i == argc)
					return err_set(e, "option --%s needs "
					    "%s", o->lng, o->arg);
				val = argv[i];
			}
			if (give(a, o->id, val, e) < 0)
				return -1;
			continue;
		}
		/* Short options, bundled: -cg P100 or -gP100. */
		for (s++; *s != '\0'; s++) {
			if ((o = find_short(opts, *s)) == NULL)
				return err_set(e, "unknown option -%c", *s);
			if (o->arg == NULL || o->arg[0] == '[') {
				if (give(a, o->id, NULL, e) < 0)
					return -1;
				continue;
			}
			if (s[1] != '\0') {
				if (give(a, o->id, s + 1, e) < 0)
					return -1;
			} else {
				if (++i == argc)
					return err_set(e, "option -%c needs %s",
					    o->shrt, o->arg);
				if (give(a, o->id, argv[i], e) < 0)
					return -1;
			}
			break;
		}
	}
	return 0;
}

const char *
opt_get(const struct args *a, int id)
{
	int i;

	for (i = a->ngiven - 1; i >= 0; i--)
		if (a->given[i].id == id)
			return a->given[i].val;
	return NULL;
}

int
opt_has(const struct args *a, int id)
{
	int i;

	for (i = 0; i < a->ngiven; i++)
		if (a->given[i].id == id)
			return 1;
	return 0;
}

/* Columns of UTF-8 text: one for every byte that starts a character. */
static int
columns(const char *s, size_t n)
{
	int w = 0;
	size_t i;

	for (i = 0; i < n; i++)
		if (((unsigned char)s[i] & 0xc0) != 0x80)
			w++;
	return w;
}

/* Prints TEXT from column AT (where the line already is), wrapped at spaces to OPT_WIDTH columns,
 * each further line indented to AT; a word longer than a line stays
 * whole. */
void
opt_wrap(FILE *f, int at, const char *text)
{
	int col = at;
	const char *p = text;

	while (*p != '\0') {
		size_t n = strcspn(p, " ");
		int w = columns(p, n);

		if (col > at && col + 1 + w > OPT_WIDTH) {
			fprintf(f, "\n%*s", at, "");
			col = at;
		} else if (col > at) {
			fputc(' ', f);
			col++;
		}
		fwrite(p, 1, n, f);
		col += w;
		p += n;
		while (*p == ' ')
			p++;
	}
	fputc('\n', f);
}

void
opt_print(FILE *f, const struct opt *opts)
{
	char left[64];

	if (opts->id == 0)
		return;
	fputs("options:\n", f);
	for (; opts->id != 0; opts++) {
		const char *sp = opts->arg && opts->arg[0] != '[' ? " " : "";

		if (opts->shrt)
			snprintf(left, sizeof left, "-%c, --%s%s%s",
			    opts->shrt, opts->lng, sp,
			    opts->arg ? opts->arg : "");
		else
			snprintf(left, sizeof left, "    --%s%s%s", opts->lng,
			    sp, opts->arg ? opts->arg : "");
		/* The help from column 27, or under a long option. */
		fprintf(f, "  %-24s", left);
		if (strlen(left) > 24)
			fprintf(f, "\n%27s", "");
		else
			fputc(' ', f);
		opt_wrap(f, 27, opts->help);
	}
}
