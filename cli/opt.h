/*
 * opt.h: command-line options, one table per command.  Options may come
 * before, between or after positional arguments; "--" ends them; a word
 * like "-1" that is no option is positional (run ids count from the end).
 */
#ifndef GPULOG_OPT_H
#define GPULOG_OPT_H

#include <stdio.h>

struct err;

struct opt {
	int id;               /* the command's own number for it, > 0 */
	char shrt;            /* 'g', or 0 */
	const char *lng;      /* "gpu" */
	const char *arg;      /* "MODEL", or NULL for a flag; "[=LIST]" for
	                         a long option whose value is optional and
	                         given only as --name=LIST */
	const char *help;     /* one line */
};

#define ARGS_MAX 64

struct args {
	const char *pos[ARGS_MAX];
	int npos;
	struct {
		int id;
		const char *val;  /* NULL for a flag */
	} given[ARGS_MAX];
	int ngiven;
	int help;             /* --help or -h was given */
	const char *db;       /* --db PATH, given after the command */
};

/* Parses argv[0..argc) against opts (ended by an entry with id 0).
 * Returns 0, or -1 with a message naming the bad option. */
int opt_parse(const struct opt *opts, int argc, char **argv, struct args *a,
    struct err *e);

/* The last value given for id, or NULL (also for an optional value left
 * out). */
const char *opt_get(const struct args *a, int id);

/* 1 when option id was given. */
int opt_has(const struct args *a, int id);

/* Prints the option table, aligned, for --help. */
void opt_print(FILE *f, const struct opt *opts);
/* Prints TEXT from column AT, where the line already is, wrapped at
 * spaces to 80 columns with each further line indented to AT. */
void opt_wrap(FILE *f, int at, const char *text);

#endif
