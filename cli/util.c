/* util.c: helpers the commands share: names, ids, money, escaping. */
#include "cli/cli.h"

#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <string.h>

#include "core/clock.h"
#include "core/fields.h"
#include "core/fmt.h"
#include "core/model.h"
#include "core/parse.h"
#include "core/text.h"
#include "ops/ops.h"
#include "store/store.h"
#include "store/summary.h"

int
cli_platform(const struct summary *sm, const char *in, char key[32],
    struct err *e)
{
	return ops_check_platform(sm, in, key, e);
}

/* A reference typed for a record of runs (expenses 0) or expenses:
 * 1 and its id, 0 when none has it, -1 with a message when several do. */
static int
find_ref(struct ctx *c, int expenses, const char *in, int64_t *id,
    struct err *e)
{
	int64_t ids[2];
	int n = store_find_ref(c->s, expenses, in, ids, e);

	if (n == 2)
		return err_set(e, "reference %s names more than one %s "
		    "(%s%lld and %s%lld): type more of its uid (`gpulog show "
		    "%s%lld` shows it)", in, expenses ? "expense" : "run",
		    expenses ? "e" : "#", (long long)ids[0], expenses ? "e" :
		    "#", (long long)ids[1], expenses ? "e" : "#",
		    (long long)ids[0]);
	if (n == 1)
		*id = ids[0];
	return n;
}

int
cli_run_id(struct ctx *c, const char *in, int open_only, int64_t *id,
    struct err *e)
{
	int64_t n;
	int rc;

	if (ref_form(in)) {
		if ((rc = find_ref(c, 0, in, id, e)) < 0)
			return -1;
		if (rc == 0)
			return err_set(e, "no run has reference %s", in);
		return 0;
	}
	if (in[0] == '-') {
		if (parse_int(in + 1, "run", 1, 1000000, &n, NULL) < 0)
			return err_set(e, "invalid run \"%s\": expected an id "
			    "such as 42, -1 for the newest run, or a "
			    "reference such as 3fa9c2e", in);
		rc = store_nth_run(c->s, (int)n, open_only, id, e);
		if (rc < 0)
			return -1;
		if (rc == 0)
			return err_set(e, "no %srun %s: there are fewer than "
			    "%lld", open_only ? "open " : "", in, (long long)n);
		return 0;
	}
	if (in[0] == '#')
		in++;
	if (parse_int(in, "run", 1, INT64_MAX, id, NULL) < 0)
		return err_set(e, "invalid run \"%s\": expected an id such as "
		    "42, -1 for the newest run, or a reference such as "
		    "3fa9c2e", in);
	return 0;
}

int
cli_expense_id(struct ctx *c, const char *in, int64_t *id,
    struct err *e)
{
	char *safe;

	if (ref_form(in))
		return find_ref(c, 1, in, id, e);
	if (in[0] != 'e' && in[0] != 'E')
		return 0;
	if (parse_int(in + 1, "expense", 1, INT64_MAX, id, NULL) == 0)
		return 1;
	safe = text_safe(in);
	err_set(e, "invalid expense \"%s\": expected e and its number, such "
	    "as e3 (`gpulog spend` lists them)", safe);
	free(safe);
	return -1;
}

char *
cli_money(const struct ctx *c, char *buf, size_t n, int64_t minor,
    const char *cur)
{
	return fmt_money(buf, n, minor, cur, c->fmt);
}

char *
cli_money_whole(const struct ctx *c, char *buf, size_t n, int64_t minor,
    const char *cur)
{
	return fmt_money(buf, n, minor, cur, c->fmt | FMT_WHOLE);
}

char *
cli_pad(char *buf, size_t n, const char *s, int width, int right)
{
	int w = (int)text_width(s), k = 0;

	if (w >= width || (size_t)(width - w) + strlen(s) + 1 > n) {
		snprintf(buf, n, "%s", s);
		return buf;
	}
	if (right)
		while (k < width - w)
			buf[k++] = ' ';
	k += snprintf(buf + k, n - (size_t)k, "%s", s);
	if (!right)
		while (w++ < width)
			buf[k++] = ' ';
	buf[k] = '\0';
	return buf;
}

const char *
cli_color(const struct ctx *c, int which)
{
	static const char *const codes[] = { "\033[0m", "\033[1m", "\033[2m",
		"\033[32m", "\033[33m", "\033[31m", "\033[36m" };

	return c->color ? codes[which] : "";
}

void
cli_put_safe(FILE *f, const char *s)
{
	char *safe = text_safe(s);

	fputs(safe, f);
	free(safe);
}

void
cli_put_wrapped(FILE *f, const char *s, int indent, int width)
{
	char *safe = text_safe(s), *p = safe, *sp;
	int col = indent, len, first = 1;

	/* Words are broken only at spaces; a word wider than the line
	 * stands alone on it. */
	while (*p != '\0') {
		while (*p == ' ')
			p++;
		if (*p == '\0')
			break;
		sp = strchr(p, ' ');
		len = sp ? (int)(sp - p) : (int)strlen(p);
		if (!first && col + 1 + (int)text_width_n(p, (size_t)len) >
		    width) {
			fprintf(f, "\n%*s", indent, "");
			col = indent;
			first = 1;
		}
		if (!first) {
			putc(' ', f);
			col++;
		}
		fwrite(p, 1, (size_t)len, f);
		col += (int)text_width_n(p, (size_t)len);
		first = 0;
		p += len;
	}
	free(safe);
}

void
json_str(FILE *f, const char *s)
{
	char *j = fields_json_str(s);

	fputs(j, f);
	free(j);
}

void
json_list(FILE *f, const char *list)
{
	char *j = fields_json_list(list);

	fputs(j, f);
	free(j);
}

void
cli_csv_header(const struct field *t, size_t n)
{
	char *h = fields_csv_header(t, n);

	puts(h);
	free(h);
}

void
csv_field(FILE *f, const char *raw)
{
	char *s = fields_csv_cell(raw);

	fputs(s, f);
	free(s);
}

char *
cli_run_label(char *buf, size_t n, const struct run *r, int64_t now)
{
	return fmt_run_label(buf, n, r, now);
}

void
cli_print_run(struct ctx *c, const struct run *r)
{
	char when[32], end[16], dur[32], gpu[48], cost[48], pad[64];
	char pp[96], pg[96], ref[40], pr[48];
	int64_t stop = run_end_at(r, c->now);

	fmt_local(when, sizeof when, r->start, "%a %Y-%m-%d %H:%M");
	if (r->end == RUN_OPEN) {
		snprintf(end, sizeof end, "now");
	} else {
		/* "01:30+1" when it ended on a later local day. */
		int64_t days = local_day_number(stop - 1) -
		    local_day_number(r->start);

		fmt_local(end, sizeof end, stop, "%H:%M");
		if (days > 0)
			snprintf(end + 5, sizeof end - 5, "+%lld",
			    (long long)(days > 99 ? 99 : days));
	}
	fmt_duration(dur, sizeof dur, stop - r->start);
	{
		char *sg = text_safe(r->gpu[0] ? r->gpu : r->gpus > 1 ? "GPU" :
		    "-");

		if (r->gpus > 1)
			snprintf(gpu, sizeof gpu, "%dx %s", r->gpus, sg);
		else
			snprintf(gpu, sizeof gpu, "%s", sg);
		free(sg);
	}
	if (run_cost_at(r, c->now) > 0)
		cli_money(c, cost, sizeof cost, run_cost_at(r, c->now),
		    r->currency);
	else
		snprintf(cost, sizeof cost, "-");
	uid_ref(r->uid, ref, sizeof ref);
	printf("%s#%-5lld%s %s %s%s%-8s %-7s %s %s %s%s", cli_color(c,
	    C_BOLD), (long long)r->id, cli_color(c, C_OFF), cli_pad(pr,
	    sizeof pr, ref, REF_MIN, 0), when, c->dash,
	    end, dur, cli_pad(pp, sizeof pp, r->platform, 10, 0),
	    cli_pad(pg, sizeof pg, gpu, 10, 0), cli_pad(pad, sizeof pad, cost,
	    9, 1),
	    r->end == RUN_OPEN ? "  (running)" : "");
	if (r->checkpointed)
		fputs("  [ckpt]", stdout);
	if (r->project != NULL) {
		fputs("  @", stdout);
		cli_put_safe(stdout, r->project);
	}
	if (r->tags != NULL) {
		fputs("  +", stdout);
		cli_put_safe(stdout, r->tags);
	}
	if (r->note != NULL) {
		fputs("  ", stdout);
		cli_put_safe(stdout, r->note);
	}
	putchar('\n');
}

int
cli_is_db_file(const struct ctx *c, const char *path)
{
	static const char *const ext[] = { "", "-wal", "-shm", "-journal" };
	struct stat a, b;
	size_t i, n = strlen(c->db) + 16;
	char *p;
	int same = 0;

	if (stat(path, &a) != 0)
		return 0;
	p = xmalloc(n);
	for (i = 0; i < sizeof ext / sizeof ext[0] && !same; i++) {
		snprintf(p, n, "%s%s", c->db, ext[i]);
		same = stat(p, &b) == 0 && a.st_dev == b.st_dev &&
		    a.st_ino == b.st_ino;
	}
	free(p);
	return same;
}

char *
cli_path_join(const char *dir, const char *name)
{
	size_t n = strlen(dir) + strlen(name) + 2;
	char *p = xmalloc(n);

	snprintf(p, n, "%s%s%s", dir, dir[0] != '\0' && dir[strlen(dir) - 1]
	    == '/' ? "" : "/", name);
	return p;
}
