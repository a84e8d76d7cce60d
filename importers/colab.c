/*
 * colab.c: Colab sessions as the snippet records them, and nvidia-smi
 * logs.  Streams its input (csvread.c); never prints, never opens the
 * database.
 */
#include "importers/colab.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/err.h"
#include "core/fmt.h"
#include "core/model.h"
#include "core/parse.h"
#include "core/text.h"
#include "importers/common.h"
#include "importers/csvread.h"
#include "importers/importer.h"

const char colab_snippet[] =
"# gpulog: records this Colab session as one row of a CSV file in your\n"
"# Drive.  Run this cell first in each session; later, on your own\n"
"# machine: gpulog import colab colab-sessions.csv   (see gpulog(1)).\n"
"TIER = \"pro\"      # \"free\", \"pro\" or \"pro+\"\n"
"CU_BEFORE = \"\"    # compute units left now (Resources panel), or \"\"\n"
"NOTEBOOK = \"\"     # a name for the notebook; found by itself if empty\n"
"LOG = \"/content/drive/MyDrive/gpulog/colab-sessions.csv\"\n"
"\n"
"import csv, datetime, os, subprocess, threading, time\n"
"from google.colab import drive\n"
"drive.mount(\"/content/drive\")\n"
"\n"
"def _gpulog_now():\n"
"    return datetime.datetime.now(datetime.timezone.utc).strftime(\n"
"        \"%Y-%m-%dT%H:%M:%SZ\")\n"
"\n"
"def _gpulog_gpu():\n"
"    try:\n"
"        out = subprocess.run([\"nvidia-smi\", \"--query-gpu=name\",\n"
"                              \"--format=csv,noheader\"],\n"
"                             capture_output=True, text=True,\n"
"                             timeout=30).stdout.split(\"\\n\")\n"
"        return out[0].strip()\n"
"    except Exception:\n"
"        return \"\"  # no GPU: a CPU or TPU runtime\n"
"\n"
"def _gpulog_notebook():\n"
"    try:\n"
"        import requests\n"
"        s = requests.get(\"http://172.28.0.12:9000/api/sessions\",\n"
"                         timeout=5).json()\n"
"        return s[0][\"name\"]\n"
"    except Exception:\n"
"        return \"\"\n"
"\n"
"_gpulog_row = {\"id\": \"\", \"start\": _gpulog_now(), \"end\": \"\",\n"
"               \"gpu\": _gpulog_gpu(), \"tier\": TIER,\n"
"               \"cu_before\": CU_BEFORE, \"cu_after\": \"\",\n"
"               \"notebook\": NOTEBOOK or _gpulog_notebook()}\n"
"_gpulog_row[\"id\"] = _gpulog_row[\"start\"] + \"-\" + os.urandom(4).hex()\n"
"_GPULOG_FIELDS = list(_gpulog_row)\n"
"\n"
"def _gpulog_save():\n"
"    # Rewrites the file with this session's row brought up to date.\n"
"    os.makedirs(os.path.dirname(LOG), exist_ok=True)\n"
"    rows = []\n"
"    if os.path.exists(LOG):\n"
"        with open(LOG, newline=\"\") as f:\n"
"            rows = [r for r in csv.DictReader(f)\n"
"                    if r.get(\"id\") != _gpulog_row[\"id\"]]\n"
"    rows.append(dict(_gpulog_row))\n"
"    with open(LOG + \".tmp\", \"w\", newline=\"\") as f:\n"
"        w = csv.DictWriter(f, fieldnames=_GPULOG_FIELDS,\n"
"                           extrasaction=\"ignore\")\n"
"        w.writeheader()\n"
"        w.writerows(rows)\n"
"    os.replace(LOG + \".tmp\", LOG)\n"
"\n"
"def _gpulog_beat():\n"
"    # The session's end is the last beat before Colab stops it.\n"
"    while True:\n"
"        time.sleep(300)\n"
"        _gpulog_row[\"end\"] = _gpulog_now()\n"
"        _gpulog_save()\n"
"\n"
"def gpulog_end(cu_after=\"\"):\n"
"    \"\"\"Call at the end: gpulog_end(87.5) with the units left.\"\"\"\n"
"    _gpulog_row[\"end\"] = _gpulog_now()\n"
"    _gpulog_row[\"cu_after\"] = str(cu_after)\n"
"    _gpulog_save()\n"
"\n"
"_gpulog_save()\n"
"threading.Thread(target=_gpulog_beat, daemon=True).start()\n"
"print(\"gpulog: recording this session in\", LOG)\n";

char *
colab_gpu_name(char *buf, size_t n, const char *smi)
{
	imp_gpu(buf, n, smi, 0, NULL);
	return buf;
}

enum { S_ID, S_START, S_END, S_GPU, S_TIER, S_CU_BEFORE, S_CU_AFTER,
	S_NOTEBOOK, S_N };

static const char *const s_names[S_N] = { "id", "start", "end", "gpu",
	"tier", "cu_before", "cu_after", "notebook" };

static const char *
col(const int *at, int c, char **f, size_t n)
{
	return at[c] >= 0 && (size_t)at[c] < n ? f[at[c]] : "";
}

/* A compute-unit figure "87.5" in hundredths; -1 when empty. */
static int
read_cu(const char *s, int64_t *v, struct err *e)
{
	*v = -1;
	if (s[0] == '\0')
		return 0;
	if (parse_fixed(s, 2, "compute units", v, e) < 0 || *v > 10000000)
		return err_set(e, "invalid compute units \"%s\": expected a "
		    "number such as 87.5", s);
	return 0;
}

/* One session row into r; -1 with the field in *fld and the reason in e;
 * 1 when the row is a session still starting (no end yet). */
static int
read_session(const int *at, char **f, size_t n, struct import_job *job,
    struct run *r, const char **fld, struct err *e)
{
	const char *v;
	char when[32], id[96];
	int64_t before, after;

	*fld = "tier";
	v = col(at, S_TIER, f, n);
	if (strcasecmp(v, "free") == 0)
		strcpy(r->platform, "colab-free");
	else if (strcasecmp(v, "pro") == 0 || strcasecmp(v, "pro+") == 0)
		strcpy(r->platform, "colab-pro");
	else if (v[0] == '\0' && job->platform != NULL)
		snprintf(r->platform, sizeof r->platform, "%s", job->platform);
	else {
		char *sh = imp_shown(v);

		err_set(e, "expected \"free\", \"pro\" or \"pro+\", not "
		    "\"%s\"", sh);
		free(sh);
		return -1;
	}
	*fld = "start";
	if (imp_time(col(at, S_START, f, n), IMP_UTC, &r->start, e) < 0)
		return -1;
	*fld = "end";
	v = col(at, S_END, f, n);
	if (v[0] == '\0')
		return 1;
	if (imp_time(v, IMP_UTC, &r->end, e) < 0)
		return -1;
	if (r->end < r->start)
		return err_set(e, "%s is before the start",
		    fmt_iso_utc(when, sizeof when, r->end));
	if (r->end == r->start)
		return 1;
	if (r->end - r->start > 7 * 86400)
		return err_set(e, "a Colab session of more than a week");
	*fld = "gpu";
	colab_gpu_name(r->gpu, sizeof r->gpu, col(at, S_GPU, f, n));
	if (r->gpu[0] != '\0' && !text_is_name(r->gpu, sizeof r->gpu - 1, ","))
		return err_set(e, "has control characters");
	*fld = "cu_before";
	if (read_cu(col(at, S_CU_BEFORE, f, n), &before, e) < 0)
		return -1;
	*fld = "cu_after";
	if (read_cu(col(at, S_CU_AFTER, f, n), &after, e) < 0)
		return -1;
	if (before >= 0 && after >= 0) {
		if (after > before)
			return err_set(e, "more units after (%s) than before; "
			    "were they bought during the session?",
			    col(at, S_CU_AFTER, f, n));
		r->cu_centi = before - after;
	}
	v = col(at, S_NOTEBOOK, f, n);
	r->note = v[0] != '\0' ? xstrdup(v) : NULL;
	strcpy(r->source, "colab");
	v = col(at, S_ID, f, n);
	if (v[0] == '\0') {
		snprintf(id, sizeof id, "%s@%s", r->platform,
		    fmt_iso_utc(when, sizeof when, r->start));
		v = id;
	}
	r->source_id = xstrdup(v);
	/* A later beat of the same session updates it. */
	r->created = r->start;
	r->modified = r->end;
	*fld = NULL;
	return 0;
}

static int
sessions(struct csvr *rd, char **f, size_t n, const char *name,
    struct import_job *job, struct err *e)
{
	int at[S_N], c, rc;
	size_t i;
	struct run r;
	struct err inner;
	const char *fld;
	char msg[256], when[32];

	for (c = 0; c < S_N; c++)
		at[c] = -1;
	for (i = 0; i < n; i++)
		for (c = 0; c < S_N; c++)
			if (strcasecmp(f[i], s_names[c]) == 0)
				at[c] = (int)i;
	if (at[S_START] < 0 || at[S_END] < 0)
		return err_set(e, "%s: line 1: not a Colab file: expected the "
		    "snippet's header (id,start,end,gpu,tier,...) or "
		    "nvidia-smi's (timestamp, name, ...)", name);
	while ((rc = csvr_next(rd, &f, &n, e)) == 1) {
		run_init(&r);
		r.gpus = 1;
		r.cu_centi = -1;
		rc = read_session(at, f, n, job, &r, &fld, &inner);
		if (rc < 0)
			rc = imp_bad(job, e, name, csvr_line(rd), fld, "%s",
			    inner.msg);
		else if (rc == 1) {
			snprintf(msg, sizeof msg, "%s: line %zu: the session "
			    "from %s has no end yet; import it again later",
			    name, csvr_line(rd), fmt_iso_utc(when, sizeof when,
			    r.start));
			if (job->notice != NULL)
				job->notice(job->sink->arg, msg);
			rc = 0;
		} else
			rc = imp_put(job, &r, name, csvr_line(rd), e);
		run_clear(&r);
		if (rc < 0)
			return -1;
	}
	return rc;
}

/* An nvidia-smi log: the first and last timestamps make one run. */
static int
nvsmi(struct csvr *rd, char **f, size_t n, const char *name,
    struct import_job *job, struct err *e)
{
	int tcol = -1, ncol = -1, mcol = -1, gpus = 0, rc;
	int64_t first = 0, last = 0, t;
	size_t i, rows = 0;
	char gpu[32] = "", when[32], id[96];
	struct err inner;
	struct run r;

	for (i = 0; i < n; i++) {
		if (strcasecmp(f[i], "timestamp") == 0)
			tcol = (int)i;
		else if (strcasecmp(f[i], "name") == 0)
			ncol = (int)i;
		else if (strncasecmp(f[i], "memory.total", 12) == 0)
			mcol = (int)i;  /* "memory.total [MiB]" */
	}
	if (tcol < 0)
		return err_set(e, "%s: line 1: no timestamp column", name);
	while ((rc = csvr_next(rd, &f, &n, e)) == 1) {
		if ((size_t)tcol >= n)
			return err_set(e, "%s: line %zu: timestamp: missing",
			    name, csvr_line(rd));
		if (imp_time(f[tcol], IMP_UTC, &t, &inner) < 0)
			return err_set(e, "%s: line %zu: timestamp: %s", name,
			    csvr_line(rd), inner.msg);
		if (rows++ == 0) {
			first = t;
			if (ncol >= 0 && (size_t)ncol < n)
				imp_gpu(gpu, sizeof gpu, f[ncol], mcol >= 0 &&
				    (size_t)mcol < n ? strtoll(f[mcol], NULL,
				    10) : 0, NULL);
		}
		if (t == first)
			gpus++;
		if (t < last)
			return err_set(e, "%s: line %zu: timestamp: earlier "
			    "than the line before; is this one log?", name,
			    csvr_line(rd));
		last = t;
	}
	if (rc < 0)
		return -1;
	if (rows == 0)
		return err_set(e, "%s: no samples after the header", name);
	if (last <= first)
		return err_set(e, "%s: one timestamp only: a run needs the "
		    "first and the last; log with nvidia-smi -l 60", name);
	if (last - first > 7 * 86400)
		return err_set(e, "%s: the log spans more than a week", name);
	run_init(&r);
	snprintf(r.platform, sizeof r.platform, "%s", job->platform ?
	    job->platform : "colab-free");
	snprintf(r.gpu, sizeof r.gpu, "%s", gpu);
	r.gpus = gpus > 0 ? gpus : 1;
	r.start = first;
	r.end = last;
	r.cu_centi = -1;
	strcpy(r.source, "nvidia-smi");
	snprintf(id, sizeof id, "%s@%s", r.platform, fmt_iso_utc(when,
	    sizeof when, first));
	r.source_id = xstrdup(id);
	r.created = first;
	r.modified = last;
	rc = imp_put(job, &r, name, 2, e);
	run_clear(&r);
	return rc;
}

int
colab_import_stream(FILE *f, const char *name, struct import_job *job,
    struct err *e)
{
	struct csvr *rd = csvr_new(f, name, CSVR_TRIM);
	char **fl;
	size_t n;
	int rc = csvr_next(rd, &fl, &n, e);

	if (rc == 0)
		rc = err_set(e, "%s: empty; expected the snippet's CSV or an "
		    "nvidia-smi log", name);
	else if (rc > 0 && n > 0 && strcasecmp(fl[0], "timestamp") == 0)
		rc = nvsmi(rd, fl, n, name, job, e);
	else if (rc > 0)
		rc = sessions(rd, fl, n, name, job, e);
	csvr_free(rd);
	return rc < 0 ? -1 : 0;
}
