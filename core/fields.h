/*
 * fields.h: one table per record (struct run, struct expense) giving each
 * field's JSON key, kind and place in the struct.  `gpulog export` writes
 * the records from it, `gpulog import json` reads them back through it and
 * every --json row of a run is printed from it, so a field added to a table
 * appears in all three.  Pure: it writes JSON text into memory, and knows
 * nothing of files, the database or cJSON (importers/json.c reads).
 */
#ifndef GPULOG_FIELDS_H
#define GPULOG_FIELDS_H

#include <stddef.h>
#include <stdint.h>

/* Whole numbers beyond 2^53 do not survive a JSON double. */
#define FIELDS_EXACT_MAX 9007199254740992LL

/* What a field holds, and so how it is written and read. */
enum field_kind {
	FK_INT,       /* int, a whole number */
	FK_INT64,     /* int64_t, a whole number */
	FK_MONEY,     /* int64_t minor units (of the record's currency) */
	FK_TIME,      /* int64_t seconds since the epoch:
	               * "2026-11-28T10:00:00Z" */
	FK_END,       /* FK_TIME, with RUN_OPEN as null (a run still going) */
	FK_TEXT,      /* char[size], any text */
	FK_KEY,       /* char[size], a name without spaces or commas */
	FK_CURRENCY,  /* char[4]: "USD", "INR" or "" */
	FK_STR,       /* char *, owned; NULL as null */
	FK_BOOL,      /* int 0 or 1: false or true */
	FK_LIST,      /* char *, comma-separated: an array of strings */
	FK_CENTI,     /* int64_t hundredths, -1 as null; an export writes the
	               * count, a --json row the decimal ("12.5") */
	FK_SCENTI,    /* int64_t hundredths of either sign, never null:
	               * -11.00 (a quota's left when over) */
	FK_MICRO,     /* int64_t millionths: 1.15 */
	FK_NAME,      /* int, an index into names[]: its word */
	FK_YESNO,     /* int 0 or 1: true or false; in CSV, yes or no */
	FK_OBJECT     /* the fields of sub[] as one object; in CSV, their
	               * columns */
};

enum {
	FF_REQUIRED = 1,      /* reading fails without it */
	FF_NULL_EMPTY = 2,    /* text "" is written null in an export */
	FF_SHOWN_NULL_EMPTY = 4, /* and in a --json row */
	FF_NEG_NULL = 8,      /* a number below 0 is null */
	FF_ZERO_NULL = 16,    /* a number 0 is null */
	FF_CSV_SPACES = 32,   /* FK_LIST in CSV: its items joined by spaces */
	FF_OMIT_ZERO = 64     /* a number 0 is left out of an export */
};

struct field {
	const char *name;     /* key in an export, read back;
	                       * NULL: --json only */
	const char *shown;    /* key in a --json row; NULL: export only */
	int kind;             /* enum field_kind */
	int flags;            /* FF_* */
	size_t off, size;     /* where in the record; size of a char array */
	int64_t min, max, def; /* numbers read back: range, default if absent */
	const char *example;  /* FK_KEY: a valid value, for messages */
	/* When set, a --json row shows what this computes at now instead of
	 * the stored value (a run's cost so far, its duration). */
	int64_t (*value)(const void *rec, int64_t now);
	/* A field shown as computed text (a key, a number with a prefix):
	 * written into buf, or NULL for null. */
	const char *(*text)(const void *rec, char *buf, size_t n);
	/* When set and 0 for rec, the field is null (CSV: empty cells). */
	int (*present)(const void *rec);
	const char *csv;      /* column in --csv; NULL: not a column */
	const char *const *names; /* FK_NAME: the word of each value */
	const struct field *sub;  /* FK_OBJECT: its fields, nsub of them */
	size_t nsub;
};

/* The tables, in the order fields are written. */
extern const struct field fields_run[];
extern const size_t fields_nrun;
extern const struct field fields_expense[];
extern const size_t fields_nexpense;
/* The catalog's platforms and rates (struct platform, struct rate): the
 * export's catalog, `platforms --json` and `platforms import` go through
 * them.  FK_NAME fields read back one of names[0..max). */
extern const struct field fields_platform[];
extern const size_t fields_nplatform;
extern const struct field fields_rate[];
extern const size_t fields_nrate;

enum fields_style {
	FIELDS_EXPORT,  /* `gpulog export`: "key": value, ", " between */
	FIELDS_SHOWN,   /* --json rows: "key":value, compact */
	FIELDS_SPACED   /* --json rows as FIELDS_SHOWN, spaced as an export */
};

/*
 * The record rec, described by t[0..n), as one JSON object in style: the
 * fields with a name (FIELDS_EXPORT) or a shown key (FIELDS_SHOWN), in
 * table order.  now is for computed fields.  The caller frees the result.
 */
char *fields_json(const struct field *t, size_t n, const void *rec,
    int style, int64_t now);

/* The --csv header of t[0..n): each field's csv name, an object's fields'
 * in its place, joined by commas.  The caller frees the result. */
char *fields_csv_header(const struct field *t, size_t n);

/* The record rec as one --csv line (no newline) of fields_csv_header()'s
 * columns: numbers as in a --json row but money as a decimal of its
 * minor units (12.50), booleans 0 or 1 (FK_YESNO: yes or no), times UTC
 * ISO 8601, null as an empty cell, text made safe by csv_cell().  The
 * caller frees the result. */
char *fields_csv(const struct field *t, size_t n, const void *rec,
    int64_t now);

/* s as one CSV cell: made safe as text output is (text_safe()), a cell a
 * spreadsheet would run as a formula (=, +, -, @ first) with a leading ',
 * quoted when it holds a comma or a quote; NULL as empty.  The caller
 * frees the result. */
char *fields_csv_cell(const char *s);

/* s as a JSON string, quoted, with control characters (C0, DEL and C1) as
 * \u escapes; NULL gives null.  The caller frees the result. */
char *fields_json_str(const char *s);

/* The comma-separated list as a JSON array of strings, empty items left
 * out; NULL gives null.  The caller frees the result. */
char *fields_json_list(const char *list);

/* The field of t[0..n) with export key name, or NULL. */
const struct field *fields_find(const struct field *t, size_t n,
    const char *name);

#endif
