/*
 * model.h: the things gpulog keeps.  Units are fixed: times are seconds since
 * the epoch (UTC), durations seconds, money an integer count of minor units
 * (cents, paise) beside its ISO 4217 code, rates millionths of the major unit
 * per GPU-hour, compute units hundredths of a unit.
 */
#ifndef GPULOG_MODEL_H
#define GPULOG_MODEL_H

#include <stddef.h>
#include <stdint.h>

#define RUN_OPEN 0 /* run.end while the run is still going */

/*
 * The limits of what gpulog keeps (the manual's "Limits" says them in the
 * same words).  Every path that accepts a time, a duration, an amount or
 * a rate refuses what lies outside them, so no sum of them overflows and
 * every export reads back.
 */
#define TIME_MIN INT64_C(1)          /* 1970-01-01T00:00:01Z: 0 is RUN_OPEN */
#define TIME_MAX INT64_C(7258118400) /* 2200-01-01T00:00:00Z */
#define DURATION_MAX_H 100000        /* a duration: at most 100000h */
#define MONEY_MAX_MINOR INT64_C(100000000000) /* an amount or a cost: at
                                       * most 1,000,000,000.00 */
#define RATE_MAX_MICRO INT64_C(1000000000000) /* a rate: at most
                                       * 1,000,000.00 per GPU-hour */

struct run {
	int64_t id;          /* 0 until stored */
	char platform[32];   /* "kaggle", "vast", ... */
	char gpu[32];        /* "P100", "RTX 4090"; "" when unknown */
	int gpus;            /* GPU count, >= 1 */
	int64_t start;       /* seconds since epoch, UTC */
	int64_t end;         /* RUN_OPEN while it runs */
	int64_t cost_minor;  /* cents or paise ... */
	char currency[4];    /* ... in this currency; "" when free */
	int64_t rate_micro;  /* price per GPU-hour in millionths; 0 = none */
	int64_t cu_centi;    /* compute units used, hundredths; -1 unknown */
	int checkpointed;    /* 1 when the run saved checkpoints */
	char *note;          /* owned, may be NULL */
	char *project;       /* owned, may be NULL */
	char *tags;          /* owned, comma-separated, may be NULL */
	char source[16];     /* "cli", "run", "json", "kaggle", ... */
	char *source_id;     /* owned, the source's own id; NULL when typed */
	int64_t created;     /* when it was recorded */
	int64_t modified;    /* when it last changed */
	char uid[33];        /* identity across machines; set by the store */
};

/* run_init() zeroes r for use; run_clear() frees its strings and zeroes it. */
void run_init(struct run *r);
void run_clear(struct run *r);

/* Deep copy of src into dst (dst is overwritten, not cleared first). */
void run_copy(struct run *dst, const struct run *src);

/* 1 when a and b hold the same stored run, every field alike: what a
 * change read is what the database still holds. */
int run_same(const struct run *a, const struct run *b);

/* End of the run for accounting: its end, or now while it is open. */
int64_t run_end_at(const struct run *r, int64_t now);

/* Cost in minor units: the stored cost, or for an open priced run the cost
 * accrued up to now. */
int64_t run_cost_at(const struct run *r, int64_t now);

/*
 * Cost of gpu_s GPU-seconds at rate_micro (millionths per GPU-hour), in
 * minor units of a two-decimal currency, rounded half up, into *out.
 * Returns 0, or -1 when it would be more than MONEY_MAX_MINOR (*out is
 * then MONEY_MAX_MINOR).
 */
int rate_cost_checked(int64_t rate_micro, int64_t gpu_s, int64_t *out);

/* rate_cost_checked()'s cost, held at MONEY_MAX_MINOR when more: for
 * figures shown, such as what an open run has cost so far. */
int64_t rate_cost(int64_t rate_micro, int64_t gpu_s);

struct expense {
	int64_t id;
	int64_t at;          /* when it was paid, seconds since epoch */
	char platform[32];   /* "" when not tied to a platform */
	int64_t amount_minor;
	char currency[4];
	char *note;          /* owned, may be NULL */
	char source[16];
	char *source_id;     /* owned, may be NULL */
	char uid[33];        /* identity across machines; set by the store */
	char kind[8];        /* "spend", "pack", "credit" or "monthly": enum
	                        expense_kind by expense_kind() */
	int64_t units_centi; /* a pack's units of its platform's quota,
	                        hundredths (of an hour for hours); -1 when
	                        not a pack */
	int64_t modified;    /* when it was last changed (the newer wins
	                        between machines) */
};

/* What an expense bought. */
enum expense_kind {
	EXP_SPEND,  /* a plain expense: counted in the month's spend */
	EXP_PACK,   /* units of the platform's quota, valid pack_days */
	EXP_CREDIT, /* prepaid credit: the runs paid from it count instead */
	EXP_MONTHLY /* a plain expense that recurs: a subscription, paid
	               again each month on its day (local_month_same_day())
	               until stopped, when it becomes EXP_SPEND; each payment
	               after the first is an EXP_SPEND of source
	               EXPENSE_MONTHLY_SRC */
};

/* The source of a subscription's later payments; their source id is the
 * subscription's uid, a colon and n, the months after it (uid:1, uid:2). */
#define EXPENSE_MONTHLY_SRC "monthly"

/* x's kind; a word it does not know (from a newer export) is a plain
 * spend. */
int expense_kind(const struct expense *x);

/* 1 when x counts in spend (the month's, a plan month's, a report's):
 * every expense but prepaid credit, whose runs count by their cost
 * instead of its top-up. */
int expense_is_spend(const struct expense *x);

/* "spend", "pack", "credit" or "monthly". */
const char *expense_kind_name(int kind);

void expense_init(struct expense *x);

/* 1 when a and b hold the same stored expense, every field alike. */
int expense_same(const struct expense *a, const struct expense *b);
void expense_clear(struct expense *x);

/* Deep copy of src into dst (dst is overwritten, not cleared first). */
void expense_copy(struct expense *dst, const struct expense *src);

/*
 * A record's reference: what names one run or expense alike on every
 * machine that shares it, where its number (#42, e3) is this machine's
 * own.  It is the shortest tail of the record's uid, REF_MIN hex digits
 * or more, that holds a letter a-f and is not "e" and digits, so that it
 * never reads as a number or an expense's eN ("3fa9c2e").  Any longer
 * tail of the uid names the record too.
 */
#define REF_MIN 7

/* uid's reference into buf (its whole self when no tail qualifies). */
char *uid_ref(const char *uid, char *buf, size_t n);

/* 1 when s has a reference's form: REF_MIN to 32 hex digits (either
 * case), a letter among them, and not "e" and digits. */
int ref_form(const char *s);

/*
 * The uid of a record a provider names ("vast:12345678"): the same on
 * every machine that imports it, so that two machines importing one
 * instance hold one run, and a run removed stays removed (its tombstone
 * names this uid).  32 hex digits into out.
 */
void uid_of_key(const char *key, char out[33]);

/*
 * How a platform bills: the one list of them.  A row gives the enum, its
 * word (the database's platforms.billing, --billing, --json and the
 * export: never change one) and what it means.
 */
#define BILLINGS(X) \
	X(BILL_FREE, "free", "a free tier") \
	X(BILL_SUBSCRIPTION, "subscription", \
	    "paid by the month; its quota counts when a payment covers it") \
	X(BILL_HOURLY, "hourly", "billed by the hour at each GPU's rate") \
	X(BILL_UNITS, "units", \
	    "units sold in packs; only the packs bought count")

enum billing {
#define BILLING_ENUM(e, word, text) e,
	BILLINGS(BILLING_ENUM)
#undef BILLING_ENUM
	BILL_COUNT
};

struct platform {
	char key[32];
	char name[64];
	int billing;             /* enum billing */
	char gpu[64];            /* the GPUs it offers, as text */
	char vram[32];           /* as text: "16", "24+", "16-96 unified" */
	char cost_usd[24];       /* cost a month in the matrix's words: */
	char cost_inr[24];       /* "11.99", "~5-20+", "1.10/h", "variable" */
	int64_t session_cap_s;   /* 0 when none */
	char session_text[48];   /* the matrix's words: "~12 h, unreliable" */
	char storage[48];
	char best_for[96];
	char default_gpu[32];    /* assumed when a run names none */
	int pack_days;           /* a pack of its quota's units lasts this
	                            many days from purchase; 0 when none */
	int64_t modified;        /* when it was last set; 0 = the catalog */
};

/*
 * What a quota counts, its meter: the one list of them.  A row gives, in
 * order:
 *   the enum;
 *   its word in the database (quotas.unit: never change one);
 *   its word for `platforms set --meter` and the export's "meter";
 *   its word in --json ("unit");
 *   its label after an amount ("12.5 GPU-h", "3.00 CU");
 *   its suffix in `status --short` ("cu") and in --quota's amount
 *     ("100cu/month"; the hours meters share "h");
 *   the word of its amounts in the export and `platforms --json`
 *     ("unit": the hours meters share "gpu_hours", as before meters);
 *   rated: 1 when a run uses it at its GPU's rate a GPU-hour (the
 *     platform's rates, `platforms set --cu-rate`); 0 when it counts
 *     a run's seconds;
 *   per_gpu: 1 when a run's GPUs multiply its use;
 *   scale: what one shown unit is in the stored amount (3600 seconds an
 *     hour; 100 hundredths a compute unit or credit);
 *   places: the decimals it is shown with (an hour to a tenth, a
 *     compute unit to a hundredth);
 *   its name in a sentence ("compute units");
 *   what it counts, in words.
 * GPU-hours: Lightning AI's old free tier; session hours: Kaggle's;
 * compute units: Colab Pro's; credits (dollars) drawn at each GPU's hourly
 * rate: Lightning AI's free tier since 2025.
 */
#define QUOTA_METERS(X) \
	X(QU_GPU_S, "gpu_s", "gpu", "gpu_hours", "GPU-h", "h", "gpu_hours", \
	    0, 1, 3600, 1, "GPU-hours", "GPU-hours (duration times GPUs)") \
	X(QU_CU, "cu", "units", "compute_units", "CU", "cu", \
	    "compute_units", 1, 1, 100, 2, "compute units", \
	    "compute units at each GPU's rate") \
	X(QU_SESSION_S, "session_s", "session", "session_hours", "h", "h", \
	    "gpu_hours", 0, 0, 3600, 1, "session hours", \
	    "session hours, whatever the GPU count") \
	X(QU_CREDIT, "credit", "credits", "credits", "credits", "cr", \
	    "credits", 1, 1, 100, 2, "credits", \
	    "credits (dollars) at each GPU's hourly rate")

enum quota_unit {
#define QUOTA_METER_ENUM(e, store, word, json, label, brief, amount, rated, \
    per_gpu, scale, places, name, text) e,
	QUOTA_METERS(QUOTA_METER_ENUM)
#undef QUOTA_METER_ENUM
	QU_COUNT
};

struct quota_meter {
	int unit;            /* enum quota_unit */
	const char *store, *word, *json, *label, *brief, *amount;
	int rated, per_gpu, scale, places;
	const char *name, *text;
};

/* The row of unit (QU_GPU_S's for a unit out of range). */
const struct quota_meter *quota_meter(int unit);

/*
 * A quota's window: the one list of them.  A row gives the enum, its word
 * (the database's quotas.win, --json, the export: never change one) and
 * what it is.  QW_WEEK: every 7 days from reset_wday reset_min UTC;
 * QW_MONTH: every month from reset_mday reset_min UTC; QW_ROLLING: the
 * last rolling_days days.
 */
#define QUOTA_WINDOWS(X) \
	X(QW_WEEK, "week", "a week from a weekday and time") \
	X(QW_MONTH, "month", "a calendar month from a day and time") \
	X(QW_ROLLING, "rolling", "the last N days, rolling")

enum quota_window {
#define QUOTA_WINDOW_ENUM(e, word, text) e,
	QUOTA_WINDOWS(QUOTA_WINDOW_ENUM)
#undef QUOTA_WINDOW_ENUM
	QW_COUNT
};

/* A window's word ("week", "month", "rolling"; "?" out of range); the
 * words in enum order, for a choice read back (the store, the import). */
const char *quota_window_word(int window);
extern const char *const quota_window_words[QW_COUNT];

struct quota {
	char platform[32];
	int unit;            /* enum quota_unit */
	int64_t amount;      /* in the unit */
	int window;          /* enum quota_window */
	int reset_wday;      /* 0 = Sunday, for QW_WEEK */
	int reset_mday;      /* 1..28, for QW_MONTH */
	int reset_min;       /* minutes after 00:00 UTC */
	int rolling_days;    /* for QW_ROLLING */
	int64_t modified;    /* when it was last set; 0 = the catalog */
};

struct rate {
	char platform[32];
	char gpu[32];
	char currency[4];
	int64_t rate_micro;  /* typical price per GPU-hour, millionths */
	int64_t low_micro;   /* range seen, 0 when unknown */
	int64_t high_micro;
	int64_t cu_centi_h;  /* compute units a GPU-hour burns, hundredths */
	int64_t updated;     /* when the figure was set */
	char source[16];     /* "catalog", "user", "vast", ... */
};

struct phase {
	int first_month, last_month; /* 1..13 */
	char name[48];
	char platforms[96];  /* comma-separated platform keys */
	char where[96];      /* the seed's words:
	                      * "Kaggle (primary) + Colab Pro" */
	char reason[192];
	int64_t budget_min_minor;
	int64_t budget_max_minor;
	char currency[4];
};

/* What `gpulog run` measured of a run (the run_metrics table). */
struct run_metrics {
	int64_t run_id;
	int64_t samples;          /* nvidia-smi samples taken */
	int64_t peak_mem_mib;     /* the busiest GPU's peak; -1 unknown */
	int64_t mem_total_mib;    /* that GPU's memory; -1 unknown */
	int mean_util_pct;        /* over samples and GPUs; -1 unknown */
	int64_t energy_wh_milli;  /* thousandths of a watt-hour; -1 */
	int64_t own_mem_mib;      /* the peak GPU memory of the command's own
	                             processes (nvidia-smi's compute apps);
	                             -1 unknown */
	int exit_status;          /* as a shell shows it; -1 while running */
	char *command;            /* owned; the command line, or NULL */
};

/* metrics_init() sets unknowns; metrics_clear() frees and re-inits. */
void metrics_init(struct run_metrics *m);
void metrics_clear(struct run_metrics *m);

/*
 * 1 when the setting key travels between machines (export, sync): the
 * display currency and the plan's start.  The rest is the machine's own:
 * a live recording (live.*), what notify sent and where (notify.*), sync's
 * own state (sync.*).
 */
int setting_travels(const char *key);

#endif
