/*
 * cloud.c: the instances rented on Vast.ai, RunPod and Lambda: the
 * parsers of their answers, the keys where the providers' own tools keep
 * them, and the calls (fetch.c) that page through the answers.  Never
 * prints, never opens the database, never stores or shows a key.
 */
#include "importers/cloud.h"

#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

#include "core/clock.h"
#include "core/err.h"
#include "core/parse.h"
#include "core/text.h"
#include "importers/cjson.h"
#include "importers/common.h"
#include "importers/fetch.h"
#include "importers/importer.h"
#include "importers/rates.h"

/* The most pages read of one answer: 100 pages of 25 to 100 rows. */
#define CLOUD_PAGES 100

void
cloud_list_free(struct cloud_list *l)
{
	free(l->v);
	l->v = NULL;
	l->n = 0;
}

static struct cloud_instance *
list_add(struct cloud_list *l)
{
	struct cloud_instance *v;

	l->v = xrealloc(l->v, (l->n + 1) * sizeof *l->v);
	v = &l->v[l->n++];
	memset(v, 0, sizeof *v);
	v->gpus = 1;
	v->cost_minor = -1;
	return v;
}

static const cJSON *
item(const cJSON *o, const char *key)
{
	return cJSON_GetObjectItemCaseSensitive(o, key);
}

/* A number, or a string holding one ("0.74", as RunPod writes prices);
 * 1 with *x, 0 when absent or null, -1 when something else. */
static int
num(const cJSON *o, const char *key, double *x)
{
	const cJSON *v = item(o, key);
	char *end;

	if (v == NULL || cJSON_IsNull(v))
		return 0;
	if (cJSON_IsNumber(v)) {
		*x = v->valuedouble;
		return isfinite(*x) ? 1 : -1;
	}
	if (cJSON_IsString(v) && v->valuestring[0] != '\0') {
		*x = strtod(v->valuestring, &end);
		return *end == '\0' && isfinite(*x) ? 1 : -1;
	}
	return -1;
}

/* A GPU count member into *gpus when it is there: 0, or -1 when it is
 * no whole count from 1 to 1024. */
static int
gpu_count(const cJSON *o, const char *key, int *gpus)
{
	double x;

	if (num(o, key, &x) != 1)
		return 0;
	if (x < 1 || x > 1024 || x != floor(x))
		return -1;
	*gpus = (int)x;
	return 0;
}

/* A string member into buf (n bytes), cut to fit; "" when absent. */
static void
str(const cJSON *o, const char *key, char *buf, size_t n)
{
	const cJSON *v = item(o, key);
	char *safe;

	size_t k;

	buf[0] = '\0';
	if (!cJSON_IsString(v))
		return;
	/* A provider's text reaches the terminal: made harmless here, and
	 * cut where a character ends. */
	safe = text_safe(v->valuestring);
	if ((k = strlen(safe)) >= n)
		for (k = n - 1; k > 0 && ((unsigned char)safe[k] & 0xc0) ==
		    0x80; k--)
			;
	memcpy(buf, safe, k);
	buf[k] = '\0';
	free(safe);
}

/* An id, a string or a whole number, into buf; -1 when neither. */
static int
id_of(const cJSON *o, const char *key, char *buf, size_t n)
{
	const cJSON *v = item(o, key);
	const char *p;

	if (cJSON_IsNumber(v) && v->valuedouble >= 0 && v->valuedouble < 1e15 &&
	    v->valuedouble == floor(v->valuedouble)) {
		snprintf(buf, n, "%.0f", v->valuedouble);
		return 0;
	}
	if (!cJSON_IsString(v) || v->valuestring[0] == '\0' ||
	    strlen(v->valuestring) >= n)
		return -1;
	/* An id goes into a key and a URL: letters, digits, - and _. */
	for (p = v->valuestring; *p != '\0'; p++)
		if (!isalnum((unsigned char)*p) && *p != '-' && *p != '_')
			return -1;
	snprintf(buf, n, "%s", v->valuestring);
	return 0;
}

/* Dollars into millionths, refusing what gpulog cannot keep. */
static int
micro(double usd, int64_t *out)
{
	if (!(usd >= 0) || usd > 1e6)
		return -1;
	*out = (int64_t)llround(usd * 1e6);
	return 0;
}

/* An epoch time in seconds (a float, as Vast.ai writes them), checked. */
static int
epoch(double x, int64_t *t)
{
	struct err e;

	if (!(x > 0) || x > 1e11)
		return -1;
	*t = (int64_t)floor(x);
	return time_check("", *t, &e) < 0 ? -1 : 0;
}

/* The next page's token, when the answer has one. */
static void
next_token(const cJSON *root, char **next)
{
	const cJSON *t = item(root, "next_token");

	*next = NULL;
	if (cJSON_IsString(t) && t->valuestring[0] != '\0')
		*next = xstrdup(t->valuestring);
}

static int
bad(struct err *e, const char *name, const char *list, size_t i,
    const char *field, const char *what)
{
	return err_set(e, "%s: %s[%zu].%s: %s", name, list, i, field, what);
}

int
cloud_parse_vast(const char *buf, size_t len, const char *name,
    struct cloud_list *out, char **next, struct err *e)
{
	cJSON *root = imp_jparse(buf, len, name, e);
	const cJSON *list, *o;
	size_t i = 0;
	int rc = -1;

	*next = NULL;
	if (root == NULL)
		return -1;
	list = cJSON_IsArray(root) ? root : item(root, "instances");
	if (cJSON_IsNull(list)) {
		/* The API's answer when there is none. */
		rc = 0;
		goto out;
	}
	if (!cJSON_IsArray(list)) {
		err_set(e, "%s: expected {\"instances\": [...]} or a list of "
		    "instances", name);
		goto out;
	}
	cJSON_ArrayForEach(o, list) {
		struct cloud_instance *v;
		char status[32], gpu[64];
		double x, dph = 0, ram = 0;
		int64_t rate;

		if (!cJSON_IsObject(o)) {
			err_set(e, "%s: instances[%zu]: expected an object",
			    name, i);
			goto out;
		}
		v = list_add(out);
		if (id_of(o, "id", v->id, sizeof v->id) < 0) {
			bad(e, name, "instances", i, "id", "expected a number");
			goto out;
		}
		if (num(o, "start_date", &x) != 1 || epoch(x, &v->started) < 0) {
			bad(e, name, "instances", i, "start_date",
			    "expected a time in seconds since 1970");
			goto out;
		}
		if (gpu_count(o, "num_gpus", &v->gpus) < 0) {
			bad(e, name, "instances", i, "num_gpus",
			    "expected a count from 1");
			goto out;
		}
		if (num(o, "dph_total", &dph) < 0 || micro(dph, &rate) < 0) {
			bad(e, name, "instances", i, "dph_total",
			    "expected dollars an hour");
			goto out;
		}
		v->rate_micro = rate / v->gpus;
		if (num(o, "gpu_ram", &ram) < 0)
			ram = 0;
		str(o, "gpu_name", gpu, sizeof gpu);
		if (gpu[0] != '\0')
			imp_gpu(v->gpu, sizeof v->gpu, gpu, (int64_t)ram, NULL);
		str(o, "label", v->label, sizeof v->label);
		/* What runs now is actual_status's word; intended_status is
		 * what the user asked, not yet what is billed. */
		str(o, "actual_status", status, sizeof status);
		v->state = strcmp(status, "running") == 0 || strcmp(status,
		    "loading") == 0 ? CS_RUNNING : CS_STOPPED;
		/* A stopped instance still pays storage_total_cost, dollars
		 * an hour for its disk. */
		if (v->state == CS_STOPPED && num(o, "storage_total_cost",
		    &x) == 1 && (x < 0 || micro(x, &v->storage_micro_h) < 0)) {
			bad(e, name, "instances", i, "storage_total_cost",
			    "expected dollars an hour");
			goto out;
		}
		i++;
	}
	next_token(root, next);
	rc = 0;
out:
	cJSON_Delete(root);
	return rc;
}

int
cloud_parse_vast_charges(const char *buf, size_t len, const char *name,
    struct cloud_list *out, char **next, struct err *e)
{
	cJSON *root = imp_jparse(buf, len, name, e);
	const cJSON *list, *o;
	size_t i = 0, k;
	int rc = -1;

	*next = NULL;
	if (root == NULL)
		return -1;
	list = item(root, "results");
	if (!cJSON_IsArray(list)) {
		err_set(e, "%s: expected {\"results\": [...]}", name);
		goto out;
	}
	cJSON_ArrayForEach(o, list) {
		char type[32], source[64], id[48];
		const char *dash;
		double amount, x;
		int64_t start, end, cents;
		struct cloud_instance *v = NULL;

		str(o, "type", type, sizeof type);
		str(o, "source", source, sizeof source);
		i++;
		/* Only instances' charges; volumes and serverless are not
		 * GPU time. */
		if (strcmp(type, "instance") != 0)
			continue;
		dash = strrchr(source, '-');
		dash = dash != NULL ? dash + 1 : source;
		if (strlen(dash) >= sizeof id) {
			bad(e, name, "results", i - 1, "source",
			    "expected \"instance-ID\"");
			goto out;
		}
		memcpy(id, dash, strlen(dash) + 1);
		if (id[0] == '\0' || strspn(id, "0123456789") != strlen(id)) {
			bad(e, name, "results", i - 1, "source",
			    "expected \"instance-ID\"");
			goto out;
		}
		if (num(o, "amount", &amount) != 1 || !(amount >= 0) ||
		    amount > 1e7) {
			bad(e, name, "results", i - 1, "amount",
			    "expected dollars");
			goto out;
		}
		if (num(o, "start", &x) != 1 || epoch(x, &start) < 0 ||
		    num(o, "end", &x) != 1 || epoch(x, &end) < 0 ||
		    end < start) {
			bad(e, name, "results", i - 1, "start",
			    "expected a start and a later end in seconds since "
			    "1970");
			goto out;
		}
		cents = (int64_t)llround(amount * 100);
		for (k = 0; k < out->n && v == NULL; k++)
			if (strcmp(out->v[k].id, id) == 0)
				v = &out->v[k];
		if (v == NULL) {
			v = list_add(out);
			snprintf(v->id, sizeof v->id, "%s", id);
			v->state = CS_GONE;
			v->billed_start = start;
			v->billed_end = end;
			v->cost_minor = 0;
		}
		if (start < v->billed_start)
			v->billed_start = start;
		if (end > v->billed_end)
			v->billed_end = end;
		v->cost_minor += cents;
	}
	next_token(root, next);
	rc = 0;
out:
	cJSON_Delete(root);
	return rc;
}

static const char *const months[] = { "Jan", "Feb", "Mar", "Apr", "May",
	"Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec" };

/*
 * The time in RunPod's lastStatusChange, "Exited by User: Fri Jul 12 2024
 * 15:14:40 GMT-0400 (Eastern Daylight Time)": 0 when it holds none.
 */
static int64_t
status_time(const char *s)
{
	const char *p = strstr(s, ": ");
	char wd[4], mon[4], sign;
	int d, y, h, mi, sec, oh, om, m, n = 0;
	int64_t t;

	if (p == NULL || sscanf(p + 2, "%3s %3s %d %d %d:%d:%d GMT%c%2d%2d%n",
	    wd, mon, &d, &y, &h, &mi, &sec, &sign, &oh, &om, &n) != 10 ||
	    (sign != '+' && sign != '-'))
		return 0;
	for (m = 0; m < 12 && strcmp(mon, months[m]) != 0; m++)
		;
	if (m == 12 || d < 1 || d > 31 || h > 23 || mi > 59 || sec > 60 ||
	    y < 1970 || y > 9999)
		return 0;
	t = days_from_civil(y, m + 1, d) * DAY_S + h * 3600 + mi * 60 + sec;
	t -= (sign == '-' ? -1 : 1) * (oh * 3600 + om * 60);
	/* A time gpulog keeps, or none. */
	return epoch((double)t, &t) == 0 ? t : 0;
}

int
cloud_parse_runpod(const char *buf, size_t len, const char *name,
    struct cloud_list *out, struct err *e)
{
	cJSON *root = imp_jparse(buf, len, name, e);
	const cJSON *o, *gpu;
	size_t i = 0;
	int rc = -1;

	if (root == NULL)
		return -1;
	if (!cJSON_IsArray(root)) {
		const cJSON *msg = item(root, "error");

		if (cJSON_IsString(msg)) {
			char *safe = text_safe(msg->valuestring);

			err_set(e, "%s: RunPod said: %s", name, safe);
			free(safe);
		} else {
			err_set(e, "%s: expected a list of pods", name);
		}
		goto out;
	}
	cJSON_ArrayForEach(o, root) {
		struct cloud_instance *v;
		char status[32], when[48], gname[64], change[160];
		double x;
		int64_t rate;

		if (!cJSON_IsObject(o)) {
			err_set(e, "%s: [%zu]: expected a pod", name, i);
			goto out;
		}
		gpu = item(o, "gpu");
		/* A CPU pod has no GPU time to log. */
		if (!cJSON_IsObject(gpu)) {
			i++;
			continue;
		}
		v = list_add(out);
		if (id_of(o, "id", v->id, sizeof v->id) < 0) {
			bad(e, name, "", i, "id", "expected a pod id");
			goto out;
		}
		if (gpu_count(gpu, "count", &v->gpus) < 0) {
			bad(e, name, "", i, "gpu.count",
			    "expected a count from 1");
			goto out;
		}
		/* The type's id names the memory ("NVIDIA A100-SXM4-80GB");
		 * the display name may not ("A100 SXM"). */
		str(gpu, "id", gname, sizeof gname);
		if (gname[0] == '\0')
			str(gpu, "displayName", gname, sizeof gname);
		if (gname[0] != '\0')
			imp_gpu(v->gpu, sizeof v->gpu, gname, 0, NULL);
		if (num(o, "costPerHr", &x) < 0 || (x = x < 0 ? -1 : x,
		    micro(x, &rate) < 0)) {
			bad(e, name, "", i, "costPerHr",
			    "expected dollars an hour");
			goto out;
		}
		/* Savings plans lower what is paid. */
		if (num(o, "adjustedCostPerHr", &x) == 1 && x >= 0 &&
		    micro(x, &rate) < 0)
			rate = 0;
		v->rate_micro = rate / v->gpus;
		str(o, "name", v->label, sizeof v->label);
		str(o, "desiredStatus", status, sizeof status);
		if (strcmp(status, "RUNNING") == 0)
			v->state = CS_RUNNING;
		else if (strcmp(status, "EXITED") == 0) {
			double gb = 0;

			v->state = CS_STOPPED;
			/* Its volume disk is kept, and billed (the container
			 * disk is not). */
			if (num(o, "volumeInGb", &gb) == 1 && gb > 0 &&
			    gb < 1e6)
				v->storage_micro_h = (int64_t)(gb *
				    RUNPOD_STOPPED_VOLUME_MICRO_GB_MONTH /
				    CLOUD_MONTH_H + 0.5);
		}
		else if (strcmp(status, "TERMINATED") == 0)
			v->state = CS_GONE;
		else {
			bad(e, name, "", i, "desiredStatus",
			    "expected RUNNING, EXITED or TERMINATED");
			goto out;
		}
		str(o, "lastStartedAt", when, sizeof when);
		if (when[0] != '\0') {
			if (imp_time(when, IMP_UTC, &v->started, e) < 0) {
				bad(e, name, "", i, "lastStartedAt",
				    "expected a time such as "
				    "2026-12-01T09:14:40.144Z");
				goto out;
			}
			v->exact_start = 1;
		}
		if (v->state == CS_RUNNING && v->started == 0) {
			bad(e, name, "", i, "lastStartedAt",
			    "a running pod needs its start");
			goto out;
		}
		str(o, "lastStatusChange", change, sizeof change);
		if (v->state != CS_RUNNING)
			v->stopped = status_time(change);
		i++;
	}
	rc = 0;
out:
	cJSON_Delete(root);
	return rc;
}

int
cloud_parse_lambda(const char *buf, size_t len, const char *name,
    struct cloud_list *out, struct err *e)
{
	cJSON *root = imp_jparse(buf, len, name, e);
	const cJSON *list, *o, *type, *specs, *err;
	size_t i = 0;
	int rc = -1;

	if (root == NULL)
		return -1;
	if (cJSON_IsObject(err = item(root, "error"))) {
		char msg[200];

		str(err, "message", msg, sizeof msg);
		err_set(e, "%s: Lambda said: %s", name, msg[0] ? msg :
		    "an error");
		goto out;
	}
	list = item(root, "data");
	if (!cJSON_IsArray(list)) {
		err_set(e, "%s: expected {\"data\": [...]}", name);
		goto out;
	}
	cJSON_ArrayForEach(o, list) {
		struct cloud_instance *v;
		char status[32], gname[64];
		double cents = 0;

		if (!cJSON_IsObject(o)) {
			err_set(e, "%s: data[%zu]: expected an object", name,
			    i);
			goto out;
		}
		v = list_add(out);
		if (id_of(o, "id", v->id, sizeof v->id) < 0) {
			bad(e, name, "data", i, "id", "expected an id");
			goto out;
		}
		type = item(o, "instance_type");
		specs = item(type, "specs");
		if (gpu_count(specs, "gpus", &v->gpus) < 0) {
			bad(e, name, "data", i, "instance_type.specs.gpus",
			    "expected a count from 1");
			goto out;
		}
		if (num(type, "price_cents_per_hour", &cents) < 0 ||
		    micro(cents / 100, &v->rate_micro) < 0) {
			bad(e, name, "data", i,
			    "instance_type.price_cents_per_hour",
			    "expected cents an hour");
			goto out;
		}
		v->rate_micro /= v->gpus;
		str(type, "gpu_description", gname, sizeof gname);
		if (gname[0] == '\0')
			str(type, "description", gname, sizeof gname);
		if (gname[0] != '\0')
			imp_gpu(v->gpu, sizeof v->gpu, gname, 0, NULL);
		str(o, "name", v->label, sizeof v->label);
		str(o, "status", status, sizeof status);
		if (strcmp(status, "active") == 0 || strcmp(status, "booting") ==
		    0 || strcmp(status, "unhealthy") == 0)
			v->state = CS_RUNNING;
		else if (strcmp(status, "terminated") == 0 || strcmp(status,
		    "terminating") == 0 || strcmp(status, "preempted") == 0)
			v->state = CS_GONE;
		else {
			bad(e, name, "data", i, "status", "expected active, "
			    "booting, unhealthy, terminating or terminated");
			goto out;
		}
		i++;
	}
	rc = 0;
out:
	cJSON_Delete(root);
	return rc;
}

/* ---- keys ---- */

/* 1 when a key can go into a header as it is: printable, one line. */
static int
key_ok(const char *k)
{
	for (; *k != '\0'; k++)
		if ((unsigned char)*k <= 0x20 || *k == 0x7f)
			return 0;
	return 1;
}

/*
 * 0 when k is a key gpulog can send whole in a header of at most n - 1
 * characters; else -1 with e saying what is wrong with the key in where
 * (never the key).
 */
static int
key_check(const char *k, size_t n, const char *where, struct err *e)
{
	if (*k == '\0')
		return err_set(e, "%s: the key is empty", where);
	if (strlen(k) >= n)
		return err_set(e, "%s: the key is longer than %zu characters, "
		    "which no provider's key is; it is not sent cut", where,
		    n - 1);
	if (!key_ok(k))
		return err_set(e, "%s: the key holds a space or a control "
		    "character (a newline?); a key is one line of printable "
		    "characters", where);
	return 0;
}

/* A key file's first line into buf (n bytes): 1, 0 when it is not there,
 * -1 when it cannot be read or holds no key. */
static int
key_file(struct import_job *job, const char *path, char *buf, size_t n,
    struct err *e)
{
	FILE *f = fopen(path, "r");
	char *data = NULL;
	struct stat sb;
	size_t len;
	int rc;

	buf[0] = '\0';
	if (f == NULL)
		return 0;
	if (fstat(fileno(f), &sb) == 0 && (sb.st_mode & 077) != 0 &&
	    job->notice != NULL) {
		char msg[1200];

		snprintf(msg, sizeof msg, "warning: %s is readable by others; "
		    "chmod 600 it", path);
		job->notice(job->sink->arg, msg);
	}
	if (imp_slurp(f, path, &data, &len, e) < 0) {
		fclose(f);
		return -1;
	}
	fclose(f);
	while (len > 0 && strchr(" \r\n\t", data[len - 1]) != NULL)
		data[--len] = '\0';
	if (strlen(data) != len)
		rc = err_set(e, "%s: expected the key alone on one line", path);
	else
		rc = key_check(data, n, path, e);
	if (rc == 0)
		memcpy(buf, data, len + 1);
	memset(data, 0, len);
	free(data);
	return rc < 0 ? -1 : 1;
}

/* The apikey of runpodctl's ~/.runpod/config.toml ("apikey = 'KEY'"). */
static int
runpod_toml(const char *path, char *buf, size_t n, struct err *e)
{
	FILE *f = fopen(path, "r");
	char *data = NULL, *line, *next, *p, *q;
	size_t len;
	int rc = -2;

	buf[0] = '\0';
	if (f == NULL)
		return 0;
	if (imp_slurp(f, path, &data, &len, e) < 0) {
		fclose(f);
		return -1;
	}
	fclose(f);
	for (line = data; rc == -2 && line != NULL; line = next) {
		if ((next = strchr(line, '\n')) != NULL)
			*next++ = '\0';
		for (p = line; *p == ' ' || *p == '\t'; p++)
			;
		if (strncasecmp(p, "apikey", 6) != 0)
			continue;
		for (p += 6; *p == ' ' || *p == '\t'; p++)
			;
		if (*p++ != '=')
			continue;
		for (; *p == ' ' || *p == '\t'; p++)
			;
		if ((*p != '"' && *p != '\'') || (q = strchr(p + 1, *p)) ==
		    NULL)
			continue;
		*q = '\0';
		if ((rc = key_check(p + 1, n, path, e)) == 0)
			snprintf(buf, n, "%s", p + 1);
	}
	memset(data, 0, len);
	free(data);
	if (rc == -2)
		return err_set(e, "%s: no apikey = \"...\" line that gpulog can "
		    "read", path);
	return rc < 0 ? -1 : 1;
}

/* No core dump may hold a key. */
static void
no_dumps(void)
{
	struct rlimit no = { 0, 0 };

	setrlimit(RLIMIT_CORE, &no);
#ifdef __linux__
	prctl(PR_SET_DUMPABLE, 0, 0, 0, 0);
#endif
}

enum { P_VAST, P_RUNPOD, P_LAMBDA };

/* Each provider's key variable, platform key, and name in messages. */
static const char *const provider_envs[] = { "VAST_API_KEY",
	"RUNPOD_API_KEY", "LAMBDA_API_KEY" };
static const char *const provider_keys[] = { "vast", "runpod", "lambda" };
static const char *const provider_names[] = { "Vast.ai", "RunPod",
	"Lambda" };

/*
 * The i-th file (i = 0, 1, ...) in which provider p's own tool keeps its
 * key, into buf: the vast CLI's under XDG_CONFIG_HOME (else ~/.config),
 * then its legacy ~/.vast_api_key; runpodctl's config.toml.  0 when there
 * is no such file.
 */
static int
key_path(int p, int i, char *buf, size_t n)
{
	const char *home = getenv("HOME"), *xdg = getenv("XDG_CONFIG_HOME");

	if (home == NULL)
		return 0;
	if (p == P_VAST && i == 0 && xdg != NULL && *xdg == '/')
		snprintf(buf, n, "%s/vastai/vast_api_key", xdg);
	else if (p == P_VAST && i == 0)
		snprintf(buf, n, "%s/.config/vastai/vast_api_key", home);
	else if (p == P_VAST && i == 1)
		snprintf(buf, n, "%s/.vast_api_key", home);
	else if (p == P_RUNPOD && i == 0)
		snprintf(buf, n, "%s/.runpod/config.toml", home);
	else
		return 0;
	return 1;
}

/*
 * The key of provider p, where its own tools keep it, into an
 * Authorization header (malloc'd) and what it was (never the value).
 */
static int
credentials(struct import_job *job, int p, char **auth, char *kind,
    size_t kn, struct err *e)
{
	const char *v = getenv(provider_envs[p]);
	char key[512], path[1024];
	int rc = 0, i;

	*auth = NULL;
	key[0] = '\0';
	if (v != NULL && *v != '\0') {
		if (key_check(v, sizeof key, provider_envs[p], e) < 0)
			return -1;
		snprintf(key, sizeof key, "%s", v);
		snprintf(kind, kn, "the key in %s", provider_envs[p]);
	} else {
		/* runpodctl's file is TOML; the vast CLI's the key alone. */
		for (i = 0; rc == 0 && key_path(p, i, path, sizeof path); i++)
			rc = p == P_RUNPOD ? runpod_toml(path, key, sizeof key,
			    e) : key_file(job, path, key, sizeof key, e);
		if (rc < 0)
			return -1;
		if (rc == 1)
			snprintf(kind, kn, "the key in %s", path);
	}
	if (key[0] == '\0') {
		static const char *const where[] = {
			"set VAST_API_KEY, or save one with `vastai set "
			    "api-key` (~/.config/vastai/vast_api_key)",
			"set RUNPOD_API_KEY, or save one with `runpodctl "
			    "config --apiKey` (~/.runpod/config.toml)",
			"set LAMBDA_API_KEY",
		};

		return err_set(e, "no %s API key: %s", provider_names[p],
		    where[p]);
	}
	{
		size_t n = strlen(key) + 32;

		*auth = xmalloc(n);
		snprintf(*auth, n, "Authorization: Bearer %s", key);
		memset(key, 0, sizeof key);
	}
	return 0;
}

/* 1 when provider p's key is set, or a file of key_path()'s is there. */
static int
key_there(int p)
{
	const char *v = getenv(provider_envs[p]);
	char path[1024];
	int i;

	if (v != NULL && *v != '\0')
		return 1;
	for (i = 0; key_path(p, i, path, sizeof path); i++)
		if (access(path, R_OK) == 0)
			return 1;
	return 0;
}

int
cloud_vast_ready(void)
{
	return key_there(P_VAST);
}

int
cloud_runpod_ready(void)
{
	return key_there(P_RUNPOD);
}

int
cloud_lambda_ready(void)
{
	return key_there(P_LAMBDA);
}

static void
auth_free(char *auth)
{
	if (auth != NULL) {
		memset(auth, 0, strlen(auth));
		free(auth);
	}
}

/* The characters of a query's value that stay as they are. */
static void
url_encode(char *out, size_t n, const char *in)
{
	static const char hex[] = "0123456789ABCDEF";
	size_t k = 0;

	for (; *in != '\0' && k + 4 < n; in++) {
		unsigned char c = (unsigned char)*in;

		if (isalnum(c) || strchr("-_.~", c) != NULL) {
			out[k++] = (char)c;
		} else {
			out[k++] = '%';
			out[k++] = hex[c >> 4];
			out[k++] = hex[c & 15];
		}
	}
	out[k] = '\0';
}

static int
put_all(struct import_job *job, const char *provider,
    const struct cloud_list *l, int complete, struct err *e)
{
	if (job->put_instances == NULL)
		return 0;
	return job->put_instances(job->sink->arg, provider, l->v, l->n,
	    complete, e);
}

/* Every page of a Vast.ai list from url0 (its query without a token),
 * read by parse into out; what names the list in messages. */
static int
vast_pages(const char *url0, const char *auth, const char *kind,
    const char *what, int (*parse)(const char *, size_t, const char *,
    struct cloud_list *, char **, struct err *), struct cloud_list *out,
    struct err *e)
{
	char url[2048], tok[600], name[64], *body = NULL, *next = NULL;
	size_t len;
	int page, rc = -1;

	for (page = 0; page < CLOUD_PAGES; page++) {
		snprintf(url, sizeof url, "%s", url0);
		if (next != NULL) {
			url_encode(tok, sizeof tok, next);
			snprintf(url + strlen(url), sizeof url - strlen(url),
			    "&after_token=%s", tok);
		}
		free(next);
		next = NULL;
		free(body);
		body = NULL;
		snprintf(name, sizeof name, "Vast.ai's %s (page %d)", what,
		    page + 1);
		if (fetch_url("Vast.ai", url, NULL, auth, kind, &body, &len,
		    e) < 0 || parse(body, len, name, out, &next, e) < 0)
			goto out;
		if (next == NULL)
			break;
	}
	rc = 0;
out:
	free(next);
	free(body);
	return rc;
}

int
cloud_vast_api(struct import_job *job, struct err *e)
{
	const char *base = fetch_base("GPULOG_VAST_URL", VAST_URL);
	struct cloud_list l = { NULL, 0 }, ch = { NULL, 0 };
	char *auth = NULL, kind[1100], url[2048], q[1024], enc[1800];
	size_t i, k;
	int rc = -1;
	int64_t from;

	no_dumps();
	if (credentials(job, P_VAST, &auth, kind, sizeof kind, e) < 0)
		return -1;
	/* Every instance, 25 a page, as vastai show instances pages. */
	url_encode(q, sizeof q, "[{\"col\":\"id\",\"dir\":\"asc\"}]");
	snprintf(url, sizeof url, "%s/api/v1/instances/?select_filters="
	    "%%7B%%7D&order_by=%s&limit=25", base, q);
	if (vast_pages(url, auth, kind, "instances", cloud_parse_vast, &l,
	    e) < 0)
		goto out;
	/* What was billed since the last import (or the last 30 days):
	 * instances destroyed in between are found only there. */
	from = (job->since > 0 ? job->since : job->now - 30 * DAY_S) - DAY_S;
	snprintf(q, sizeof q, "{\"day\":{\"gte\":%lld,\"lte\":%lld},"
	    "\"type\":{\"in\":[\"instance\"]}}", (long long)from,
	    (long long)job->now);
	url_encode(enc, sizeof enc, q);
	snprintf(url, sizeof url, "%s/api/v0/charges/?select_filters=%s"
	    "&latest_first=false&limit=100&format=table", base, enc);
	if (vast_pages(url, auth, kind, "charges", cloud_parse_vast_charges,
	    &ch, e) < 0)
		goto out;
	/* What was billed goes with the instance; one no longer listed
	 * was destroyed. */
	for (i = 0; i < ch.n; i++) {
		for (k = 0; k < l.n; k++)
			if (strcmp(l.v[k].id, ch.v[i].id) == 0)
				break;
		if (k == l.n) {
			*list_add(&l) = ch.v[i];
			continue;
		}
		l.v[k].cost_minor = ch.v[i].cost_minor;
		l.v[k].billed_start = ch.v[i].billed_start;
		l.v[k].billed_end = ch.v[i].billed_end;
	}
	rc = put_all(job, "vast", &l, 1, e);
out:
	auth_free(auth);
	cloud_list_free(&l);
	cloud_list_free(&ch);
	return rc;
}

/* One request of provider p's list, parsed by parse, handed on whole. */
static int
one_list(struct import_job *job, int p, const char *url, const char *name,
    int (*parse)(const char *, size_t, const char *, struct cloud_list *,
    struct err *), struct err *e)
{
	struct cloud_list l = { NULL, 0 };
	char *auth = NULL, kind[1100], *body = NULL;
	size_t len;
	int rc = -1;

	no_dumps();
	if (credentials(job, p, &auth, kind, sizeof kind, e) < 0)
		return -1;
	if (fetch_url(provider_names[p], url, NULL, auth, kind, &body, &len, e) ==
	    0 && parse(body, len, name, &l, e) == 0)
		rc = put_all(job, provider_keys[p], &l, 1, e);
	free(body);
	auth_free(auth);
	cloud_list_free(&l);
	return rc;
}

int
cloud_runpod_api(struct import_job *job, struct err *e)
{
	char url[1024];

	snprintf(url, sizeof url, "%s/v1/pods?computeType=GPU",
	    fetch_base("GPULOG_RUNPOD_REST_URL", RUNPOD_REST_URL));
	return one_list(job, P_RUNPOD, url, "RunPod's pods",
	    cloud_parse_runpod, e);
}

int
cloud_lambda_api(struct import_job *job, struct err *e)
{
	char url[1024];

	snprintf(url, sizeof url, "%s/api/v1/instances",
	    fetch_base("GPULOG_LAMBDA_URL", LAMBDA_URL));
	return one_list(job, P_LAMBDA, url, "Lambda's instances",
	    cloud_parse_lambda, e);
}

/* A saved answer: the instances it lists; the runs of instances it does
 * not list are left as they are (a file may be one page). */
static int
stream(FILE *f, const char *name, struct import_job *job, int p,
    struct err *e)
{
	struct cloud_list l = { NULL, 0 };
	char *buf = NULL, *next = NULL;
	size_t len;
	int rc = -1;

	if (imp_slurp(f, name, &buf, &len, e) < 0)
		return -1;
	if ((p == P_VAST && cloud_parse_vast(buf, len, name, &l, &next, e) ==
	    0) || (p == P_RUNPOD && cloud_parse_runpod(buf, len, name, &l, e) ==
	    0) || (p == P_LAMBDA && cloud_parse_lambda(buf, len, name, &l, e) ==
	    0))
		rc = put_all(job, provider_keys[p], &l, 0, e);
	free(next);
	free(buf);
	cloud_list_free(&l);
	return rc;
}

int
cloud_vast_stream(FILE *f, const char *name, struct import_job *job,
    struct err *e)
{
	return stream(f, name, job, P_VAST, e);
}

int
cloud_runpod_stream(FILE *f, const char *name, struct import_job *job,
    struct err *e)
{
	return stream(f, name, job, P_RUNPOD, e);
}

int
cloud_lambda_stream(FILE *f, const char *name, struct import_job *job,
    struct err *e)
{
	return stream(f, name, job, P_LAMBDA, e);
}
