/*
 * kaggle-api.c: the Kaggle API client: the credentials, where Kaggle's own
 * tools keep them, and the calls (fetch.c) that page through the quota,
 * the user's kernels and their session logs.  What comes back is read by
 * kaggle.c's readers.  Never prints, never opens the database, never
 * stores or shows a credential.
 */
#include "importers/cjson.h"
#include "importers/kaggle.h"

#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

#include "core/base64.h"
#include "core/err.h"
#include "importers/common.h"
#include "importers/fetch.h"
#include "importers/importer.h"
#include "importers/kaggle-int.h"

/* 1 when a token can go into a header as it is: no control character
 * (a newline would start a header of its own). */
static int
token_ok(const char *t)
{
	for (; *t != '\0'; t++)
		if ((unsigned char)*t < 0x20 || *t == 0x7f)
			return 0;
	return 1;
}

/* The credentials, as Kaggle's own tools keep them, into an Authorization
 * header (malloc'd) and a description of their kind (never the value). */
/* A credentials file others may read is said, as the Kaggle CLI does. */
static void
warn_loose(struct import_job *job, FILE *f, const char *path)
{
	struct stat sb;

	if (fstat(fileno(f), &sb) == 0 && (sb.st_mode & 077) != 0)
		kaggle_notice(job, "warning: %s is readable by others; chmod "
		    "600 it", path);
}

static int
credentials(struct import_job *job, char **auth, char *kind, size_t kn,
    struct err *e)
{
	const char *home = getenv("HOME"), *v, *dir;
	char path[1024], *buf = NULL, user[256], key[256];
	size_t len;
	FILE *f;
	cJSON *root;
	const cJSON *u, *k;

	*auth = NULL;
	if ((v = getenv("KAGGLE_API_TOKEN")) != NULL && *v != '\0') {
		if (!token_ok(v))
			return err_set(e, "the token in KAGGLE_API_TOKEN holds "
			    "a control character (a newline?); a token is one "
			    "line of printable characters");
		len = strlen(v) + 32;
		*auth = xmalloc(len);
		snprintf(*auth, len, "Authorization: Bearer %s", v);
		snprintf(kind, kn, "the token in KAGGLE_API_TOKEN");
		return 0;
	}
	snprintf(path, sizeof path, "%s/.kaggle/access_token", home ? home :
	    "");
	if (home != NULL && (f = fopen(path, "r")) != NULL) {
		int rc;

		warn_loose(job, f, path);
		rc = imp_slurp(f, path, &buf, &len, e);

		fclose(f);
		if (rc < 0)
			return -1;
		while (len > 0 && strchr(" \r\n\t", buf[len - 1]) != NULL)
			buf[--len] = '\0';
		if (len > 0 && (!token_ok(buf) || strlen(buf) != len)) {
			free(buf);
			return err_set(e, "the token in ~/.kaggle/access_token "
			    "holds a control character (a newline?); a token "
			    "is one line of printable characters");
		}
		if (len > 0) {
			*auth = xmalloc(len + 32);
			snprintf(*auth, len + 32, "Authorization: Bearer %s",
			    buf);
			snprintf(kind, kn, "the token in "
			    "~/.kaggle/access_token");
		}
		free(buf);
		if (*auth != NULL)
			return 0;
	}
	if ((v = getenv("KAGGLE_USERNAME")) != NULL && *v != '\0' &&
	    getenv("KAGGLE_KEY") != NULL && *getenv("KAGGLE_KEY") != '\0') {
		if (strlen(v) >= sizeof user ||
		    strlen(getenv("KAGGLE_KEY")) >= sizeof key)
			return err_set(e, "KAGGLE_USERNAME or KAGGLE_KEY is "
			    "longer than %zu characters; a Kaggle key is 32",
			    sizeof key - 1);
		snprintf(user, sizeof user, "%s", v);
		snprintf(key, sizeof key, "%s", getenv("KAGGLE_KEY"));
		snprintf(kind, kn, "the legacy key in KAGGLE_USERNAME and "
		    "KAGGLE_KEY");
	} else {
		dir = getenv("KAGGLE_CONFIG_DIR");
		if (dir != NULL && *dir != '\0')
			snprintf(path, sizeof path, "%s/kaggle.json", dir);
		else
			snprintf(path, sizeof path, "%s/.kaggle/kaggle.json",
			    home ? home : "");
		if ((f = fopen(path, "r")) == NULL)
			return err_set(e, "no Kaggle credentials: set "
			    "KAGGLE_API_TOKEN, or put a token in "
			    "~/.kaggle/access_token (or the legacy kaggle.json "
			    "in ~/.kaggle or $KAGGLE_CONFIG_DIR)");
		warn_loose(job, f, path);
		if (imp_slurp(f, path, &buf, &len, e) < 0) {
			fclose(f);
			return -1;
		}
		fclose(f);
		root = cJSON_ParseWithLength(buf, len);
		free(buf);
		u = cJSON_GetObjectItemCaseSensitive(root, "username");
		k = cJSON_GetObjectItemCaseSensitive(root, "key");
		if ((cJSON_IsString(u) && strlen(u->valuestring) >= sizeof user) ||
		    (cJSON_IsString(k) && strlen(k->valuestring) >= sizeof key)) {
			cJSON_Delete(root);
			return err_set(e, "%s: the username or key is longer "
			    "than %zu characters; a Kaggle key is 32", path,
			    sizeof key - 1);
		}
		if (root == NULL || kaggle_jstr(root, "username", user,
		    sizeof user) < 0 || kaggle_jstr(root, "key", key,
		    sizeof key) < 0 || user[0] == '\0' || key[0] == '\0') {
			cJSON_Delete(root);
			return err_set(e, "%s: expected {\"username\": ..., "
			    "\"key\": ...}", path);
		}
		cJSON_Delete(root);
		snprintf(kind, kn, "the legacy key in %s", path);
	}
	{
		/* Basic user:key, base64. */
		static const char pre[] = "Authorization: Basic ";
		char plain[520], *out;
		size_t n;

		n = (size_t)snprintf(plain, sizeof plain, "%s:%s", user, key);
		out = xmalloc(sizeof pre + base64_encoded_len(n));
		memcpy(out, pre, sizeof pre - 1);
		base64_encode(plain, n, out + sizeof pre - 1);
		memset(plain, 0, sizeof plain);
		memset(key, 0, sizeof key);
		*auth = out;
	}
	return 0;
}

int
kaggle_api_ready(void)
{
	const char *home = getenv("HOME"), *dir = getenv("KAGGLE_CONFIG_DIR");
	const char *v = getenv("KAGGLE_API_TOKEN");
	char path[1024];

	if ((v != NULL && *v != '\0') || (getenv("KAGGLE_USERNAME") != NULL &&
	    getenv("KAGGLE_KEY") != NULL))
		return 1;
	if (home != NULL) {
		snprintf(path, sizeof path, "%s/.kaggle/access_token", home);
		if (access(path, R_OK) == 0)
			return 1;
	}
	if (dir != NULL && *dir != '\0')
		snprintf(path, sizeof path, "%s/kaggle.json", dir);
	else if (home != NULL)
		snprintf(path, sizeof path, "%s/.kaggle/kaggle.json", home);
	else
		return 0;
	return access(path, R_OK) == 0;
}

static int
call(const char *base, const char *method, const char *body,
    const char *auth, const char *kind, char **out, size_t *len,
    long *status, struct err *e)
{
	struct fetch_req q;
	char url[1024];

	snprintf(url, sizeof url, "%s/v1/kernels.KernelsApiService/%s", base,
	    method);
	memset(&q, 0, sizeof q);
	q.service = "Kaggle";
	q.url = url;
	q.body = body;
	q.auth = auth;
	q.auth_kind = kind;
	q.status = status;
	return fetch(&q, out, len, e);
}

int
kaggle_import_api(struct import_job *job, struct err *e)
{
	const char *base = fetch_base("GPULOG_KAGGLE_URL", KAGGLE_URL);
	char *auth = NULL, kind[1100], *buf = NULL, body[160];
	size_t len, count, i, before;
	struct kstate *st;
	int rc = -1, page;
	struct err inner;
	cJSON *root;

	/* No core dump may hold the key. */
	{
		struct rlimit no = { 0, 0 };

		setrlimit(RLIMIT_CORE, &no);
#ifdef __linux__
		prctl(PR_SET_DUMPABLE, 0, 0, 0, 0);
#endif
	}
	if (credentials(job, &auth, kind, sizeof kind, e) < 0)
		return -1;
	if (call(base, "GetAcceleratorQuotaStatistics", "{}", auth, kind,
	    &buf, &len, NULL, e) < 0 || kaggle_quota_json(buf, len, "Kaggle's quota",
	    job, "kaggle-api", e) < 0)
		goto out;
	st = kaggle_state(job);
	for (page = 1; page <= 20; page++) {
		free(buf);
		buf = NULL;
		snprintf(body, sizeof body, "{\"group\":\"PROFILE\",\"sortBy\":"
		    "\"DATE_RUN\",\"page\":%d,\"pageSize\":100}", page);
		if (call(base, "ListKernels", body, auth, kind, &buf, &len,
		    NULL, e) < 0 || (root = imp_jparse(buf, len,
		    "Kaggle's kernel list", e)) == NULL)
			goto out;
		before = st->nk;
		rc = kaggle_kernels_json(root, "Kaggle's kernel list", job,
		    &count, e);
		cJSON_Delete(root);
		if (rc < 0)
			goto out;
		rc = -1;
		/* Sorted by run date: stop at what the last import saw. */
		if (count < 100 || (st->nk > before &&
		    st->k[st->nk - 1].last_run <= job->since))
			break;
	}
	/* The session log times a notebook; without it the user is told. */
	for (i = 0; i < st->nk; i++) {
		struct kernel *k = &st->k[i];
		char owner[160], *slash, lbody[400];
		int64_t secs;
		long status = 0;
		cJSON *lr;
		const cJSON *log;

		if (k->acc != ACC_GPU || k->last_run <= job->since)
			continue;
		snprintf(owner, sizeof owner, "%s", k->ref);
		if ((slash = strchr(owner, '/')) != NULL)
			*slash = '\0';
		snprintf(lbody, sizeof lbody, "{\"userName\":\"%s\","
		    "\"kernelSlug\":\"%s\"}", owner, k->slug);
		free(buf);
		buf = NULL;
		if (strpbrk(k->ref, "\"\\") != NULL)
			continue;
		if (call(base, "ListKernelSessionOutput", lbody, auth, kind,
		    &buf, &len, &status, &inner) < 0) {
			/* Refused credentials refuse every call: an error,
			 * as for the quota and the list. */
			if (status == 401 || status == 403) {
				err_set(e, "%s's session log: %s", k->ref,
				    inner.msg);
				goto out;
			}
			kaggle_notice(job, "%s: its session log could not be "
			    "read: %s", k->ref, inner.msg);
			continue;
		}
		lr = cJSON_ParseWithLength(buf, len);
		log = lr ? cJSON_GetObjectItemCaseSensitive(lr, "log") : NULL;
		if (cJSON_IsString(log) && kaggle_parse_log(log->valuestring,
		    strlen(log->valuestring), k->ref, &secs, &inner) == 0)
			kaggle_add_log(job, k->slug, k->ref, secs);
		cJSON_Delete(lr);
	}
	rc = 0;
out:
	free(buf);
	if (auth != NULL) {
		memset(auth, 0, strlen(auth));
		free(auth);
	}
	return rc;
}
