/*
 * common.c: helpers the file importers share (see common.h).  Never prints
 * and never opens the database.
 */
#include "importers/common.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "core/err.h"
#include "core/gpu.h"
#include "core/parse.h"
#include "core/text.h"
#include "importers/cjson.h"
#include "importers/importer.h"

int
imp_slurp(FILE *f, const char *name, char **buf, size_t *len, struct err *e)
{
	size_t cap = 1 << 14, n = 0, got;
	char *p = xmalloc(cap + 1);

	*buf = NULL;
	*len = 0;
	while ((got = fread(p + n, 1, cap - n, f)) > 0) {
		n += got;
		if (n == cap) {
			if (cap >= (size_t)IMP_SLURP_MAX) {
				free(p);
				return err_set(e, "%s: larger than %ld MiB; is "
				    "it the right file?", name,
				    IMP_SLURP_MAX >> 20);
			}
			cap *= 2;
			p = xrealloc(p, cap + 1);
		}
	}
	if (ferror(f)) {
		free(p);
		return err_set(e, "%s: cannot read: %s", name,
		    strerror(errno));
	}
	p[n] = '\0';
	*buf = p;
	*len = n;
	return 0;
}

int
imp_time(const char *s, int flags, int64_t *t, struct err *e)
{
	char b[48], *safe;
	size_t i, k = 0, n = strlen(s);
	int zone = 0, rc;
	struct err inner;
	int64_t u;

	/* Epoch seconds pass as they are. */
	if (n >= 6 && n <= 12 && strspn(s, "0123456789") == n)
		return parse_time(s, 0, t, e);
	if (n < 10 || n >= sizeof b || strspn(s, "0123456789") != 4 ||
	    (s[4] != '-' && s[4] != '/'))
		goto bad;
	for (i = 0; i < n; i++) {
		char c = s[i];

		if (c == '/' && i < 10)
			c = '-';
		if (c == '.' && i > 10) {
			/* Drop the fraction of a second. */
			while (i + 1 < n && s[i + 1] >= '0' && s[i + 1] <= '9')
				i++;
			continue;
		}
		if (i > 10 && (c == 'Z' || c == 'z' || c == '+' ||
		    (c == '-' && i > 13)))
			zone = 1;
		b[k++] = c;
	}
	b[k] = '\0';
	/* A date alone, or a time without a zone that means UTC. */
	if ((flags & IMP_UTC) && !zone && k > 10 && k + 1 < sizeof b) {
		b[k++] = 'Z';
		b[k] = '\0';
	}
	if (parse_instant(b, 0, t, &inner) == 0)
		goto range;
	/* Read right as UTC, so wrong only as a local time: the clocks
	 * skipped it, and parse_time() says so. */
	if (!zone && k > 10 && k + 1 < sizeof b) {
		b[k] = 'Z';
		b[k + 1] = '\0';
		if (parse_instant(b, 0, &u, NULL) == 0)
			return err_set(e, "%s", inner.msg);
	}
	goto bad;
range:
	/* Within gpulog's years, or refused in time_check()'s words (the
	 * text is made harmless only for the message). */
	if (time_check("", *t, NULL) == 0)
		return 0;
	safe = imp_shown(s);
	rc = time_check(safe, *t, e);
	free(safe);
	return rc;
bad:
	safe = imp_shown(s);
	err_set(e, "invalid time \"%s\": expected a time such as "
	    "\"2026-10-01 17:42\" or \"2026-10-01T17:42:09Z\"", safe);
	free(safe);
	return -1;
}

char *
imp_shown(const char *s)
{
	char *safe = text_safe(s);

	if (strlen(safe) > 60)
		strcpy(safe + 57, "...");
	return safe;
}

int
imp_bad(struct import_job *job, struct err *e, const char *name,
    size_t line, const char *field, const char *fmt, ...)
{
	struct err why;
	const char *reason = why.msg;
	va_list ap;

	va_start(ap, fmt);
	err_vset(&why, fmt, ap);
	va_end(ap);
	if (field != NULL)
		err_set(e, "%s: line %zu: %s: %s", name, line, field, reason);
	else
		err_set(e, "%s: line %zu: %s", name, line, reason);
	if (job->bad_row == NULL)
		return -1;
	return job->bad_row(job->sink->arg, e->msg, e);
}

int
imp_put(struct import_job *job, const struct run *r, const char *name,
    size_t line, struct err *e)
{
	struct err inner;
	int rc = job->sink->put(job->sink->arg, r, &inner);

	if (rc == -2)
		return imp_bad(job, e, name, line, NULL, "%s", inner.msg);
	if (rc < 0)
		return err_set(e, "%s: line %zu: %s", name, line, inner.msg);
	return 0;
}

char *
imp_stem(char *buf, size_t n, const char *path)
{
	const char *base = strrchr(path, '/');
	char *dot;

	snprintf(buf, n, "%s", base ? base + 1 : path);
	if ((dot = strrchr(buf, '.')) != NULL && dot != buf)
		*dot = '\0';
	return buf;
}

int
imp_gpu(char *out, size_t n, const char *in, int64_t mem_mib, int *gpus_hint)
{
	char name[32];
	int known = gpu_canon(in, mem_mib, name, gpus_hint);

	if (name[0] != '\0' && !text_is_name(name, sizeof name - 1, "")) {
		char *safe = text_safe(name);

		text_copy(out, n, safe);
		free(safe);
	} else {
		text_copy(out, n, name);
	}
	return known;
}

/* 1 when buf ends inside a string, object or array: a file cut short. */
static int
unbalanced(const char *buf, size_t len)
{
	size_t i;
	int depth = 0, str = 0;

	for (i = 0; i < len; i++) {
		if (str) {
			if (buf[i] == '\\')
				i++;
			else if (buf[i] == '"')
				str = 0;
		} else if (buf[i] == '"')
			str = 1;
		else if (buf[i] == '{' || buf[i] == '[')
			depth++;
		else if (buf[i] == '}' || buf[i] == ']')
			depth--;
	}
	return str || depth > 0;
}

cJSON *
imp_jparse(const char *buf, size_t len, const char *name, struct err *e)
{
	const char *end = NULL;
	cJSON *root = cJSON_ParseWithLengthOpts(buf, len, &end, 0);
	size_t at;

	if (root != NULL)
		return root;
	if (end == NULL || end < buf || end > buf + len)
		end = cJSON_GetErrorPtr();
	at = end != NULL && end >= buf && end <= buf + len ?
	    (size_t)(end - buf) : len;
	if (at + 1 >= len || unbalanced(buf, len))
		err_set(e, "%s: not valid JSON: it ends too soon, at byte %zu; "
		    "is it cut short?", name, len);
	else
		err_set(e, "%s: not valid JSON: error at byte %zu", name, at);
	return NULL;
}
