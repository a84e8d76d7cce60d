/*
 * notify.c: what `gpulog notify` writes: the conditions it has sent and
 * the URL it posts to, in the settings.  Sends nothing itself (cli/ does)
 * and speaks no SQL.
 */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/err.h"
#include "core/notify.h"
#include "core/text.h"
#include "ops/ops.h"
#include "store/store.h"

/* A line-per-key list without key (or with it added). */
static char *
list_edit(const char *list, const char *key, int add)
{
	size_t k = strlen(key), n = strlen(list);
	char *out = xmalloc(n + k + 2), *q = out;
	const char *p = list;

	while (*p != '\0') {
		const char *nl = strchr(p, '\n');
		size_t len = nl ? (size_t)(nl - p) : strlen(p);

		if (len > 0 && !(len == k && strncmp(p, key, k) == 0)) {
			memcpy(q, p, len);
			q += len;
			*q++ = '\n';
		}
		p += len + (nl != NULL);
	}
	if (add) {
		memcpy(q, key, k);
		q += k;
		*q++ = '\n';
	}
	*q = '\0';
	return out;
}

struct claim {
	const char *key;
	int add;            /* 1 claim, 0 unclaim, -1 keep only present */
	int claimed;
};

static int
edit_sent(const char *old, char **out, void *arg)
{
	struct claim *c = arg;

	if (c->add < 0) {
		/* Keep only the keys still present (c->key, a list). */
		const char *p = old;
		char *res = xstrdup("");

		while (*p != '\0') {
			const char *nl = strchr(p, '\n');
			size_t len = nl ? (size_t)(nl - p) : strlen(p);
			char one[512];

			if (len > 0 && len < sizeof one) {
				memcpy(one, p, len);
				one[len] = '\0';
				if (notify_listed(c->key, one)) {
					char *r2 = list_edit(res, one, 1);

					free(res);
					res = r2;
				}
			}
			p += len + (nl != NULL);
		}
		if (strcmp(res, old) == 0) {
			free(res);
			return 0;
		}
		*out = res;
		return 1;
	}
	if (c->add == notify_listed(old, c->key))
		return 0;  /* claimed already, or not there to unclaim */
	if (c->add && strlen(old) + strlen(c->key) + 2 > OPS_NOTIFY_SENT_MAX)
		return -1;
	*out = list_edit(old, c->key, c->add);
	c->claimed = c->add;
	return 1;
}

int
ops_notify_claim(struct ops *o, const char *key, struct err *e)
{
	struct claim c = { key, 1, 0 };

	o->field = OPS_F_NONE;
	e->msg[0] = '\0';
	/* Outside a change: bookkeeping that undo must not take back. */
	if (store_edit_setting(o->s, "notify.sent", edit_sent, &c, e) < 0)
		return e->msg[0] ? -1 : err_set(e, "too many conditions to "
		    "remember (at most %d bytes)", OPS_NOTIFY_SENT_MAX - 1);
	return c.claimed;
}

int
ops_notify_unclaim(struct ops *o, const char *key, struct err *e)
{
	struct claim c = { key, 0, 0 };

	o->field = OPS_F_NONE;
	return store_edit_setting(o->s, "notify.sent", edit_sent, &c, e) < 0 ?
	    -1 : 0;
}

int
ops_notify_keep(struct ops *o, const char *present, struct err *e)
{
	struct claim c = { present, -1, 0 };

	o->field = OPS_F_NONE;
	return store_edit_setting(o->s, "notify.sent", edit_sent, &c, e) < 0 ?
	    -1 : 0;
}

int
ops_notify_url(struct ops *o, const char *url, struct err *e)
{
	const unsigned char *p;
	char *safe;

	o->field = OPS_F_NONE;
	if (*url != '\0') {
		for (p = (const unsigned char *)url; *p != '\0'; p++)
			if (*p <= ' ' || *p == 0x7f)
				break;
		if ((strncasecmp(url, "http://", 7) != 0 &&
		    strncasecmp(url, "https://", 8) != 0) || *p != '\0' ||
		    strlen(url) > 1000 || strlen(url) < 9) {
			safe = text_safe(url);
			err_set(e, "invalid URL \"%.200s\": expected http:// "
			    "or https:// and an address, with no spaces, at "
			    "most 1000 bytes (such as https://ntfy.sh/TOPIC)",
			    safe);
			free(safe);
			o->field = OPS_F_INPUT;
			return -1;
		}
	}
	if (ops_begin(o, *url ? "notify --url" : "notify --url ''", e) < 0)
		return -1;
	if (store_set_setting(o->s, "notify.url", url, e) < 0 ||
	    store_commit(o->s, e) < 0) {
		store_rollback(o->s);
		return -1;
	}
	return 0;
}
