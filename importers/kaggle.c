/*
 * kaggle.c: Kaggle's file formats: `kaggle quota -v`'s table, kernel lists
 * (JSON and CSV) and kernel session logs; the quota's JSON is
 * kaggle-quota.c's.  Files are
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

#include "core/err.h"
#include "core/fmt.h"
#include "core/model.h"
#include "core/parse.h"
#include "core/snapshot.h"
#include "core/text.h"
#include "importers/cjson.h"
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
	struct err msg;
	va_list ap;

	if (job->notice == NULL)
		return;
	va_start(ap, fmt);
	err_vset(&msg, fmt, ap);
	va_end(ap);
	job->notice(job->sink->arg, msg.msg);
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

/*
 * Keeps k; a notebook two lists of the import name (the CSV and the JSON)
 * is one, with the accelerator and machine shape of the list that has
 * them (the CSV names none) and the later run.
 */
static void
add_kernel(struct kstate *st, const struct kernel *k)
{
	struct kernel *o;
	size_t i;

	for (i = 0; i < st->nk; i++) {
		o = &st->k[i];
		if (strcmp(o->ref, k->ref) != 0)
			continue;
		if (o->acc == ACC_UNKNOWN && k->acc != ACC_UNKNOWN) {
			o->acc = k->acc;
			snprintf(o->gpu, sizeof o->gpu, "%s", k->gpu);
			o->gpus = k->gpus;
		}
		if (k->last_run > o->last_run)
			o->last_run = k->last_run;
		if (o->title[0] == '\0')
			snprintf(o->title, sizeof o->title, "%s", k->title);
		return;
	}
	st->k = xrealloc(st->k, (st->nk + 1) * sizeof *st->k);
	st->k[st->nk++] = *k;
}

void
kaggle_skip(struct import_job *job, struct kskip *sk, const char *file,
    const char *what)
{
	size_t used = strlen(sk->list), room = sizeof sk->list - used;
	char where[300];

	job->skipped++;
	if (file != NULL && strcmp(file, sk->file) != 0) {
		snprintf(where, sizeof where, "%s %s", file, what);
		snprintf(sk->file, sizeof sk->file, "%s", file);
	} else
		snprintf(where, sizeof where, "%s", what);
	if (sk->n++ > 0 && strcmp(sk->list + used - 3, "...") == 0)
		return;
	if (strlen(where) + 2 + 5 < room)
		snprintf(sk->list + used, room, "%s%s", sk->n > 1 ? ", " : "",
		    where);
	else if (room > 5)
		snprintf(sk->list + used, room, "%s...", sk->n > 1 ? ", " :
		    "");
}

/*
 * The two tables of the Kaggle CLI, `kaggle quota` and `kaggle kernels
 * list`, in each form it prints them (a table, CSV with -v or --csv, a
 * JSON array with --format json), go through one reader of rows: the
 * columns gpulog reads, found by their names in the header, so that a
 * projection (--format "csv(ref,lastRunTime)") reads too.
 */
enum { T_QUOTA = 1, T_KERNELS };
enum { Q_RESOURCE, Q_USED, Q_TOTAL, Q_REFRESH, Q_N };
enum { K_REF, K_TITLE, K_WHEN, K_N };
static const char *const qcols[Q_N] = { "resource", "used", "total",
	"refreshAt" };
static const char *const kcols[K_N] = { "ref", "title", "lastRunTime" };
#define TAB_COLS 4

/* One file's table, whatever its form. */
struct ktab {
	struct import_job *job;
	const char *name;
	int kind;
	int at[TAB_COLS];  /* the source column of each column read; -1 */
	int gpu;           /* a GPU row was seen (the quota) */
};

/* Sets t->kind and t->at from a header; -1 with a message when it is not
 * one of the two tables or lacks a column gpulog needs. */
static int
tab_header(struct ktab *t, char **cols, size_t n, struct err *e)
{
	const char *const *names;
	size_t i, j, nn;

	t->kind = 0;
	for (i = 0; i < n; i++) {
		if (strcmp(cols[i], "resource") == 0)
			t->kind = T_QUOTA;
		else if (strcmp(cols[i], "ref") == 0 ||
		    strcmp(cols[i], "lastRunTime") == 0)
			t->kind = T_KERNELS;
	}
	if (t->kind == 0)
		return err_set(e, "%s: not a Kaggle file gpulog knows: expected "
		    "the quota or a kernel list as the Kaggle CLI prints them "
		    "(a table, CSV or JSON), the API's JSON or a kernel log",
		    t->name);
	names = t->kind == T_QUOTA ? qcols : kcols;
	nn = t->kind == T_QUOTA ? Q_N : K_N;
	for (j = 0; j < TAB_COLS; j++) {
		t->at[j] = -1;
		for (i = 0; j < nn && i < n; i++)
			if (strcmp(cols[i], names[j]) == 0)
				t->at[j] = (int)i;
	}
	if (t->kind == T_QUOTA && (t->at[Q_USED] < 0 || t->at[Q_TOTAL] < 0))
		return err_set(e, "%s: the quota lacks its used or total column "
		    "(print it whole: kaggle quota -v)", t->name);
	if (t->kind == T_KERNELS && (t->at[K_REF] < 0 || t->at[K_WHEN] < 0))
		return err_set(e, "%s: the kernel list lacks its ref or "
		    "lastRunTime column (print it whole: kaggle kernels list "
		    "--mine --csv)", t->name);
	return 0;
}

/* A refused row, named by where ("line 11", "[3]"): handed to --skip-bad
 * (0) or failing the import (-1). */
static int
tab_bad(struct ktab *t, const char *where, const char *field,
    const char *reason, struct err *e)
{
	err_set(e, "%s: %s: %s: %s", t->name, where, field, reason);
	if (t->job->bad_row == NULL)
		return -1;
	return t->job->bad_row(t->job->sink->arg, e->msg, e);
}

/* One quota row: GPU becomes a snapshot, TPU a notice. */
static int
quota_row(struct ktab *t, const char *where, const char *const *v,
    struct err *e)
{
	struct import_job *job = t->job;
	struct quota_snapshot q;
	struct err inner;
	int64_t used, total, reset = 0;
	char a[16], b[16], why[128], *sh;
	const char *bad = NULL;

	if (strcasecmp(v[Q_RESOURCE], "GPU") != 0 &&
	    strcasecmp(v[Q_RESOURCE], "TPU") != 0)
		return 0;
	if (csv_hours(v[Q_USED], &used) < 0)
		bad = "used";
	else if (csv_hours(v[Q_TOTAL], &total) < 0)
		bad = "total";
	if (bad != NULL) {
		sh = imp_shown(v[bad[0] == 'u' ? Q_USED : Q_TOTAL]);
		snprintf(why, sizeof why, "expected hours such as \"11.25h\", "
		    "not %s", sh);
		free(sh);
		return tab_bad(t, where, bad, why, e);
	}
	if (v[Q_REFRESH][0] != '\0' && strcmp(v[Q_REFRESH], "None") != 0 &&
	    imp_time(v[Q_REFRESH], IMP_UTC, &reset, &inner) < 0)
		return tab_bad(t, where, "refreshAt", inner.msg, e);
	if (strcasecmp(v[Q_RESOURCE], "TPU") == 0) {
		kaggle_notice(job, "Kaggle's TPU quota: %s h of %s h used "
		    "(gpulog keeps GPU hours)", fmt_hours(a, sizeof a, used),
		    fmt_hours(b, sizeof b, total));
		return 0;
	}
	memset(&q, 0, sizeof q);
	strcpy(q.platform, "kaggle");
	strcpy(q.source, "kaggle-file");
	q.taken_at = job->now;
	q.used_s = used;
	q.allowed_s = total;
	q.reset_at = reset;
	t->gpu = 1;
	if (job->put_snapshot != NULL &&
	    job->put_snapshot(job->sink->arg, &q, &inner) < 0)
		return err_set(e, "%s: %s: %s", t->name, where, inner.msg);
	return 0;
}

/*
 * One kernel of a list.  A row without a ref is Kaggle's "[Private
 * Notebook]" placeholder, and a lastRunTime of None (or null, or empty)
 * a notebook that never ran: neither can be a run, so each is left out
 * and named in a notice.  where names the row; src the file.
 */
static int
kernel_row(struct ktab *t, const char *where, const char *const *v,
    struct err *e)
{
	struct kstate *st = kaggle_state(t->job);
	struct kernel k;
	struct err inner;
	char *safe;
	const char *slash;

	if (v[K_REF][0] == '\0') {
		kaggle_skip(t->job, &st->priv, t->name, where);
		return 0;
	}
	if (v[K_WHEN][0] == '\0' || strcmp(v[K_WHEN], "None") == 0) {
		safe = text_safe(v[K_REF]);
		kaggle_skip(t->job, &st->never, NULL, safe);
		free(safe);
		return 0;
	}
	memset(&k, 0, sizeof k);
	snprintf(k.ref, sizeof k.ref, "%s", v[K_REF]);
	snprintf(k.slug, sizeof k.slug, "%s", (slash = strchr(v[K_REF],
	    '/')) ? slash + 1 : v[K_REF]);
	snprintf(k.title, sizeof k.title, "%s", v[K_TITLE]);
	if (imp_time(v[K_WHEN], IMP_UTC, &k.last_run, &inner) < 0)
		return tab_bad(t, where, "lastRunTime", inner.msg, e);
	k.acc = ACC_UNKNOWN;
	add_kernel(st, &k);
	return 0;
}

/* A row of cols (n of them) by the header's columns. */
static int
tab_row(struct ktab *t, const char *where, char **cols, size_t n,
    struct err *e)
{
	const char *v[TAB_COLS];
	size_t j;

	for (j = 0; j < TAB_COLS; j++)
		v[j] = t->at[j] >= 0 && (size_t)t->at[j] < n ?
		    cols[t->at[j]] : "";
	return t->kind == T_QUOTA ? quota_row(t, where, v, e) :
	    kernel_row(t, where, v, e);
}

/* -v, --csv: Python's csv module.  base: lines above the header. */
static int
tab_csv(struct ktab *t, const char *buf, size_t len, size_t base,
    struct err *e)
{
	struct csvr *rd;
	char **f, where[32];
	size_t n;
	int rc;
	FILE *fp;

	if (open_mem(buf, len, &fp, t->name, e) < 0)
		return -1;
	rd = csvr_new(fp, t->name, 0);
	rc = csvr_next(rd, &f, &n, e);
	if (rc > 0 && tab_header(t, f, n, e) < 0)
		rc = -1;
	while (rc > 0 && (rc = csvr_next(rd, &f, &n, e)) == 1) {
		snprintf(where, sizeof where, "line %zu", csvr_line(rd) +
		    base);
		if (tab_row(t, where, f, n, e) < 0)
			rc = -1;
	}
	csvr_free(rd);
	fclose(fp);
	return rc < 0 ? -1 : 0;
}

/* The bytes of s from code point a to code point b (b 0: to the end),
 * spaces trimmed, into out: Python pads the table's columns by code
 * points, not bytes. */
static void
cp_slice(const char *s, size_t a, size_t b, char *out, size_t n)
{
	size_t i, cp = 0, len = strlen(s), from = len, to = len, k;

	for (i = 0; i <= len; i++) {
		if (i < len && ((unsigned char)s[i] & 0xC0) == 0x80)
			continue;
		if (cp == a && from == len)
			from = i;
		if (b > 0 && cp == b) {
			to = i;
			break;
		}
		cp++;
	}
	if (from > to)
		from = to;
	while (from < to && s[from] == ' ')
		from++;
	while (to > from && s[to - 1] == ' ')
		to--;
	k = to - from < n - 1 ? to - from : n - 1;
	memcpy(out, s + from, k);
	out[k] = '\0';
}

/* The default form: a header, a row of dashes under each column, then the
 * rows, each column padded to its width with spaces.  buf ends in NUL. */
static int
tab_text(struct ktab *t, char *buf, size_t base, struct err *e)
{
	size_t start[16], nc = 0, i, line = base + 2;
	char *ln[2], *p = buf, *nl, *cols[16], cell[16][256], where[32];
	int rc = 0;

	for (i = 0; i < 2; i++) {
		ln[i] = p;
		if ((nl = strchr(p, '\n')) == NULL)
			return err_set(e, "%s: the table ends after its "
			    "header", t->name);
		*nl = '\0';
		p = nl + 1;
	}
	for (i = 0; ln[1][i] != '\0' && nc < 16; i++)
		if (ln[1][i] == '-' && (i == 0 || ln[1][i - 1] == ' '))
			start[nc++] = i;
	for (i = 0; i < nc; i++) {
		cp_slice(ln[0], start[i], i + 1 < nc ? start[i + 1] : 0,
		    cell[i], sizeof cell[i]);
		cols[i] = cell[i];
	}
	if (tab_header(t, cols, nc, e) < 0)
		return -1;
	while (*p != '\0' && rc == 0) {
		line++;
		if ((nl = strchr(p, '\n')) != NULL)
			*nl = '\0';
		if (strspn(p, " ") != strlen(p)) {
			for (i = 0; i < nc; i++)
				cp_slice(p, start[i], i + 1 < nc ?
				    start[i + 1] : 0, cell[i],
				    sizeof cell[i]);
			snprintf(where, sizeof where, "line %zu", line);
			rc = tab_row(t, where, cols, nc, e);
		}
		if (nl == NULL)
			break;
		p = nl + 1;
	}
	return rc;
}

/* --format json: an array of objects keyed by the header's names; null is
 * Python's None. */
static int
tab_json(struct ktab *t, const cJSON *root, struct err *e)
{
	const cJSON *o, *x;
	char *cols[16], val[16][256], where[32];
	const char *const *want;
	size_t i = 0, j, nn;
	int rc = 0;

	o = cJSON_GetArrayItem(root, 0);
	for (j = 0, x = o ? o->child : NULL; x != NULL && j < 16; x = x->next)
		cols[j++] = x->string;
	if (tab_header(t, cols, j, e) < 0)
		return -1;
	want = t->kind == T_QUOTA ? qcols : kcols;
	nn = t->kind == T_QUOTA ? Q_N : K_N;
	cJSON_ArrayForEach(o, root) {
		int bad = 0;

		snprintf(where, sizeof where, "[%zu]", i++);
		if (!cJSON_IsObject(o))
			return err_set(e, "%s: %s: expected an object", t->name,
			    where);
		for (j = 0; j < nn; j++) {
			x = cJSON_GetObjectItemCaseSensitive(o, want[j]);
			val[j][0] = '\0';
			if (cJSON_IsString(x))
				snprintf(val[j], sizeof val[j], "%s",
				    x->valuestring);
			else if (cJSON_IsNull(x))
				snprintf(val[j], sizeof val[j], "None");
			else if (x != NULL && !bad) {
				if (tab_bad(t, where, want[j], "expected a "
				    "string", e) < 0)
					return -1;
				bad = 1;
			}
			cols[j] = val[j];
			t->at[j] = (int)j;
		}
		if (!bad && (rc = tab_row(t, where, cols, nn, e)) < 0)
			return -1;
	}
	return rc;
}

/* After one file's table: what it lacked. */
static void
tab_end(struct ktab *t)
{
	if (t->kind == T_QUOTA && !t->gpu)
		kaggle_notice(t->job, "%s: no GPU row", t->name);
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
	char when[48], shape[64], place[200], *slash, *safe;
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
		if (kaggle_jstr(o, "slug", k.slug, sizeof k.slug) < 0)
			return KFAIL("slug", "a string");
		if (k.ref[0] == '\0') {
			/* "[Private Notebook]": Kaggle hides all of it. */
			snprintf(place, sizeof place, "kernels[%zu]", i++);
			kaggle_skip(job, &st->priv, name, place);
			continue;
		}
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
		if (k.last_run > 0) {
			add_kernel(st, &k);
		} else {
			safe = text_safe(k.ref);
			kaggle_skip(job, &st->never, NULL, safe);
			free(safe);
		}
		i++;
	}
	*count = i;
	return 0;
}

int
kaggle_parse_log(const char *buf, size_t len, const char *name,
    int64_t *secs, struct err *e)
{
	cJSON *root = imp_jparse(buf, len, name, e);
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

/*
 * A copy of buf as the Kaggle CLI meant it: without a byte order mark,
 * each line end (LF, CR LF, or the CR CR LF of Python's CSV written
 * through Windows' text-mode standard output) as LF, and without the
 * CLI's own lines above what it printed ("Warning: Looks like you're
 * using an outdated `kaggle` version ...").  *top gets the lines taken off
 * the top, so that line numbers stay the file's.  NUL-terminated.
 */
static char *
clean_copy(const char *buf, size_t len, size_t *out, size_t *top)
{
	char *c = xmalloc(len + 1), *p;
	size_t i = 0, n = 0, k;

	if (len >= 3 && memcmp(buf, "\xef\xbb\xbf", 3) == 0)
		i = 3;
	for (; i < len; i++) {
		if (buf[i] == '\r') {
			for (k = i; k < len && buf[k] == '\r'; k++)
				;
			if (k == len || buf[k] == '\n') {
				i = k - 1;
				continue;  /* the LF (or the end) follows */
			}
		}
		c[n++] = buf[i];
	}
	c[n] = '\0';
	*top = 0;
	for (p = c; strncmp(p, "Warning: ", 9) == 0 || *p == '\n'; (*top)++) {
		char *nl = strchr(p, '\n');

		if (nl == NULL) {
			p += strlen(p);
			break;
		}
		p = nl + 1;
	}
	n -= (size_t)(p - c);
	memmove(c, p, n + 1);
	*out = n;
	return c;
}

/* Tells a file by its content and reads it; buf is clean_copy()'s. */
static int
kaggle_buf(char *buf, size_t len, size_t top, const char *name,
    struct import_job *job, struct err *e)
{
	struct ktab t;
	const char *p = buf, *nl;
	char slug[160];
	int64_t secs;
	size_t count;

	memset(&t, 0, sizeof t);
	t.job = job;
	t.name = name;
	while (p < buf + len && strchr(" \t\n", *p) != NULL)
		p++;
	if (p == buf + len)
		return err_set(e, "%s: empty; expected a Kaggle quota or "
		    "kernel file", name);
	/* What the CLI prints when it has nothing to list. */
	if (strncmp(p, "Not found", 9) == 0 && p[9 + strspn(p + 9, " \n")] ==
	    '\0') {
		kaggle_notice(job, "%s: the Kaggle CLI found no kernels (\"Not "
		    "found\")", name);
		return 0;
	}
	if (strncmp(p, "No quota information available", 30) == 0) {
		kaggle_notice(job, "%s: the Kaggle CLI had no quota figures "
		    "(\"No quota information available\")", name);
		return 0;
	}
	if (*p == '[' || *p == '{') {
		cJSON *root = imp_jparse(buf, len, name, e);
		const cJSON *o = cJSON_GetArrayItem(root, 0);
		int rc;

		if (root == NULL)
			return -1;
		if (cJSON_IsArray(root) && cJSON_IsObject(o) &&
		    (cJSON_GetObjectItemCaseSensitive(o, "resource") ||
		    cJSON_GetObjectItemCaseSensitive(o, "ref") ||
		    cJSON_GetObjectItemCaseSensitive(o, "lastRunTime"))) {
			/* kaggle quota or kernels list --format json */
			rc = tab_json(&t, root, e);
			if (rc == 0)
				tab_end(&t);
		} else if (cJSON_IsArray(root)) {
			if (strcmp(name, "stdin") == 0)
				rc = err_set(e, "%s: a kernel log must come as "
				    "a file named SLUG.log", name);
			else if ((rc = kaggle_parse_log(buf, len, name, &secs,
			    e)) == 0)
				rc = kaggle_add_log(job, imp_stem(slug,
				    sizeof slug, name), name, secs);
		} else if (cJSON_GetObjectItemCaseSensitive(root, "kernels"))
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
	for (nl = buf; nl < p; nl++)
		top += *nl == '\n';
	nl = strchr(p, '\n');
	if (nl == NULL || memchr(p, ',', (size_t)(nl - p)) != NULL) {
		if (tab_csv(&t, p, len - (size_t)(p - buf), top, e) < 0)
			return -1;
	} else if (nl[1] == '-') {
		if (tab_text(&t, (char *)p, top, e) < 0)
			return -1;
	} else
		return err_set(e, "%s: not a Kaggle file gpulog knows: "
		    "expected the quota or a kernel list as the Kaggle CLI "
		    "prints them (a table, CSV or JSON), the API's JSON or a "
		    "kernel log", name);
	tab_end(&t);
	return 0;
}

int
kaggle_import_stream(FILE *f, const char *name, struct import_job *job,
    struct err *e)
{
	char *buf;
	size_t len;
	int rc;

	char *c;
	size_t clen, top;

	if (imp_slurp(f, name, &buf, &len, e) < 0)
		return -1;
	c = clean_copy(buf, len, &clen, &top);
	free(buf);
	rc = kaggle_buf(c, clen, top, name, job, e);
	free(c);
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
	char when[32], id[256], ends[32];
	size_t i, j;
	int rc = 0, *used = NULL;

	if (!ok || st == NULL) {
		free_state(job);
		return 0;
	}
	if (st->priv.n > 0)
		kaggle_notice(job, "left out %zu [Private Notebook] row%s (%s): "
		    "Kaggle lists them without a ref or a time", st->priv.n,
		    st->priv.n == 1 ? "" : "s", st->priv.list);
	if (st->never.n > 0)
		kaggle_notice(job, "left out %zu notebook%s that never ran "
		    "(lastRunTime None): %s", st->never.n, st->never.n == 1 ?
		    "" : "s", st->never.list);
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
		if (r.end > job->now && !job->future) {
			/* A clock that is wrong, or a session still going. */
			job->skipped++;
			kaggle_notice(job, "left out %s: started %s and ran %s "
			    "h by its log, so it ends at %s, after now (is a "
			    "clock wrong?); --future takes it", k->ref, when,
			    fmt_hours(id, sizeof id, r.end - r.start),
			    fmt_iso_utc(ends, sizeof ends, r.end));
			run_clear(&r);
			continue;
		}
		if (r.end > TIME_MAX)
			rc = err_set(&inner, "the run ends after 2200: gpulog "
			    "keeps times from 1970 to 2200");
		else
			rc = job->sink->put(job->sink->arg, &r, &inner);
		if (rc < 0)
			err_set(e, "%s: %s", st->l[j].name, inner.msg);
		run_clear(&r);
	}
	for (j = 0; j < st->nl && rc == 0; j++) {
		if (used[j])
			continue;
		if (st->nk > 0)
			rc = err_set(e, "%s: the kernel list has no notebook "
			    "\"%s\": a log is read as the log of the notebook "
			    "its file is named after (SLUG.log); rename it to "
			    "its notebook's slug", st->l[j].name,
			    st->l[j].slug);
		else
			rc = err_set(e, "%s: a log needs the kernel list that "
			    "says when its notebook ran; give both (gpulog "
			    "import kaggle kernels.json %s)", st->l[j].name,
			    st->l[j].name);
	}
	free(used);
	free_state(job);
	return rc < 0 ? -1 : 0;
}
