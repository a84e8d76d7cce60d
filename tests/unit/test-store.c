/*
 * test-store.c: store/ on fresh temporary databases: the catalog a new
 * database starts with, the schema version, runs added, read, changed and
 * removed inside changes, undo (one change at a time, back to nothing),
 * rollback, the run filters, the runs of a quota window, idempotent import,
 * overlap search, refusing files that are not (or are newer) databases, and
 * rows surviving a reopen.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "core/budget.h"
#include "core/catalog.h"
#include "core/clock.h"
#include "core/err.h"
#include "core/fx.h"
#include "core/model.h"
#include "core/quota.h"
#include "store/internal.h"
#include "store/metrics.h"
#include "store/page.h"
#include "store/snapshot.h"
#include "store/store.h"
#include "store/sync.h"
#include "store/summary.h"
#include "tests/unit/t.h"

#define H(x) ((int64_t)(x) * 3600)

static char dir[64];

/* The path of name in the test directory (a static buffer). */
static const char *
path_of(const char *name)
{
	static char buf[4][160];
	static int k;

	k = (k + 1) % 4;
	snprintf(buf[k], sizeof buf[k], "%s/%s", dir, name);
	return buf[k];
}

static void
remove_db(const char *name)
{
	char p[200];

	snprintf(p, sizeof p, "%s", path_of(name));
	unlink(p);
	snprintf(p, sizeof p, "%s-wal", path_of(name));
	unlink(p);
	snprintf(p, sizeof p, "%s-shm", path_of(name));
	unlink(p);
}

/* Opens name in the test directory, or reports why not and returns NULL. */
static struct store *
open_db(const char *name, int64_t now)
{
	struct store *s = NULL;
	struct err e = { "" };

	if (!CHECK_EQ_INT(store_open(&s, path_of(name), now, &e), 0)) {
		printf("  store_open: %s\n", e.msg);
		return NULL;
	}
	return s;
}

/* A run on platform from start to end labelled by its note. */
static struct run
mkrun(const char *platform, int64_t start, int64_t end, const char *label)
{
	struct run r;

	run_init(&r);
	snprintf(r.platform, sizeof r.platform, "%s", platform);
	r.start = start;
	r.end = end;
	r.note = label ? xstrdup(label) : NULL;
	r.created = r.modified = start;
	return r;
}

/* Adds r in a change of its own; returns its id or 0. */
static int64_t
add_one(struct store *s, struct run *r, const char *what)
{
	struct err e = { "" };

	if (store_begin(s, what, &e) < 0 || store_add_run(s, r, &e) < 0 ||
	    store_commit(s, &e) < 0) {
		printf("  add_one: %s\n", e.msg);
		store_rollback(s);
		return 0;
	}
	return r->id;
}

struct labels {
	char buf[256];
	int calls;
	int stop_at;    /* return 7 on this call, when > 0 */
};

static int
collect(const struct run *r, void *arg)
{
	struct labels *l = arg;
	size_t k = strlen(l->buf);

	snprintf(l->buf + k, sizeof l->buf - k, "%s%s", k ? " " : "",
	    r->note ? r->note : "?");
	l->calls++;
	return l->calls == l->stop_at ? 7 : 0;
}

/* The labels of the runs matching f, in the order given, space-separated
 * (a static buffer), or "error". */
static const char *
walk(struct store *s, const struct filter *f)
{
	static struct labels l;
	struct err e = { "" };

	memset(&l, 0, sizeof l);
	if (store_each_run(s, f, collect, &l, &e) != 0) {
		printf("  store_each_run: %s\n", e.msg);
		return "error";
	}
	return l.buf;
}

static int
count_runs(struct store *s)
{
	struct filter f;
	struct labels l;
	struct err e = { "" };

	memset(&f, 0, sizeof f);
	memset(&l, 0, sizeof l);
	if (store_each_run(s, &f, collect, &l, &e) != 0)
		return -1;
	return l.calls;
}

/* PRAGMA user_version read from the file's header: 4 bytes, big-endian,
 * at offset 60. */
static long
header_user_version(const char *path)
{
	unsigned char b[4];
	FILE *f = fopen(path, "rb");
	long v = -1;

	if (f == NULL)
		return -1;
	if (fseek(f, 60, SEEK_SET) == 0 && fread(b, 1, 4, f) == 4)
		v = (long)b[0] << 24 | (long)b[1] << 16 | (long)b[2] << 8 |
		    (long)b[3];
	fclose(f);
	return v;
}

static const struct quota *
find_quota(const struct quota *q, size_t n, const char *platform)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (strcmp(q[i].platform, platform) == 0)
			return &q[i];
	return NULL;
}

static void
test_fresh(void)
{
	int64_t now = t_utc(2026, 11, 28, 10, 0, 0);
	struct store *s;
	struct err e = { "" };
	struct platform *p = NULL;
	struct quota *q = NULL;
	struct rate *r = NULL;
	struct phase *ph = NULL;
	struct fx_point *fx = NULL;
	const struct quota *k;
	char what[64], val[64];
	size_t n, i;
	int found;

	if ((s = open_db("fresh.db", now)) == NULL)
		return;
	CHECK_EQ_INT(store_opened_version(s), 0);

	/* The platforms, as shipped: the eleven of 2026 first. */
	if (CHECK_EQ_INT(store_load_platforms(s, &p, &n, &e), 0)) {
		static const char *const keys[] = { "local", "colab-free",
			"colab-pro", "kaggle", "lightning", "vast", "runpod",
			"lambda", "cloud", "colab-plus", "colab-payg" };

		CHECK_EQ_INT(n, catalog_nplatforms);
		for (i = 0; i < n && i < 11; i++)
			CHECK_EQ_STR(p[i].key, keys[i]);
		for (i = 0; i < n && i < catalog_nplatforms; i++)
			CHECK_EQ_STR(p[i].key, catalog_platforms[i].key);
		if (n >= 4) {
			CHECK_EQ_STR(p[3].name, "Kaggle Notebooks");
			CHECK_EQ_INT(p[3].billing, BILL_FREE);
			CHECK_EQ_INT(p[3].session_cap_s, H(12));
			CHECK_EQ_INT(p[2].billing, BILL_SUBSCRIPTION);
			CHECK_EQ_STR(p[2].default_gpu, "T4");
		}
		if (n >= 11) {
			CHECK_EQ_INT(p[9].billing, BILL_SUBSCRIPTION);
			CHECK_EQ_INT(p[10].billing, BILL_UNITS);
			CHECK_EQ_INT(p[10].pack_days, 90);
		}
		free(p);
	}

	/* Kaggle 30 h a week from Saturday 00:00 UTC, Lightning 80 h a
	 * month from the 1st, Colab Pro 100 compute units a month, Pro+ 600,
	 * and pay as you go's packs of 100. */
	if (CHECK_EQ_INT(store_load_quotas(s, &q, &n, &e), 0)) {
		CHECK_EQ_INT(n, catalog_nquotas);
		CHECK(n >= 5);
		if (CHECK((k = find_quota(q, n, "colab-plus")) != NULL))
			CHECK_EQ_INT(k->amount, 60000);
		if (CHECK((k = find_quota(q, n, "colab-payg")) != NULL))
			CHECK_EQ_INT(k->amount, 10000);
		if (CHECK((k = find_quota(q, n, "kaggle")) != NULL)) {
			CHECK_EQ_INT(k->unit, QU_SESSION_S);
			CHECK_EQ_INT(k->amount, 108000);
			CHECK_EQ_INT(k->window, QW_WEEK);
			CHECK_EQ_INT(k->reset_wday, 6);
			CHECK_EQ_INT(k->reset_min, 0);
		}
		if (CHECK((k = find_quota(q, n, "lightning")) != NULL)) {
			CHECK_EQ_INT(k->unit, QU_CREDIT);
			CHECK_EQ_INT(k->amount, 0);
			CHECK_EQ_INT(k->window, QW_MONTH);
			CHECK_EQ_INT(k->reset_mday, 1);
		}
		if (CHECK((k = find_quota(q, n, "colab-pro")) != NULL)) {
			CHECK_EQ_INT(k->unit, QU_CU);
			CHECK_EQ_INT(k->amount, 10000);
			CHECK_EQ_INT(k->window, QW_MONTH);
		}
		free(q);
	}

	if (CHECK_EQ_INT(store_load_rates(s, &r, &n, &e), 0)) {
		CHECK_EQ_INT(n, catalog_nrates);
		CHECK_EQ_INT(n, 33);
		found = 0;
		for (i = 0; i < n; i++) {
			if (strcmp(r[i].platform, "vast") == 0 &&
			    strcmp(r[i].gpu, "RTX 3090") == 0) {
				CHECK_EQ_INT(r[i].rate_micro, 135000);
				CHECK_EQ_STR(r[i].currency, "USD");
				found++;
			}
			if (strcmp(r[i].platform, "colab-pro") == 0 &&
			    strcmp(r[i].gpu, "T4") == 0) {
				CHECK_EQ_INT(r[i].cu_centi_h, 119);
				found++;
			}
		}
		CHECK_EQ_INT(found, 2);
		free(r);
	}

	/* The plan's five phases, by month. */
	if (CHECK_EQ_INT(store_load_phases(s, &ph, &n, &e), 0)) {
		CHECK_EQ_INT(n, 5);
		if (n == 5) {
			CHECK_EQ_INT(ph[0].first_month, 1);
			CHECK_EQ_INT(ph[0].last_month, 3);
			CHECK_EQ_INT(ph[2].first_month, 7);
			CHECK_EQ_INT(ph[2].budget_min_minor, 89900);
			CHECK_EQ_INT(ph[2].budget_max_minor, 200000);
			CHECK_EQ_STR(ph[2].currency, "INR");
			CHECK_EQ_INT(ph[4].first_month, 12);
			CHECK_EQ_INT(ph[4].last_month, 13);
			CHECK_EQ_STR(ph[4].name, "Capstone Projects");
		}
		free(ph);
	}

	/* One rate, 83.50 on 2026-07-01 (day 20635). */
	if (CHECK_EQ_INT(store_load_fx(s, &fx, &n, &e), 0)) {
		CHECK_EQ_INT(n, 1);
		if (n == 1) {
			CHECK_EQ_INT(fx[0].day, 20635);
			CHECK_EQ_INT(fx[0].usd_inr_micro, 83500000);
		}
		free(fx);
	}

	/* The plan starts with the month the log does. */
	CHECK_EQ_INT(store_get_setting(s, "plan.start", val, sizeof val, &e),
	    1);
	CHECK_EQ_STR(val, "2026-11-01");
	CHECK_EQ_INT(store_get_setting(s, "currency", val, sizeof val, &e), 1);
	CHECK_EQ_STR(val, "INR");
	CHECK_EQ_INT(store_get_setting(s, "no.such", val, sizeof val, &e), 0);

	/* Loading the catalog is not a change to undo. */
	CHECK_EQ_INT(store_undo(s, what, sizeof what, &e), 0);
	CHECK_EQ_INT(count_runs(s), 0);
	store_close(s);

	/* The file says it has the schema this build writes, and says so
	 * again when reopened. */
	CHECK_EQ_INT(header_user_version(path_of("fresh.db")),
	    STORE_SCHEMA_VERSION);
	if ((s = open_db("fresh.db", now)) != NULL) {
		CHECK_EQ_INT(store_opened_version(s), STORE_SCHEMA_VERSION);
		store_close(s);
	}
	remove_db("fresh.db");
	store_close(NULL);
}

/* The plan's start month is local: 2026-11-30 20:00Z is December 1 in
 * India. */
static void
test_plan_start_local(void)
{
	int64_t now = t_utc(2026, 11, 30, 20, 0, 0);
	struct store *s;
	struct err e = { "" };
	char val[32];

	setenv("TZ", "Asia/Kolkata", 1);
	tzset();
	if ((s = open_db("india.db", now)) != NULL) {
		store_get_setting(s, "plan.start", val, sizeof val, &e);
		CHECK_EQ_STR(val, "2026-12-01");
		store_close(s);
	}
	setenv("TZ", "UTC", 1);
	tzset();
	if ((s = open_db("utc.db", now)) != NULL) {
		store_get_setting(s, "plan.start", val, sizeof val, &e);
		CHECK_EQ_STR(val, "2026-11-01");
		store_close(s);
	}
	remove_db("india.db");
	remove_db("utc.db");
}

static int
is_hex32(const char *u)
{
	size_t i;

	if (strlen(u) != 32)
		return 0;
	for (i = 0; i < 32; i++)
		if (strchr("0123456789abcdef", u[i]) == NULL)
			return 0;
	return 1;
}

static void
test_crud(void)
{
	int64_t now = t_utc(2026, 11, 28, 10, 0, 0);
	int64_t start = t_utc(2026, 11, 27, 14, 0, 0), id, id2, nth;
	struct store *s;
	struct err e = { "" };
	struct run r, g, bad;
	char label[32], uid[33];

	if ((s = open_db("crud.db", now)) == NULL)
		return;
	r = mkrun("kaggle", start, start + H(2) + 1800, "resnet18 cifar10");
	strcpy(r.gpu, "P100");
	r.gpus = 2;
	r.checkpointed = 1;
	r.project = xstrdup("cifar");
	r.tags = xstrdup("cnn,baseline");
	r.created = now;
	r.modified = now;

	CHECK_EQ_INT(store_begin(s, "add", &e), 0);
	CHECK_EQ_INT(store_add_run(s, &r, &e), 0);
	CHECK(r.id > 0);
	snprintf(label, sizeof label, "add #%lld", (long long)r.id);
	CHECK_EQ_INT(store_change_label(s, label, &e), 0);
	CHECK_EQ_INT(store_commit(s, &e), 0);
	id = r.id;

	run_init(&g);
	if (CHECK_EQ_INT(store_get_run(s, id, &g, &e), 1)) {
		CHECK_EQ_INT(g.id, id);
		CHECK_EQ_STR(g.platform, "kaggle");
		CHECK_EQ_STR(g.gpu, "P100");
		CHECK_EQ_INT(g.gpus, 2);
		CHECK_EQ_INT(g.start, start);
		CHECK_EQ_INT(g.end, start + 9000);
		CHECK_EQ_INT(g.cost_minor, 0);
		CHECK_EQ_STR(g.currency, "");
		CHECK_EQ_INT(g.rate_micro, 0);
		CHECK_EQ_INT(g.cu_centi, -1);
		CHECK_EQ_INT(g.checkpointed, 1);
		CHECK_EQ_STR(g.note, "resnet18 cifar10");
		CHECK_EQ_STR(g.project, "cifar");
		CHECK_EQ_STR(g.tags, "cnn,baseline");
		CHECK_EQ_STR(g.source, "cli");
		CHECK(g.source_id == NULL);
		CHECK_EQ_INT(g.created, now);
		CHECK_EQ_INT(g.modified, now);
		CHECK(is_hex32(g.uid));
	}
	snprintf(uid, sizeof uid, "%s", g.uid);
	/* Reading into the same run again frees what it held. */
	CHECK_EQ_INT(store_get_run(s, id, &g, &e), 1);
	CHECK_EQ_INT(store_get_run(s, id + 1000, &g, &e), 0);

	/* Change it. */
	run_clear(&g);
	CHECK_EQ_INT(store_get_run(s, id, &g, &e), 1);
	free(g.note);
	g.note = xstrdup("changed");
	g.end += H(1);
	g.cu_centi = 250;
	strcpy(g.currency, "USD");
	g.cost_minor = 320;
	g.modified = now + 60;
	CHECK_EQ_INT(store_begin(s, "edit", &e), 0);
	CHECK_EQ_INT(store_update_run(s, &g, &e), 0);
	CHECK_EQ_INT(store_commit(s, &e), 0);
	run_clear(&g);
	if (CHECK_EQ_INT(store_get_run(s, id, &g, &e), 1)) {
		CHECK_EQ_STR(g.note, "changed");
		CHECK_EQ_INT(g.end, start + 9000 + H(1));
		CHECK_EQ_INT(g.cu_centi, 250);
		CHECK_EQ_INT(g.cost_minor, 320);
		CHECK_EQ_STR(g.currency, "USD");
		CHECK_EQ_INT(g.modified, now + 60);
		CHECK_EQ_STR(g.uid, uid);       /* identity is kept */
	}

	/* No such run to change or remove. */
	CHECK_EQ_INT(store_begin(s, "edit", &e), 0);
	g.id = 9999;
	CHECK_EQ_INT(store_update_run(s, &g, &e), -1);
	CHECK(strstr(e.msg, "9999") != NULL);
	CHECK_EQ_INT(store_delete_run(s, 9999, &e), -1);
	CHECK(strstr(e.msg, "9999") != NULL);
	store_rollback(s);
	run_clear(&g);

	/* An open run reads back open. */
	bad = mkrun("colab-pro", now - H(1), RUN_OPEN, "open");
	id2 = add_one(s, &bad, "start");
	CHECK(id2 > 0);
	run_clear(&bad);
	if (CHECK_EQ_INT(store_get_run(s, id2, &g, &e), 1))
		CHECK_EQ_INT(g.end, RUN_OPEN);
	run_clear(&g);
	CHECK_EQ_INT(store_nth_run(s, 1, 1, &nth, &e), 1);
	CHECK_EQ_INT(nth, id2);
	CHECK_EQ_INT(store_nth_run(s, 1, 0, &nth, &e), 1);
	CHECK_EQ_INT(nth, id2);                 /* the newest by start */
	CHECK_EQ_INT(store_nth_run(s, 2, 0, &nth, &e), 1);
	CHECK_EQ_INT(nth, id);
	CHECK_EQ_INT(store_nth_run(s, 3, 0, &nth, &e), 0);
	CHECK_EQ_INT(store_nth_run(s, 2, 1, &nth, &e), 0);

	/* The schema refuses what the model forbids. */
	CHECK_EQ_INT(store_begin(s, "add", &e), 0);
	bad = mkrun("kaggle", now, now + H(1), "no gpus");
	bad.gpus = 0;
	CHECK_EQ_INT(store_add_run(s, &bad, &e), -1);
	CHECK(strstr(e.msg, "cannot add the run") != NULL);
	run_clear(&bad);
	bad = mkrun("kaggle", now, now - H(1), "backwards");
	CHECK_EQ_INT(store_add_run(s, &bad, &e), -1);
	run_clear(&bad);
	bad = mkrun("nosuch", now, now + H(1), "no platform");
	CHECK_EQ_INT(store_add_run(s, &bad, &e), -1);
	run_clear(&bad);
	store_rollback(s);
	CHECK_EQ_INT(count_runs(s), 2);

	/* Remove it. */
	CHECK_EQ_INT(store_begin(s, "rm", &e), 0);
	CHECK_EQ_INT(store_delete_run(s, id, &e), 0);
	CHECK_EQ_INT(store_commit(s, &e), 0);
	CHECK_EQ_INT(store_get_run(s, id, &g, &e), 0);
	CHECK_EQ_INT(count_runs(s), 1);
	run_clear(&g);
	run_clear(&r);
	store_close(s);
	remove_db("crud.db");
}

/* The note of run id, or "(gone)" (a static buffer). */
static const char *
note_of(struct store *s, int64_t id)
{
	static char buf[64];
	struct run g;
	struct err e = { "" };
	int rc;

	run_init(&g);
	rc = store_get_run(s, id, &g, &e);
	snprintf(buf, sizeof buf, "%s", rc == 1 ? (g.note ? g.note : "") :
	    rc == 0 ? "(gone)" : "(error)");
	run_clear(&g);
	return buf;
}

static void
test_undo(void)
{
	int64_t now = t_utc(2026, 11, 28, 10, 0, 0), a, b, c, ids[5];
	struct store *s;
	struct err e = { "" };
	struct run r, g;
	struct quota *q = NULL;
	const struct quota *k;
	char what[64], val[32], uid[33] = "";
	size_t n;
	int i;

	if ((s = open_db("undo.db", now)) == NULL)
		return;
	CHECK_EQ_INT(store_undo(s, what, sizeof what, &e), 0);

	r = mkrun("kaggle", now - H(3), now - H(1), "first");
	a = add_one(s, &r, "add #1");
	run_clear(&r);
	run_init(&g);
	if (store_get_run(s, a, &g, &e) == 1)
		snprintf(uid, sizeof uid, "%s", g.uid);
	free(g.note);
	g.note = xstrdup("edited");
	CHECK_EQ_INT(store_begin(s, "edit #1", &e), 0);
	CHECK_EQ_INT(store_update_run(s, &g, &e), 0);
	CHECK_EQ_INT(store_commit(s, &e), 0);
	run_clear(&g);
	r = mkrun("vast", now - H(2), now, "second");
	b = add_one(s, &r, "add #2");
	run_clear(&r);
	CHECK_EQ_INT(store_begin(s, "rm #1", &e), 0);
	CHECK_EQ_INT(store_delete_run(s, a, &e), 0);
	CHECK_EQ_INT(store_commit(s, &e), 0);
	CHECK_EQ_STR(note_of(s, a), "(gone)");
	CHECK_EQ_STR(note_of(s, b), "second");

	/* Back one change at a time, newest first. */
	CHECK_EQ_INT(store_undo(s, what, sizeof what, &e), 1);
	CHECK_EQ_STR(what, "rm #1");
	CHECK_EQ_STR(note_of(s, a), "edited");
	run_init(&g);
	if (CHECK_EQ_INT(store_get_run(s, a, &g, &e), 1))
		CHECK_EQ_STR(g.uid, uid);       /* the same identity */
	run_clear(&g);
	CHECK_EQ_INT(store_undo(s, what, sizeof what, &e), 1);
	CHECK_EQ_STR(what, "add #2");
	CHECK_EQ_STR(note_of(s, b), "(gone)");
	CHECK_EQ_STR(note_of(s, a), "edited");
	CHECK_EQ_INT(store_undo(s, what, sizeof what, &e), 1);
	CHECK_EQ_STR(what, "edit #1");
	CHECK_EQ_STR(note_of(s, a), "first");
	CHECK_EQ_INT(store_undo(s, what, sizeof what, &e), 1);
	CHECK_EQ_STR(what, "add #1");
	CHECK_EQ_STR(note_of(s, a), "(gone)");
	CHECK_EQ_INT(count_runs(s), 0);
	strcpy(what, "unchanged");
	CHECK_EQ_INT(store_undo(s, what, sizeof what, &e), 0);
	CHECK_EQ_STR(what, "unchanged");
	CHECK_EQ_INT(store_undo(s, what, sizeof what, &e), 0);

	/* A change rolled back leaves nothing, not even itself. */
	CHECK_EQ_INT(store_begin(s, "add", &e), 0);
	r = mkrun("kaggle", now - H(1), now, "rolled back");
	CHECK_EQ_INT(store_add_run(s, &r, &e), 0);
	c = r.id;
	run_clear(&r);
	store_rollback(s);
	CHECK_EQ_STR(note_of(s, c), "(gone)");
	CHECK_EQ_INT(count_runs(s), 0);
	CHECK_EQ_INT(store_undo(s, what, sizeof what, &e), 0);

	/* A change that wrote nothing is nothing to undo. */
	CHECK_EQ_INT(store_begin(s, "nothing", &e), 0);
	CHECK_EQ_INT(store_commit(s, &e), 0);
	CHECK_EQ_INT(store_undo(s, what, sizeof what, &e), 0);

	/* A change of several writes is undone whole. */
	CHECK_EQ_INT(store_begin(s, "import 3", &e), 0);
	for (i = 0; i < 3; i++) {
		r = mkrun("kaggle", now - H(10 - i), now - H(9 - i), "batch");
		CHECK_EQ_INT(store_add_run(s, &r, &e), 0);
		run_clear(&r);
	}
	CHECK_EQ_INT(store_commit(s, &e), 0);
	CHECK_EQ_INT(count_runs(s), 3);
	CHECK_EQ_INT(store_undo(s, what, sizeof what, &e), 1);
	CHECK_EQ_STR(what, "import 3");
	CHECK_EQ_INT(count_runs(s), 0);

	/* Settings and quotas are undone too. */
	CHECK_EQ_INT(store_begin(s, "set currency", &e), 0);
	CHECK_EQ_INT(store_set_setting(s, "currency", "USD", &e), 0);
	CHECK_EQ_INT(store_commit(s, &e), 0);
	store_get_setting(s, "currency", val, sizeof val, &e);
	CHECK_EQ_STR(val, "USD");
	if (CHECK_EQ_INT(store_load_quotas(s, &q, &n, &e), 0) &&
	    CHECK((k = find_quota(q, n, "kaggle")) != NULL)) {
		struct quota nq = *k;

		nq.amount = H(20);
		CHECK_EQ_INT(store_begin(s, "quota kaggle", &e), 0);
		CHECK_EQ_INT(store_set_quota(s, &nq, &e), 0);
		CHECK_EQ_INT(store_commit(s, &e), 0);
	}
	free(q);
	q = NULL;
	if (CHECK_EQ_INT(store_load_quotas(s, &q, &n, &e), 0) &&
	    CHECK((k = find_quota(q, n, "kaggle")) != NULL))
		CHECK_EQ_INT(k->amount, H(20));
	free(q);
	q = NULL;
	CHECK_EQ_INT(store_undo(s, what, sizeof what, &e), 1);
	CHECK_EQ_STR(what, "quota kaggle");
	if (CHECK_EQ_INT(store_load_quotas(s, &q, &n, &e), 0) &&
	    CHECK((k = find_quota(q, n, "kaggle")) != NULL))
		CHECK_EQ_INT(k->amount, H(30));
	free(q);
	CHECK_EQ_INT(store_undo(s, what, sizeof what, &e), 1);
	CHECK_EQ_STR(what, "set currency");
	store_get_setting(s, "currency", val, sizeof val, &e);
	CHECK_EQ_STR(val, "INR");
	CHECK_EQ_INT(store_undo(s, what, sizeof what, &e), 0);

	/* Again and again: five changes, five undos, then nothing. */
	for (i = 0; i < 5; i++) {
		char name[32];

		snprintf(name, sizeof name, "add #%d", i + 1);
		r = mkrun("kaggle", now - H(20 - 2 * i), now - H(19 - 2 * i),
		    name);
		ids[i] = add_one(s, &r, name);
		run_clear(&r);
	}
	CHECK_EQ_INT(count_runs(s), 5);
	for (i = 4; i >= 0; i--) {
		char name[32];

		snprintf(name, sizeof name, "add #%d", i + 1);
		CHECK_EQ_INT(store_undo(s, what, sizeof what, &e), 1);
		CHECK_EQ_STR(what, name);
		CHECK_EQ_STR(note_of(s, ids[i]), "(gone)");
		CHECK_EQ_INT(count_runs(s), i);
	}
	CHECK_EQ_INT(store_undo(s, what, sizeof what, &e), 0);

	/* Undo reaches across a reopen. */
	r = mkrun("kaggle", now - H(2), now - H(1), "kept");
	a = add_one(s, &r, "add kept");
	run_clear(&r);
	store_close(s);
	if ((s = open_db("undo.db", now)) == NULL)
		return;
	CHECK_EQ_STR(note_of(s, a), "kept");
	CHECK_EQ_INT(store_undo(s, what, sizeof what, &e), 1);
	CHECK_EQ_STR(what, "add kept");
	CHECK_EQ_STR(note_of(s, a), "(gone)");
	CHECK_EQ_INT(store_undo(s, what, sizeof what, &e), 0);
	store_close(s);
	remove_db("undo.db");
}

static void
test_each_run(void)
{
	int64_t now = t_utc(2026, 11, 28, 10, 0, 0);
	struct store *s;
	struct err e = { "" };
	struct filter f;
	struct labels l;
	struct run r[5];
	int i;

	if ((s = open_db("each.db", now)) == NULL)
		return;
	r[0] = mkrun("kaggle", t_utc(2026, 11, 1, 10, 0, 0),
	    t_utc(2026, 11, 1, 12, 0, 0), "R1");
	r[0].tags = xstrdup("cnn,baseline");
	r[0].project = xstrdup("cifar");
	r[1] = mkrun("kaggle", t_utc(2026, 11, 5, 10, 0, 0),
	    t_utc(2026, 11, 5, 11, 0, 0), "R2");
	r[1].tags = xstrdup("nlp");
	r[1].project = xstrdup("bert");
	r[2] = mkrun("vast", t_utc(2026, 11, 10, 10, 0, 0),
	    t_utc(2026, 11, 10, 14, 0, 0), "R3");
	r[2].tags = xstrdup("cnn");
	r[2].project = xstrdup("cifar");
	strcpy(r[2].source, "vast");
	r[2].source_id = xstrdup("v-1");
	r[2].cost_minor = 128;
	strcpy(r[2].currency, "USD");
	r[3] = mkrun("colab-pro", t_utc(2026, 11, 20, 10, 0, 0),
	    t_utc(2026, 11, 20, 12, 0, 0), "R4");
	r[3].tags = xstrdup("cnnx");
	r[3].project = xstrdup("cifar10");
	r[4] = mkrun("kaggle", t_utc(2026, 11, 28, 8, 0, 0), RUN_OPEN, "R5");
	/* Added out of order: the walk orders by start. */
	CHECK_EQ_INT(store_begin(s, "add 5", &e), 0);
	for (i = 4; i >= 0; i--)
		CHECK_EQ_INT(store_add_run(s, &r[i], &e), 0);
	CHECK_EQ_INT(store_commit(s, &e), 0);
	for (i = 0; i < 5; i++)
		run_clear(&r[i]);

	memset(&f, 0, sizeof f);
	CHECK_EQ_STR(walk(s, &f), "R1 R2 R3 R4 R5");
	f.platform = "kaggle";
	CHECK_EQ_STR(walk(s, &f), "R1 R2 R5");
	f.platform = "lambda";
	CHECK_EQ_STR(walk(s, &f), "");

	/* A tag is a whole item of the list: cnn is not cnnx. */
	memset(&f, 0, sizeof f);
	f.tag = "cnn";
	CHECK_EQ_STR(walk(s, &f), "R1 R3");
	f.tag = "baseline";
	CHECK_EQ_STR(walk(s, &f), "R1");
	f.tag = "cnnx";
	CHECK_EQ_STR(walk(s, &f), "R4");
	f.tag = "cifar";
	CHECK_EQ_STR(walk(s, &f), "");
	/* A tag is matched literally: "_" and "%" are characters, not
	 * LIKE wildcards, and no run has the tag "cn_" or "%". */
	f.tag = "cn_";
	CHECK_EQ_STR(walk(s, &f), "");
	f.tag = "%";
	CHECK_EQ_STR(walk(s, &f), "");

	memset(&f, 0, sizeof f);
	f.project = "cifar";
	CHECK_EQ_STR(walk(s, &f), "R1 R3");
	f.project = "cifar10";
	CHECK_EQ_STR(walk(s, &f), "R4");

	/* since is inclusive, until exclusive, by start. */
	memset(&f, 0, sizeof f);
	f.since = t_utc(2026, 11, 5, 0, 0, 0);
	CHECK_EQ_STR(walk(s, &f), "R2 R3 R4 R5");
	f.since = 0;
	f.until = t_utc(2026, 11, 10, 0, 0, 0);
	CHECK_EQ_STR(walk(s, &f), "R1 R2");
	f.since = t_utc(2026, 11, 5, 10, 0, 0);
	f.until = t_utc(2026, 11, 20, 10, 0, 0);
	CHECK_EQ_STR(walk(s, &f), "R2 R3");
	f.platform = "kaggle";
	CHECK_EQ_STR(walk(s, &f), "R2");

	memset(&f, 0, sizeof f);
	f.limit = 2;
	CHECK_EQ_STR(walk(s, &f), "R1 R2");
	f.newest_first = 1;
	CHECK_EQ_STR(walk(s, &f), "R5 R4");
	f.limit = 0;
	CHECK_EQ_STR(walk(s, &f), "R5 R4 R3 R2 R1");
	f.platform = "kaggle";
	f.limit = 1;
	CHECK_EQ_STR(walk(s, &f), "R5");

	memset(&f, 0, sizeof f);
	f.open_only = 1;
	CHECK_EQ_STR(walk(s, &f), "R5");
	memset(&f, 0, sizeof f);
	f.source = "vast";
	CHECK_EQ_STR(walk(s, &f), "R3");
	f.source = "cli";
	CHECK_EQ_STR(walk(s, &f), "R1 R2 R4 R5");

	/* A callback's non-zero return stops the walk and is returned. */
	memset(&f, 0, sizeof f);
	memset(&l, 0, sizeof l);
	l.stop_at = 2;
	CHECK_EQ_INT(store_each_run(s, &f, collect, &l, &e), 7);
	CHECK_EQ_INT(l.calls, 2);
	CHECK_EQ_STR(l.buf, "R1 R2");

	store_close(s);
	remove_db("each.db");
}

struct use_sum {
	const struct quota *q;
	int64_t ws, we, now, total;
	struct labels l;
};

static int
sum_use(const struct run *r, void *arg)
{
	struct use_sum *u = arg;

	u->total += quota_run_use(u->q, r, u->ws, u->we, u->now, 0);
	return collect(r, &u->l);
}

static void
test_window_run(void)
{
	int64_t now = t_utc(2026, 12, 1, 0, 0, 0);
	int64_t ws = t_utc(2026, 11, 28, 0, 0, 0), we = ws + WEEK_S;
	struct store *s;
	struct err e = { "" };
	struct run r[8];
	struct quota q;
	struct use_sum u;
	int i;

	if ((s = open_db("window.db", now)) == NULL)
		return;
	/* Crossing the start; crossing the end; ending exactly at the start
	 * and starting exactly at the end (neither is in); open since inside;
	 * another platform; open since before; inside. */
	r[0] = mkrun("kaggle", ws - H(1), ws + H(2), "W1");
	r[1] = mkrun("kaggle", we - H(1), we + H(1), "W2");
	r[2] = mkrun("kaggle", ws - H(4), ws, "W3");
	r[3] = mkrun("kaggle", we, we + H(1), "W4");
	r[4] = mkrun("kaggle", ws + H(8), RUN_OPEN, "W5");
	r[5] = mkrun("vast", ws + H(34), ws + H(35), "W6");
	r[6] = mkrun("kaggle", ws - 8 * DAY_S, RUN_OPEN, "W7");
	r[7] = mkrun("kaggle", ws + H(58), ws + H(60), "W8");
	r[0].gpus = 2;
	r[7].gpus = 3;
	CHECK_EQ_INT(store_begin(s, "add 8", &e), 0);
	for (i = 0; i < 8; i++)
		CHECK_EQ_INT(store_add_run(s, &r[i], &e), 0);
	CHECK_EQ_INT(store_commit(s, &e), 0);
	for (i = 0; i < 8; i++)
		run_clear(&r[i]);

	memset(&q, 0, sizeof q);
	q.unit = QU_GPU_S;
	q.amount = H(30);
	q.window = QW_WEEK;
	q.reset_wday = 6;
	memset(&u, 0, sizeof u);
	u.q = &q;
	u.ws = ws;
	u.we = we;
	u.now = now;
	CHECK_EQ_INT(store_each_window_run(s, "kaggle", ws, we, sum_use, &u,
	    &e), 0);
	CHECK_EQ_STR(u.l.buf, "W7 W1 W5 W8 W2");
	/* W7 72 h (Sat..Tue 00:00), W1 2 h on 2 GPUs, W5 64 h (08:00 Sat
	 * to Tue), W8 2 h on 3 GPUs, W2 1 h: 147 GPU-hours. */
	CHECK_EQ_INT(u.total, H(147));
	/* What Kaggle's own figures are compared with: the same sum by
	 * each meter; by session W1 and W8 count their hours once. */
	{
		int64_t used = -1;

		CHECK_EQ_INT(store_logged_use(s, "kaggle", QU_GPU_S, ws, we,
		    now, &used, &e), 0);
		CHECK_EQ_INT(used, H(147));
		CHECK_EQ_INT(store_logged_use(s, "kaggle", QU_SESSION_S, ws,
		    we, now, &used, &e), 0);
		CHECK_EQ_INT(used, H(141));
	}

	/* The week before holds W1's first hour, W3, and the open W7. */
	memset(&u.l, 0, sizeof u.l);
	CHECK_EQ_INT(store_each_window_run(s, "kaggle", ws - WEEK_S, ws,
	    collect, &u.l, &e), 0);
	CHECK_EQ_STR(u.l.buf, "W7 W3 W1");
	memset(&u.l, 0, sizeof u.l);
	CHECK_EQ_INT(store_each_window_run(s, "vast", ws, we, collect, &u.l,
	    &e), 0);
	CHECK_EQ_STR(u.l.buf, "W6");
	memset(&u.l, 0, sizeof u.l);
	CHECK_EQ_INT(store_each_window_run(s, "lambda", ws, we, collect,
	    &u.l, &e), 0);
	CHECK_EQ_STR(u.l.buf, "");
	store_close(s);
	remove_db("window.db");
}

struct xcount {
	int n;
	int64_t total;
};

static int
count_expense(const struct expense *x, void *arg)
{
	struct xcount *c = arg;

	c->n++;
	c->total += x->amount_minor;
	return 0;
}

static void
test_import(void)
{
	int64_t now = t_utc(2026, 11, 28, 10, 0, 0);
	struct store *s;
	struct err e = { "" };
	struct run r, j, g;
	struct filter f;
	struct expense x;
	struct xcount xc;
	char what[64];

	if ((s = open_db("import.db", now)) == NULL)
		return;
	memset(&f, 0, sizeof f);

	/* By the source's own id. */
	r = mkrun("kaggle", now - H(5), now - H(2), "v1");
	strcpy(r.source, "kaggle");
	r.source_id = xstrdup("k-123");
	r.modified = 1000;
	CHECK_EQ_INT(store_begin(s, "import kaggle", &e), 0);
	CHECK_EQ_INT(store_import_run(s, &r, &e), 1);
	CHECK_EQ_INT(store_import_run(s, &r, &e), 0);
	CHECK_EQ_INT(store_commit(s, &e), 0);
	CHECK_EQ_STR(walk(s, &f), "v1");
	/* A second import of the same file adds nothing. */
	CHECK_EQ_INT(store_begin(s, "import kaggle", &e), 0);
	CHECK_EQ_INT(store_import_run(s, &r, &e), 0);
	CHECK_EQ_INT(store_commit(s, &e), 0);
	CHECK_EQ_INT(count_runs(s), 1);
	CHECK_EQ_INT(store_undo(s, what, sizeof what, &e), 1);
	CHECK_EQ_STR(what, "import kaggle");    /* the first import */
	CHECK_EQ_INT(count_runs(s), 0);
	CHECK_EQ_INT(store_begin(s, "import kaggle", &e), 0);
	CHECK_EQ_INT(store_import_run(s, &r, &e), 1);
	CHECK_EQ_INT(store_commit(s, &e), 0);

	/* Changed at the source later: updated in place. */
	free(r.note);
	r.note = xstrdup("v2");
	r.modified = 2000;
	r.end = now - H(1);
	CHECK_EQ_INT(store_begin(s, "import kaggle", &e), 0);
	CHECK_EQ_INT(store_import_run(s, &r, &e), 2);
	/* An older copy does not overwrite a newer one. */
	free(r.note);
	r.note = xstrdup("v1.5");
	r.modified = 1500;
	CHECK_EQ_INT(store_import_run(s, &r, &e), 0);
	CHECK_EQ_INT(store_commit(s, &e), 0);
	CHECK_EQ_STR(walk(s, &f), "v2");
	CHECK_EQ_INT(count_runs(s), 1);
	run_clear(&r);

	/* By uid, as another machine's export carries it. */
	j = mkrun("vast", now - H(30), now - H(28), "json v1");
	strcpy(j.source, "json");
	strcpy(j.uid, "0123456789abcdef0123456789abcdef");
	j.modified = 1000;
	CHECK_EQ_INT(store_begin(s, "import json", &e), 0);
	CHECK_EQ_INT(store_import_run(s, &j, &e), 1);
	CHECK_EQ_INT(store_import_run(s, &j, &e), 0);
	free(j.note);
	j.note = xstrdup("json v2");
	j.modified = 3000;
	CHECK_EQ_INT(store_import_run(s, &j, &e), 2);
	CHECK_EQ_INT(store_commit(s, &e), 0);
	CHECK_EQ_INT(count_runs(s), 2);
	memset(&f, 0, sizeof f);
	f.source = "json";
	CHECK_EQ_STR(walk(s, &f), "json v2");
	run_init(&g);
	{
		int64_t id;

		/* The second newest by start is the json run. */
		if (CHECK_EQ_INT(store_nth_run(s, 2, 0, &id, &e), 1) &&
		    CHECK_EQ_INT(store_get_run(s, id, &g, &e), 1))
			CHECK_EQ_STR(g.uid, "0123456789abcdef0123456789abcdef");
		run_clear(&g);
	}
	run_clear(&j);

	/* A run typed here, exported and imported back: already there. */
	r = mkrun("lambda", now - H(50), now - H(48), "typed");
	CHECK(add_one(s, &r, "add typed") > 0);
	run_init(&g);
	if (CHECK_EQ_INT(store_get_run(s, r.id, &g, &e), 1)) {
		strcpy(g.source, "cli");
		CHECK_EQ_INT(store_begin(s, "import json", &e), 0);
		CHECK_EQ_INT(store_import_run(s, &g, &e), 0);
		CHECK_EQ_INT(store_commit(s, &e), 0);
	}
	run_clear(&g);
	run_clear(&r);
	CHECK_EQ_INT(count_runs(s), 3);

	/* Expenses import the same way. */
	expense_init(&x);
	x.at = now - DAY_S;
	strcpy(x.platform, "colab-pro");
	x.amount_minor = 99900;
	strcpy(x.currency, "INR");
	strcpy(x.source, "colab");
	x.source_id = xstrdup("inv-1");
	CHECK_EQ_INT(store_begin(s, "import colab", &e), 0);
	CHECK_EQ_INT(store_import_expense(s, &x, &e), 1);
	CHECK_EQ_INT(store_import_expense(s, &x, &e), 0);
	CHECK_EQ_INT(store_commit(s, &e), 0);
	expense_clear(&x);
	memset(&xc, 0, sizeof xc);
	CHECK_EQ_INT(store_each_expense(s, 0, 0, count_expense, &xc, &e), 0);
	CHECK_EQ_INT(xc.n, 1);
	CHECK_EQ_INT(xc.total, 99900);
	memset(&xc, 0, sizeof xc);
	CHECK_EQ_INT(store_each_expense(s, now - H(23), 0, count_expense, &xc,
	    &e), 0);
	CHECK_EQ_INT(xc.n, 0);
	/* The newest first, as many as asked for. */
	expense_init(&x);
	x.at = now - H(2);
	x.amount_minor = 500;
	strcpy(x.currency, "USD");
	CHECK_EQ_INT(store_begin(s, "spend", &e), 0);
	CHECK_EQ_INT(store_add_expense(s, &x, &e), 0);
	CHECK_EQ_INT(store_commit(s, &e), 0);
	expense_clear(&x);
	memset(&xc, 0, sizeof xc);
	CHECK_EQ_INT(store_latest_expenses(s, 1, count_expense, &xc, &e), 0);
	CHECK_EQ_INT(xc.n, 1);
	CHECK_EQ_INT(xc.total, 500);
	memset(&xc, 0, sizeof xc);
	CHECK_EQ_INT(store_latest_expenses(s, 10, count_expense, &xc, &e), 0);
	CHECK_EQ_INT(xc.n, 2);
	CHECK_EQ_INT(xc.total, 100400);
	store_close(s);
	remove_db("import.db");
}

static void
test_overlap(void)
{
	int64_t now = t_utc(2026, 11, 28, 16, 0, 0);
	int64_t d = t_utc(2026, 11, 28, 0, 0, 0), a, b, v, id;
	struct store *s;
	struct err e = { "" };
	struct run r;

	if ((s = open_db("overlap.db", now)) == NULL)
		return;
	r = mkrun("kaggle", d + H(10), d + H(12), "A");
	a = add_one(s, &r, "add A");
	run_clear(&r);
	r = mkrun("kaggle", d + H(14), RUN_OPEN, "B");
	b = add_one(s, &r, "add B");
	run_clear(&r);
	r = mkrun("vast", d + H(10), d + H(12), "V");
	v = add_one(s, &r, "add V");
	run_clear(&r);

#define OVERLAP(p, s0, e0, ex) store_find_overlap(s, (p), (s0), (e0), (ex), \
	now, &id, &e)
	id = -1;
	CHECK_EQ_INT(OVERLAP("kaggle", d + H(11), d + H(13), 0), 1);
	CHECK_EQ_INT(id, a);
	CHECK_EQ_INT(OVERLAP("kaggle", d + H(8), d + H(18), 0), 1);
	CHECK_EQ_INT(id, a);                    /* the earliest */
	CHECK_EQ_INT(OVERLAP("kaggle", d + H(9), d + H(10) + 60, 0), 1);
	CHECK_EQ_INT(id, a);
	/* Touching is not overlapping. */
	CHECK_EQ_INT(OVERLAP("kaggle", d + H(12), d + H(13), 0), 0);
	CHECK_EQ_INT(OVERLAP("kaggle", d + H(9), d + H(10), 0), 0);
	/* A run does not overlap itself. */
	CHECK_EQ_INT(OVERLAP("kaggle", d + H(11), d + H(13), a), 0);
	/* The open run B reaches now (16:00), not beyond. */
	CHECK_EQ_INT(OVERLAP("kaggle", d + H(15), d + H(15) + 1800, 0), 1);
	CHECK_EQ_INT(id, b);
	CHECK_EQ_INT(OVERLAP("kaggle", d + H(16) + 1800, d + H(17), 0), 0);
	/* An open query runs on: from 11:30 it meets A first, from 13:00
	 * it meets B. */
	CHECK_EQ_INT(OVERLAP("kaggle", d + H(11) + 1800, RUN_OPEN, 0), 1);
	CHECK_EQ_INT(id, a);
	CHECK_EQ_INT(OVERLAP("kaggle", d + H(13), RUN_OPEN, 0), 1);
	CHECK_EQ_INT(id, b);
	CHECK_EQ_INT(OVERLAP("kaggle", d + H(13), RUN_OPEN, b), 0);
	/* Other platforms are their own. */
	CHECK_EQ_INT(OVERLAP("vast", d + H(11), d + H(11) + 1800, 0), 1);
	CHECK_EQ_INT(id, v);
	CHECK_EQ_INT(OVERLAP("colab-pro", d + H(11), d + H(12), 0), 0);
#undef OVERLAP
	store_close(s);
	remove_db("overlap.db");
}

/* Writes n bytes of a fixed pseudo-random sequence to path. */
static int
write_garbage(const char *path, size_t n)
{
	FILE *f = fopen(path, "wb");
	uint32_t x = 12345;
	size_t i;

	if (f == NULL)
		return -1;
	for (i = 0; i < n; i++) {
		x = x * 1103515245u + 12345u;
		fputc((int)(x >> 16) & 0xff, f);
	}
	return fclose(f) == 0 ? 0 : -1;
}

static int
same_garbage(const char *path, size_t n)
{
	FILE *f = fopen(path, "rb");
	uint32_t x = 12345;
	size_t i;
	int ok = 1;

	if (f == NULL)
		return 0;
	for (i = 0; i < n; i++) {
		x = x * 1103515245u + 12345u;
		if (fgetc(f) != (int)((x >> 16) & 0xff))
			ok = 0;
	}
	if (fgetc(f) != EOF)
		ok = 0;
	fclose(f);
	return ok;
}

static void
test_bad_files(void)
{
	int64_t now = t_utc(2026, 11, 28, 10, 0, 0);
	struct store *s = (struct store *)&s; /* any non-NULL value */
	struct err e = { "" };
	FILE *f;
	unsigned char nine[4] = { 0, 0, 0, 99 };

	/* Garbage bytes: refused with a message naming the file, and left
	 * as they were. */
	if (CHECK_EQ_INT(write_garbage(path_of("garbage.db"), 8192), 0)) {
		CHECK_EQ_INT(store_open(&s, path_of("garbage.db"), now, &e),
		    -1);
		CHECK(s == NULL);
		CHECK(strstr(e.msg, "cannot open") != NULL);
		CHECK(strstr(e.msg, "garbage.db") != NULL);
		CHECK(same_garbage(path_of("garbage.db"), 8192));
	}
	/* A short text file too. */
	f = fopen(path_of("notes.txt"), "w");
	if (CHECK(f != NULL)) {
		fputs("resnet18 cifar10 2h\n", f);
		fclose(f);
		e.msg[0] = '\0';
		CHECK_EQ_INT(store_open(&s, path_of("notes.txt"), now, &e), -1);
		CHECK(e.msg[0] != '\0');
	}
	/* A directory that does not exist. */
	e.msg[0] = '\0';
	CHECK_EQ_INT(store_open(&s, path_of("no/such/dir/gpulog.db"), now,
	    &e), -1);
	CHECK(e.msg[0] != '\0');

	/* A database from a newer build: user_version 99. */
	if ((s = open_db("newer.db", now)) != NULL) {
		store_close(s);
		f = fopen(path_of("newer.db"), "r+b");
		if (CHECK(f != NULL)) {
			CHECK(fseek(f, 60, SEEK_SET) == 0);
			CHECK(fwrite(nine, 1, 4, f) == 4);
			fclose(f);
			CHECK_EQ_INT(header_user_version(path_of("newer.db")),
			    99);
			e.msg[0] = '\0';
			CHECK_EQ_INT(store_open(&s, path_of("newer.db"), now,
			    &e), -1);
			CHECK(strstr(e.msg, "newer") != NULL);
		}
	}
	remove_db("garbage.db");
	remove_db("notes.txt");
	remove_db("newer.db");
}

static void
test_reopen(void)
{
	int64_t now = t_utc(2026, 11, 28, 10, 0, 0), id;
	struct store *s, *s2;
	struct err e = { "" };
	struct platform *p;
	struct run r;
	char val[32];
	size_t n;

	if ((s = open_db("reopen.db", now)) == NULL)
		return;
	r = mkrun("kaggle", now - H(3), now - H(1), "survives");
	id = add_one(s, &r, "add");
	run_clear(&r);
	CHECK_EQ_INT(store_begin(s, "set", &e), 0);
	CHECK_EQ_INT(store_set_setting(s, "currency", "USD", &e), 0);
	CHECK_EQ_INT(store_commit(s, &e), 0);

	/* A second handle, as the dashboard and `gpulog add` in another
	 * shell, sees what the first committed. */
	if ((s2 = open_db("reopen.db", now)) != NULL) {
		CHECK_EQ_STR(note_of(s2, id), "survives");
		r = mkrun("vast", now - H(2), now - H(1), "from s2");
		CHECK(add_one(s2, &r, "add") > 0);
		run_clear(&r);
		store_close(s2);
	}
	CHECK_EQ_INT(count_runs(s), 2);
	store_close(s);

	/* Reopened a month later: the rows are kept and the catalog is not
	 * loaded again. */
	if ((s = open_db("reopen.db", now + 30 * DAY_S)) == NULL)
		return;
	CHECK_EQ_INT(store_opened_version(s), STORE_SCHEMA_VERSION);
	CHECK_EQ_STR(note_of(s, id), "survives");
	CHECK_EQ_INT(count_runs(s), 2);
	if (CHECK_EQ_INT(store_load_platforms(s, &p, &n, &e), 0)) {
		CHECK_EQ_INT(n, catalog_nplatforms);
		free(p);
	}
	store_get_setting(s, "plan.start", val, sizeof val, &e);
	CHECK_EQ_STR(val, "2026-11-01");
	store_get_setting(s, "currency", val, sizeof val, &e);
	CHECK_EQ_STR(val, "USD");
	store_close(s);
	remove_db("reopen.db");
}

/*
 * A change's new runs are undone by the highest id it began with.  Within
 * one change: the newest run removed and another added (which must not
 * take its id), and a run added then removed.  Undo puts back exactly what
 * was there, again and again.
 */
static void
test_undo_bound(void)
{
	int64_t now = t_utc(2026, 11, 28, 10, 0, 0), a, b, c, d;
	struct store *s;
	struct err e = { "" };
	struct run r;
	char what[64];

	if ((s = open_db("bound.db", now)) == NULL)
		return;
	r = mkrun("kaggle", now - H(6), now - H(5), "one");
	a = add_one(s, &r, "add one");
	run_clear(&r);
	r = mkrun("kaggle", now - H(4), now - H(3), "two");
	b = add_one(s, &r, "add two");
	run_clear(&r);

	/* Remove the newest, add another: a new id, above the bound. */
	CHECK_EQ_INT(store_begin(s, "swap", &e), 0);
	CHECK_EQ_INT(store_delete_run(s, b, &e), 0);
	r = mkrun("vast", now - H(2), now - H(1), "three");
	CHECK_EQ_INT(store_add_run(s, &r, &e), 0);
	c = r.id;
	run_clear(&r);
	CHECK_EQ_INT(store_commit(s, &e), 0);
	CHECK(c > b);

	/* Add one and remove it again: undo must not bring it back. */
	CHECK_EQ_INT(store_begin(s, "blink", &e), 0);
	r = mkrun("lambda", now - H(1), now, "blink");
	CHECK_EQ_INT(store_add_run(s, &r, &e), 0);
	d = r.id;
	run_clear(&r);
	CHECK_EQ_INT(store_delete_run(s, d, &e), 0);
	CHECK_EQ_INT(store_commit(s, &e), 0);
	CHECK_EQ_INT(count_runs(s), 2);

	CHECK_EQ_INT(store_undo(s, what, sizeof what, &e), 1);
	CHECK_EQ_STR(what, "blink");
	CHECK_EQ_INT(count_runs(s), 2);
	CHECK_EQ_STR(note_of(s, d), "(gone)");
	CHECK_EQ_INT(store_undo(s, what, sizeof what, &e), 1);
	CHECK_EQ_STR(what, "swap");
	CHECK_EQ_STR(note_of(s, b), "two");
	CHECK_EQ_STR(note_of(s, c), "(gone)");
	CHECK_EQ_INT(count_runs(s), 2);
	CHECK_EQ_INT(store_undo(s, what, sizeof what, &e), 1);
	CHECK_EQ_STR(what, "add two");
	CHECK_EQ_STR(note_of(s, b), "(gone)");
	CHECK_EQ_STR(note_of(s, a), "one");
	CHECK_EQ_INT(store_undo(s, what, sizeof what, &e), 1);
	CHECK_EQ_INT(count_runs(s), 0);
	CHECK_EQ_INT(store_undo(s, what, sizeof what, &e), 0);
	store_close(s);
	remove_db("bound.db");
}

struct brief_seen {
	int runs, with_text;
	int64_t gpu_s, cost, cu;
	char gpus[64];
};

static int
brief_collect(const struct run *r, void *arg)
{
	struct brief_seen *b = arg;
	size_t k = strlen(b->gpus);

	b->runs++;
	b->gpu_s += (r->end - r->start) * r->gpus;
	b->cost += r->cost_minor;
	if (r->cu_centi >= 0)
		b->cu += r->cu_centi;
	if (r->note != NULL || r->tags != NULL || r->project != NULL ||
	    r->source_id != NULL || r->uid[0] != '\0')
		b->with_text++;
	snprintf(b->gpus + k, sizeof b->gpus - k, "%s/%s/%s;", r->platform,
	    r->gpu, r->currency);
	return 0;
}

/* A brief walk reads the same figures as a full one, and no text. */
static void
test_brief_walk(void)
{
	int64_t now = t_utc(2026, 11, 28, 10, 0, 0);
	struct brief_seen full, brief;
	struct store *s;
	struct filter f;
	struct err e = { "" };
	struct run r;

	if ((s = open_db("brief.db", now)) == NULL)
		return;
	r = mkrun("vast", now - H(5), now - H(3), "priced");
	snprintf(r.gpu, sizeof r.gpu, "RTX 4090");
	snprintf(r.currency, sizeof r.currency, "USD");
	r.cost_minor = 650;
	r.cu_centi = 123;
	r.gpus = 2;
	r.tags = xstrdup("llm,lora");
	r.project = xstrdup("capstone");
	add_one(s, &r, "add");
	run_clear(&r);
	r = mkrun("kaggle", now - H(2), now - H(1), "free");
	snprintf(r.gpu, sizeof r.gpu, "P100");
	add_one(s, &r, "add");
	run_clear(&r);

	memset(&f, 0, sizeof f);
	memset(&full, 0, sizeof full);
	memset(&brief, 0, sizeof brief);
	CHECK_EQ_INT(store_each_run(s, &f, brief_collect, &full, &e), 0);
	f.brief = 1;
	CHECK_EQ_INT(store_each_run(s, &f, brief_collect, &brief, &e), 0);
	CHECK_EQ_INT(full.runs, 2);
	CHECK_EQ_INT(full.with_text, 2);
	CHECK_EQ_INT(brief.runs, 2);
	CHECK_EQ_INT(brief.with_text, 0);
	CHECK_EQ_INT(brief.gpu_s, H(4) + H(1));
	CHECK_EQ_INT(brief.cost, 650);
	/* A compute-unit quota counts a run's recorded units. */
	CHECK_EQ_INT(brief.cu, 123);
	CHECK_EQ_INT(full.cu, 123);
	CHECK_EQ_STR(brief.gpus, full.gpus);
	CHECK_EQ_STR(brief.gpus, "vast/RTX 4090/USD;kaggle/P100/;");
	store_close(s);
	remove_db("brief.db");
}

/* summary_convert() keeps the last local day it looked up; a conversion
 * on another day, later or earlier, takes that day's rate (IST: the day
 * turns at 18:30 UTC). */
static void
test_convert_days(void)
{
	int64_t now = t_utc(2026, 11, 28, 10, 0, 0);
	int64_t midnight = t_utc(2026, 11, 20, 18, 30, 0);  /* 21st, IST */
	struct summary sm;
	struct store *s;
	struct err e = { "" };

	setenv("TZ", "Asia/Kolkata", 1);
	tzset();
	if ((s = open_db("convert.db", now)) == NULL)
		goto out;
	CHECK_EQ_INT(store_begin(s, "fx", &e), 0);
	CHECK_EQ_INT(store_set_fx(s, days_from_civil(2026, 11, 20), 84000000,
	    "user", &e), 0);
	CHECK_EQ_INT(store_set_fx(s, days_from_civil(2026, 11, 21), 85000000,
	    "user", &e), 0);
	CHECK_EQ_INT(store_commit(s, &e), 0);
	if (CHECK_EQ_INT(summary_load_catalog(&sm, s, now, &e), 0)) {
		CHECK_EQ_STR(sm.currency, "INR");
		CHECK_EQ_INT(summary_convert(&sm, 100, "USD", midnight - 1),
		    8400);
		CHECK_EQ_INT(summary_convert(&sm, 100, "USD", midnight - 60),
		    8400);
		CHECK_EQ_INT(summary_convert(&sm, 100, "USD", midnight), 8500);
		CHECK_EQ_INT(summary_convert(&sm, 100, "USD", midnight + H(5)),
		    8500);
		CHECK_EQ_INT(summary_convert(&sm, 100, "USD", midnight - H(12)),
		    8400);
		CHECK_EQ_INT(summary_convert(&sm, 8500, "INR", midnight), 8500);
		CHECK_EQ_INT(summary_convert(&sm, 0, "USD", midnight), 0);
		CHECK_EQ_INT(summary_convert(&sm, 250, "", midnight), 250);
		CHECK_EQ_INT(summary_convert(&sm, 100, "USD", midnight + 1),
		    8500);
		summary_free(&sm);
	}
	store_close(s);
	remove_db("convert.db");
out:
	setenv("TZ", "UTC", 1);
	tzset();
}

/* What the free tiers saved: a run on a free platform counts open or
 * ended, for its length so far, whatever it was priced. */
static void
test_savings(void)
{
	int64_t now = t_utc(2026, 11, 28, 10, 0, 0);
	struct summary sm;
	struct savings open_sv, ended_sv;
	struct store *s;
	struct run r;
	struct err e = { "" };

	if ((s = open_db("savings.db", now)) == NULL)
		return;
	CHECK_EQ_INT(store_begin(s, "fx", &e), 0);
	CHECK_EQ_INT(store_set_fx(s, days_from_civil(2026, 11, 1), 84000000,
	    "user", &e), 0);
	CHECK_EQ_INT(store_commit(s, &e), 0);
	/* A P100 on Kaggle for 10 minutes, at a rate given by hand. */
	r = mkrun("kaggle", now - 600, RUN_OPEN, "open");
	snprintf(r.gpu, sizeof r.gpu, "P100");
	r.gpus = 1;
	r.rate_micro = 100000;
	snprintf(r.currency, sizeof r.currency, "USD");
	CHECK(add_one(s, &r, "open") > 0);
	if (CHECK_EQ_INT(summary_load_catalog(&sm, s, now, &e), 0)) {
		CHECK_EQ_INT(metrics_savings(s, &sm, now - H(24), 0, NULL,
		    &open_sv, &e), 0);
		CHECK_EQ_INT(open_sv.runs, 1);
		CHECK_EQ_INT(open_sv.gpu_s, 600);
		/* 10 min at the RTX 3090's $0.135 = $0.0225, x 84 = Rs 1.89,
		 * rounded once in rupees (not $0.02 x 84 = Rs 1.68). */
		CHECK_EQ_INT(open_sv.amount, 189);
		summary_free(&sm);
	}
	/* Stopped now, it still counts, for the same length. */
	r.end = now;
	r.cost_minor = rate_cost(r.rate_micro, 600);
	CHECK(r.cost_minor > 0);
	CHECK_EQ_INT(store_begin(s, "stop", &e), 0);
	CHECK_EQ_INT(store_update_run(s, &r, &e), 0);
	CHECK_EQ_INT(store_commit(s, &e), 0);
	if (CHECK_EQ_INT(summary_load_catalog(&sm, s, now, &e), 0)) {
		CHECK_EQ_INT(metrics_savings(s, &sm, now - H(24), 0, NULL,
		    &ended_sv, &e), 0);
		CHECK_EQ_INT(ended_sv.runs, 1);
		CHECK_EQ_INT(ended_sv.gpu_s, 600);
		CHECK_EQ_INT(ended_sv.amount, open_sv.amount);
		CHECK_EQ_STR(ended_sv.currency, "INR");
		summary_free(&sm);
	}
	run_clear(&r);
	store_close(s);
	remove_db("savings.db");
}

/* The runs a sync segment would carry (filter.pending). */
static int
count_pending(struct store *s)
{
	struct filter f;
	struct labels l;
	struct err e = { "" };

	memset(&f, 0, sizeof f);
	memset(&l, 0, sizeof l);
	f.pending = 1;
	if (store_each_run(s, &f, collect, &l, &e) != 0)
		return -1;
	return l.calls;
}

/* Adds n runs an hour apart from start in one change. */
static void
import_n(struct store *s, int n, int64_t start, const char *tag)
{
	struct err e = { "" };
	char id[32];
	int i;

	CHECK_EQ_INT(store_begin(s, "import", &e), 0);
	for (i = 0; i < n; i++) {
		struct run r = mkrun("vast", start + H(i), start + H(i) + 1800,
		    tag);

		strcpy(r.source, "csv");
		snprintf(id, sizeof id, "%s-%d", tag, i);
		r.source_id = xstrdup(id);
		CHECK_EQ_INT(store_import_run(s, &r, &e), 1);
		run_clear(&r);
	}
	CHECK_EQ_INT(store_commit(s, &e), 0);
}

/*
 * What a sync segment carries: nothing is kept before the machine has a
 * sync name; then each write's rows, an import's new runs as one range
 * however many, an edit's run, a removal's tombstone; forgotten once
 * carried.
 */
static void
test_pending(void)
{
	int64_t now = t_utc(2026, 11, 28, 10, 0, 0), upto, before;
	struct store *s;
	struct err e = { "" };
	struct run r;
	unsigned groups;

	if ((s = open_db("pending.db", now)) == NULL)
		return;
	import_n(s, 50, now - H(400), "old");
	CHECK_EQ_INT(store_pending(s, &upto, &groups, &e), 0);
	CHECK_EQ_INT(upto, 0);
	CHECK_EQ_INT(count_pending(s), 0);

	CHECK_EQ_INT(store_begin(s, "set sync.machine", &e), 0);
	CHECK_EQ_INT(store_set_setting(s, "sync.machine", "laptop", &e), 0);
	CHECK_EQ_INT(store_commit(s, &e), 0);
	import_n(s, 300, now - H(340), "new");
	CHECK_EQ_INT(store_pending(s, &upto, &groups, &e), 0);
	CHECK(upto > 0);
	CHECK(groups & 1u << PEND_RUNS);
	CHECK(!(groups & 1u << PEND_TOMBSTONES));
	CHECK_EQ_INT(count_pending(s), 300);
	/* The setting's entry, and one range for the import's runs. */
	CHECK_EQ_INT(upto, 2);
	before = upto;

	/* An old run edited three times: one more run, one more entry. */
	run_init(&r);
	CHECK_EQ_INT(store_get_run(s, 7, &r, &e), 1);
	for (int i = 0; i < 3; i++) {
		free(r.note);
		r.note = xstrdup(i == 2 ? "edited" : "again");
		CHECK_EQ_INT(store_begin(s, "edit", &e), 0);
		CHECK_EQ_INT(store_update_run(s, &r, &e), 0);
		CHECK_EQ_INT(store_commit(s, &e), 0);
	}
	run_clear(&r);
	CHECK_EQ_INT(count_pending(s), 301);
	CHECK_EQ_INT(store_pending(s, &upto, &groups, &e), 0);
	CHECK_EQ_INT(upto, before + 1);

	/* Carried: forgotten.  A removal then leaves its tombstone. */
	CHECK_EQ_INT(store_pending_done(s, upto, &e), 0);
	CHECK_EQ_INT(count_pending(s), 0);
	CHECK_EQ_INT(store_begin(s, "rm", &e), 0);
	CHECK_EQ_INT(store_delete_run(s, 8, &e), 0);
	CHECK_EQ_INT(store_commit(s, &e), 0);
	CHECK_EQ_INT(store_pending(s, &upto, &groups, &e), 0);
	CHECK_EQ_INT(groups, 1u << PEND_TOMBSTONES);
	CHECK_EQ_INT(count_pending(s), 0);
	store_close(s);
	remove_db("pending.db");
}

/* The rows of "FROM what", or -1. */
static int64_t
count_where(struct store *s, const char *what)
{
	sqlite3_stmt *st;
	char sql[160];
	int64_t n = -1;

	snprintf(sql, sizeof sql, "SELECT count(*) FROM %s", what);
	if (sqlite3_prepare_v2(s->db, sql, -1, &st, NULL) == SQLITE_OK &&
	    sqlite3_step(st) == SQLITE_ROW)
		n = sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	return n;
}

/* PRAGMA cache_size of s. */
static int64_t
cache_pages(struct store *s)
{
	sqlite3_stmt *st;
	int64_t v = 0;

	if (sqlite3_prepare_v2(s->db, "PRAGMA cache_size", -1, &st, NULL) ==
	    SQLITE_OK && sqlite3_step(st) == SQLITE_ROW)
		v = sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	return v;
}

/* A connection opens with a small page cache, 32 pages; its first write
 * gives it SQLite's default, 2 MiB, as store_cache_full() does. */
static void
test_cache(void)
{
	int64_t now = t_utc(2026, 11, 28, 10, 0, 0);
	struct store *s;
	struct err e = { "" };

	if ((s = open_db("cache.db", now)) == NULL)
		return;
	store_close(s);
	if ((s = open_db("cache.db", now)) == NULL)
		return;
	CHECK_EQ_INT(cache_pages(s), 32);
	CHECK_EQ_INT(store_set_setting(s, "currency", "USD", &e), 0);
	CHECK_EQ_INT(cache_pages(s), -2000);
	store_close(s);
	if ((s = open_db("cache.db", now)) == NULL)
		return;
	CHECK_EQ_INT(cache_pages(s), 32);
	CHECK_EQ_INT(store_cache_full(s), 0);
	CHECK_EQ_INT(cache_pages(s), -2000);
	store_close(s);
	remove_db("cache.db");
}

/* A connection that only reads makes no write triggers, and the file
 * holds none; a write prepared before them is refused, naming nothing
 * written; the first write transaction makes them, so a removal leaves
 * its tombstone and a change its undo. */
static void
test_armed(void)
{
	int64_t now = t_utc(2026, 11, 28, 10, 0, 0);
	struct store *s;
	struct err e = { "" };
	char what[128];
	struct run r;
	int64_t id;

	if ((s = open_db("armed.db", now)) == NULL)
		return;
	r = mkrun("kaggle", now - H(3), now - H(1), "kept");
	id = add_one(s, &r, "add");
	run_clear(&r);
	store_close(s);
	if ((s = open_db("armed.db", now)) == NULL)
		return;
	CHECK_EQ_INT(count_where(s, "temp.sqlite_master WHERE type = "
	    "'trigger'"), 0);
	CHECK_EQ_INT(count_where(s, "sqlite_master WHERE type = 'trigger'"),
	    0);
	CHECK(st_exec(s, "DELETE FROM runs", &e) < 0);
	CHECK(strstr(e.msg, "not authorized") != NULL);
	CHECK_EQ_INT(count_where(s, "runs"), 1);
	CHECK_EQ_INT(store_begin(s, "rm #1", &e), 0);
	CHECK(count_where(s, "temp.sqlite_master WHERE type = 'trigger'")
	    > 0);
	CHECK_EQ_INT(store_delete_run(s, id, &e), 0);
	CHECK_EQ_INT(store_commit(s, &e), 0);
	CHECK_EQ_INT(count_where(s, "tombstones WHERE kind = 'run'"), 1);
	CHECK_EQ_INT(count_where(s, "runs"), 0);
	CHECK_EQ_INT(store_undo(s, what, sizeof what, &e), 1);
	CHECK_EQ_STR(what, "rm #1");
	CHECK_EQ_INT(count_where(s, "runs WHERE note = 'kept'"), 1);
	store_close(s);
	remove_db("armed.db");
}

/* The rows that differ between run_hours and the runs summed by hour:
 * 0 when the triggers kept it. */
static int64_t
hours_astray(struct store *s)
{
	static const char by_hour[] = "SELECT start_ts - start_ts % 3600, "
	    "platform, coalesce(currency, ''), sum(cost_minor), sum((end_ts - "
	    "start_ts) * gpus), count(*) FROM runs WHERE end_ts IS NOT NULL "
	    "GROUP BY 1, 2, 3";
	char sql[640];
	sqlite3_stmt *st;
	int64_t n = -1;

	snprintf(sql, sizeof sql, "SELECT (SELECT count(*) FROM (%s EXCEPT "
	    "SELECT * FROM run_hours)) + (SELECT count(*) FROM (SELECT * FROM "
	    "run_hours EXCEPT %s))", by_hour, by_hour);
	if (sqlite3_prepare_v2(s->db, sql, -1, &st, NULL) == SQLITE_OK &&
	    sqlite3_step(st) == SQLITE_ROW)
		n = sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	return n;
}

#define NSPANS 8

/* What page_buckets() handed on, by the span of cuts its bucket is in. */
struct spans {
	const int64_t *at;        /* NSPANS + 1 times */
	int64_t cost[NSPANS], gpu_s[NSPANS], runs[NSPANS];
	int bad;
};

static int
span_bucket(int64_t b, const char *platform, const char *cur, int64_t cost,
    int64_t gpu_s, int64_t runs, void *arg)
{
	struct spans *sp = arg;
	int i;

	(void)platform;
	(void)cur;
	for (i = NSPANS - 1; i >= 0 && b < sp->at[i]; i--)
		;
	if (i < 0) {
		sp->bad++;
		return 0;
	}
	sp->cost[i] += cost;
	sp->gpu_s[i] += gpu_s;
	sp->runs[i] += runs;
	return 0;
}

/* The same sums from the runs, one by one, but for those left out. */
static void
spans_by_hand(struct store *s, const int64_t *at, int64_t out_lo,
    int64_t out_hi, struct spans *want)
{
	sqlite3_stmt *st;
	int i;

	memset(want, 0, sizeof *want);
	if (sqlite3_prepare_v2(s->db, "SELECT start_ts, cost_minor, (end_ts "
	    "- start_ts) * gpus FROM runs WHERE end_ts IS NOT NULL AND NOT "
	    "(source = 'run' AND id BETWEEN ?1 AND ?2)", -1, &st, NULL) !=
	    SQLITE_OK)
		return;
	sqlite3_bind_int64(st, 1, out_lo);
	sqlite3_bind_int64(st, 2, out_hi);
	while (sqlite3_step(st) == SQLITE_ROW) {
		int64_t t = sqlite3_column_int64(st, 0);

		for (i = 0; i < NSPANS; i++)
			if (t >= at[i] && t < at[i + 1]) {
				want->cost[i] += sqlite3_column_int64(st, 1);
				want->gpu_s[i] += sqlite3_column_int64(st, 2);
				want->runs[i]++;
			}
	}
	sqlite3_finalize(st);
}

/* page_buckets() over days that start at 18:30 UTC (India's midnight),
 * cut into NSPANS spans (one at 18:37, inside a quarter hour), against
 * the runs added up one by one. */
static void
check_spans(struct store *s, int64_t day0, int64_t out_lo, int64_t out_hi)
{
	int64_t at[NSPANS + 1];
	struct spans got, want;
	struct err e = { "" };
	int i;

	for (i = 0; i <= NSPANS; i++)
		at[i] = day0 + (int64_t)i * 3 * 86400 + (i == 3 ? 420 : 0);
	memset(&got, 0, sizeof got);
	got.at = at;
	CHECK_EQ_INT(page_buckets(s, at[0], at[NSPANS], at + 1, NSPANS - 1,
	    span_bucket, &got, &e), 0);
	spans_by_hand(s, at, out_lo, out_hi, &want);
	CHECK_EQ_INT(got.bad, 0);
	for (i = 0; i < NSPANS; i++) {
		CHECK_EQ_INT(got.runs[i], want.runs[i]);
		CHECK_EQ_INT(got.cost[i], want.cost[i]);
		CHECK_EQ_INT(got.gpu_s[i], want.gpu_s[i]);
	}
}

/* run_hours follows every write to the runs (add, edit, remove, undo of
 * each); page_buckets() reads it for whole hours and the runs themselves
 * for an hour a cut falls inside, and leaves out a run within an instance
 * whose run covers it, as the runs summed one by one do. */
static void
test_hours(void)
{
	int64_t now = t_utc(2026, 11, 28, 10, 0, 0);
	int64_t day0 = t_utc(2026, 10, 31, 18, 30, 0), t, in_lo = 0, in_hi = 0;
	static const char *const plat[] = { "kaggle", "local", "vast" };
	static const char *const cur[] = { "", "USD", "INR" };
	struct store *s, *s2;
	struct err e = { "" };
	char what[128], key[96];
	uint32_t x = 12345;
	struct run r;
	int64_t id = 0, inst;
	int i;

	if ((s = open_db("hours.db", now)) == NULL)
		return;
	CHECK_EQ_INT(count_where(s, "run_hours"), 0);
	CHECK_EQ_INT(store_begin(s, "add runs", &e), 0);
	for (i = 0; i < 300; i++) {
		x = x * 1103515245u + 12345u;
		t = day0 + (int64_t)(x >> 8) % (24 * 86400);
		r = mkrun(plat[i % 3], t, t + 600 + (int64_t)(x % 36000), NULL);
		snprintf(r.currency, sizeof r.currency, "%s", cur[(x >> 4) % 3]);
		r.cost_minor = r.currency[0] ? (int64_t)(x % 5000) : 0;
		r.gpus = 1 + (int)((x >> 12) % 4);
		CHECK_EQ_INT(store_add_run(s, &r, &e), 0);
		run_clear(&r);
	}
	/* Runs either side of a cut inside an hour (day 3 starts at 18:30),
	 * and of the cut 7 minutes into a quarter hour (day 9). */
	for (i = 0; i < 4; i++) {
		t = day0 + 3 * 86400 + (i % 2 ? 600 : -600) + (i / 2) * 6 *
		    86400;
		r = mkrun("kaggle", t, t + 3600, NULL);
		CHECK_EQ_INT(store_add_run(s, &r, &e), 0);
		run_clear(&r);
	}
	/* An instance and three runs within it, which it covers. */
	t = day0 + 5 * 86400 + 1234;
	r = mkrun("vast", t, t + 10 * 3600, NULL);
	snprintf(r.source, sizeof r.source, "vast");
	r.source_id = xstrdup("inst1");
	snprintf(r.currency, sizeof r.currency, "USD");
	r.cost_minor = 700;
	CHECK_EQ_INT(store_add_run(s, &r, &e), 0);
	inst = r.id;
	run_clear(&r);
	for (i = 0; i < 3; i++) {
		r = mkrun("vast", t + 600 + i * 3000, t + 3000 + i * 3000, NULL);
		snprintf(r.source, sizeof r.source, "run");
		snprintf(key, sizeof key, "vast:inst1/u%d", i);
		r.source_id = xstrdup(key);
		CHECK_EQ_INT(store_add_run(s, &r, &e), 0);
		if (i == 0)
			in_lo = r.id;
		in_hi = r.id;
		run_clear(&r);
	}
	/* An open run counts nowhere. */
	r = mkrun("local", now - 3600, RUN_OPEN, NULL);
	CHECK_EQ_INT(store_add_run(s, &r, &e), 0);
	id = r.id;
	run_clear(&r);
	CHECK_EQ_INT(store_commit(s, &e), 0);
	CHECK(count_where(s, "run_hours") > 100);
	CHECK_EQ_INT(hours_astray(s), 0);
	check_spans(s, day0, in_lo, in_hi);

	/* Stopped; its start, platform, GPUs and cost edited; removed; and
	 * each undone. */
	if (!CHECK_EQ_INT(store_get_run(s, id, &r, &e), 1))
		printf("  #%lld: %s\n", (long long)id, e.msg);
	r.end = now;
	CHECK_EQ_INT(store_begin(s, "stop", &e), 0);
	CHECK_EQ_INT(store_update_run(s, &r, &e), 0);
	CHECK_EQ_INT(store_commit(s, &e), 0);
	CHECK_EQ_INT(hours_astray(s), 0);
	CHECK_EQ_INT(count_where(s, "run_hours WHERE runs < 1"), 0);
	run_clear(&r);
	CHECK_EQ_INT(store_get_run(s, inst - 7, &r, &e), 1);
	r.start -= 5000;
	snprintf(r.platform, sizeof r.platform, "local");
	r.gpus = 8;
	r.cost_minor += 99;
	snprintf(r.currency, sizeof r.currency, "INR");
	CHECK_EQ_INT(store_begin(s, "edit", &e), 0);
	CHECK_EQ_INT(store_update_run(s, &r, &e), 0);
	CHECK_EQ_INT(store_commit(s, &e), 0);
	run_clear(&r);
	CHECK_EQ_INT(hours_astray(s), 0);
	check_spans(s, day0, in_lo, in_hi);
	CHECK_EQ_INT(store_begin(s, "rm", &e), 0);
	CHECK_EQ_INT(store_delete_run(s, inst - 3, &e), 0);
	CHECK_EQ_INT(store_delete_run(s, in_lo, &e), 0);
	CHECK_EQ_INT(store_commit(s, &e), 0);
	CHECK_EQ_INT(hours_astray(s), 0);
	check_spans(s, day0, in_lo, in_hi);
	for (i = 0; i < 3; i++) {
		CHECK_EQ_INT(store_undo(s, what, sizeof what, &e), 1);
		CHECK_EQ_INT(hours_astray(s), 0);
	}
	CHECK_EQ_STR(what, "stop");
	check_spans(s, day0, in_lo, in_hi);
	/* The undo of the runs' add empties it. */
	CHECK_EQ_INT(store_undo(s, what, sizeof what, &e), 1);
	CHECK_EQ_INT(count_where(s, "run_hours"), 0);

	/* Added, then edited and removed in the same change: summed once,
	 * as they stand at the commit. */
	CHECK_EQ_INT(store_begin(s, "add and edit", &e), 0);
	for (i = 0; i < 3; i++) {
		r = mkrun("kaggle", day0 + i * 86400, day0 + i * 86400 + 3600,
		    NULL);
		CHECK_EQ_INT(store_add_run(s, &r, &e), 0);
		id = r.id;
		run_clear(&r);
	}
	CHECK_EQ_INT(store_get_run(s, id, &r, &e), 1);
	r.start -= 7200;
	r.gpus = 3;
	CHECK_EQ_INT(store_update_run(s, &r, &e), 0);
	run_clear(&r);
	CHECK_EQ_INT(store_delete_run(s, id - 1, &e), 0);
	CHECK_EQ_INT(store_commit(s, &e), 0);
	CHECK_EQ_INT(count_where(s, "runs"), 2);
	CHECK_EQ_INT(hours_astray(s), 0);

	/* A rollback leaves nothing noted behind; a part dropped takes its
	 * runs with it. */
	CHECK_EQ_INT(store_begin(s, "rolled back", &e), 0);
	r = mkrun("local", day0, day0 + 600, NULL);
	CHECK_EQ_INT(store_add_run(s, &r, &e), 0);
	id = r.id;
	run_clear(&r);
	store_rollback(s);
	CHECK_EQ_INT(hours_astray(s), 0);
	/* Another gpulog gives the same id to a run of its own, which this
	 * connection then edits as any other. */
	if ((s2 = open_db("hours.db", now)) != NULL) {
		r = mkrun("vast", day0 + 86400, day0 + 90000, NULL);
		CHECK_EQ_INT(add_one(s2, &r, "add"), id);
		run_clear(&r);
		store_close(s2);
	}
	CHECK_EQ_INT(store_get_run(s, id, &r, &e), 1);
	r.gpus = 2;
	CHECK_EQ_INT(store_begin(s, "edit", &e), 0);
	CHECK_EQ_INT(store_update_run(s, &r, &e), 0);
	CHECK_EQ_INT(store_commit(s, &e), 0);
	run_clear(&r);
	CHECK_EQ_INT(hours_astray(s), 0);
	CHECK_EQ_INT(store_begin(s, "part", &e), 0);
	CHECK_EQ_INT(store_part_mark(s, &e), 0);
	r = mkrun("local", day0, day0 + 600, NULL);
	CHECK_EQ_INT(store_add_run(s, &r, &e), 0);
	run_clear(&r);
	store_part_drop(s);
	r = mkrun("local", day0 + 900, day0 + 1800, NULL);
	CHECK_EQ_INT(store_add_run(s, &r, &e), 0);
	run_clear(&r);
	CHECK_EQ_INT(store_commit(s, &e), 0);
	CHECK_EQ_INT(count_where(s, "runs"), 4);
	CHECK_EQ_INT(hours_astray(s), 0);

	/* Runs put back one by one out of order, more than the notes hold:
	 * the sums are made again from every run. */
	CHECK_EQ_INT(store_begin(s, "many", &e), 0);
	for (i = 0; i < 2400; i++) {
		t = day0 + (int64_t)i * 1800;
		r = mkrun(plat[i % 3], t, t + 1500, NULL);
		CHECK_EQ_INT(store_add_run(s, &r, &e), 0);
		run_clear(&r);
	}
	CHECK_EQ_INT(store_commit(s, &e), 0);
	CHECK_EQ_INT(store_begin(s, "rm every other", &e), 0);
	for (i = 0; i < 2400; i += 2)
		CHECK_EQ_INT(store_delete_run(s, id + 2 + i, &e), 0);
	CHECK_EQ_INT(store_commit(s, &e), 0);
	CHECK_EQ_INT(count_where(s, "runs"), 1204);
	CHECK_EQ_INT(hours_astray(s), 0);
	CHECK_EQ_INT(store_undo(s, what, sizeof what, &e), 1);
	CHECK_EQ_STR(what, "rm every other");
	CHECK_EQ_INT(count_where(s, "runs"), 2404);
	CHECK_EQ_INT(hours_astray(s), 0);
	store_close(s);
	remove_db("hours.db");
}

int
main(void)
{
	char p[200];

	setenv("TZ", "UTC", 1);
	tzset();
	snprintf(dir, sizeof dir, "/tmp/gpulog-test-XXXXXX");
	if (mkdtemp(dir) == NULL) {
		perror("mkdtemp");
		return 1;
	}
	test_fresh();
	test_plan_start_local();
	test_crud();
	test_undo();
	test_each_run();
	test_window_run();
	test_import();
	test_overlap();
	test_bad_files();
	test_reopen();
	test_undo_bound();
	test_brief_walk();
	test_convert_days();
	test_savings();
	test_pending();
	test_armed();
	test_cache();
	test_hours();
	snprintf(p, sizeof p, "%s", dir);
	if (rmdir(p) != 0)
		printf("note: %s is not empty\n", p);
	return t_done();
}
