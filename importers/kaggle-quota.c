/*
 * kaggle-quota.c: Kaggle's accelerator quota as its API and
 * `kaggle quota --format json` give it (gpuQuota, tpuQuota,
 * quotaRefreshTime), read into a quota snapshot.  Never prints, never opens
 * the database.
 */
#include "importers/cjson.h"
#include "importers/kaggle.h"

#include <stdlib.h>
#include <string.h>

#include "core/err.h"
#include "core/fmt.h"
#include "core/snapshot.h"
#include "importers/common.h"
#include "importers/importer.h"
#include "importers/kaggle-int.h"

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
	cJSON *root = imp_jparse(buf, len, name, e);
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
