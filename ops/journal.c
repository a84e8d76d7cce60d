/*
 * journal.c: what `gpulog run` keeps beside the database so that no run
 * is lost: the journal's text, read back, and applied as the run's close.
 * The file itself (where it lies, when it is written and removed) is the
 * CLI's; this file knows only its text and the change it stands for.
 *
 * The text is one field a line, "KEY VALUE", the first line "gpulog-run
 * 1".  Values are written as they are, but for a backslash (\\), a
 * newline (\n) and a carriage return (\r).  Unknown keys are skipped, so
 * a later gpulog may add some.
 */
#include "ops/ops.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/parse.h"
#include "store/metrics.h"
#include "store/store.h"

#define JOURNAL_MAGIC "gpulog-run 1"

void
ops_journal_init(struct ops_journal *j)
{
	memset(j, 0, sizeof *j);
	j->started = 1;
	run_init(&j->run);
	metrics_init(&j->m);
}

void
ops_journal_clear(struct ops_journal *j)
{
	run_clear(&j->run);
	metrics_clear(&j->m);
	ops_journal_init(j);
}

/* A growing string. */
struct buf {
	char *p;
	size_t n, cap;
};

static void
put(struct buf *b, const char *s, size_t n)
{
	if (b->n + n + 1 > b->cap) {
		while (b->n + n + 1 > b->cap)
			b->cap = b->cap ? b->cap * 2 : 512;
		b->p = xrealloc(b->p, b->cap);
	}
	memcpy(b->p + b->n, s, n);
	b->n += n;
	b->p[b->n] = '\0';
}

static void
put_str(struct buf *b, const char *key, const char *v)
{
	const char *s;

	if (v == NULL || *v == '\0')
		return;
	put(b, key, strlen(key));
	put(b, " ", 1);
	for (s = v; *s != '\0'; s++) {
		if (*s == '\\')
			put(b, "\\\\", 2);
		else if (*s == '\n')
			put(b, "\\n", 2);
		else if (*s == '\r')
			put(b, "\\r", 2);
		else
			put(b, s, 1);
	}
	put(b, "\n", 1);
}

static void
put_int(struct buf *b, const char *key, int64_t v)
{
	char line[64];
	int n = snprintf(line, sizeof line, "%s %lld\n", key, (long long)v);

	put(b, line, (size_t)n);
}

char *
ops_journal_text(const struct ops_journal *j)
{
	const struct run *r = &j->run;
	struct buf b = { NULL, 0, 0 };

	put(&b, JOURNAL_MAGIC "\n", strlen(JOURNAL_MAGIC) + 1);
	put_int(&b, "pid", j->pid);
	put_str(&b, "host", j->host);
	put_int(&b, "alive", j->alive);
	put_int(&b, "started", j->started);
	put_int(&b, "ended", j->ended);
	if (j->ended)
		put_int(&b, "end", j->end);
	put_str(&b, "measured_gpu", j->gpu);
	put_int(&b, "measured_gpus", j->gpus);
	put_int(&b, "checkpointed", j->checkpointed);
	put_int(&b, "cost_given", j->cost_given);
	put_int(&b, "rate_given", j->rate_given);
	put_int(&b, "id", r->id);
	put_str(&b, "uid", r->uid);
	put_str(&b, "platform", r->platform);
	put_str(&b, "gpu", r->gpu);
	put_int(&b, "gpus", r->gpus);
	put_int(&b, "start", r->start);
	put_int(&b, "cost_minor", r->cost_minor);
	put_str(&b, "currency", r->currency);
	put_int(&b, "rate_micro", r->rate_micro);
	put_int(&b, "cu_centi", r->cu_centi);
	put_str(&b, "note", r->note);
	put_str(&b, "project", r->project);
	put_str(&b, "tags", r->tags);
	put_str(&b, "source_id", r->source_id);
	put_int(&b, "created", r->created);
	put_int(&b, "samples", j->m.samples);
	put_int(&b, "peak_mem_mib", j->m.peak_mem_mib);
	put_int(&b, "mem_total_mib", j->m.mem_total_mib);
	put_int(&b, "mean_util_pct", j->m.mean_util_pct);
	put_int(&b, "energy_wh_milli", j->m.energy_wh_milli);
	put_int(&b, "own_mem_mib", j->m.own_mem_mib);
	put_int(&b, "exit_status", j->m.exit_status);
	put_str(&b, "command", j->m.command);
	return b.p;
}

/* The value of one line, unescaped, malloc'd. */
static char *
unescape(const char *v, size_t n)
{
	char *out = xmalloc(n + 1);
	size_t i, k = 0;

	for (i = 0; i < n; i++) {
		if (v[i] == '\\' && i + 1 < n) {
			i++;
			out[k++] = v[i] == 'n' ? '\n' : v[i] == 'r' ? '\r' :
			    v[i];
		} else {
			out[k++] = v[i];
		}
	}
	out[k] = '\0';
	return out;
}

static int
get_int(const char *v, const char *key, int64_t *out, struct err *e)
{
	return parse_int(v, key, INT64_MIN, INT64_MAX, out, e);
}

int
ops_journal_parse(const char *text, struct ops_journal *j, struct err *e)
{
	const char *p = text, *nl, *sp;
	struct run *r = &j->run;
	int first = 1;

	ops_journal_clear(j);
	for (; *p != '\0'; p = *nl ? nl + 1 : nl) {
		char key[32], *v;
		int64_t n = 0;
		size_t kl;
		int rc = 0;

		nl = strchr(p, '\n');
		if (nl == NULL)
			nl = p + strlen(p);
		if (first) {
			if ((size_t)(nl - p) != strlen(JOURNAL_MAGIC) ||
			    strncmp(p, JOURNAL_MAGIC, (size_t)(nl - p)) != 0)
				return err_set(e, "not a gpulog run journal "
				    "(its first line is not \"%s\")",
				    JOURNAL_MAGIC);
			first = 0;
			continue;
		}
		sp = memchr(p, ' ', (size_t)(nl - p));
		if (sp == NULL || (kl = (size_t)(sp - p)) >= sizeof key)
			continue;
		memcpy(key, p, kl);
		key[kl] = '\0';
		v = unescape(sp + 1, (size_t)(nl - sp - 1));
#define STR(k, dst) else if (strcmp(key, k) == 0) \
	snprintf(dst, sizeof dst, "%s", v);
#define DUP(k, dst) else if (strcmp(key, k) == 0) { \
	free(dst); dst = xstrdup(v); }
#define INT(k, dst) else if (strcmp(key, k) == 0) { \
	if ((rc = get_int(v, k, &n, e)) == 0) dst = n; }
		if (0)
			;
		INT("pid", j->pid)
		STR("host", j->host)
		INT("alive", j->alive)
		INT("started", j->started)
		INT("ended", j->ended)
		INT("end", j->end)
		STR("measured_gpu", j->gpu)
		INT("measured_gpus", j->gpus)
		INT("checkpointed", j->checkpointed)
		INT("cost_given", j->cost_given)
		INT("rate_given", j->rate_given)
		INT("id", r->id)
		STR("uid", r->uid)
		STR("platform", r->platform)
		STR("gpu", r->gpu)
		INT("gpus", r->gpus)
		INT("start", r->start)
		INT("cost_minor", r->cost_minor)
		STR("currency", r->currency)
		INT("rate_micro", r->rate_micro)
		INT("cu_centi", r->cu_centi)
		DUP("note", r->note)
		DUP("project", r->project)
		DUP("tags", r->tags)
		DUP("source_id", r->source_id)
		INT("created", r->created)
		INT("samples", j->m.samples)
		INT("peak_mem_mib", j->m.peak_mem_mib)
		INT("mem_total_mib", j->m.mem_total_mib)
		INT("mean_util_pct", j->m.mean_util_pct)
		INT("energy_wh_milli", j->m.energy_wh_milli)
		INT("own_mem_mib", j->m.own_mem_mib)
		INT("exit_status", j->m.exit_status)
		DUP("command", j->m.command)
#undef STR
#undef DUP
#undef INT
		free(v);
		if (rc < 0)
			return -1;
	}
	if (first)
		return err_set(e, "not a gpulog run journal (it is empty)");
	if (r->platform[0] == '\0' || r->start <= 0 || r->gpus < 1 ||
	    j->alive < r->start)
		return err_set(e, "the run journal is incomplete");
	snprintf(r->source, sizeof r->source, "run");
	r->end = RUN_OPEN;
	return 0;
}

int
ops_journal_apply(struct ops *o, const struct ops_journal *j,
    struct ops_result *res, struct err *e)
{
	struct ops_measured ms;
	struct run_metrics m;
	int64_t id = j->run.id;
	int rc;

	ops_result_clear(res);
	metrics_init(&m);
	/* The database may hold it under its uid though the journal has no
	 * id yet (gpulog died between the two). */
	if (id <= 0 && store_run_by_uid(o->s, j->run.uid, &id, e) < 0)
		return -1;
	if (id > 0) {
		if ((rc = store_get_run(o->s, id, &res->run, e)) < 0)
			return -1;
		if (rc == 1 && res->run.end != RUN_OPEN)
			return 1;  /* recorded already */
		if (rc == 0) {
			/* Removed by hand since: recorded anew. */
			run_copy(&res->run, &j->run);
			res->run.id = 0;
		}
	} else {
		run_copy(&res->run, &j->run);
		res->run.id = 0;
	}
	if (!j->started) {
		/* The command never ran: neither does the run. */
		if (res->run.id > 0 && ops_record_abandon(o, res, e) < 0)
			return -1;
		return 2;
	}
	res->cost_given = j->cost_given;
	res->rate_given = j->rate_given;
	memset(&ms, 0, sizeof ms);
	ms.end = j->ended ? j->end : j->alive;
	ms.gpu = j->gpu[0] ? j->gpu : NULL;
	ms.gpus = j->gpus;
	ms.checkpointed = j->checkpointed;
	m = j->m;
	m.command = j->m.command ? xstrdup(j->m.command) : NULL;
	if (!j->ended)
		m.exit_status = -1;
	rc = ops_record_close(o, res, &ms, &m, e);
	metrics_clear(&m);
	if (rc < 0)
		return -1;
	return 0;
}
