/*
 * test-ops.c: the operations layer on a fresh database: every change to a
 * run, its checks and their one wording, which input a failure names, the
 * repricing rule, the times a change stamps, and undo.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "core/model.h"
#include "core/price.h"
#include "ops/ops.h"
#include "store/metrics.h"
#include "store/store.h"
#include "store/internal.h"
#include "store/summary.h"
#include "store/sync.h"
#include "t.h"

static char dir[64];
static char path[128];

/* 2026-12-01 12:00 UTC, a Tuesday. */
#define NOW 1796126400LL
#define HOUR 3600

/* A journal another gpulog wrote, with keys this one does not know. */
#define JTEXT "gpulog-run 1\npid 7\nhost x\nalive 1796126400\n" \
	"future_key whatever\nplatform vast\ngpus 1\nstart 1796126400\n"

static struct store *
fresh(struct ops *o)
{
	struct store *s = NULL;
	struct err e = { "" };

	snprintf(path, sizeof path, "%s/ops.db", dir);
	unlink(path);
	if (!CHECK_EQ_INT(store_open(&s, path, NOW, &e), 0)) {
		printf("  store_open: %s\n", e.msg);
		return NULL;
	}
	ops_init(o, s, NOW);
	return s;
}

static void
done(struct ops *o, struct store *s)
{
	char p[160];

	ops_clear(o);
	store_close(s);
	unlink(path);
	snprintf(p, sizeof p, "%s-wal", path);
	unlink(p);
	snprintf(p, sizeof p, "%s-shm", path);
	unlink(p);
}

/* Adds a run on platform for when, with gpu (may be NULL); returns its id
 * or 0. */
static int64_t
add(struct ops *o, const char *platform, const char *when, const char *gpu,
    const char *cost, const char *rate)
{
	struct ops_run_in in;
	struct ops_result res;
	struct err e = { "" };
	int64_t id = 0;

	ops_run_in_init(&in);
	ops_result_init(&res);
	in.platform = platform;
	in.when = when;
	in.gpu = gpu;
	in.cost = cost;
	in.rate = rate;
	if (ops_add(o, &in, &res, &e) == 0)
		id = res.run.id;
	else
		printf("  ops_add: %s\n", e.msg);
	ops_result_clear(&res);
	return id;
}

static void
get(struct store *s, int64_t id, struct run *r)
{
	struct err e;

	run_clear(r);
	run_init(r);
	CHECK_EQ_INT(store_get_run(s, id, r, &e), 1);
}

static void
test_add(void)
{
	struct ops o;
	struct store *s = fresh(&o);
	struct ops_run_in in;
	struct ops_result res;
	struct err e = { "" };
	struct run r;
	int64_t id;

	if (s == NULL)
		return;
	run_init(&r);
	ops_result_init(&res);

	/* Priced from the catalog: 1h30m of an RTX 4090 on Vast at $0.325. */
	id = add(&o, "vast", "1h30m", "RTX 4090", NULL, NULL);
	CHECK(id > 0);
	get(s, id, &r);
	CHECK_EQ_STR(r.platform, "vast");
	CHECK_EQ_INT(r.start, NOW - 90 * 60);
	CHECK_EQ_INT(r.end, NOW);
	CHECK_EQ_INT(r.rate_micro, 325000);
	CHECK_EQ_INT(r.cost_minor, 49);   /* 48.75 cents, half up */
	CHECK_EQ_STR(r.currency, "USD");
	CHECK_EQ_INT(r.created, NOW);
	CHECK_EQ_INT(r.modified, NOW);

	/* A unique prefix names the platform; a model in another case is
	 * the catalog's. */
	id = add(&o, "kag", "2h", "p100", NULL, NULL);
	get(s, id, &r);
	CHECK_EQ_STR(r.platform, "kaggle");
	CHECK_EQ_STR(r.gpu, "P100");
	CHECK_EQ_INT(r.cost_minor, 0);

	/* A hand-given cost, and a rate. */
	id = add(&o, "runpod", "2h", "A100 80GB", "250INR", NULL);
	get(s, id, &r);
	CHECK_EQ_INT(r.cost_minor, 25000);
	CHECK_EQ_STR(r.currency, "INR");
	CHECK_EQ_INT(r.rate_micro, 0);
	id = add(&o, "vast", "2h", "RTX 4090", NULL, "0.40");
	get(s, id, &r);
	CHECK_EQ_INT(r.rate_micro, 400000);
	CHECK_EQ_INT(r.cost_minor, 80);

	/* An unknown model is kept as given, with a warning, and an hourly
	 * platform without its price says so. */
	ops_run_in_init(&in);
	in.platform = "vast";
	in.when = "1h";
	in.gpu = "P10";
	CHECK_EQ_INT(ops_add(&o, &in, &res, &e), 0);
	CHECK_EQ_STR(res.run.gpu, "P10");
	CHECK(res.no_price);
	CHECK(res.nwarn >= 2);
	CHECK(strstr(res.warn[0], "unknown GPU model \"P10\" (nearest: "
	    "P100") != NULL);
	CHECK(strstr(res.warn[1], "no price for P10 on vast") != NULL);
	/* Kaggle's accelerator name carries the count. */
	ops_run_in_init(&in);
	in.platform = "kaggle";
	in.when = "30m";
	in.gpu = "GPU T4 x2";
	CHECK_EQ_INT(ops_add(&o, &in, &res, &e), 0);
	CHECK_EQ_STR(res.run.gpu, "T4");
	CHECK_EQ_INT(res.run.gpus, 2);
	in.gpus = "1";
	CHECK_EQ_INT(ops_add(&o, &in, &res, &e), 0);
	CHECK_EQ_INT(res.run.gpus, 1);
	ops_run_in_init(&in);
	in.platform = "vast";
	in.when = "1h";
	/* nvidia-smi's words for a known model are the catalog's name. */
	in.gpu = "NVIDIA H100 80GB HBM3";
	CHECK_EQ_INT(ops_add(&o, &in, &res, &e), 0);
	CHECK_EQ_STR(res.run.gpu, "H100 80GB");
	CHECK_EQ_INT(res.run.rate_micro, 2650000);
	CHECK_EQ_INT(res.nwarn, 1);  /* the overlap with the P10 run */
	/* The warnings name no flag. */
	CHECK(strstr(res.warn[1], "--") == NULL);

	/* A session past the cap and an overlap are told. */
	ops_run_in_init(&in);
	in.platform = "kaggle";
	in.when = "13h";
	CHECK_EQ_INT(ops_add(&o, &in, &res, &e), 0);
	CHECK_EQ_INT(res.nwarn, 2);
	CHECK(strstr(res.warn[0], "session cap of 12h") != NULL);
	CHECK(strstr(res.warn[1], "overlaps run #") != NULL);

	/* Tags and the rest. */
	ops_run_in_init(&in);
	in.platform = "kaggle";
	in.day = "yesterday";
	in.when = "09:00-10:15";
	in.tags[0] = "cnn";
	in.tags[1] = "cifar";
	in.ntags = 2;
	in.tags_set = 1;
	in.note = "resnet18";
	in.project = "vision";
	in.checkpointed = 1;
	in.gpus = "2";
	CHECK_EQ_INT(ops_add(&o, &in, &res, &e), 0);
	get(s, res.run.id, &r);
	CHECK_EQ_STR(r.tags, "cnn,cifar");
	CHECK_EQ_STR(r.note, "resnet18");
	CHECK_EQ_STR(r.project, "vision");
	CHECK_EQ_INT(r.checkpointed, 1);
	CHECK_EQ_INT(r.gpus, 2);
	CHECK_EQ_INT(r.end - r.start, 75 * 60);
	CHECK(strncmp(res.what, "add #", 5) == 0);

	/* --start alone ends now. */
	ops_run_in_init(&in);
	in.platform = "lambda";
	in.start = "2026-12-01T10:00:00Z";
	CHECK_EQ_INT(ops_add(&o, &in, &res, &e), 0);
	CHECK_EQ_INT(res.run.end, NOW);

	ops_result_clear(&res);
	run_clear(&r);
	done(&o, s);
}

/* A failing add: returns the field it named, and e's message. */
static int
add_fails(struct ops *o, struct ops_run_in *in, struct err *e)
{
	struct ops_result res;
	int rc;

	ops_result_init(&res);
	rc = ops_add(o, in, &res, e);
	ops_result_clear(&res);
	CHECK_EQ_INT(rc, -1);
	return o->field;
}

static int
one(const struct run *r, void *arg)
{
	(void)r;
	(*(int *)arg)++;
	return 0;
}

static int
nruns(struct store *s)
{
	struct filter f;
	struct err e;
	int n = 0;

	memset(&f, 0, sizeof f);
	if (store_each_run(s, &f, one, &n, &e) < 0)
		return -1;
	return n;
}

static void
test_checks(void)
{
	struct ops o;
	struct store *s = fresh(&o);
	struct ops_run_in in;
	struct err e;

	if (s == NULL)
		return;

	ops_run_in_init(&in);
	in.when = "1h";
	CHECK_EQ_INT(add_fails(&o, &in, &e), OPS_F_PLATFORM);
	in.platform = "colab";
	CHECK_EQ_INT(add_fails(&o, &in, &e), OPS_F_PLATFORM);
	CHECK(strstr(e.msg, "ambiguous platform \"colab\"") != NULL);
	in.platform = "kagle";
	CHECK_EQ_INT(add_fails(&o, &in, &e), OPS_F_PLATFORM);
	CHECK(strstr(e.msg, "did you mean kaggle?") != NULL);

	in.platform = "kaggle";
	in.gpus = "0";
	CHECK_EQ_INT(add_fails(&o, &in, &e), OPS_F_GPUS);
	CHECK_EQ_STR(e.msg, "invalid GPU count \"0\": expected 1 to 64");
	in.gpus = "65";
	CHECK_EQ_INT(add_fails(&o, &in, &e), OPS_F_GPUS);
	in.gpus = "";
	CHECK_EQ_INT(add_fails(&o, &in, &e), OPS_F_GPUS);
	in.gpus = NULL;

	in.tags[0] = "a,b";
	in.ntags = 1;
	in.tags_set = 1;
	CHECK_EQ_INT(add_fails(&o, &in, &e), OPS_F_TAGS);
	CHECK(strstr(e.msg, "invalid tag") != NULL);
	in.tags[0] = "";
	CHECK_EQ_INT(add_fails(&o, &in, &e), OPS_F_TAGS);
	in.tags_set = 0;
	in.ntags = 0;

	in.project = "bad\x1b[2J";
	CHECK_EQ_INT(add_fails(&o, &in, &e), OPS_F_PROJECT);
	in.project = NULL;

	in.cost = "3EUR";
	CHECK_EQ_INT(add_fails(&o, &in, &e), OPS_F_COST);
	CHECK(strncmp(e.msg, "invalid cost: ", 14) == 0);
	in.cost = "3USD";
	in.rate = "0.3";
	CHECK_EQ_INT(add_fails(&o, &in, &e), OPS_F_COST);
	in.cost = NULL;
	in.rate = "x";
	CHECK_EQ_INT(add_fails(&o, &in, &e), OPS_F_RATE);
	in.rate = NULL;

	in.gpu = "\x01";
	CHECK_EQ_INT(add_fails(&o, &in, &e), OPS_F_GPU);
	in.gpu = NULL;

	/* Times: a typo, an end before the start, the future. */
	in.when = "2h3Om";
	CHECK_EQ_INT(add_fails(&o, &in, &e), OPS_F_WHEN);
	in.when = "15:00-17:00";
	in.day = "tomorow";
	CHECK_EQ_INT(add_fails(&o, &in, &e), OPS_F_DAY);
	in.day = NULL;
	in.when = NULL;
	CHECK_EQ_INT(add_fails(&o, &in, &e), OPS_F_WHEN);
	CHECK(strncmp(e.msg, "missing WHEN", 12) == 0);
	in.end = "2026-12-01T09:00:00Z";
	CHECK_EQ_INT(add_fails(&o, &in, &e), OPS_F_START);
	in.start = "2026-12-01T10:00:00Z";
	CHECK_EQ_INT(add_fails(&o, &in, &e), OPS_F_END);
	CHECK(strstr(e.msg, "is not after the start") != NULL);
	CHECK_EQ_INT(o.future, 0);
	in.end = "2026-12-01T13:00:00Z";
	CHECK_EQ_INT(add_fails(&o, &in, &e), OPS_F_END);
	CHECK(strstr(e.msg, "in the future") != NULL);
	CHECK(strstr(e.msg, "--") == NULL);
	CHECK_EQ_INT(o.future, 1);
	in.future = 1;
	{
		struct ops_result res;

		ops_result_init(&res);
		CHECK_EQ_INT(ops_add(&o, &in, &res, &e), 0);
		ops_result_clear(&res);
	}

	/* Nothing failed wrote anything. */
	CHECK_EQ_INT(nruns(s), 1);
	done(&o, s);
}

/* Edits run id with in prepared by the caller; returns the stored run. */
static void
edit(struct ops *o, struct store *s, int64_t id, const struct ops_run_in *in,
    struct run *r)
{
	struct ops_result res;
	struct err e = { "" };

	ops_result_init(&res);
	if (!CHECK_EQ_INT(ops_edit(o, id, in, &res, &e), 0))
		printf("  ops_edit: %s\n", e.msg);
	ops_result_clear(&res);
	get(s, id, r);
}

static void
test_reprice(void)
{
	struct ops o;
	struct store *s = fresh(&o);
	struct ops_run_in in;
	struct run r;
	int64_t id;

	if (s == NULL)
		return;
	run_init(&r);

	/* A catalog-priced run: longer costs more at its rate. */
	id = add(&o, "vast", "2h", "RTX 4090", NULL, NULL);
	o.now = NOW + 60;
	ops_run_in_init(&in);
	in.start = "2026-12-01T08:00:00Z";
	edit(&o, s, id, &in, &r);
	CHECK_EQ_INT(r.rate_micro, 325000);
	CHECK_EQ_INT(r.cost_minor, 130);
	CHECK_EQ_INT(r.modified, NOW + 60);
	CHECK_EQ_INT(r.created, NOW);

	/* More GPUs cost more. */
	ops_run_in_init(&in);
	in.gpus = "2";
	edit(&o, s, id, &in, &r);
	CHECK_EQ_INT(r.cost_minor, 260);

	/* The same model spelt otherwise is no new model: the price stays
	 * (here a rate given by hand). */
	ops_run_in_init(&in);
	in.rate = "0.50";
	edit(&o, s, id, &in, &r);
	CHECK_EQ_INT(r.cost_minor, 400);
	ops_run_in_init(&in);
	in.gpu = "rtx 4090";
	edit(&o, s, id, &in, &r);
	CHECK_EQ_STR(r.gpu, "RTX 4090");
	CHECK_EQ_INT(r.rate_micro, 500000);
	CHECK_EQ_INT(r.cost_minor, 400);

	/* A new model is priced anew from the catalog. */
	ops_run_in_init(&in);
	in.gpu = "A100 80GB";
	edit(&o, s, id, &in, &r);
	CHECK_EQ_INT(r.rate_micro, 1150000);
	CHECK_EQ_INT(r.cost_minor, 920);   /* 4 h x 2 GPUs x $1.15 */

	/* A new platform too: Kaggle is free. */
	ops_run_in_init(&in);
	in.platform = "kaggle";
	edit(&o, s, id, &in, &r);
	CHECK_EQ_INT(r.rate_micro, 0);
	CHECK_EQ_INT(r.cost_minor, 0);
	CHECK_EQ_STR(r.currency, "");

	/* A cost given by hand stays through a new length and a new GPU. */
	id = add(&o, "runpod", "2h", "A100 80GB", "250INR", NULL);
	ops_run_in_init(&in);
	in.start = "2026-12-01T06:00:00Z";
	in.gpu = "RTX 3090";
	edit(&o, s, id, &in, &r);
	CHECK_EQ_INT(r.cost_minor, 25000);
	CHECK_EQ_STR(r.currency, "INR");
	/* Cleared, it is priced from the catalog again. */
	ops_run_in_init(&in);
	in.cost = "";
	edit(&o, s, id, &in, &r);
	CHECK_EQ_INT(r.rate_micro, 170000);
	CHECK_EQ_INT(r.cost_minor, 102);   /* 6 h x $0.17 */

	/* The rule alone, without the store. */
	{
		const struct summary *cat = ops_catalog(&o, NULL);
		struct run old, nw;

		run_init(&old);
		snprintf(old.platform, sizeof old.platform, "vast");
		snprintf(old.gpu, sizeof old.gpu, "RTX 3090");
		old.gpus = 1;
		old.start = NOW - 2 * HOUR;
		old.end = NOW;
		old.rate_micro = 135000;
		old.cost_minor = 27;
		snprintf(old.currency, sizeof old.currency, "USD");
		nw = old;
		CHECK_EQ_INT(price_reprice(&cat->cat, &old, &nw, 0, 0), 0);
		CHECK_EQ_INT(nw.cost_minor, 27);
		nw.end = NOW + 2 * HOUR;
		CHECK_EQ_INT(price_reprice(&cat->cat, &old, &nw, 0, 0), 0);
		CHECK_EQ_INT(nw.cost_minor, 54);
		/* A model vast has no rate for: no price, cost 0. */
		nw = old;
		snprintf(nw.gpu, sizeof nw.gpu, "A6000");
		CHECK_EQ_INT(price_reprice(&cat->cat, &old, &nw, 0, 0), 1);
		CHECK_EQ_INT(nw.cost_minor, 0);
		/* A cost given now is kept as it is. */
		nw = old;
		nw.cost_minor = 999;
		nw.rate_micro = 0;
		CHECK_EQ_INT(price_reprice(&cat->cat, &old, &nw, 1, 0), 0);
		CHECK_EQ_INT(nw.cost_minor, 999);
	}

	run_clear(&r);
	done(&o, s);
}

/* A run priced to nothing keeps no currency, on every path to a cost of 0
 * with no rate. */
static void
test_reprice_currency(void)
{
	struct ops o;
	struct store *s = fresh(&o);
	const struct summary *cat = ops_catalog(&o, NULL);
	struct run old, nw;

	run_init(&old);
	snprintf(old.platform, sizeof old.platform, "vast");
	snprintf(old.gpu, sizeof old.gpu, "RTX 3090");
	old.gpus = 1;
	old.start = NOW - 2 * HOUR;
	old.end = NOW;
	old.rate_micro = 135000;
	old.cost_minor = 27;
	snprintf(old.currency, sizeof old.currency, "USD");
	/* A model vast has no rate for. */
	nw = old;
	snprintf(nw.gpu, sizeof nw.gpu, "A6000");
	CHECK_EQ_INT(price_reprice(&cat->cat, &old, &nw, 0, 0), 1);
	CHECK_EQ_INT(nw.cost_minor, 0);
	CHECK_EQ_STR(nw.currency, "");
	/* A rate of 0 given by hand, for a model with no catalog rate. */
	nw = old;
	snprintf(nw.gpu, sizeof nw.gpu, "A6000");
	snprintf(old.gpu, sizeof old.gpu, "A6000");
	nw.rate_micro = 0;
	CHECK_EQ_INT(price_reprice(&cat->cat, &old, &nw, 0, 1), 1);
	CHECK_EQ_INT(nw.cost_minor, 0);
	CHECK_EQ_STR(nw.currency, "");
	snprintf(old.gpu, sizeof old.gpu, "RTX 3090");
	/* A rate of 0 given by hand on a free platform. */
	nw = old;
	snprintf(nw.platform, sizeof nw.platform, "kaggle");
	nw.rate_micro = 0;
	CHECK_EQ_INT(price_reprice(&cat->cat, &old, &nw, 0, 1), 0);
	CHECK_EQ_INT(nw.cost_minor, 0);
	CHECK_EQ_STR(nw.currency, "");
	/* A move to a free platform. */
	nw = old;
	snprintf(nw.platform, sizeof nw.platform, "kaggle");
	CHECK_EQ_INT(price_reprice(&cat->cat, &old, &nw, 0, 0), 0);
	CHECK_EQ_INT(nw.cost_minor, 0);
	CHECK_EQ_INT(nw.rate_micro, 0);
	CHECK_EQ_STR(nw.currency, "");
	done(&o, s);
}

/* A quota changing kind takes the new kind's default reset unless a reset
 * is given with it. */
static void
test_quota_kind(void)
{
	struct ops o;
	struct store *s = fresh(&o);
	struct ops_platform_in in;
	struct ops_platform_result res;
	struct err e;

	if (s == NULL)
		return;
	memset(&in, 0, sizeof in);
	in.key = "kaggle";
	in.quota = "30h/week";
	in.reset = "wed 14:00 UTC";
	CHECK_EQ_INT(ops_platform_set(&o, &in, &res, &e), 0);
	CHECK_EQ_INT(res.q.reset_min, 14 * 60);
	memset(&in, 0, sizeof in);
	in.key = "kaggle";
	in.quota = "100h/month";
	CHECK_EQ_INT(ops_platform_set(&o, &in, &res, &e), 0);
	CHECK_EQ_INT(res.q.window, QW_MONTH);
	CHECK_EQ_INT(res.q.reset_mday, 1);
	CHECK_EQ_INT(res.q.reset_min, 0);
	memset(&in, 0, sizeof in);
	in.key = "kaggle";
	in.quota = "30h/week";
	in.reset = "wed 14:00 UTC";
	CHECK_EQ_INT(ops_platform_set(&o, &in, &res, &e), 0);
	CHECK_EQ_INT(res.q.reset_wday, 3);
	CHECK_EQ_INT(res.q.reset_min, 14 * 60);
	done(&o, s);
}

static void
test_start_stop(void)
{
	struct ops o;
	struct store *s = fresh(&o);
	struct ops_run_in in;
	struct ops_result res;
	struct err e;
	struct run r;
	int64_t id, id2;
	char what[128];

	if (s == NULL)
		return;
	run_init(&r);
	ops_result_init(&res);

	CHECK_EQ_INT(ops_stop(&o, 0, NULL, &res, &e), -1);
	CHECK_EQ_STR(e.msg, "no run is open");
	CHECK_EQ_INT(o.field, OPS_F_RUN);

	ops_run_in_init(&in);
	in.platform = "vast";
	in.gpu = "RTX 4090";
	CHECK_EQ_INT(ops_start(&o, &in, &res, &e), 0);
	id = res.run.id;
	CHECK_EQ_INT(res.run.end, RUN_OPEN);
	CHECK_EQ_INT(res.run.rate_micro, 325000);

	/* Stopped two hours later: priced at the rate it started with, and
	 * modified when it was stopped. */
	o.now = NOW + 2 * HOUR;
	CHECK_EQ_INT(ops_stop(&o, 0, NULL, &res, &e), 0);
	get(s, id, &r);
	CHECK_EQ_INT(r.end, NOW + 2 * HOUR);
	CHECK_EQ_INT(r.cost_minor, 65);
	CHECK_EQ_INT(r.modified, NOW + 2 * HOUR);
	CHECK_EQ_INT(ops_stop(&o, id, NULL, &res, &e), -1);
	CHECK(strstr(e.msg, "already ended") != NULL);

	/* Two open: name one.  A stop before the start is refused. */
	in.platform = "kaggle";
	in.gpu = NULL;
	CHECK_EQ_INT(ops_start(&o, &in, &res, &e), 0);
	id2 = res.run.id;
	in.platform = "lightning";
	CHECK_EQ_INT(ops_start(&o, &in, &res, &e), 0);
	CHECK_EQ_INT(ops_stop(&o, 0, NULL, &res, &e), -1);
	CHECK(strstr(e.msg, "2 runs are open") != NULL);
	CHECK_EQ_INT(ops_stop(&o, id2, "2026-12-01T09:00:00Z", &res, &e), -1);
	CHECK_EQ_INT(o.field, OPS_F_END);
	CHECK_EQ_INT(ops_cancel(&o, id2, &res, &e), 0);
	CHECK(strncmp(res.what, "cancel #", 8) == 0);
	CHECK_EQ_INT(nruns(s), 2);

	/* rm, and undo brings it back. */
	CHECK_EQ_INT(ops_rm(&o, id, &res, &e), 0);
	CHECK_EQ_INT(nruns(s), 1);
	CHECK_EQ_INT(ops_rm(&o, id, &res, &e), -1);
	CHECK_EQ_INT(o.field, OPS_F_RUN);
	CHECK_EQ_INT(ops_undo(&o, what, sizeof what, &e), 1);
	CHECK(strncmp(what, "rm #", 4) == 0);
	CHECK_EQ_INT(nruns(s), 2);

	ops_result_clear(&res);
	run_clear(&r);
	done(&o, s);
}

/* Another gpulog (a second connection) holds the write lock with a change
 * of run id; it commits it when this one starts to wait for the lock,
 * after this one read the run. */
struct other {
	struct store *s;
	const char *sql;
	int fired;
};

static void
other_commits(void *arg)
{
	struct other *x = arg;
	struct err e;

	if (x->fired++)
		return;
	CHECK_EQ_INT(st_exec(x->s, x->sql, &e), 0);
	CHECK_EQ_INT(st_exec(x->s, "COMMIT", &e), 0);
}

/* A change read before the lock and made after another gpulog's: edit,
 * stop and rm are refused, naming why, and the other's change stays; the
 * id of an undone add is never given again. */
static void
test_lost_update(void)
{
	static const struct {
		const char *sql;  /* what the other gpulog does to run 1 */
		const char *want; /* this one's refusal */
	} races[] = {
		{ "UPDATE runs SET note = 'theirs', modified = modified + 5 "
		    "WHERE id = 1", "was changed by another gpulog meanwhile" },
		{ "DELETE FROM runs WHERE id = 1",
		    "another gpulog removed it meanwhile" },
		/* In the same second: the change time alike. */
		{ "UPDATE runs SET note = 'theirs' WHERE id = 1",
		    "was changed by another gpulog meanwhile" },
	};
	struct ops o;
	struct store *s, *s2 = NULL;
	struct ops_run_in in;
	struct ops_result res;
	struct other x;
	struct err e;
	struct run r;
	char what[128];
	size_t i, k;

	for (i = 0; i < sizeof races / sizeof races[0]; i++) {
		for (k = 0; k < 3; k++) {
			if ((s = fresh(&o)) == NULL)
				return;
			ops_result_init(&res);
			run_init(&r);
			ops_run_in_init(&in);
			in.platform = "vast";
			in.gpu = "RTX 4090";
			in.note = "mine";
			CHECK_EQ_INT(ops_start(&o, &in, &res, &e), 0);
			CHECK(store_open(&s2, path, NOW, &e) == 0);
			CHECK_EQ_INT(st_begin_write(s2, NULL, &e), 0);
			x.s = s2;
			x.sql = races[i].sql;
			x.fired = 0;
			store_busy_wait(s, -1, other_commits, &x);
			s->busy_say_ms = 0;
			o.now = NOW + HOUR;
			ops_run_in_init(&in);
			in.note = "edited";
			CHECK_EQ_INT(k == 0 ? ops_edit(&o, 1, &in, &res, &e) :
			    k == 1 ? ops_stop(&o, 1, NULL, &res, &e) :
			    ops_rm(&o, 1, &res, &e), -1);
			CHECK_EQ_INT(x.fired, 1);
			CHECK(strstr(e.msg, races[i].want) != NULL);
			if (i != 1) {
				get(s, 1, &r);
				CHECK_EQ_STR(r.note, "theirs");
				CHECK_EQ_INT(r.end, RUN_OPEN);
			} else {
				CHECK_EQ_INT(nruns(s), 0);
			}
			store_close(s2);
			s2 = NULL;
			ops_result_clear(&res);
			run_clear(&r);
			done(&o, s);
		}
	}

	/* add, undo, add: the second run is #2, never #1 again. */
	if ((s = fresh(&o)) == NULL)
		return;
	/* Each commit is synced before it is confirmed (FULL, not NORMAL,
	 * which in WAL mode syncs only at a checkpoint). */
	{
		sqlite3_stmt *st;

		CHECK_EQ_INT(st_prepare(s, &st, "PRAGMA synchronous", &e), 0);
		CHECK_EQ_INT(sqlite3_step(st), SQLITE_ROW);
		CHECK_EQ_INT(sqlite3_column_int(st, 0), 2);
		sqlite3_finalize(st);
	}
	ops_result_init(&res);
	ops_run_in_init(&in);
	in.platform = "kaggle";
	in.when = "1h";
	CHECK_EQ_INT(ops_add(&o, &in, &res, &e), 0);
	CHECK_EQ_INT(res.run.id, 1);
	CHECK_EQ_INT(ops_undo(&o, what, sizeof what, &e), 1);
	CHECK_EQ_INT(ops_add(&o, &in, &res, &e), 0);
	CHECK_EQ_INT(res.run.id, 2);
	CHECK_EQ_INT(ops_undo(&o, what, sizeof what, &e), 1);
	CHECK_EQ_INT(nruns(s), 0);
	CHECK_EQ_INT(ops_add(&o, &in, &res, &e), 0);
	CHECK_EQ_INT(res.run.id, 3);
	ops_result_clear(&res);
	done(&o, s);
}

/* An expense edited or removed after another gpulog changed it in the
 * same second is refused, and the other's change stays; a future
 * expense's note is edited without --future. */
static void
test_expense_race(void)
{
	static const char *const sql[] = {
		"UPDATE expenses SET note = 'theirs' WHERE id = 1",
		"DELETE FROM expenses WHERE id = 1",
	};
	struct ops o;
	struct store *s, *s2 = NULL;
	struct ops_expense_in in;
	struct expense x;
	struct other oth;
	struct err e;
	size_t i, k;

	for (i = 0; i < 2; i++) {
		for (k = 0; k < 2; k++) {
			if ((s = fresh(&o)) == NULL)
				return;
			expense_init(&x);
			memset(&in, 0, sizeof in);
			in.amount = "5USD";
			in.platform = "vast";
			in.note = "mine";
			CHECK_EQ_INT(ops_spend(&o, &in, &x, &e), 0);
			CHECK(store_open(&s2, path, NOW, &e) == 0);
			CHECK_EQ_INT(st_begin_write(s2, NULL, &e), 0);
			oth.s = s2;
			oth.sql = sql[i];
			oth.fired = 0;
			store_busy_wait(s, -1, other_commits, &oth);
			s->busy_say_ms = 0;
			memset(&in, 0, sizeof in);
			in.amount = "7USD";
			CHECK_EQ_INT(k == 0 ? ops_expense_edit(&o, 1, &in, &x,
			    &e) : ops_expense_rm(&o, 1, &x, &e), -1);
			CHECK_EQ_INT(oth.fired, 1);
			CHECK(strstr(e.msg, i == 0 ? "was changed by another "
			    "gpulog meanwhile" : "another gpulog removed it "
			    "meanwhile") != NULL);
			expense_clear(&x);
			if (i == 0) {
				CHECK_EQ_INT(store_get_expense(s, 1, &x, &e), 1);
				CHECK_EQ_STR(x.note, "theirs");
				CHECK_EQ_INT(x.amount_minor, 500);
				expense_clear(&x);
			}
			store_close(s2);
			s2 = NULL;
			done(&o, s);
		}
	}

	if ((s = fresh(&o)) == NULL)
		return;
	expense_init(&x);
	memset(&in, 0, sizeof in);
	in.amount = "5USD";
	in.at = "2027-01-05";
	in.future = 1;
	CHECK_EQ_INT(ops_spend(&o, &in, &x, &e), 0);
	memset(&in, 0, sizeof in);
	in.note = "a later note";
	if (!CHECK_EQ_INT(ops_expense_edit(&o, x.id, &in, &x, &e), 0))
		printf("  ops_expense_edit: %s\n", e.msg);
	in.note = NULL;
	in.at = "2027-02-05";
	CHECK_EQ_INT(ops_expense_edit(&o, x.id, &in, &x, &e), 0);
	expense_clear(&x);
	memset(&in, 0, sizeof in);
	in.amount = "5USD";
	CHECK_EQ_INT(ops_spend(&o, &in, &x, &e), 0);
	in.amount = NULL;
	in.at = "2027-01-05";
	CHECK_EQ_INT(ops_expense_edit(&o, x.id, &in, &x, &e), -1);
	CHECK_EQ_INT(o.future, 1);
	expense_clear(&x);
	done(&o, s);
}

/* `gpulog run`: open, then closed with what was measured; the closed run
 * is modified when it ended, so another machine takes it as newer. */
static void
test_record(void)
{
	struct ops o;
	struct store *s = fresh(&o);
	struct ops_run_in in;
	struct ops_result res;
	struct ops_measured ms;
	struct run_metrics m;
	struct err e;
	struct run r;
	int64_t id;

	if (s == NULL)
		return;
	run_init(&r);
	ops_result_init(&res);
	metrics_init(&m);
	ops_run_in_init(&in);
	in.platform = "vast";
	CHECK_EQ_INT(ops_record_prepare(&o, &in, &res, &e), 0);
	CHECK_EQ_STR(res.run.source, "run");
	CHECK_EQ_INT(ops_record_open(&o, &res, &m, &e), 0);
	id = res.run.id;
	get(s, id, &r);
	CHECK_EQ_INT(r.end, RUN_OPEN);
	CHECK_EQ_INT(r.modified, NOW);

	/* A note given while it runs stays when it closes. */
	{
		struct ops_result res2;

		ops_result_init(&res2);
		ops_run_in_init(&in);
		in.note = "given while it ran";
		o.now = NOW + 60;
		CHECK_EQ_INT(ops_edit(&o, id, &in, &res2, &e), 0);
		ops_result_clear(&res2);
	}

	memset(&ms, 0, sizeof ms);
	ms.end = NOW + HOUR;
	ms.gpu = "rtx 4090";
	ms.gpus = 2;
	ms.checkpointed = 1;
	o.now = NOW + HOUR;
	CHECK_EQ_INT(ops_record_close(&o, &res, &ms, &m, &e), 0);
	get(s, id, &r);
	CHECK_EQ_STR(r.note, "given while it ran");
	CHECK_EQ_INT(r.end, NOW + HOUR);
	CHECK_EQ_INT(r.modified, NOW + HOUR);
	CHECK_EQ_STR(r.gpu, "RTX 4090");
	CHECK_EQ_INT(r.gpus, 2);
	CHECK_EQ_INT(r.rate_micro, 325000);
	CHECK_EQ_INT(r.cost_minor, 65);
	CHECK_EQ_INT(r.checkpointed, 1);

	metrics_clear(&m);
	ops_result_clear(&res);
	run_clear(&r);
	done(&o, s);
}

/* A run whose command could not start is abandoned: not live, gone. */
static void
test_record_abandon(void)
{
	struct ops o;
	struct store *s = fresh(&o);
	struct ops_run_in in;
	struct ops_result res;
	struct run_metrics m;
	struct err e;
	int64_t id;
	long pid;

	if (s == NULL)
		return;
	ops_result_init(&res);
	metrics_init(&m);
	ops_run_in_init(&in);
	in.platform = "vast";
	CHECK_EQ_INT(ops_record_prepare(&o, &in, &res, &e), 0);
	CHECK_EQ_INT(ops_record_open(&o, &res, &m, &e), 0);
	id = res.run.id;
	CHECK_EQ_INT(ops_run_live(&o, id, &pid), 1);
	CHECK_EQ_INT(ops_record_abandon(&o, &res, &e), 0);
	CHECK_EQ_INT(ops_run_live(&o, id, &pid), 0);
	CHECK_EQ_INT(nruns(s), 0);
	ops_result_clear(&res);
	done(&o, s);
}

/* A live recording is refused to rm, cancel, stop and undo while its
 * process lives; the journal's text reads back whole, and applied it ends
 * the run once, at its end or its last sign of life. */
static void
test_live_journal(void)
{
	struct ops o;
	struct store *s = fresh(&o);
	struct ops_run_in in;
	struct ops_result res, res2;
	struct ops_journal j, k;
	struct run_metrics m;
	struct err e;
	struct run r;
	char what[128], *text;
	int64_t id;
	long pid;

	if (s == NULL)
		return;
	run_init(&r);
	ops_result_init(&res);
	ops_result_init(&res2);
	metrics_init(&m);
	ops_journal_init(&j);
	ops_journal_init(&k);
	ops_run_in_init(&in);
	in.platform = "vast";
	in.note = "line one\nback\\slash";
	CHECK_EQ_INT(ops_record_prepare(&o, &in, &res, &e), 0);
	CHECK_EQ_INT(ops_record_open(&o, &res, &m, &e), 0);
	id = res.run.id;
	CHECK_EQ_INT(ops_run_live(&o, id, &pid), 1);
	CHECK_EQ_INT(pid, getpid());
	CHECK_EQ_INT(ops_rm(&o, id, &res2, &e), -1);
	CHECK(strstr(e.msg, "is recording it") != NULL);
	CHECK_EQ_INT(o.field, OPS_F_RUN);
	CHECK_EQ_INT(ops_cancel(&o, id, &res2, &e), -1);
	CHECK_EQ_INT(ops_stop(&o, id, NULL, &res2, &e), -1);
	CHECK_EQ_INT(ops_undo(&o, what, sizeof what, &e), -1);
	CHECK(strstr(e.msg, "cannot undo the start of run #") != NULL);
	get(s, id, &r);
	CHECK_EQ_INT(r.end, RUN_OPEN);

	/* The journal of a gpulog gone 25 min in (its pid is not ours). */
	run_copy(&j.run, &res.run);
	j.pid = 999999;
	snprintf(j.host, sizeof j.host, "h");
	j.alive = NOW + 1500;
	j.m.command = xstrdup("python train.py");
	text = ops_journal_text(&j);
	CHECK_EQ_INT(ops_journal_parse(text, &k, &e), 0);
	free(text);
	CHECK_EQ_INT(k.run.id, id);
	CHECK_EQ_STR(k.run.uid, res.run.uid);
	CHECK_EQ_STR(k.run.note, "line one\nback\\slash");
	CHECK_EQ_STR(k.m.command, "python train.py");
	CHECK_EQ_INT(k.alive, NOW + 1500);
	CHECK_EQ_INT(ops_journal_parse("nonsense\n", &k, &e), -1);
	CHECK_EQ_INT(ops_journal_parse(JTEXT, &k, &e), 0);
	o.now = NOW + 7200;
	CHECK_EQ_INT(ops_journal_parse(text = ops_journal_text(&j), &k, &e), 0);
	free(text);
	CHECK_EQ_INT(ops_journal_apply(&o, &k, &res2, &e), 0);
	get(s, id, &r);
	CHECK_EQ_INT(r.end, NOW + 1500);
	CHECK_EQ_INT(ops_run_live(&o, id, NULL), 0);
	/* Applied again (a crash before the file went): left alone. */
	CHECK_EQ_INT(ops_journal_apply(&o, &k, &res2, &e), 1);

	ops_journal_clear(&j);
	ops_journal_clear(&k);
	metrics_clear(&m);
	ops_result_clear(&res);
	ops_result_clear(&res2);
	run_clear(&r);
	done(&o, s);
}

/* Expenses: spend, edit and rm by id, each one change; checks refuse
 * with the field named and write nothing. */
static void
test_expenses(void)
{
	struct ops o;
	struct store *s = fresh(&o);
	struct ops_expense_in in;
	struct expense x, y;
	struct err e;
	char what[128];

	if (s == NULL)
		return;
	expense_init(&x);
	expense_init(&y);
	memset(&in, 0, sizeof in);
	in.amount = "899INR";
	in.platform = "colab-pr";
	in.note = "Colab Pro, December";
	CHECK_EQ_INT(ops_spend(&o, &in, &x, &e), 0);
	CHECK(x.id > 0);
	CHECK_EQ_STR(x.platform, "colab-pro");
	CHECK_EQ_INT(x.amount_minor, 89900);
	CHECK_EQ_INT(x.at, NOW);

	/* Edit: only what is given changes. */
	memset(&in, 0, sizeof in);
	in.amount = "$12.50";
	CHECK_EQ_INT(ops_expense_edit(&o, x.id, &in, &y, &e), 0);
	CHECK_EQ_INT(store_get_expense(s, x.id, &y, &e), 1);
	CHECK_EQ_INT(y.amount_minor, 1250);
	CHECK_EQ_STR(y.currency, "USD");
	CHECK_EQ_STR(y.platform, "colab-pro");
	CHECK_EQ_STR(y.note, "Colab Pro, December");
	memset(&in, 0, sizeof in);
	in.platform = "";
	in.note = "";
	in.at = "2026-11-30T10:00:00Z";
	if (!CHECK_EQ_INT(ops_expense_edit(&o, x.id, &in, &y, &e), 0))
		printf("  ops_expense_edit: %s\n", e.msg);
	CHECK_EQ_INT(store_get_expense(s, x.id, &y, &e), 1);
	CHECK_EQ_STR(y.platform, "");
	CHECK(y.note == NULL);
	CHECK_EQ_INT(y.at, NOW - 26 * HOUR);

	/* Refusals name the field and leave the expense as it was. */
	memset(&in, 0, sizeof in);
	in.amount = "0";
	CHECK_EQ_INT(ops_expense_edit(&o, x.id, &in, &y, &e), -1);
	CHECK_EQ_INT(o.field, OPS_F_AMOUNT);
	in.amount = NULL;
	in.at = "2027-01-01";
	CHECK_EQ_INT(ops_expense_edit(&o, x.id, &in, &y, &e), -1);
	CHECK_EQ_INT(o.field, OPS_F_DAY);
	CHECK_EQ_INT(o.future, 1);
	in.at = NULL;
	in.platform = "nowhere";
	CHECK_EQ_INT(ops_expense_edit(&o, x.id, &in, &y, &e), -1);
	CHECK_EQ_INT(o.field, OPS_F_PLATFORM);
	CHECK_EQ_INT(ops_expense_edit(&o, 999, &in, &y, &e), -1);
	CHECK_EQ_STR(e.msg, "no expense e999");
	CHECK_EQ_INT(store_get_expense(s, x.id, &y, &e), 1);
	CHECK_EQ_INT(y.amount_minor, 1250);
	memset(&in, 0, sizeof in);
	CHECK_EQ_INT(ops_spend(&o, &in, &y, &e), -1);
	CHECK_EQ_INT(o.field, OPS_F_AMOUNT);
	/* The form's checker is the change's: the same words. */
	{
		const struct summary *cat = ops_catalog(&o, &e);
		struct err e2;
		int64_t m;
		char cur[4];

		in.amount = "-5";
		CHECK_EQ_INT(ops_spend(&o, &in, &y, &e), -1);
		if (CHECK(cat != NULL)) {
			CHECK_EQ_INT(ops_check_amount(cat, "-5", &m, cur, &e2),
			    -1);
			CHECK_EQ_STR(e2.msg, e.msg);
			CHECK_EQ_INT(ops_check_amount(cat, "899", &m, cur,
			    &e2), 0);
			CHECK_EQ_INT(m, 89900);
		}
	}

	/* rm, and undo brings it back whole. */
	CHECK_EQ_INT(ops_expense_rm(&o, x.id, &y, &e), 0);
	CHECK_EQ_INT(store_get_expense(s, x.id, &y, &e), 0);
	CHECK_EQ_INT(ops_undo(&o, what, sizeof what, &e), 1);
	CHECK(strncmp(what, "rm e", 4) == 0);
	CHECK_EQ_INT(store_get_expense(s, x.id, &y, &e), 1);
	CHECK_EQ_INT(y.amount_minor, 1250);
	CHECK_EQ_INT(ops_expense_rm(&o, 999, &y, &e), -1);
	CHECK_EQ_INT(o.field, OPS_F_RUN);

	expense_clear(&x);
	expense_clear(&y);
	done(&o, s);
}

/* Collects the days (y*10000 + m*100 + d, UTC) and ids of the
 * subscription payments recorded. */
struct paid {
	int day[40];
	int64_t id[40];
	int n;
};

static int
collect_paid(const struct expense *x, void *arg)
{
	struct paid *p = arg;
	time_t t = (time_t)x->at;
	struct tm tm;

	if (strcmp(x->source, EXPENSE_MONTHLY_SRC) != 0 || p->n == 40)
		return 0;
	gmtime_r(&t, &tm);
	p->id[p->n] = x->id;
	p->day[p->n++] = (tm.tm_year + 1900) * 10000 + (tm.tm_mon + 1) * 100 +
	    tm.tm_mday;
	return 0;
}

static void
paid(struct store *s, struct paid *p)
{
	struct err e;

	memset(p, 0, sizeof *p);
	CHECK_EQ_INT(store_each_expense(s, 0, 0, collect_paid, p, &e), 0);
}

/* y-m-d 10:00 UTC (d past the month's end runs on). */
static int64_t
at10(int y, int m, int d)
{
	return t_utc(y, m, 1, 10, 0, 0) + (int64_t)(d - 1) * 86400;
}

/* A monthly subscription across a year: paid on the 31st, or the last day
 * of a shorter month; recorded once, as the days come; stopped; and the
 * budget's projection counts the payment still to come. */
static void
test_monthly(void)
{
	static const int want[] = { 20270228, 20270331, 20270430, 20270531,
		20270630, 20270731, 20270831, 20270930, 20271031, 20271130,
		20271231, 20280131, 20280229 };
	struct ops o;
	struct store *s = fresh(&o);
	struct ops_expense_in in;
	struct expense x, y;
	struct summary sm;
	struct paid p;
	struct err e;
	char what[128];
	int added, i, d;
	int64_t sub;

	if (s == NULL)
		return;
	expense_init(&x);
	expense_init(&y);
	memset(&in, 0, sizeof in);
	in.amount = "899INR";
	in.platform = "colab-pro";
	in.note = "Colab Pro";
	in.monthly = 1;
	o.now = at10(2027, 1, 31);
	if (!CHECK_EQ_INT(ops_spend(&o, &in, &x, &e), 0))
		printf("  ops_spend: %s\n", e.msg);
	sub = x.id;
	CHECK_EQ_STR(x.kind, "monthly");
	CHECK_EQ_INT(expense_kind(&x), EXP_MONTHLY);

	/* Nothing is due before the day; twice a day adds nothing again. */
	added = 0;
	o.now = at10(2027, 2, 28) - 1;
	CHECK_EQ_INT(ops_monthly_due(&o, &added, &e), 0);
	CHECK_EQ_INT(added, 0);
	/* The projection on Feb 1 counts Feb 28's payment to come. */
	o.now = at10(2027, 2, 1);
	CHECK_EQ_INT(summary_load(&sm, s, o.now, &e), 0);
	CHECK_EQ_INT(sm.budget.coming, 89900);
	CHECK_EQ_INT(sm.budget.spent, 0);
	CHECK_EQ_INT(sm.budget.projected, 89900);
	summary_free(&sm);

	/* Each month through a year, one command a day: each payment once,
	 * on its day. */
	for (d = 0; d < 400; d++) {
		o.now = at10(2027, 2, 1 + d);
		CHECK_EQ_INT(ops_monthly_due(&o, &added, &e), 0);
	}
	CHECK_EQ_INT(added, 13);
	paid(s, &p);
	CHECK_EQ_INT(p.n, 13);
	for (i = 0; i < 13 && i < p.n; i++)
		CHECK_EQ_INT(p.day[i], want[i]);

	/* Once due, it is the month's spend, and nothing more is to come. */
	o.now = at10(2028, 2, 29) + HOUR;
	CHECK_EQ_INT(summary_load(&sm, s, o.now, &e), 0);
	CHECK_EQ_INT(sm.budget.coming, 0);
	CHECK_EQ_INT(sm.budget.spent, 89900);
	summary_free(&sm);

	/* A payment removed is not recorded again. */
	CHECK_EQ_INT(ops_expense_rm(&o, p.id[12], &y, &e), 0);
	added = 0;
	CHECK_EQ_INT(ops_monthly_due(&o, &added, &e), 0);
	CHECK_EQ_INT(added, 0);

	/* Days without a command: the missed months come at once. */
	o.now = at10(2028, 5, 31) - 1;
	CHECK_EQ_INT(ops_monthly_due(&o, &added, &e), 0);
	CHECK_EQ_INT(added, 2); /* Mar 31, Apr 30; May 31 is a second away */

	/* Undo takes back the user's change, never a payment that fell
	 * due: the rm comes back, the two payments stay. */
	if (!CHECK_EQ_INT(ops_undo(&o, what, sizeof what, &e), 1))
		printf("  ops_undo: %s\n", e.msg);
	CHECK(strncmp(what, "rm e", 4) == 0);
	paid(s, &p);
	CHECK_EQ_INT(p.n, 15);

	/* Stopped: no payment after, the ones recorded stay; undo of the
	 * stop lets the months missed be recorded. */
	CHECK_EQ_INT(ops_spend_stop(&o, sub, &y, &e), 0);
	CHECK_EQ_STR(y.kind, "spend");
	o.now = at10(2028, 7, 1);
	added = 0;
	CHECK_EQ_INT(ops_monthly_due(&o, &added, &e), 0);
	CHECK_EQ_INT(added, 0);
	CHECK_EQ_INT(summary_load(&sm, s, at10(2028, 7, 2), &e), 0);
	CHECK_EQ_INT(sm.budget.coming, 0);
	summary_free(&sm);
	CHECK_EQ_INT(ops_spend_stop(&o, sub, &y, &e), -1);
	CHECK_EQ_INT(o.field, OPS_F_RUN);
	CHECK_EQ_STR(e.msg, "e1 is no monthly subscription");
	CHECK_EQ_INT(ops_spend_stop(&o, 999, &y, &e), -1);
	CHECK_EQ_STR(e.msg, "no expense e999");
	CHECK_EQ_INT(ops_undo(&o, what, sizeof what, &e), 1);
	CHECK(strncmp(what, "stop e1", 7) == 0);
	CHECK_EQ_INT(ops_monthly_due(&o, &added, &e), 0);
	CHECK_EQ_INT(added, 2); /* May 31, Jun 30 */

	/* Refused: a subscription that is a pack or credit. */
	in.credit = 1;
	CHECK_EQ_INT(ops_spend(&o, &in, &y, &e), -1);
	CHECK_EQ_INT(o.field, OPS_F_UNITS);

	expense_clear(&x);
	expense_clear(&y);
	done(&o, s);
}

/* The idle spell `gpulog run` records: an idle nudge while it lasts, none
 * once the GPU is busy again; undo never takes it back. */
static void
test_run_idle(void)
{
	struct ops o;
	struct store *s = fresh(&o);
	struct ops_run_in in;
	struct ops_result res;
	struct summary sm;
	struct err e;
	char what[128];
	size_t i, k;
	int64_t id;

	if (s == NULL)
		return;
	ops_result_init(&res);
	ops_run_in_init(&in);
	in.platform = "vast";
	in.gpu = "RTX 4090";
	CHECK_EQ_INT(ops_start(&o, &in, &res, &e), 0);
	id = res.run.id;
	CHECK_EQ_INT(ops_run_idle(&o, id, NOW + 60, &e), 0);
	CHECK_EQ_INT(summary_load(&sm, s, NOW + 660, &e), 0);
	for (i = k = 0; i < sm.nnudges; i++)
		if (sm.nudges[i].kind == NUDGE_IDLE) {
			k++;
			CHECK_EQ_INT(sm.nudges[i].run_id, id);
			CHECK_EQ_INT(sm.nudges[i].value, 600);
			CHECK_EQ_INT(sm.nudges[i].at, NOW + 60);
		}
	CHECK_EQ_INT(k, 1);
	summary_free(&sm);
	/* One from before the run began is an earlier run's. */
	CHECK_EQ_INT(ops_run_idle(&o, id, NOW - 1, &e), 0);
	CHECK_EQ_INT(summary_load(&sm, s, NOW + 660, &e), 0);
	for (i = k = 0; i < sm.nnudges; i++)
		k += sm.nudges[i].kind == NUDGE_IDLE;
	CHECK_EQ_INT(k, 0);
	summary_free(&sm);
	/* Undo takes back the start, not the idle spell: no change of its
	 * own. */
	CHECK_EQ_INT(ops_undo(&o, what, sizeof what, &e), 1);
	CHECK(strncmp(what, "start", 5) == 0);
	CHECK_EQ_INT(ops_start(&o, &in, &res, &e), 0);
	id = res.run.id;
	CHECK_EQ_INT(ops_run_idle(&o, id, NOW - 60, &e), 0);
	CHECK_EQ_INT(ops_run_idle(&o, id, 0, &e), 0);
	CHECK_EQ_INT(summary_load(&sm, s, NOW, &e), 0);
	for (i = k = 0; i < sm.nnudges; i++)
		k += sm.nudges[i].kind == NUDGE_IDLE;
	CHECK_EQ_INT(k, 0);
	summary_free(&sm);
	ops_result_clear(&res);
	done(&o, s);
}

/* A subscription dated months back records the payments due in the same
 * change: undo takes them all back. */
static void
test_monthly_back(void)
{
	struct ops o;
	struct store *s = fresh(&o);
	struct ops_expense_in in;
	struct expense x;
	struct paid p;
	struct err e;
	char what[128];

	if (s == NULL)
		return;
	expense_init(&x);
	memset(&in, 0, sizeof in);
	in.amount = "$9.99";
	in.at = "2026-08-31T09:00:00Z";
	in.monthly = 1;
	if (!CHECK_EQ_INT(ops_spend(&o, &in, &x, &e), 0))
		printf("  ops_spend: %s\n", e.msg);
	paid(s, &p);
	CHECK_EQ_INT(p.n, 3);
	CHECK_EQ_INT(p.day[0], 20260930);
	CHECK_EQ_INT(p.day[1], 20261031);
	CHECK_EQ_INT(p.day[2], 20261130);
	CHECK_EQ_INT(ops_undo(&o, what, sizeof what, &e), 1);
	paid(s, &p);
	CHECK_EQ_INT(p.n, 0);
	CHECK_EQ_INT(store_get_expense(s, x.id, &x, &e), 0);
	expense_clear(&x);
	done(&o, s);
}

/* The settings: a platform's quota, rate and new platforms, fx, the
 * currency, the plan start and fetched prices, each one change. */
static void
test_settings(void)
{
	struct ops o;
	struct store *s = fresh(&o);
	struct ops_platform_in in;
	struct ops_platform_result res;
	const struct summary *cat;
	const struct rate *rt;
	struct rate fetched[2];
	struct err e;
	int64_t day, micro, t;
	char cur[4], d[16], what[128];
	int qi;

	if (s == NULL)
		return;
	memset(&in, 0, sizeof in);
	in.key = "light";
	in.quota = "40h/week";
	in.reset = "mon 00:00 UTC";
	CHECK_EQ_INT(ops_platform_set(&o, &in, &res, &e), 0);
	CHECK_EQ_STR(res.p.key, "lightning");
	CHECK(res.quota_set);
	cat = ops_catalog(&o, &e);
	qi = summary_quota_index(cat, "lightning");
	CHECK(qi >= 0);
	if (qi >= 0) {
		CHECK_EQ_INT(cat->cat.quotas[qi].amount, 40 * HOUR);
		CHECK_EQ_INT(cat->cat.quotas[qi].window, QW_WEEK);
		CHECK_EQ_INT(cat->cat.quotas[qi].reset_wday, 1);
	}
	/* An empty quota removes it. */
	memset(&in, 0, sizeof in);
	in.key = "lightning";
	in.quota = "";
	CHECK_EQ_INT(ops_platform_set(&o, &in, &res, &e), 0);
	CHECK(res.quota_removed);
	CHECK(summary_quota_index(ops_catalog(&o, &e), "lightning") < 0);

	/* A rate names its GPU, in any spelling, as the catalog does. */
	memset(&in, 0, sizeof in);
	in.key = "vast";
	in.rate = "0.36";
	CHECK_EQ_INT(ops_platform_set(&o, &in, &res, &e), -1);
	CHECK_EQ_INT(o.field, OPS_F_GPU);
	CHECK(strstr(e.msg, "--") == NULL);
	in.gpu = "NVIDIA GeForce RTX 4090";
	CHECK_EQ_INT(ops_platform_set(&o, &in, &res, &e), 0);
	rt = summary_rate(ops_catalog(&o, &e), "vast", "RTX 4090");
	CHECK(rt != NULL && rt->rate_micro == 360000);
	CHECK(rt != NULL && strcmp(rt->source, "user") == 0);
	/* A GPU alone changes nothing, and nothing is refused. */
	memset(&in, 0, sizeof in);
	in.key = "vast";
	in.gpu = "T4";
	CHECK_EQ_INT(ops_platform_set(&o, &in, &res, &e), -1);
	CHECK_EQ_INT(o.field, OPS_F_GPU);
	in.gpu = NULL;
	CHECK_EQ_INT(ops_platform_set(&o, &in, &res, &e), -1);
	CHECK_EQ_INT(o.field, OPS_F_INPUT);
	in.quota = "30 hours";
	CHECK_EQ_INT(ops_platform_set(&o, &in, &res, &e), -1);
	CHECK_EQ_INT(o.field, OPS_F_QUOTA);

	/* A new platform needs a name or a billing and a key of a-z0-9-. */
	memset(&in, 0, sizeof in);
	in.key = "My Cloud";
	in.name = "My Cloud";
	CHECK_EQ_INT(ops_platform_set(&o, &in, &res, &e), -1);
	CHECK_EQ_INT(o.field, OPS_F_PLATFORM);
	in.key = "mycloud";
	in.billing = "hourly";
	in.cap = "12h";
	CHECK_EQ_INT(ops_platform_set(&o, &in, &res, &e), 0);
	CHECK(res.created);
	CHECK(summary_platform(ops_catalog(&o, &e), "mycloud") != NULL);
	CHECK_EQ_INT(summary_platform(ops_catalog(&o, &e),
	    "mycloud")->session_cap_s, 12 * HOUR);
	in.key = "nosuch";
	in.name = in.billing = NULL;
	CHECK_EQ_INT(ops_platform_set(&o, &in, &res, &e), -1);
	CHECK(strstr(e.msg, "give a name to add it") != NULL);

	/* fx, currency, plan start. */
	CHECK_EQ_INT(ops_fx_set(&o, "84.10", NULL, &day, &micro, &e), 0);
	CHECK_EQ_INT(micro, 84100000);
	CHECK_EQ_INT(ops_fx_set(&o, "-3", NULL, &day, &micro, &e), -1);
	CHECK_EQ_INT(o.field, OPS_F_RATE);
	CHECK_EQ_INT(ops_set_currency(&o, "usd", cur, &e), 0);
	CHECK_EQ_STR(cur, "USD");
	CHECK_EQ_STR(ops_catalog(&o, &e)->currency, "USD");
	CHECK_EQ_INT(ops_set_currency(&o, "EUR", cur, &e), -1);
	CHECK_EQ_INT(o.field, OPS_F_CURRENCY);
	CHECK_EQ_INT(ops_plan_start(&o, "2026-09-01", &t, d, &e), 0);
	CHECK_EQ_STR(d, "2026-09-01");
	CHECK_EQ_INT(ops_catalog(&o, &e)->plan_month, 4);
	CHECK_EQ_INT(ops_undo(&o, what, sizeof what, &e), 1);
	CHECK_EQ_STR(what, "plan --start 2026-09-01");

	/* Fetched prices: one change, GPU names made the catalog's. */
	memset(fetched, 0, sizeof fetched);
	snprintf(fetched[0].platform, 32, "vast");
	snprintf(fetched[0].gpu, 32, "NVIDIA H100 80GB HBM3");
	snprintf(fetched[0].currency, 4, "USD");
	fetched[0].rate_micro = 2100000;
	snprintf(fetched[0].source, 16, "vast");
	CHECK_EQ_INT(ops_set_rates(&o, fetched, 1, "prices update", &e), 0);
	rt = summary_rate(ops_catalog(&o, &e), "vast", "H100 80GB");
	CHECK(rt != NULL && rt->rate_micro == 2100000);
	CHECK(rt != NULL && rt->updated == NOW);
	CHECK_EQ_INT(ops_undo(&o, what, sizeof what, &e), 1);
	CHECK_EQ_STR(what, "prices update");
	done(&o, s);
}

/* An import's commit: rows written in one change, GPU names made the
 * catalog's, a dry run writes nothing, an abort leaves nothing. */
static void
test_import(void)
{
	struct ops o;
	struct store *s = fresh(&o);
	struct ops_import im;
	struct run r, got;
	struct err e;
	int64_t since = 0;

	if (s == NULL)
		return;
	run_init(&r);
	run_init(&got);
	snprintf(r.platform, sizeof r.platform, "kaggle");
	snprintf(r.gpu, sizeof r.gpu, "NvidiaTeslaT4Highmem");
	r.gpus = 1;
	r.start = NOW - 2 * HOUR;
	r.end = NOW - HOUR;
	r.cu_centi = -1;
	snprintf(r.source, sizeof r.source, "csv");
	r.source_id = xstrdup("row-1");
	r.created = r.modified = NOW;

	CHECK_EQ_INT(ops_import_begin(&o, &im, "import csv x", NULL, &since,
	    &e), 0);
	CHECK_EQ_INT(ops_import_run(&im, &r, &e), 0);
	CHECK_EQ_INT(ops_import_commit(&im, 1, &e), 0);
	CHECK_EQ_INT(im.added, 1);
	CHECK_EQ_INT(nruns(s), 0);

	CHECK_EQ_INT(ops_import_begin(&o, &im, "import csv x", NULL, &since,
	    &e), 0);
	CHECK_EQ_INT(ops_import_run(&im, &r, &e), 0);
	ops_import_abort(&im);
	CHECK_EQ_INT(nruns(s), 0);

	CHECK_EQ_INT(ops_import_begin(&o, &im, "import csv x", NULL, &since,
	    &e), 0);
	CHECK_EQ_INT(ops_import_run(&im, &r, &e), 0);
	CHECK_EQ_INT(ops_import_run(&im, &r, &e), 0);
	snprintf(r.platform, sizeof r.platform, "nowhere");
	CHECK_EQ_INT(ops_import_run(&im, &r, &e), -2);
	CHECK_EQ_INT(ops_import_commit(&im, 0, &e), 0);
	CHECK_EQ_INT(im.added, 1);
	CHECK_EQ_INT(im.there, 1);
	CHECK_EQ_INT(nruns(s), 1);
	CHECK_EQ_INT(store_nth_run(s, 1, 0, &since, &e), 1);
	get(s, since, &got);
	CHECK_EQ_STR(got.gpu, "T4");
	run_clear(&r);
	run_clear(&got);
	done(&o, s);
}

/* A cost, rate, time or duration past gpulog's limits is refused, naming
 * the input, and nothing is stored; a stop or an edit that would make the
 * cost overflow is refused too. */
static void
test_limits(void)
{
	struct ops o;
	struct store *s = fresh(&o);
	struct ops_run_in in;
	struct ops_result res;
	struct err e;
	int64_t id;

	if (s == NULL)
		return;
	ops_result_init(&res);
	ops_run_in_init(&in);
	in.platform = "runpod";
	in.rate = "1000";
	in.gpus = "64";
	in.when = "99999h";
	CHECK_EQ_INT(add_fails(&o, &in, &e), OPS_F_RATE);
	CHECK_EQ_STR(e.msg, "the cost of 99999h x 64 GPUs at $1,000.00/h is "
	    "more than gpulog can hold (at most $1,000,000,000.00)");
	/* Exactly the limit: $1,000,000/h for 1000 GPU-hours. */
	in.rate = "1000000";
	in.when = "1000h";
	in.gpus = "1";
	CHECK_EQ_INT(ops_add(&o, &in, &res, &e), 0);
	CHECK_EQ_INT(res.run.cost_minor, INT64_C(100000000000));
	in.rate = "1000000.01";
	CHECK_EQ_INT(add_fails(&o, &in, &e), OPS_F_RATE);
	CHECK_EQ_STR(e.msg, "invalid rate: gpulog keeps rates up to "
	    "$1,000,000.00/h");
	in.rate = NULL;
	in.when = "100001h";
	CHECK_EQ_INT(add_fails(&o, &in, &e), OPS_F_WHEN);
	in.when = "1h";
	in.cost = "$1000000000.01";
	CHECK_EQ_INT(add_fails(&o, &in, &e), OPS_F_COST);
	CHECK(strstr(e.msg, "up to 1,000,000,000.00") != NULL);
	in.cost = NULL;
	in.when = NULL;
	in.start = "100000000000000";
	in.end = "100000003600000";
	CHECK_EQ_INT(add_fails(&o, &in, &e), OPS_F_START);
	CHECK_EQ_STR(e.msg, "invalid time \"100000000000000\": gpulog keeps "
	    "times from 1970 to 2200");
	in.start = "1969-12-31T23:00:00Z";
	in.end = "1970-01-01T00:00:00Z";
	CHECK_EQ_INT(add_fails(&o, &in, &e), OPS_F_START);
	in.start = "1970-01-01T00:00:01Z";
	CHECK_EQ_INT(add_fails(&o, &in, &e), OPS_F_END);
	CHECK(strstr(e.msg, "from 1970 to 2200") != NULL);
	CHECK_EQ_INT(nruns(s), 1);

	/* An open run at the top rate on 64 GPUs, stopped a week later. */
	ops_run_in_init(&in);
	in.platform = "runpod";
	in.rate = "1000000";
	in.gpus = "64";
	CHECK_EQ_INT(ops_start(&o, &in, &res, &e), 0);
	id = res.run.id;
	o.now = NOW + 7 * 24 * HOUR;
	CHECK_EQ_INT(ops_stop(&o, id, NULL, &res, &e), -1);
	CHECK_EQ_INT(o.field, OPS_F_END);
	CHECK(strstr(e.msg, "is more than gpulog can hold") != NULL);
	o.now = NOW + HOUR;
	ops_run_in_init(&in);
	if (!CHECK_EQ_INT(ops_stop(&o, id, "2026-12-01T12:30:00Z", &res, &e),
	    0))
		printf("  %s\n", e.msg);
	CHECK_EQ_INT(res.run.cost_minor, INT64_C(3200000000));
	in.gpus = NULL;
	in.rate = NULL;
	in.start = "2026-11-20T12:00:00Z";
	CHECK_EQ_INT(ops_edit(&o, id, &in, &res, &e), -1);
	CHECK_EQ_INT(o.field, OPS_F_WHEN);
	CHECK(strstr(e.msg, "is more than gpulog can hold") != NULL);
	ops_result_clear(&res);
	done(&o, s);
}

/* A spend of kind: a pack (units), credit, or a plain spend at at. */
static int64_t
spend_at(struct ops *o, const char *amount, const char *platform,
    const char *at, const char *units, int credit)
{
	struct ops_expense_in in;
	struct expense x;
	struct err e = { "" };
	int64_t id = 0;

	memset(&in, 0, sizeof in);
	expense_init(&x);
	in.amount = amount;
	in.platform = platform;
	in.at = at;
	in.units = units;
	in.credit = credit;
	if (ops_spend(o, &in, &x, &e) == 0)
		id = x.id;
	else
		printf("  ops_spend: %s\n", e.msg);
	expense_clear(&x);
	return id;
}

static int64_t
run_at(struct ops *o, const char *platform, const char *gpu,
    const char *start, const char *end, const char *units, const char *rate)
{
	struct ops_run_in in;
	struct ops_result res;
	struct err e = { "" };
	int64_t id = 0;

	ops_run_in_init(&in);
	ops_result_init(&res);
	in.platform = platform;
	in.gpu = gpu;
	in.start = start;
	in.end = end;
	in.units = units;
	in.rate = rate;
	if (ops_add(o, &in, &res, &e) == 0)
		id = res.run.id;
	else
		printf("  ops_add: %s\n", e.msg);
	ops_result_clear(&res);
	return id;
}

/* n months of Colab Pro paid, from month m of year y, on the 1st at 00:00
 * UTC (a plain spend each). */
static int
paid_months(struct ops *o, int y, int m, int n)
{
	char at[32];
	int i;

	for (i = 0; i < n; i++, m = m % 12 + 1, y += m == 1) {
		snprintf(at, sizeof at, "%04d-%02d-01T00:00:00Z", y, m);
		if (spend_at(o, "999INR", "colab-pro", at, NULL, 0) <= 0)
			return 0;
	}
	return 1;
}

/* Subscriptions count only when paid: Colab Pro's 100 CU a month exist in
 * a window that a payment's month overlaps.  Unpaid, the quota is absent
 * (no allowance, nothing left, no nudge) even with runs logged; a payment
 * on Nov 15 covers December's first half, so December; one on Oct 15 does
 * not; a pack alone gives its own units and no allowance. */
static void
test_subscription_paid(void)
{
	struct ops o;
	struct store *s = fresh(&o);
	struct summary sm;
	struct err e;
	size_t k;
	int qi;

	if (s == NULL)
		return;
	CHECK(run_at(&o, "colab-pro", "T4", "2026-12-01T00:00:00Z",
	    "2026-12-01T02:00:00Z", "3", NULL) > 0);
	CHECK(spend_at(&o, "999INR", "colab-pro", "2026-10-15T00:00:00Z",
	    NULL, 0) > 0);
	memset(&sm, 0, sizeof sm);
	if (CHECK_EQ_INT(summary_load(&sm, s, NOW, &e), 0)) {
		qi = summary_quota_index(&sm, "colab-pro");
		CHECK(qi >= 0);
		CHECK_EQ_INT(sm.qs[qi].unpaid, 1);
		CHECK(quota_absent(&sm.qs[qi]));
		CHECK_EQ_INT(sm.qs[qi].limit, 0);
		CHECK_EQ_INT(sm.qs[qi].used, 300);
		CHECK_EQ_INT(sm.qs[qi].remaining, 0);
		CHECK_EQ_INT(sm.qs[qi].state, QS_OK);
		CHECK_EQ_INT(sm.qs[qi].runs_out, 0);
		for (k = 0; k < sm.nnudges; k++)
			CHECK(strcmp(sm.nudges[k].platform, "colab-pro") != 0);
		/* Kaggle is free: its allowance needs no payment. */
		CHECK_EQ_INT(sm.qs[summary_quota_index(&sm, "kaggle")].limit,
		    30 * 3600);
	}
	summary_free(&sm);
	CHECK(spend_at(&o, "999INR", "colab-pro", "2026-11-15T00:00:00Z",
	    NULL, 0) > 0);
	if (CHECK_EQ_INT(summary_load(&sm, s, NOW, &e), 0)) {
		qi = summary_quota_index(&sm, "colab-pro");
		CHECK_EQ_INT(sm.qs[qi].unpaid, 0);
		CHECK_EQ_INT(sm.qs[qi].limit, 10000);
		CHECK_EQ_INT(sm.qs[qi].remaining, 9700);
	}
	summary_free(&sm);
	done(&o, s);

	s = fresh(&o);
	if (s == NULL)
		return;
	CHECK(spend_at(&o, "1025INR", "colab-pro", "2026-11-20T00:00:00Z",
	    "100", 0) > 0);
	if (CHECK_EQ_INT(summary_load(&sm, s, NOW, &e), 0)) {
		qi = summary_quota_index(&sm, "colab-pro");
		CHECK_EQ_INT(sm.qs[qi].unpaid, 1);
		CHECK(!quota_absent(&sm.qs[qi]));
		CHECK_EQ_INT(sm.qs[qi].limit, 10000);
		CHECK_EQ_INT(sm.qs[qi].packs, 10000);
	}
	summary_free(&sm);
	done(&o, s);
}

/* Packs drawn across windows: a 100-CU pack bought in October gives 50
 * to October's 150 CU and 30 to November's 130, so December starts with
 * 20 of it and its 105 CU leave 15.  With an older pack still valid when
 * it was bought, October draws on the older one first; that one expires
 * before November ends, so November draws on the newer. */
static void
test_packs_windows(void)
{
	int older;

	for (older = 0; older <= 1; older++) {
		struct ops o;
		struct store *s = fresh(&o);
		struct summary sm;
		struct err e;
		int64_t a;
		int qi;

		if (s == NULL)
			return;
		/* Subscribed all along: each month's payment on the 1st. */
		CHECK(paid_months(&o, 2026, 8, 5));
		if (older)
			CHECK(spend_at(&o, "1025INR", "colab-pro",
			    "2026-08-20T00:00:00Z", "100", 0) > 0);
		a = spend_at(&o, "1025INR", "colab-pro",
		    "2026-10-15T00:00:00Z", "100", 0);
		CHECK(a > 0);
		CHECK(run_at(&o, "colab-pro", "A100", "2026-08-21T00:00:00Z",
		    "2026-08-21T08:00:00Z", "100", NULL) > 0);
		CHECK(run_at(&o, "colab-pro", "A100", "2026-10-16T00:00:00Z",
		    "2026-10-16T10:00:00Z", "150", NULL) > 0);
		CHECK(run_at(&o, "colab-pro", "A100", "2026-11-10T00:00:00Z",
		    "2026-11-10T09:00:00Z", "130", NULL) > 0);
		CHECK(run_at(&o, "colab-pro", "A100", "2026-12-01T00:00:00Z",
		    "2026-12-01T07:00:00Z", "105", NULL) > 0);
		memset(&sm, 0, sizeof sm);
		if (CHECK_EQ_INT(summary_load(&sm, s, NOW, &e), 0)) {
			qi = summary_quota_index(&sm, "colab-pro");
			CHECK_EQ_INT(sm.npacks, 1);
			CHECK_EQ_INT(sm.packs[0].id, a);
			CHECK_EQ_INT(sm.packs[0].left, older ? 6500 : 1500);
			CHECK_EQ_INT(sm.qs[qi].packs, older ? 7000 : 2000);
			CHECK_EQ_INT(sm.qs[qi].used, 10500);
			CHECK_EQ_INT(sm.qs[qi].remaining, older ? 6500 : 1500);
		}
		summary_free(&sm);
		done(&o, s);
	}
}

/* Kaggle's quota history and the budget's, in whole days up to 7, from
 * now (2026-12-01 12:00 UTC): lo, the span's start, is 2026-11-24
 * 12:00. */
static void
history_is(struct store *s, int kaggle, int budget)
{
	struct summary sm;
	struct err e;

	memset(&sm, 0, sizeof sm);
	if (CHECK_EQ_INT(summary_load(&sm, s, NOW, &e), 0)) {
		CHECK_EQ_INT(sm.qs[summary_quota_index(&sm, "kaggle")].history,
		    kaggle);
		CHECK_EQ_INT(sm.budget.history, budget);
	}
	summary_free(&sm);
}

/* The days of history: from the runs that reach into the span, or the
 * whole span when a run of the platform (of any, for the budget) ended
 * by its start, on the minute. */
static void
test_history(void)
{
	struct ops o;
	struct store *s = fresh(&o);

	if (s == NULL)
		return;
	history_is(s, 0, 0);
	/* The first run began 3 d 2 h ago. */
	CHECK(run_at(&o, "kaggle", "P100", "2026-11-28T10:00:00Z",
	    "2026-11-28T12:00:00Z", NULL, NULL) > 0);
	history_is(s, 3, 3);
	/* Another platform's run, over before the span: a full span for
	 * the budget, none for Kaggle. */
	CHECK(run_at(&o, "vast", "RTX 4090", "2026-11-10T10:00:00Z",
	    "2026-11-10T12:00:00Z", NULL, "0.40") > 0);
	history_is(s, 3, 7);
	/* A Kaggle run that ended as the span began. */
	CHECK(run_at(&o, "kaggle", "P100", "2026-11-24T10:00:00Z",
	    "2026-11-24T12:00:00Z", NULL, NULL) > 0);
	history_is(s, 7, 7);
	done(&o, s);
	/* A run across the span's start, the only one. */
	if ((s = fresh(&o)) == NULL)
		return;
	CHECK(run_at(&o, "kaggle", "P100", "2026-11-24T11:00:00Z",
	    "2026-11-24T13:00:00Z", NULL, NULL) > 0);
	history_is(s, 7, 7);
	done(&o, s);
}

/* Packs: the issue's example (111 CU used of 100 and a 100-CU pack: 11
 * drawn from it, 89 left, ok), oldest first across two packs, an expired
 * pack ignored; credit left out of the month's spend, its runs in it. */
static void
test_packs(void)
{
	struct ops o;
	struct store *s = fresh(&o);
	struct ops_expense_in in;
	struct expense x;
	struct summary sm;
	struct err e;
	int qi;
	int64_t p1, p2, old, spent;

	if (s == NULL)
		return;
	CHECK(paid_months(&o, 2026, 12, 1));
	old = spend_at(&o, "999INR", "colab-pro", "2026-08-01T00:00:00Z",
	    "100", 0);
	p1 = spend_at(&o, "1025INR", "colab-pro", "2026-11-20T00:00:00Z",
	    "100", 0);
	CHECK(old > 0 && p1 > 0);
	/* The operations' catalog holds the packs: a spend reloads it. */
	CHECK_EQ_INT(ops_catalog(&o, &e)->npacks, 1);
	CHECK(run_at(&o, "colab-pro", "A100", "2026-12-01T00:00:00Z",
	    "2026-12-01T08:00:00Z", "111", NULL) > 0);
	memset(&sm, 0, sizeof sm);
	if (CHECK_EQ_INT(summary_load(&sm, s, NOW, &e), 0)) {
		qi = summary_quota_index(&sm, "colab-pro");
		CHECK_EQ_INT(sm.npacks, 1);          /* the old one expired */
		CHECK_EQ_INT(sm.packs[0].id, p1);
		CHECK_EQ_INT(sm.packs[0].left, 8900);
		CHECK_EQ_INT(sm.qs[qi].used, 11100);
		CHECK_EQ_INT(sm.qs[qi].packs, 10000);
		CHECK_EQ_INT(sm.qs[qi].remaining, 8900);
		CHECK_EQ_INT(sm.qs[qi].state, QS_OK);
	}
	summary_free(&sm);

	p2 = spend_at(&o, "600INR", "colab-pro", "2026-11-25T00:00:00Z",
	    "50", 0);
	CHECK(run_at(&o, "colab-pro", "A100", "2026-12-01T08:00:00Z",
	    "2026-12-01T10:00:00Z", "100", NULL) > 0);
	if (CHECK_EQ_INT(summary_load(&sm, s, NOW, &e), 0)) {
		qi = summary_quota_index(&sm, "colab-pro");
		CHECK_EQ_INT(sm.npacks, 2);
		CHECK_EQ_INT(sm.packs[0].left, 0);    /* oldest first */
		CHECK_EQ_INT(sm.packs[1].id, p2);
		CHECK_EQ_INT(sm.packs[1].left, 3900);
		CHECK_EQ_INT(sm.qs[qi].remaining, 3900);
		CHECK_EQ_INT(sm.packs[1].expires, sm.packs[1].at + 90 * 86400);
	}
	summary_free(&sm);

	/* Credit: the top-up is not the month's spend; the runs are. */
	if (CHECK_EQ_INT(summary_load(&sm, s, NOW, &e), 0))
		spent = sm.budget.spent;
	else
		spent = 0;
	summary_free(&sm);
	CHECK(spend_at(&o, "5USD", "vast", "2026-12-01T01:00:00Z", NULL, 1) >
	    0);
	if (CHECK_EQ_INT(summary_load(&sm, s, NOW, &e), 0)) {
		CHECK_EQ_INT(sm.budget.spent, spent);
		CHECK_EQ_INT(sm.ncredits, 1);
		CHECK_EQ_INT(sm.credits[0].left, 500);
	}
	summary_free(&sm);
	CHECK(run_at(&o, "vast", "RTX 3090", "2026-12-01T02:00:00Z",
	    "2026-12-01T04:00:00Z", NULL, "$1") > 0);
	if (CHECK_EQ_INT(summary_load(&sm, s, NOW, &e), 0)) {
		CHECK(sm.budget.spent > spent);
		CHECK_EQ_STR(sm.credits[0].currency, "USD");
		CHECK_EQ_INT(sm.credits[0].used, 200);
		CHECK_EQ_INT(sm.credits[0].left, 300);
	}
	summary_free(&sm);

	/* Refused: both kinds, units without a quota or a platform. */
	memset(&in, 0, sizeof in);
	expense_init(&x);
	in.amount = "5USD";
	in.platform = "colab-pro";
	in.units = "10";
	in.credit = 1;
	CHECK_EQ_INT(ops_spend(&o, &in, &x, &e), -1);
	CHECK_EQ_INT(o.field, OPS_F_UNITS);
	in.credit = 0;
	in.platform = "vast";
	CHECK_EQ_INT(ops_spend(&o, &in, &x, &e), -1);
	CHECK_EQ_INT(o.field, OPS_F_PLATFORM);
	in.platform = NULL;
	CHECK_EQ_INT(ops_spend(&o, &in, &x, &e), -1);
	in.platform = "colab-pro";
	in.units = "0";
	CHECK_EQ_INT(ops_spend(&o, &in, &x, &e), -1);
	CHECK_EQ_INT(o.field, OPS_F_UNITS);
	expense_clear(&x);
	done(&o, s);
}

/* A run as another machine sends it: uid, note, modified. */
static void
remote_run(struct run *r, const char *uid, const char *note, int64_t mod)
{
	run_init(r);
	snprintf(r->uid, sizeof r->uid, "%s", uid);
	snprintf(r->platform, sizeof r->platform, "kaggle");
	r->gpus = 1;
	r->cu_centi = -1;
	r->start = NOW - 5 * HOUR;
	r->end = NOW - 4 * HOUR;
	r->note = note != NULL ? xstrdup(note) : NULL;
	r->created = NOW - 4 * HOUR;
	r->modified = mod;
}

/* Merges the runs a[0..n) in that order into a fresh database and
 * returns the note the run ends with ("" when it is gone). */
static void
merged_note(const struct run *a, size_t n, char *out, size_t len)
{
	struct ops_import im;
	struct ops o;
	struct store *s = fresh(&o);
	struct err e = { "" };
	struct run r;
	int64_t id = 0;
	size_t i;

	out[0] = '\0';
	if (s == NULL)
		return;
	CHECK_EQ_INT(ops_import_begin(&o, &im, "merge", NULL, NULL, &e), 0);
	for (i = 0; i < n; i++)
		CHECK_EQ_INT(ops_merge_run(&im, &a[i], &e), 0);
	CHECK_EQ_INT(ops_import_commit(&im, 0, &e), 0);
	run_init(&r);
	if (store_run_by_uid(s, a[0].uid, &id, &e) == 1 &&
	    store_get_run(s, id, &r, &e) == 1)
		snprintf(out, len, "%s", r.note ? r.note : "-");
	run_clear(&r);
	done(&o, s);
}

/* The merge rule: the newer change wins, the same time is settled by the
 * export text whatever the order, a removal wins over changes at or
 * before it, an undo is newer than what it undid, and of two settings
 * changed at once the smaller value wins. */
static void
test_merge(void)
{
	static const char uid[] = "0123456789abcdef0123456789abcdef";
	struct ops_result res;
	struct ops_import im;
	struct ops o;
	struct store *s;
	struct err e = { "" };
	struct run a[2], r;
	char note[64], what[160], val[32];
	int64_t id, at, mod;

	/* Newer wins, in either order. */
	remote_run(&a[0], uid, "old", NOW - HOUR);
	remote_run(&a[1], uid, "new", NOW - 60);
	merged_note(a, 2, note, sizeof note);
	CHECK_EQ_STR(note, "new");
	r = a[0];
	a[0] = a[1];
	a[1] = r;
	merged_note(a, 2, note, sizeof note);
	CHECK_EQ_STR(note, "new");
	run_clear(&a[0]);
	run_clear(&a[1]);
	/* The same time: the later export text, in either order. */
	remote_run(&a[0], uid, "apple", NOW - 60);
	remote_run(&a[1], uid, "pear", NOW - 60);
	merged_note(a, 2, note, sizeof note);
	CHECK_EQ_STR(note, "pear");
	r = a[0];
	a[0] = a[1];
	a[1] = r;
	merged_note(a, 2, note, sizeof note);
	CHECK_EQ_STR(note, "pear");
	run_clear(&a[0]);
	run_clear(&a[1]);

	/* A removal leaves a tombstone at the change's time; the undo puts
	 * the run back stamped with its own time and takes the tombstone
	 * away. */
	if ((s = fresh(&o)) == NULL)
		return;
	id = add(&o, "kaggle", "1h", NULL, NULL, NULL);
	run_init(&r);
	get(s, id, &r);
	snprintf(note, sizeof note, "%s", r.uid);
	o.now = NOW + 10;
	ops_result_init(&res);
	CHECK_EQ_INT(ops_rm(&o, id, &res, &e), 0);
	ops_result_clear(&res);
	CHECK_EQ_INT(store_tombstone_at(s, "run", note, &at, &e), 1);
	CHECK_EQ_INT(at, NOW + 10);
	o.now = NOW + 20;
	CHECK_EQ_INT(ops_undo(&o, what, sizeof what, &e), 1);
	CHECK_EQ_INT(store_run_by_uid(s, note, &id, &e), 1);
	get(s, id, &r);
	CHECK_EQ_INT(r.modified, NOW + 20);
	CHECK_EQ_INT(store_tombstone_at(s, "run", note, &at, &e), 0);

	/* A removal made elsewhere before the undo leaves the run; one at
	 * the same time as its last change removes it. */
	o.now = NOW + 30;
	CHECK_EQ_INT(ops_import_begin(&o, &im, "merge", NULL, NULL, &e), 0);
	CHECK_EQ_INT(ops_merge_removal(&im, "run", note, NOW + 15, &e), 0);
	CHECK_EQ_INT(im.removed, 0);
	CHECK_EQ_INT(ops_merge_removal(&im, "run", note, NOW + 20, &e), 0);
	CHECK_EQ_INT(im.removed, 1);
	/* The run as it was before the removal, sent again: left out. */
	r.modified = NOW + 20;
	CHECK_EQ_INT(ops_merge_run(&im, &r, &e), 0);
	CHECK_EQ_INT(im.gone, 1);
	CHECK_EQ_INT(im.added, 0);
	/* Settings at the same time: the smaller value (the earlier plan). */
	CHECK_EQ_INT(ops_merge_setting(&im, "plan.start", "2026-10-01", 0, &e),
	    0);
	CHECK_EQ_INT(ops_merge_setting(&im, "plan.start", "2026-11-01", 0, &e),
	    0);
	/* A machine's own setting never travels. */
	CHECK_EQ_INT(ops_merge_setting(&im, "sync.machine", "other", NOW, &e),
	    0);
	CHECK_EQ_INT(ops_import_commit(&im, 0, &e), 0);
	CHECK_EQ_INT(store_run_by_uid(s, note, &id, &e), 0);
	CHECK_EQ_INT(store_setting_at(s, "plan.start", val, sizeof val, &mod,
	    &e), 1);
	CHECK_EQ_STR(val, "2026-10-01");
	CHECK_EQ_INT(store_setting_at(s, "sync.machine", val, sizeof val, &mod,
	    &e), 0);
	run_clear(&r);
	done(&o, s);
}

/* PRAGMA cache_size of s. */
static long long
cache_size(struct store *s)
{
	sqlite3_stmt *st;
	long long v = 0;

	if (sqlite3_prepare_v2(s->db, "PRAGMA cache_size", -1, &st, NULL) !=
	    SQLITE_OK)
		return 0;
	if (sqlite3_step(st) == SQLITE_ROW)
		v = sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	return v;
}

/* A merge holds at least 8 MiB of pages while it lasts, and puts back
 * the size it found, whatever that was. */
static void
test_merge_cache(void)
{
	struct store_merge *m;
	struct err e = { "" };
	struct ops o;
	struct store *s = fresh(&o);

	if (s == NULL)
		return;
	sqlite3_exec(s->db, "PRAGMA cache_size = -3000", NULL, NULL, NULL);
	CHECK_EQ_INT(store_begin(s, "merge", &e), 0);
	if (CHECK_EQ_INT(store_merge_new(s, &m, &e), 0)) {
		CHECK_EQ_INT(cache_size(s), -8192);
		store_merge_free(m);
	}
	store_rollback(s);
	CHECK_EQ_INT(cache_size(s), -3000);
	done(&o, s);
}

int
main(void)
{
	setenv("TZ", "UTC", 1);
	tzset();
	setenv("GPULOG_NOW", "2026-12-01T12:00:00Z", 1);
	snprintf(dir, sizeof dir, "/tmp/gpulog-ops-XXXXXX");
	if (mkdtemp(dir) == NULL) {
		perror("mkdtemp");
		return 1;
	}
	test_add();
	test_checks();
	test_reprice();
	test_reprice_currency();
	test_start_stop();
	test_lost_update();
	test_expense_race();
	test_record();
	test_record_abandon();
	test_live_journal();
	test_expenses();
	test_monthly();
	test_monthly_back();
	test_run_idle();
	test_packs();
	test_packs_windows();
	test_history();
	test_subscription_paid();
	test_settings();
	test_quota_kind();
	test_import();
	test_limits();
	test_merge();
	test_merge_cache();
	if (rmdir(dir) != 0)
		printf("note: %s is not empty\n", dir);
	return t_done();
}
