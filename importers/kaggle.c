/*
 * kaggle.c: Kaggle's file formats: the quota (JSON and `kaggle quota -v`
 * CSV), kernel lists (JSON and CSV) and kernel session logs.  Files are
 * small, so each is read whole and told by its content.  Runs wait for
 * finish(): a kernel list and the logs that time its notebooks may come in
 * any order, from files or from the API (kaggle-api.c).  Never prints,
 * never opens the database.
 */
#include "importers/kaggle.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <cjson/cJSON.h>

#include "core/err.h"
#include "core/fmt.h"
#include "core/model.h"
#include "core/parse.h"
#include "core/snapshot.h"
#include "core/text.h"
#include "importers/common.h"
#include "importers/csvread.h"
#include "importers/importer.h"
#include "importers/kaggle-int.h"

#define MAX_S (10LL * 366 * 86400) /* longer than any quota: absurd */

struct kstate *
kaggle_state(struct import_job *job)
{
	if (job->state == NULL)
		job->state = xcalloc(1, sizeof(struct kstate));
	return job->state;
}

void
kaggle_notice(struct import_job *job, const char *fmt, ...)
{
	char msg[512];
	va_list ap;

	if (job->notice == NULL)
		return;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	job->notice(job->sink->arg, msg);
}

int
kaggle_duration(const char *s, int64_t *secs)
{
	int64_t milli;
	struct err e;
	char num[40];
	size_t n = strlen(s);

	if (n < 2 || n >= sizeof num || s[n - 1] != 's' ||
	    strspn(s, "0123456789.") != n - 1)
		return -1;
	memcpy(num, s, n - 1);
	num[n - 1] = '\0';
	/* Nanoseconds may follow; three decimals are plenty. */
	if (strchr(num, '.') != NULL && strlen(strchr(num, '.')) > 4)
		strchr(num, '.')[4] = '\0';
	if (parse_fixed(num, 3, "duration", &milli, &e) < 0 ||
	    milli > MAX_S * 1000)
		return -1;
	*secs = (milli + 500) / 1000;
	return 0;
}

char *
kaggle_gpu_name(char *buf, size_t n, const char *shape, int *gpus)
{
	imp_gpu(buf, n, shape, 0, gpus);
	return buf;
}

/* 1 when buf ends inside a string, object or array: a file cut short. */
static int
unbalanced(const char *buf, size_t len)
{
	size_t i;
	int depth = 0, str = 0;

	for (i = 0; i < len; i++) {
		if (str) {
			if (buf[i] == '\\')
				i++;
			else if (buf[i] == '"')
				str = 0;
		} else if (buf[i] == '"')
			str = 1;
		else if (buf[i] == '{' || buf[i] == '[')
			depth++;
		else if (buf[i] == '}' || buf[i] == ']')
			depth--;
	}
	return str || depth > 0;
}

cJSON *
kaggle_jparse(const char *buf, size_t len, const char *name, struct err *e)
{
	const char *end = NULL;
	cJSON *root = cJSON_ParseWithLengthOpts(buf, len, &end, 0);
	size_t at;

	if (root != NULL)
		return root;
	if (end == NULL || end < buf || end > buf + len)
		end = cJSON_GetErrorPtr();
	at = end != NULL && end >= buf && end <= buf + len ?
	    (size_t)(end - buf) : len;
	if (at + 1 >= len || unbalanced(buf, len))
		err_set(e, "%s: not valid JSON: it ends too soon, at byte %zu; "
		    "is it cut short?", name, len);
	else
		err_set(e, "%s: not valid JSON: error at byte %zu", name, at);
	return NULL;
}

/* A Duration field of o (absent: 0). */
static int
get_dur(const cJSON *o, const char *obj, const char *key, const char *name,
    int64_t *v, struct err *e)
{
	const cJSON *x = cJSON_GetObjectItemCaseSensitive(o, key);

	*v = 0;
	if (x == NULL || cJSON_IsNull(x))
		return 0;
	if (!cJSON_IsString(x) || kaggle_duration(x->valuestring, v) < 0) {
		char *sh = imp_shown(cJSON_IsString(x) ? x->valuestring :
		    "(not a string)");

		err_set(e, "%s: %s.%s: expected a duration such as "
		    "\"40512.750s\", not %s", name, obj, key, sh);
		free(sh);
		return -1;
	}
	return 0;
}

int
kaggle_parse_quota(const char *buf, size_t len, const char *name,
    int64_t now, struct quota_snapshot *q, char *tpu, size_t tpulen,
    struct err *e)
{
	cJSON *root = kaggle_jparse(buf, len, name, e);
	const cJSON *g, *t, *r;
	int64_t used, allowed;
	struct err inner;
	char a[16], b[16];
	int rc = -1;

	if (root == NULL)
		return -1;
	memset(q, 0, sizeof q[0]);
	tpu[0] = '\0';
	strcpy(q->platform, "kaggle");
	q->taken_at = now;
	g = cJSON_GetObjectItemCaseSensitive(root, "gpuQuota");
	t = cJSON_GetObjectItemCaseSensitive(root, "tpuQuota");
	r = cJSON_GetObjectItemCaseSensitive(root, "quotaRefreshTime");
	if (!cJSON_IsObject(root)) {
		err_set(e, "%s: expected a JSON object", name);
		goto out;
	}
	if (g != NULL && !cJSON_IsObject(g)) {
		err_set(e, "%s: gpuQuota: expected an object", name);
		goto out;
	}
	if (t != NULL && !cJSON_IsObject(t)) {
		err_set(e, "%s: tpuQuota: expected an object", name);
		goto out;
	}
	if (r != NULL && !cJSON_IsNull(r)) {
		if (!cJSON_IsString(r) || imp_time(r->valuestring, IMP_UTC,
		    &q->reset_at, &inner) < 0) {
			err_set(e, "%s: quotaRefreshTime: %s", name,
			    cJSON_IsString(r) ? inner.msg : "expected a time "
			    "string");
			goto out;
		}
	}
	if (g != NULL && (get_dur(g, "gpuQuota", "timeUsed", name, &q->used_s,
	    e) < 0 || get_dur(g, "gpuQuota", "timeReserved", name,
	    &q->reserved_s, e) < 0 || get_dur(g, "gpuQuota",
	    "totalTimeAllowed", name, &q->allowed_s, e) < 0))
		goto out;
	if (t != NULL) {
		if (get_dur(t, "tpuQuota", "timeUsed", name, &used, e) < 0 ||
		    get_dur(t, "tpuQuota", "totalTimeAllowed", name, &allowed,
		    e) < 0)
			goto out;
		snprintf(tpu, tpulen, "Kaggle's TPU quota: %s h of %s h used "
		    "(gpulog keeps GPU hours)", fmt_hours(a, sizeof a, used),
		    fmt_hours(b, sizeof b, allowed));
	}
	rc = g != NULL ? 1 : 0;
out:
	cJSON_Delete(root);
	return rc;
}

int
kaggle_quota_json(const char *buf, size_t len, const char *name,
    struct import_job *job, const char *source, struct err *e)
{
	struct quota_snapshot q;
	struct err inner;
	char tpu[160];
	int rc = kaggle_parse_quota(buf, len, name, job->now, &q, tpu,
	    sizeof tpu, e);

	if (rc < 0)
		return -1;
	if (tpu[0] != '\0')
		kaggle_notice(job, "%s", tpu);
	if (rc == 0) {
		kaggle_notice(job, "%s: Kaggle reported no GPU quota", name);
		return 0;
	}
	snprintf(q.source, sizeof q.source, "%s", source);
	if (job->put_snapshot != NULL &&
	    job->put_snapshot(job->sink->arg, &q, &inner) < 0)
		return err_set(e, "%s: %s", name, inner.msg);
	return 0;
}

/* "11.25h" in seconds. */
static int
csv_hours(const char *s, int64_t *secs)
{
	char num[32];
	size_t n = strlen(s);
	int64_t centi;
	struct err e;

	if (n < 2 || n >= sizeof num || s[n - 1] != 'h')
		return -1;
	memcpy(num, s, n - 1);
	num[n - 1] = '\0';
	if (parse_fixed(num, 2, "hours", &centi, &e) < 0 ||
	    centi > MAX_S / 36)
		return -1;
	*secs = centi * 36;
	return 0;
}

static int
open_mem(const char *buf, size_t len, FILE **f, const char *name,
    struct err *e)
{
	if ((*f = fmemopen((void *)buf, len, "r")) == NULL)
		return err_set(e, "%s: cannot read: %s", name,
		    strerror(errno));
	return 0;
}

/* `kaggle quota -v`: resource,used,remaining,total,refreshAt. */
static int
quota_csv(const char *buf, size_t len, const char *name,
    struct import_job *job, struct err *e)
{
	struct quota_snapshot q;
	struct csvr *rd;
	struct err inner;
	char **f, a[16], b[16];
	size_t n;
	int rc, gpu = 0;
	FILE *fp;

	if (open_mem(buf, len, &fp, name, e) < 0)
		return -1;
	rd = csvr_new(fp, name, 0);
	rc = csvr_next(rd, &f, &n, e);  /* the header, checked by the caller */
	while (rc > 0 && (rc = csvr_next(rd, &f, &n, e)) == 1) {
		int64_t used, total, reset = 0;

		if (n < 5) {
			rc = err_set(e, "%s: line %zu: expected 5 fields "
			    "(resource,used,remaining,total,refreshAt), "
			    "not %zu", name, csvr_line(rd), n);
			break;
		}
		if (csv_hours(f[1], &used) < 0 || csv_hours(f[3], &total) < 0) {
			char *sh = imp_shown(csv_hours(f[1], &used) < 0 ? f[1] :
			    f[3]);

			rc = err_set(e, "%s: line %zu: %s: expected hours such "
			    "as \"11.25h\", not \"%s\"", name, csvr_line(rd),
			    csv_hours(f[1], &used) < 0 ? "used" : "total", sh);
			free(sh);
			break;
		}
		if (f[4][0] != '\0' && imp_time(f[4], IMP_UTC, &reset,
		    &inner) < 0) {
			rc = err_set(e, "%s: line %zu: refreshAt: %s", name,
			    csvr_line(rd), inner.msg);
			break;
		}
		if (strcasecmp(f[0], "TPU") == 0) {
			kaggle_notice(job, "Kaggle's TPU quota: %s h of %s h "
			    "used (gpulog keeps GPU hours)", fmt_hours(a,
			    sizeof a, used), fmt_hours(b, sizeof b, total));
			continue;
		}
		if (strcasecmp(f[0], "GPU") != 0)
			continue;
		memset(&q, 0, sizeof q);
		strcpy(q.platform, "kaggle");
		strcpy(q.source, "kaggle-file");
		q.taken_at = job->now;
		q.used_s = used;
		q.allowed_s = total;
		q.reset_at = reset;
		gpu = 1;
		if (job->put_snapshot != NULL &&
		    job->put_snapshot(job->sink->arg, &q, &inner) < 0) {
			rc = err_set(e, "%s: line %zu: %s", name, csvr_line(rd),
			    inner.msg);
			break;
		}
	}
	csvr_free(rd);
	fclose(fp);
	if (rc < 0)
		return -1;
	if (!gpu)
		kaggle_notice(job, "%s: no GPU row", name);
	return 0;
}

static void
add_kernel(struct kstate *st, const struct kernel *k)
{
	st->k = xrealloc(st->k, (st->nk + 1) * sizeof *st->k);
	st->k[st->nk++] = *k;
}

int
kaggle_jstr(const cJSON *o, const char *key, char *buf, size_t n)
{
	const cJSON *x = cJSON_GetObjectItemCaseSensitive(o, key);

	buf[0] = '\0';
	if (x == NULL || cJSON_IsNull(x))
		return 0;
	if (!cJSON_IsString(x))
		return -1;
	snprintf(buf, n, "%s", x->valuestring);
	return 0;
}

/* A bool member (absent: false, as protobuf JSON leaves it out). */
static int
jbool(const cJSON *o, const char *key, int *v)
{
	const cJSON *x = cJSON_GetObjectItemCaseSensitive(o, key);

	*v = 0;
	if (x == NULL || cJSON_IsNull(x))
		return 0;
	if (!cJSON_IsBool(x))
		return -1;
	*v = cJSON_IsTrue(x);
	return 0;
}

int
kaggle_kernels_json(const cJSON *root, const char *name, struct import_job *job,
    size_t *count, struct err *e)
{
	const cJSON *arr = cJSON_GetObjectItemCaseSensitive(root, "kernels");
	const cJSON *o;
	struct kstate *st = kaggle_state(job);
	struct kernel k;
	struct err inner;
	char when[48], shape[64], *slash;
	size_t i = 0;
	int gpu, tpu;

	*count = 0;
	if (!cJSON_IsArray(arr))
		return err_set(e, "%s: kernels: expected an array", name);
	cJSON_ArrayForEach(o, arr) {
		memset(&k, 0, sizeof k);
		if (!cJSON_IsObject(o))
			return err_set(e, "%s: kernels[%zu]: expected an "
			    "object", name, i);
#define KFAIL(f, what) err_set(e, "%s: kernels[%zu].%s: expected %s", name, \
	i, f, what)
		if (kaggle_jstr(o, "ref", k.ref, sizeof k.ref) < 0)
			return KFAIL("ref", "a string");
		if (k.ref[0] == '\0')
			return err_set(e, "%s: kernels[%zu].ref: missing", name,
			    i);
		if (kaggle_jstr(o, "slug", k.slug, sizeof k.slug) < 0)
			return KFAIL("slug", "a string");
		if (k.slug[0] == '\0')
			snprintf(k.slug, sizeof k.slug, "%s", (slash =
			    strchr(k.ref, '/')) ? slash + 1 : k.ref);
		if (kaggle_jstr(o, "title", k.title, sizeof k.title) < 0)
			return KFAIL("title", "a string");
		if (kaggle_jstr(o, "lastRunTime", when, sizeof when) < 0)
			return KFAIL("lastRunTime", "a time string");
		if (when[0] != '\0' && imp_time(when, IMP_UTC, &k.last_run,
		    &inner) < 0)
			return err_set(e, "%s: kernels[%zu].lastRunTime: %s",
			    name, i, inner.msg);
		if (jbool(o, "enableGpu", &gpu) < 0)
			return KFAIL("enableGpu", "true or false");
		if (jbool(o, "enableTpu", &tpu) < 0)
			return KFAIL("enableTpu", "true or false");
		if (kaggle_jstr(o, "machineShape", shape, sizeof shape) < 0)
			return KFAIL("machineShape", "a string");
#undef KFAIL
		k.acc = ACC_NONE;
		if (tpu || strncmp(shape, "Tpu", 3) == 0)
			k.acc = ACC_TPU;
		else if (gpu || strncmp(shape, "Nvidia", 6) == 0)
			k.acc = ACC_GPU;
		if (k.acc == ACC_GPU && shape[0] != '\0')
			kaggle_gpu_name(k.gpu, sizeof k.gpu, shape, &k.gpus);
		if (k.last_run > 0)
			add_kernel(st, &k);
		i++;
	}
	*count = i;
	return 0;
}

/* `kaggle kernels list --mine --csv`: no accelerator is named. */
static int
kernels_csv(const char *buf, size_t len, const char *name,
    struct import_job *job, struct err *e)
{
	struct kstate *st = kaggle_state(job);
	struct csvr *rd;
	struct kernel k;
	struct err inner;
	char **f, *slash;
	size_t n;
	int rc;
	FILE *fp;

	if (open_mem(buf, len, &fp, name, e) < 0)
		return -1;
	rd = csvr_new(fp, name, 0);
	rc = csvr_next(rd, &f, &n, e);
	while (rc > 0 && (rc = csvr_next(rd, &f, &n, e)) == 1) {
		if (n < 4) {
			rc = err_set(e, "%s: line %zu: expected the fields "
			    "ref,title,author,lastRunTime", name,
			    csvr_line(rd));
			break;
		}
		memset(&k, 0, sizeof k);
		snprintf(k.ref, sizeof k.ref, "%s", f[0]);
		snprintf(k.slug, sizeof k.slug, "%s", (slash = strchr(f[0],
		    '/')) ? slash + 1 : f[0]);
		snprintf(k.title, sizeof k.title, "%s", f[1]);
		if (imp_time(f[3], IMP_UTC, &k.last_run, &inner) < 0) {
			rc = err_set(e, "%s: line %zu: lastRunTime: %s", name,
			    csvr_line(rd), inner.msg);
			break;
		}
		k.acc = ACC_UNKNOWN;
		add_kernel(st, &k);
	}
	csvr_free(rd);
	fclose(fp);
	return rc < 0 ? -1 : 0;
}

int
kaggle_parse_log(const char *buf, size_t len, const char *name,
    int64_t *secs, struct err *e)
{
	cJSON *root = kaggle_jparse(buf, len, name, e);
	const cJSON *o, *t;
	double last = -1;
	size_t i = 0;

	if (root == NULL)
		return -1;
	if (!cJSON_IsArray(root)) {
		cJSON_Delete(root);
		return err_set(e, "%s: expected a kernel log (a JSON array)",
		    name);
	}
	cJSON_ArrayForEach(o, root) {
		t = cJSON_GetObjectItemCaseSensitive(o, "time");
		if (!cJSON_IsObject(o) || !cJSON_IsNumber(t) ||
		    !(t->valuedouble >= 0 && t->valuedouble < (double)MAX_S)) {
			cJSON_Delete(root);
			return err_set(e, "%s: [%zu].time: expected seconds "
			    "since the session began", name, i);
		}
		if (t->valuedouble > last)
			last = t->valuedouble;
		i++;
	}
	cJSON_Delete(root);
	if (last <= 0)
		return err_set(e, "%s: the log is empty; it cannot time the "
		    "session", name);
	*secs = (int64_t)last + ((double)(int64_t)last < last);
	return 0;
}

int
kaggle_add_log(struct import_job *job, const char *slug, const char *name,
    int64_t secs)
{
	struct kstate *st = kaggle_state(job);
	struct klog *l;

	st->l = xrealloc(st->l, (st->nl + 1) * sizeof *st->l);
	l = &st->l[st->nl++];
	snprintf(l->slug, sizeof l->slug, "%s", slug);
	snprintf(l->name, sizeof l->name, "%s", name);
	l->secs = secs;
	return 0;
}

/* Tells a file by its content and reads it. */
static int
kaggle_buf(const char *buf, size_t len, const char *name,
    struct import_job *job, struct err *e)
{
	const char *p = buf;
	char slug[160];
	int64_t secs;
	size_t count;

	if (len >= 3 && memcmp(p, "\xef\xbb\xbf", 3) == 0)
		p += 3;
	while (p < buf + len && strchr(" \t\r\n", *p) != NULL)
		p++;
	if (p == buf + len)
		return err_set(e, "%s: empty; expected a Kaggle quota or "
		    "kernel file", name);
	if (*p == '[') {
		if (strcmp(name, "stdin") == 0)
			return err_set(e, "%s: a kernel log must come as a "
			    "file named SLUG.log", name);
		if (kaggle_parse_log(buf, len, name, &secs, e) < 0)
			return -1;
		return kaggle_add_log(job, imp_stem(slug, sizeof slug, name),
		    name, secs);
	}
	if (*p == '{') {
		cJSON *root = kaggle_jparse(buf, len, name, e);
		int rc;

		if (root == NULL)
			return -1;
		if (cJSON_GetObjectItemCaseSensitive(root, "kernels") != NULL)
			rc = kaggle_kernels_json(root, name, job, &count, e);
		else if (cJSON_GetObjectItemCaseSensitive(root, "gpuQuota") ||
		    cJSON_GetObjectItemCaseSensitive(root, "tpuQuota") ||
		    cJSON_GetObjectItemCaseSensitive(root,
		    "quotaRefreshTime"))
			rc = kaggle_quota_json(buf, len, name, job,
			    "kaggle-file", e);
		else
			rc = err_set(e, "%s: not a Kaggle file gpulog knows: "
			    "expected the quota (gpuQuota) or a kernel list "
			    "(kernels)", name);
		cJSON_Delete(root);
		return rc;
	}
	if (strncmp(p, "resource,", 9) == 0)
		return quota_csv(p, len - (size_t)(p - buf), name, job, e);
	if (strncmp(p, "ref,", 4) == 0)
		return kernels_csv(p, len - (size_t)(p - buf), name, job, e);
	return err_set(e, "%s: not a Kaggle file gpulog knows: expected the "
	    "quota JSON or CSV, a kernel list (JSON or CSV) or a kernel log",
	    name);
}

int
kaggle_import_stream(FILE *f, const char *name, struct import_job *job,
    struct err *e)
{
	char *buf;
	size_t len;
	int rc;

	if (imp_slurp(f, name, &buf, &len, e) < 0)
		return -1;
	rc = kaggle_buf(buf, len, name, job, e);
	free(buf);
	return rc;
}

static void
free_state(struct import_job *job)
{
	struct kstate *st = job->state;

	if (st == NULL)
		return;
	free(st->k);
	free(st->l);
	free(st);
	job->state = NULL;
}

int
kaggle_import_finish(struct import_job *job, int ok, struct err *e)
{
	struct kstate *st = job->state;
	struct run r;
	struct err inner;
	char when[32], id[256];
	size_t i, j;
	int rc = 0, *used = NULL;

	if (!ok || st == NULL) {
		free_state(job);
		return 0;
	}
	used = xcalloc(st->nl + 1, sizeof *used);
	for (i = 0; i < st->nk && rc == 0; i++) {
		const struct kernel *k = &st->k[i];

		for (j = 0; j < st->nl; j++)
			if (strcmp(st->l[j].slug, k->slug) == 0)
				break;
		if (j < st->nl)
			used[j] = 1;
		fmt_iso_utc(when, sizeof when, k->last_run);
		if (k->acc == ACC_NONE)
			continue;
		if (k->acc == ACC_TPU) {
			if (k->last_run > job->since)
				kaggle_notice(job, "%s ran on a TPU at %s: not "
				    "logged (gpulog counts GPU hours)", k->ref,
				    when);
			continue;
		}
		if (j == st->nl) {
			if (k->last_run > job->since)
				kaggle_notice(job, "%s ran at %s%s%s: its "
				    "duration is unknown; import its log too "
				    "(kaggle kernels output %s) or add it by "
				    "hand (gpulog add kaggle --start %s ...)",
				    k->ref, when, k->gpu[0] ? " on " : "",
				    k->gpu, k->ref, when);
			continue;
		}
		run_init(&r);
		strcpy(r.platform, "kaggle");
		snprintf(r.gpu, sizeof r.gpu, "%s", k->gpu);
		r.gpus = k->gpus > 0 ? k->gpus : 1;
		r.start = k->last_run;
		r.end = k->last_run + (st->l[j].secs > 0 ? st->l[j].secs : 1);
		r.cu_centi = -1;
		r.note = k->title[0] ? xstrdup(k->title) : NULL;
		strcpy(r.source, "kaggle");
		snprintf(id, sizeof id, "%s@%s", k->ref, when);
		r.source_id = xstrdup(id);
		r.created = r.modified = r.end;
		if (r.end > TIME_MAX)
			rc = err_set(&inner, "the run ends after 2200: gpulog "
			    "keeps times from 1970 to 2200");
		else
			rc = job->sink->put(job->sink->arg, &r, &inner);
		if (rc < 0)
			err_set(e, "%s: %s", st->l[j].name, inner.msg);
		run_clear(&r);
	}
	for (j = 0; j < st->nl && rc == 0; j++)
		if (!used[j])
			rc = err_set(e, "%s: no kernel list in this import "
			    "names a notebook \"%s\"; give the list too "
			    "(gpulog import kaggle kernels.json %s)",
			    st->l[j].name, st->l[j].slug, st->l[j].name);
	free(used);
	free_state(job);
	return rc < 0 ? -1 : 0;
}
