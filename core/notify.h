/*
 * notify.h: what `gpulog notify` remembers of the nudges it has sent.  A
 * condition is a nudge (core/alerts.h) named by its kind, level, subject
 * and the window or month it belongs to; notify sends a condition the
 * first time it sees it and remembers the conditions still present, so a
 * cron job every 10 minutes says each thing once.  Pure; no I/O.
 */
#ifndef GPULOG_NOTIFY_H
#define GPULOG_NOTIFY_H

#include <stddef.h>
#include <stdint.h>

struct nudge;

/* The longest key notify_key() writes, with its NUL. */
#define NOTIFY_KEY_MAX 80

/*
 * The condition nudge n is, into buf: "quota:kaggle:near:1764979200"
 * (its reset; 0 for a rolling window), "budget:over:1764547200" (the
 * month's start, month), "open:42:near" (a paid run open too long; over:
 * past its session cap), "lapse:kaggle:1764979200" (the reset),
 * "pack:3" (the expense), "billed:vast:31000002" (the instance, once
 * however often it is seen).  A quota that passes from near to over, the
 * next week's quota and the next month's budget are new conditions.
 */
char *notify_key(const struct nudge *n, int64_t month, char *buf,
    size_t len);

/* 1 when key is one of list's lines ('\n' between them); list may be
 * NULL. */
int notify_listed(const char *list, const char *key);

#endif
