/*
 * ops.h: every change to the user's data, one function each.  The CLI,
 * the dashboard, the importers' commit and `gpulog run` call these and
 * nothing else writes.  Each change validates its input with one checker
 * (ops_check_*: times, names, tags, amounts, limits), prices runs by one
 * rule, runs as one store change that `gpulog undo` takes back whole, and
 * stamps what it changed with the instant of the change (o->now).
 *
 * Inputs are text as the user typed it (a flag's value, a form field), so
 * the two front ends share the parsing too.  Failures come back as values:
 * -1, a message in one wording that names no flag and no form field, and
 * in o->field which input was wrong, for the front end to point at it.
 * This layer speaks no SQL of its own (store/ does) and prints nothing.
 */
#ifndef GPULOG_OPS_H
#define GPULOG_OPS_H

#include <stddef.h>
#include <stdint.h>

#include "core/err.h"
#include "core/model.h"
#include "core/snapshot.h"
#include "store/metrics.h"
#include "store/summary.h"

struct store;

/* The input a failure was about. */
enum ops_field {
	OPS_F_NONE, OPS_F_PLATFORM, OPS_F_WHEN, OPS_F_START, OPS_F_END,
	OPS_F_GPU, OPS_F_GPUS, OPS_F_NOTE, OPS_F_TAGS, OPS_F_PROJECT,
	OPS_F_COST, OPS_F_RATE, OPS_F_UNITS, OPS_F_RUN, OPS_F_QUOTA,
	OPS_F_RESET, OPS_F_CAP, OPS_F_AMOUNT, OPS_F_DAY, OPS_F_CURRENCY,
	OPS_F_CU_RATE, OPS_F_BILLING, OPS_F_NAME, OPS_F_INPUT,
	OPS_F_PACK_DAYS
};

struct ops {
	struct store *s;         /* borrowed, open */
	int64_t now;             /* the instant of the next change; the
	                          * caller sets it (core_now()) */
	struct summary cat;      /* the catalog as stored, loaded on first
	                          * need and again after a settings change */
	int loaded;
	int field;               /* enum ops_field of the last failure */
	int future;              /* 1 when it was a time after now, which
	                          * the CLI's --future would allow */
};

/* ops_init() borrows s; ops_clear() frees the catalog, not the store. */
void ops_init(struct ops *o, struct store *s, int64_t now);
void ops_clear(struct ops *o);

/*
 * A setting that is this machine's own (see setting_travels()): sync's
 * machine name.  Its own change, named after the key.  -1 when key would
 * travel.
 */
int ops_setting_local(struct ops *o, const char *key, const char *value,
    struct err *e);

/* The same outside any change, so that undo never takes it back: sync's
 * note of the peer files it merged (an undone merge is not brought back
 * by the next sync either).  -1 when key would travel. */
int ops_setting_mark(struct ops *o, const char *key, const char *value,
    struct err *e);

/*
 * The write of this machine's sync file, outside any change: begin takes
 * the write lock (no other write until end), so that what is pending
 * (store_pending()) stays as read; end forgets the entries up to upto
 * that the file now carries and commits, the notes of ops_setting_mark()
 * made meanwhile with it (ok 0: rolls all back).  0 or -1 with e.
 */
int ops_sync_begin(struct ops *o, struct err *e);
int ops_sync_end(struct ops *o, int64_t upto, int ok, struct err *e);

/* Begins a change named what, whose writes are stamped with o->now (see
 * store_set_clock()); every change in ops/ begins here. */
int ops_begin(struct ops *o, const char *what, struct err *e);

/* The catalog (platforms, quotas, rates, phases, fx), loaded when first
 * asked for; borrowed until the next settings change.  NULL on failure. */
const struct summary *ops_catalog(struct ops *o, struct err *e);

/* Forgets the loaded catalog (after a change made elsewhere). */
void ops_reload(struct ops *o);

#define OPS_TAGS_MAX 16
#define OPS_WARN_MAX 4

/*
 * A run as typed.  A NULL member leaves the run's value alone (on add,
 * the default); "" clears a text member, prices from the catalog again
 * (cost), and, for end on edit, reopens the run.
 */
struct ops_run_in {
	const char *platform;    /* a key or a unique prefix of one */
	const char *day;         /* a day before when's range: "yesterday" */
	const char *when;        /* a duration, a range, "2h30m" */
	const char *start, *end; /* times: ISO 8601, HH:MM, "yesterday 9:30" */
	const char *gpu;         /* any spelling of a model; "" none */
	const char *gpus;        /* 1 to 64 */
	const char *note;
	const char *project;
	const char *tags[OPS_TAGS_MAX]; /* replace the run's tags when */
	int ntags, tags_set;            /* tags_set */
	const char *cost;        /* "250INR", "$3.20": a price given by hand */
	const char *rate;        /* per GPU-hour, USD when bare */
	const char *units;       /* compute units used */
	int checkpointed;        /* -1 leaves it, 0 or 1 */
	int future;              /* allow a run that starts or ends after now */
};

void ops_run_in_init(struct ops_run_in *in);

/* What a change did: the run as stored, the change's name, and what the
 * user should be told (in the same words everywhere). */
struct ops_result {
	struct run run;          /* owned: ops_result_clear() frees it */
	char what[160];          /* "add #42 kaggle P100 2h30m" */
	char warn[OPS_WARN_MAX][192];
	int nwarn;
	int no_price;            /* an hourly platform has no rate for it */
	int cost_given;          /* the input priced it by hand */
	int rate_given;
};

void ops_result_init(struct ops_result *res);
void ops_result_clear(struct ops_result *res);

/*
 * Runs.  Each returns 0 with res filled, or -1 (e and o->field set) with
 * nothing written.  add records an ended run (when, or start and end);
 * start an open one from start (default now); stop ends open run id at
 * at (default now); cancel removes an open run; rm any run; edit applies
 * in to run id, pricing it anew by price_reprice() (core/price.h).
 */
int ops_add(struct ops *o, const struct ops_run_in *in,
    struct ops_result *res, struct err *e);
int ops_start(struct ops *o, const struct ops_run_in *in,
    struct ops_result *res, struct err *e);
int ops_stop(struct ops *o, int64_t id, const char *at,
    struct ops_result *res, struct err *e);
int ops_cancel(struct ops *o, int64_t id, struct ops_result *res,
    struct err *e);
int ops_rm(struct ops *o, int64_t id, struct ops_result *res,
    struct err *e);

/*
 * Removes the runs ids[0..n) as one change (one undo brings them all
 * back), each checked as ops_rm() checks one: none may be recorded by a
 * live `gpulog run`, named twice, or changed or removed by another gpulog
 * meanwhile; when one is, nothing is removed.  runs[0..n) (run_init()ed
 * by the caller) get the runs as they were.
 */
int ops_rm_many(struct ops *o, const int64_t *ids, size_t n,
    struct run *runs, struct err *e);
int ops_edit(struct ops *o, int64_t id, const struct ops_run_in *in,
    struct ops_result *res, struct err *e);

/* The open run the user means: id when not 0, else the only open run.
 * Fills r (run_init()ed by the caller). */
int ops_find_open(struct ops *o, int64_t id, struct run *r, struct err *e);

/*
 * Checks in as a new run (open when open, else ended) and prices it into
 * res->run without writing anything: what add, start and `gpulog run`
 * build before they write.
 */
int ops_build(struct ops *o, const struct ops_run_in *in, int open,
    struct ops_result *res, struct err *e);

/*
 * `gpulog run`.  prepare checks in as an open run starting now (source
 * "run"); open writes it with its metrics m as the change "run #N ...";
 * close ends it with what was measured, prices it anew, and writes it
 * (adding it whole when open could not), with its modified time the
 * instant it ended.
 */
struct run_metrics;
struct ops_measured {
	int64_t end;             /* when the command ended */
	const char *gpu;         /* the model nvidia-smi named, or NULL */
	int gpus;                /* GPUs it saw, 0 when none */
	int checkpointed;
};
/* Writes new run r as the change "VERB #ID label", with m (when not
 * NULL) as its metrics and live (when not NULL) as its "live.ID" setting;
 * r->id is set, and created and modified are now. */
int ops_insert(struct ops *o, struct run *r, const char *verb,
    struct run_metrics *m, const char *live, struct ops_result *res,
    struct err *e);
int ops_record_prepare(struct ops *o, const struct ops_run_in *in,
    struct ops_result *res, struct err *e);
int ops_record_open(struct ops *o, struct ops_result *res,
    struct run_metrics *m, struct err *e);
/* The run ops_record_open() opened, whose command could not start:
 * no longer live, and cancelled (a change of its own).  0 or -1. */
int ops_record_abandon(struct ops *o, struct ops_result *res,
    struct err *e);
/*
 * Records that open run id's GPUs have been idle since the time since
 * (seconds since the epoch), or with since 0 that they are busy again:
 * the setting "idle.ID", which the summary reads into an idle nudge while
 * the run is open (core/alerts.h) and ops_record_close() removes.  Kept
 * outside any change.  -1 on a store failure.
 */
int ops_run_idle(struct ops *o, int64_t id, int64_t since, struct err *e);
int ops_record_close(struct ops *o, struct ops_result *res,
    const struct ops_measured *ms, struct run_metrics *m, struct err *e);

/*
 * A live recording: while `gpulog run` records run id, its open change
 * also keeps the setting "live.ID" = "PID HOST", and its close deletes
 * it.  ops_run_live() is 1 while that process is alive on this host; rm,
 * cancel, stop and an undo that would remove the run then refuse (with
 * OPS_F_RUN), since the command would write the run back when it ends.
 */
int ops_run_live(struct ops *o, int64_t id, long *pid);

/*
 * What `gpulog run` keeps beside the database while it records (the
 * journal): enough to record the run without it, however it ends.  See
 * gpulog(1), FILES, for the format ops_journal_text() writes.
 */
struct ops_journal {
	long pid;                /* the gpulog that records it */
	char host[64];
	int64_t alive;           /* when it was last seen alive */
	int started;             /* 0 until the command is about to start
	                            (1 in a journal that does not say) */
	int ended;               /* 1: the command ended, as below */
	int64_t end;
	char gpu[32];            /* measured; "" when none */
	int gpus;
	int checkpointed;
	int cost_given, rate_given;
	struct run run;          /* owned; id 0 until the database has it */
	struct run_metrics m;    /* owned */
};

void ops_journal_init(struct ops_journal *j);
void ops_journal_clear(struct ops_journal *j);

/* The journal as text (malloc'd), and back: 0, or -1 with e set. */
char *ops_journal_text(const struct ops_journal *j);
int ops_journal_parse(const char *text, struct ops_journal *j,
    struct err *e);

/*
 * Records the run j holds, as `gpulog run` would have: ended when j says
 * so, else at j->alive, its last sign of life (exit status unknown).
 * Returns 0 recorded; 1 when the database holds it ended already (the
 * journal was applied before), left as it is; 2 when the command never
 * started (gpulog ended between recording the run and starting it): the
 * open run is cancelled, and res->run is it (id 0 when the database never
 * had it); -1 on failure.  An open run is closed; one the database never
 * had (or lost to rm) is added.
 */
int ops_journal_apply(struct ops *o, const struct ops_journal *j,
    struct ops_result *res, struct err *e);

/*
 * Undoes the latest change.  Returns 1 and its name in what, 0 when there
 * is nothing to undo, -1 on failure.
 */
int ops_undo(struct ops *o, char *what, size_t len, struct err *e);

/*
 * A platform's settings as typed; NULL leaves each alone.  key names a
 * platform (a key or a unique prefix), or a new one when name or billing
 * is given and it names none.  quota "" (or no_quota) removes the quota;
 * rate and cu_rate need gpu, the model they are for.
 */
struct ops_platform_in {
	const char *key;
	const char *name, *billing, *default_gpu, *cap, *monthly;
	const char *pack_days;   /* how many days a pack of the quota's
	                            units lasts: 0 to 3650, 0 for none */
	const char *quota, *reset;
	const char *meter;       /* "session" or "gpu": what hours count */
	int no_quota;
	const char *gpu, *rate, *cu_rate;
};

struct ops_platform_result {
	struct platform p;       /* as stored */
	int created;             /* a new platform */
	int changed;             /* its own fields changed */
	int quota_set, quota_removed;
	struct quota q;          /* when quota_set */
	int rate_set;
	struct rate rt;          /* when rate_set */
	char what[96];
};

int ops_platform_set(struct ops *o, const struct ops_platform_in *in,
    struct ops_platform_result *res, struct err *e);

/* Rates fetched or typed, written as one change named what (their
 * updated time is the change's).  */
int ops_set_rates(struct ops *o, const struct rate *rates, size_t n,
    const char *what, struct err *e);

/* USD to INR: rate as typed ("84.10"), from the local day of at (a day as
 * typed, NULL for today), or a fetched rate for day from source. */
int ops_fx_set(struct ops *o, const char *rate, const char *at,
    int64_t *day, int64_t *micro, struct err *e);
int ops_fx_fetched(struct ops *o, int64_t day, int64_t micro,
    const char *source, struct err *e);
/* The display currency, as typed ("INR", "usd", "$"). */
int ops_set_currency(struct ops *o, const char *in, char cur[4],
    struct err *e);
/* The plan's month 1 starts on day (as typed); its local date in out. */
int ops_plan_start(struct ops *o, const char *day, int64_t *t, char out[16],
    struct err *e);

/*
 * An expense as typed: amount ("899INR"), platform, when, note; NULL
 * leaves each alone (a new one: no platform, paid now), "" clears the
 * platform or the note.  spend records a new expense into x (expense_init
 * ()ed by the caller); edit changes expense id (its eN) and rm removes it,
 * each filling x with the expense as it ends up (or was).  A date after
 * now needs future (o->future says so when refused).  spend with units
 * ("100") buys a pack of that many of the platform's quota's unit
 * (compute units, or hours): the platform needs a quota and a pack
 * length (platforms set --pack-days).  spend with credit records prepaid
 * credit on the platform; the two are exclusive.  spend with monthly
 * records a subscription (neither a pack nor credit): paid again each
 * month on its day, or on the last day of a month too short for it
 * (local_month_same_day()), until ops_spend_stop(); the payments already
 * due (a date months back) are recorded in the same change.
 */
struct ops_expense_in {
	const char *amount, *platform, *at, *note;
	const char *units;   /* spend only: a pack of this many units */
	int credit;          /* spend only: prepaid credit */
	int monthly;         /* spend only: a monthly subscription */
	int future;
};
int ops_spend(struct ops *o, const struct ops_expense_in *in,
    struct expense *x, struct err *e);
int ops_expense_edit(struct ops *o, int64_t id,
    const struct ops_expense_in *in, struct expense *x, struct err *e);
/*
 * Stops monthly subscription id (its eN): it becomes a plain expense, and
 * the payments recorded so far stay.  One change, named "stop e3 ...".
 * Fills x with it.  An id that is no expense, or no running subscription,
 * fails with o->field OPS_F_RUN.
 */
int ops_spend_stop(struct ops *o, int64_t id, struct expense *x,
    struct err *e);
/*
 * Records each running subscription's payments that are due by o->now and
 * not yet recorded: payment n (n months after the subscription, on its
 * day) is an expense of source EXPENSE_MONTHLY_SRC and source id "uid:n",
 * so a payment is recorded once, on this machine or on one it syncs with.
 * A payment removed (rm eN) is not recorded again.  Kept outside any
 * change, as notify's bookkeeping is: `gpulog undo` takes back what the
 * user did, never a payment that fell due.  Writes nothing when nothing
 * is due.  Adds the number recorded to *added (may be NULL).
 */
int ops_monthly_due(struct ops *o, int *added, struct err *e);
int ops_expense_rm(struct ops *o, int64_t id, struct expense *x,
    struct err *e);

/*
 * An import's commit.  begin opens the change (what names it; when
 * since_source is given, *since is when that source last imported); run,
 * expense and snapshot write what the importer read (a run or expense
 * already there by uid or source id is left alone unless newer; a
 * snapshot's allowance and reset become the platform's weekly quota);
 * catalog restores the file's platforms, their quotas and rates, phases
 * and exchange rates the database lacks (and, in an empty database, the
 * plan start and currency); reconcile logs the Kaggle hours no run
 * accounts for (counted apart, in reconciled), saying what it did, and
 * when Kaggle's figure was taken, in notice.  commit ends the change
 * (rolls it back when dry); abort abandons it.  A platform neither the
 * database nor the file knows fails with -2: a bad row, not a failed
 * import.
 */
struct store_bulk;
struct ops_import {
	struct ops *o;
	struct store *s;
	struct store_bulk *bulk;
	const struct catalog *extra; /* the file's catalog, as read so far;
	                              * rows may name its platforms */
	struct platform *known;      /* platforms in the database */
	size_t nknown, nbefore;      /* nbefore were there before */
	int fresh;                   /* the database held no run or expense */
	long added, updated, there;  /* runs */
	long closed;                 /* open runs an import closed: their
	                              * instance stopped or is gone */
	long reconciled;             /* runs reconcile logged: not imported */
	long xadded, xthere;         /* expenses */
	long nplat, nquota, nrate, nphase, nfx; /* catalog rows restored */
	long snap_added, snap_there;
	struct quota_snapshot snap;  /* the last snapshot seen */
	long nsettings;              /* settings taken from the file */
	/* A merge (export format 2, sync): what it did. */
	struct store_merge *merge;
	long removed;                /* records a removal in the file took */
	long gone;                   /* records the file has that were
	                              * removed here since: left out */
	long xupdated;               /* expenses replaced by newer ones */
	long nmerged;                /* settings and catalog rows taken */
	long dups;                   /* runs kept as likely duplicates */
	long clamped;                /* change times from another machine's
	                              * clock far ahead, taken as now */
	long overlaps;               /* CSV runs that overlap another run
	                              * on their platform (both kept) */
	int64_t overlap_id;          /* the first of those others */
	struct ops_import *part;     /* the counts when a part began */
};

/*
 * A cloud provider's instances (importers/cloud.h): an instance running
 * with no open run gets one, from when its running period began (when
 * the provider says; else from now), at its own price; an open run whose
 * instance stopped or is gone is closed when the provider says it
 * stopped, else when what was billed ends, else now, and costed anew; an
 * instance destroyed before any import saw it, known from what was
 * billed, becomes a closed run at what it cost.  With complete, the open
 * runs of instances the provider no longer lists end now.  A run the
 * user removed is not made again.  Returns 0 or -1.
 */
struct cloud_instance;
int ops_import_instances(struct ops_import *im, const char *provider,
    const struct cloud_instance *v, size_t n, int complete, struct err *e);

/*
 * Keeps which of provider's instances v[0..n) are stopped and still
 * billed for their disk (core/cloud.h), seen now, in the setting "billed"
 * (outside any change: undo does not unsee them), for status, the
 * dashboard and notify.  Returns 0 or -1.
 */
int ops_billed_record(struct ops *o, const char *provider,
    const struct cloud_instance *v, size_t n, struct err *e);

/*
 * After an import that added runs, the reconcile placeholders of Kaggle's
 * current week that the log no longer needs: while the week's logged
 * time is past Kaggle's own figure, placeholders are removed, latest
 * first (the last one shortened), in the import's change.  A sentence
 * for the user in notice when it did anything.  Returns 0 or -1.
 */
int ops_import_settle(struct ops_import *im, char *notice, size_t n,
    struct err *e);

/* Makes sure platform key is in the database (the file's catalog may
 * describe it); -2 when neither knows it. */
int ops_import_platform(struct ops_import *im, const char *key,
    struct err *e);
int ops_import_begin(struct ops *o, struct ops_import *im, const char *what,
    const char *since_source, int64_t *since, struct err *e);
int ops_import_run(struct ops_import *im, const struct run *r,
    struct err *e);
int ops_import_expense(struct ops_import *im, const struct expense *x,
    struct err *e);
int ops_import_snapshot(struct ops_import *im, const struct quota_snapshot *q,
    struct err *e);
int ops_import_catalog(struct ops_import *im, const struct catalog *cat,
    const char *plan_start, const char *currency, struct err *e);
int ops_import_reconcile(struct ops_import *im, char *notice, size_t n,
    struct err *e);

/*
 * A merge of another machine's records (export format 2, `gpulog sync`),
 * inside an import's change.  Each record carries the time it was last
 * changed, and the newer of the two copies wins; at the same time the
 * one whose export text sorts later wins (for a setting, the smaller
 * value: the earlier plan start), so that every machine settles the same
 * way.  A removal (a tombstone: kind, key, when) wins over every
 * change made at or before it, and a record removed here at or after the
 * file's last change of it stays removed.  A run that is new here and
 * overlaps a run this machine had on the same platform by more than half
 * the shorter of the two is added and kept as a likely duplicate (`gpulog
 * log --duplicates`).  Settings that are the machine's own
 * (setting_travels()) are left alone.  Each returns 0, -1 on failure, or
 * -2 for a record naming a platform nobody describes.
 */
int ops_merge_run(struct ops_import *im, const struct run *r,
    struct err *e);

/* One input of a merge as a part that is kept or dropped whole: mark
 * starts it; done(ok 1) keeps it, done(ok 0) takes back what it wrote
 * and its counts, the change going on. */
int ops_merge_part(struct ops_import *im, struct err *e);
int ops_merge_part_done(struct ops_import *im, int ok, struct err *e);
/* A run's metrics, by the run's uid: written when the run is here (they
 * never change once `gpulog run` wrote them). */
int ops_merge_metrics(struct ops_import *im, const char *uid,
    const struct run_metrics *m, struct err *e);
int ops_merge_expense(struct ops_import *im, const struct expense *x,
    struct err *e);
int ops_merge_removal(struct ops_import *im, const char *kind,
    const char *key, int64_t at, struct err *e);
int ops_merge_setting(struct ops_import *im, const char *key,
    const char *value, int64_t modified, struct err *e);
int ops_merge_catalog(struct ops_import *im, const struct catalog *cat,
    struct err *e);
int ops_merge_snapshot(struct ops_import *im,
    const struct quota_snapshot *q, struct err *e);
int ops_import_commit(struct ops_import *im, int dry, struct err *e);
void ops_import_abort(struct ops_import *im);

/*
 * The checker.  Each reads one input as typed, returns 0 with the value,
 * or -1 with the one wording of what was wrong.  They are what the forms
 * check field by field as the user types.
 */
int ops_check_platform(const struct summary *cat, const char *in,
    char key[32], struct err *e);
/* A GPU model in any spelling: its canonical name in out ("" for none);
 * returns 1 when gpulog knows the model, 0 when it is kept as given (warn
 * then holds the words naming the nearest known models). */
/* The GPU count a spelling carries ("GPU T4 x2": 2), 0 when none. */
int ops_gpu_count(const char *in);
int ops_check_gpu(const char *in, char out[32], char *warn, size_t wlen,
    struct err *e);
int ops_check_gpus(const char *in, int *n, struct err *e);
int ops_check_tag(const char *in, struct err *e);
int ops_check_project(const char *in, struct err *e);
int ops_check_cost(const struct summary *cat, const char *in,
    int64_t *minor, char cur[4], struct err *e);
/* An expense's amount ("899INR", "$11.99"; the display currency when
 * none is named): more than zero. */
int ops_check_amount(const struct summary *cat, const char *in,
    int64_t *minor, char cur[4], struct err *e);
int ops_check_rate(const char *in, int64_t *micro, char cur[4],
    struct err *e);
int ops_check_units(const char *in, int64_t *centi, struct err *e);
int ops_check_time(const char *in, int64_t now, int64_t *t, struct err *e);
int ops_check_when(const char *day, const char *when, int64_t now,
    int64_t *start, int64_t *end, struct err *e);
/* A run's times: the end after the start, neither after now unless
 * future. */
int ops_check_times(const struct run *r, int64_t now, int future,
    struct err *e);

/*
 * `gpulog notify`'s memory and its webhook (ops/notify.c), both kept in
 * the settings.  "notify.sent" lists the conditions sent and still
 * present (core/notify.h's names, a line each): bookkeeping, written
 * outside any change, so that `gpulog undo` never takes back a
 * notification instead of the user's own last change.  Each edit of it
 * is one write transaction, so that two notify at once send a condition
 * once: ops_notify_claim() lists key before it is sent and returns 1, or
 * 0 when another process listed it first (it is not sent again);
 * ops_notify_unclaim() takes it back when it could not be sent (the next
 * notify tries again); ops_notify_keep() forgets the listed keys that
 * present (a list) no longer has, so that one that comes back is new.  ops_notify_url() sets "notify.url", the ntfy topic or webhook
 * notify posts to, as the change "notify --url"; "" removes it.  It must
 * be http:// or https://, at most 1000 bytes, with no space or control
 * character (o->field is OPS_F_INPUT when not).
 */
#define OPS_NOTIFY_SENT_MAX 16384 /* bytes of keys kept */
int ops_notify_claim(struct ops *o, const char *key, struct err *e);
int ops_notify_unclaim(struct ops *o, const char *key, struct err *e);
int ops_notify_keep(struct ops *o, const char *present, struct err *e);
int ops_notify_url(struct ops *o, const char *url, struct err *e);

#endif
