/*
 * fetch.h: one HTTP(S) request with libcurl, kept apart from parsing so
 * that parsers are tested on files and the fetch on a local server or a
 * file:// URL.  TLS is verified, connect and total times are bounded, and
 * every failure becomes one sentence naming the service, never the
 * credentials.  Never prints, never opens the database.
 */
#ifndef GPULOG_FETCH_H
#define GPULOG_FETCH_H

#include <stddef.h>

struct err;

/* The longest answer taken: 16 MiB. */
#define FETCH_MAX (16L << 20)

struct fetch_req {
	const char *service;   /* for messages: "Kaggle", "Frankfurter" */
	const char *url;       /* http://, https:// or file:// */
	const char *body;      /* a JSON body to POST, or NULL to GET */
	const char *auth;      /* a header ("Authorization: Bearer ..."), or
	                          NULL; never shown */
	const char *auth_kind; /* what the credentials were, for a 401/403
	                          hint ("the token in KAGGLE_API_TOKEN") */
	long *status;          /* gets the HTTP status (0 when none came),
	                          or NULL */
	const char *ctype;     /* the body's content type; NULL: JSON */
	const char *header;    /* one more header ("Title: gpulog"), or
	                          NULL */
	int any_answer;        /* 1: a 2xx answer of any content type is
	                          taken (a webhook's), not only JSON */
};

/*
 * Fetches q->url.  Returns 0 with the answer in a malloc'd,
 * NUL-terminated *body of *len bytes (the caller frees it), or -1 with the
 * reason in e: the server could not be reached, stalled (no answer within
 * the timeout), refused the credentials (401/403, with auth_kind), has no
 * such address (404), asks to wait (429: a Retry-After of a few seconds
 * is waited out once, a longer one reported), failed (5xx), cut the answer
 * short, or answered with something other than JSON (http only, unless
 * q->any_answer).
 * GPULOG_NET_TIMEOUT (seconds, default 30) bounds the whole request.
 */
int fetch(const struct fetch_req *q, char **body, size_t *len,
    struct err *e);

/* fetch() of url for service, with body (NULL: GET) and an auth header
 * of kind (each NULL for none): the common request in one call. */
int fetch_url(const char *service, const char *url, const char *body,
    const char *auth, const char *kind, char **out, size_t *len,
    struct err *e);

/* The base URL for a service: the variable env when set and not empty,
 * else def.  Borrowed: valid until the environment changes. */
const char *fetch_base(const char *env, const char *def);

#endif
