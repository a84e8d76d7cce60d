/*
 * fetch.c: HTTP with libcurl.  The status code is read here rather than
 * through CURLOPT_FAILONERROR, so that a 429's Retry-After can be read and
 * each status gets its own message.
 */
#include "importers/fetch.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include <curl/curl.h>
#include <dlfcn.h>

#include "core/err.h"

/*
 * libcurl is loaded when the first fetch needs it, not when gpulog starts:
 * its dozens of shared libraries would triple the start-up of every
 * command, and `gpulog add` fetches nothing.
 */
static struct {
	CURLcode (*global_init)(long);
	CURL *(*easy_init)(void);
	CURLcode (*easy_setopt)(CURL *, CURLoption, ...);
	CURLcode (*easy_perform)(CURL *);
	CURLcode (*easy_getinfo)(CURL *, CURLINFO, ...);
	void (*easy_cleanup)(CURL *);
	const char *(*easy_strerror)(CURLcode);
	struct curl_slist *(*slist_append)(struct curl_slist *, const char *);
	void (*slist_free_all)(struct curl_slist *);
} lc;

/* Loads libcurl and its functions once.  Returns 0, or -1 saying why. */
static int
load_curl(struct err *e)
{
	static const char *const names[] = { "libcurl.so.4",
		"libcurl-gnutls.so.4", "libcurl-nss.so.4", "libcurl.4.dylib",
		"libcurl.dylib", "libcurl.so" };
	static void *h;
	size_t i;

	if (h != NULL)
		return 0;
	for (i = 0; h == NULL && i < sizeof names / sizeof names[0]; i++)
		h = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
	if (h == NULL)
		return err_set(e, "cannot load libcurl, which fetching needs: "
		    "%s", dlerror());
#define SYM(f, name) \
	if ((*(void **)&lc.f = dlsym(h, name)) == NULL) \
		return err_set(e, "libcurl lacks %s: %s", name, dlerror())
	SYM(global_init, "curl_global_init");
	SYM(easy_init, "curl_easy_init");
	SYM(easy_setopt, "curl_easy_setopt");
	SYM(easy_perform, "curl_easy_perform");
	SYM(easy_getinfo, "curl_easy_getinfo");
	SYM(easy_cleanup, "curl_easy_cleanup");
	SYM(easy_strerror, "curl_easy_strerror");
	SYM(slist_append, "curl_slist_append");
	SYM(slist_free_all, "curl_slist_free_all");
#undef SYM
	return 0;
}

/* The calls below go through the loaded functions. */
#undef curl_easy_setopt
#undef curl_easy_getinfo
#define curl_global_init lc.global_init
#define curl_easy_init lc.easy_init
#define curl_easy_setopt lc.easy_setopt
#define curl_easy_perform lc.easy_perform
#define curl_easy_getinfo lc.easy_getinfo
#define curl_easy_cleanup lc.easy_cleanup
#define curl_easy_strerror lc.easy_strerror
#define curl_slist_append lc.slist_append
#define curl_slist_free_all lc.slist_free_all

#define CONNECT_S 10L
#define TOTAL_S 30L
#define RETRY_MAX_S 5L /* a Retry-After this short is waited out once */

struct answer {
	char *buf;
	size_t len, cap;
	int too_big;
	long retry_after;  /* seconds; -1 when not given */
};

static size_t
on_body(char *p, size_t size, size_t n, void *arg)
{
	struct answer *a = arg;
	size_t k = size * n;

	if (a->len + k > (size_t)FETCH_MAX) {
		a->too_big = 1;
		return 0;
	}
	if (a->len + k + 1 > a->cap) {
		while (a->len + k + 1 > a->cap)
			a->cap = a->cap ? a->cap * 2 : 8192;
		a->buf = xrealloc(a->buf, a->cap);
	}
	memcpy(a->buf + a->len, p, k);
	a->len += k;
	a->buf[a->len] = '\0';
	return k;
}

static size_t
on_header(char *p, size_t size, size_t n, void *arg)
{
	struct answer *a = arg;
	size_t k = size * n;

	if (k > 12 && strncasecmp(p, "Retry-After:", 12) == 0) {
		const char *v = p + 12;

		while (v < p + k && *v == ' ')
			v++;
		if (v < p + k && isdigit((unsigned char)*v))
			a->retry_after = strtol(v, NULL, 10);
		else
			a->retry_after = 60;  /* an HTTP date: say a minute */
	}
	return k;
}

int
fetch_url(const char *service, const char *url, const char *body,
    const char *auth, const char *kind, char **out, size_t *len,
    struct err *e)
{
	struct fetch_req q;

	memset(&q, 0, sizeof q);
	q.service = service;
	q.url = url;
	q.body = body;
	q.auth = auth;
	q.auth_kind = kind;
	return fetch(&q, out, len, e);
}

const char *
fetch_base(const char *env, const char *def)
{
	const char *v = getenv(env);

	return v != NULL && *v != '\0' ? v : def;
}

/* 1 when a content type names JSON ("application/json; charset=..."). */
static int
is_json_type(const char *t)
{
	for (; t != NULL && *t != '\0'; t++)
		if (strncasecmp(t, "json", 4) == 0)
			return 1;
	return 0;
}

static long
total_timeout(void)
{
	const char *v = getenv("GPULOG_NET_TIMEOUT");
	long t = v ? strtol(v, NULL, 10) : 0;

	return t > 0 && t <= 600 ? t : TOTAL_S;
}

/* One attempt; returns 0, 1 to retry after a short 429, or -1. */
static int
attempt(const struct fetch_req *q, struct answer *a, int may_retry,
    struct err *e)
{
	char ebuf[CURL_ERROR_SIZE] = "";
	struct curl_slist *hdr = NULL;
	const char *ctype = NULL;
	long code = 0, timeout = total_timeout();
	CURL *c;
	CURLcode rc;
	int is_http = strncasecmp(q->url, "http", 4) == 0;

	if ((c = curl_easy_init()) == NULL)
		return err_set(e, "%s: cannot start libcurl", q->service);
	hdr = curl_slist_append(hdr, "Accept: application/json");
	if (q->body != NULL) {
		char ct[128];

		snprintf(ct, sizeof ct, "Content-Type: %s", q->ctype != NULL ?
		    q->ctype : "application/json");
		hdr = curl_slist_append(hdr, ct);
	}
	if (q->header != NULL)
		hdr = curl_slist_append(hdr, q->header);
	if (q->auth != NULL)
		hdr = curl_slist_append(hdr, q->auth);
	curl_easy_setopt(c, CURLOPT_URL, q->url);
	curl_easy_setopt(c, CURLOPT_PROTOCOLS_STR, "http,https,file");
	curl_easy_setopt(c, CURLOPT_ERRORBUFFER, ebuf);
	curl_easy_setopt(c, CURLOPT_NOSIGNAL, 1L);
	curl_easy_setopt(c, CURLOPT_CONNECTTIMEOUT, CONNECT_S);
	curl_easy_setopt(c, CURLOPT_TIMEOUT, timeout);
	curl_easy_setopt(c, CURLOPT_SSL_VERIFYPEER, 1L);
	curl_easy_setopt(c, CURLOPT_SSL_VERIFYHOST, 2L);
	curl_easy_setopt(c, CURLOPT_USERAGENT, "gpulog/0.1");
	curl_easy_setopt(c, CURLOPT_HTTPHEADER, hdr);
	curl_easy_setopt(c, CURLOPT_WRITEFUNCTION, on_body);
	curl_easy_setopt(c, CURLOPT_WRITEDATA, a);
	curl_easy_setopt(c, CURLOPT_HEADERFUNCTION, on_header);
	curl_easy_setopt(c, CURLOPT_HEADERDATA, a);
	if (q->body != NULL)
		curl_easy_setopt(c, CURLOPT_POSTFIELDS, q->body);
	rc = curl_easy_perform(c);
	curl_easy_getinfo(c, CURLINFO_RESPONSE_CODE, &code);
	if (q->status != NULL)
		*q->status = is_http ? code : 0;
	curl_easy_getinfo(c, CURLINFO_CONTENT_TYPE, &ctype);
	if (rc == CURLE_OPERATION_TIMEDOUT)
		err_set(e, "%s did not answer within %ld s (the server "
		    "stalled); try again later", q->service, timeout);
	else if (rc == CURLE_WRITE_ERROR && a->too_big)
		err_set(e, "%s's answer is larger than %ld MiB", q->service,
		    FETCH_MAX >> 20);
	else if (rc == CURLE_PARTIAL_FILE || rc == CURLE_RECV_ERROR ||
	    rc == CURLE_GOT_NOTHING)
		err_set(e, "%s's answer was cut short (%s)", q->service,
		    ebuf[0] ? ebuf : curl_easy_strerror(rc));
	else if (rc != CURLE_OK)
		err_set(e, "cannot reach %s: %s", q->service, ebuf[0] ? ebuf :
		    curl_easy_strerror(rc));
	else if (is_http && (code == 401 || code == 403))
		if (q->auth_kind != NULL)
			err_set(e, "%s refused the credentials (HTTP %ld): "
			    "check %s", q->service, code, q->auth_kind);
		else
			err_set(e, "%s refused the request (HTTP %ld); it "
			    "needs no credentials: is the base URL right?",
			    q->service, code);
	else if (is_http && code == 404)
		err_set(e, "%s has no such address (HTTP 404): is the base URL "
		    "right?", q->service);
	else if (is_http && code == 429 && may_retry && a->retry_after >= 0
	    && a->retry_after <= RETRY_MAX_S) {
		curl_slist_free_all(hdr);
		curl_easy_cleanup(c);
		return 1;
	} else if (is_http && code == 429 && a->retry_after >= 0)
		err_set(e, "%s asks to wait: too many requests (HTTP 429); try "
		    "again in %ld s", q->service, a->retry_after);
	else if (is_http && code == 429)
		err_set(e, "%s asks to wait: too many requests (HTTP 429); try "
		    "again later", q->service);
	else if (is_http && code >= 500)
		err_set(e, "%s failed on its side (HTTP %ld); try again later",
		    q->service, code);
	else if (is_http && (code < 200 || code > 299))
		err_set(e, "%s answered HTTP %ld", q->service, code);
	else if (is_http && !q->any_answer && !is_json_type(ctype))
		err_set(e, "%s answered with %s, not JSON (a login page or a "
		    "proxy?)", q->service, ctype ? ctype : "no content type");
	else {
		curl_slist_free_all(hdr);
		curl_easy_cleanup(c);
		return 0;
	}
	curl_slist_free_all(hdr);
	curl_easy_cleanup(c);
	return -1;
}

int
fetch(const struct fetch_req *q, char **body, size_t *len, struct err *e)
{
	static int ready;
	struct answer a;
	int rc, tries = 0;

	if (!ready) {
		if (load_curl(e) < 0)
			return -1;
		if (curl_global_init(CURL_GLOBAL_DEFAULT) != 0)
			return err_set(e, "cannot start libcurl");
		ready = 1;
	}
	*body = NULL;
	*len = 0;
	for (;;) {
		memset(&a, 0, sizeof a);
		a.retry_after = -1;
		rc = attempt(q, &a, tries == 0, e);
		if (rc != 1)
			break;
		free(a.buf);
		tries++;
		{
			struct timespec ts = { a.retry_after, 0 };

			nanosleep(&ts, NULL);
		}
	}
	if (rc < 0) {
		free(a.buf);
		return -1;
	}
	if (a.buf == NULL)
		a.buf = xstrdup("");
	*body = a.buf;
	*len = a.len;
	return 0;
}
