/*
 * notify.c: what `gpulog notify` writes: the conditions it has sent and
 * the URL it posts to, in the settings.  Sends nothing itself (cli/ does)
 * and speaks no SQL.
 */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/err.h"
#include "core/text.h"
#include "ops/ops.h"
#include "store/store.h"

int
ops_notify_remember(struct ops *o, const char *keys, struct err *e)
{
	o->field = OPS_F_NONE;
	if (strlen(keys) >= OPS_NOTIFY_SENT_MAX)
		return err_set(e, "too many conditions to remember (%zu "
		    "bytes; at most %d)", strlen(keys),
		    OPS_NOTIFY_SENT_MAX - 1);
	/* Outside a change: bookkeeping that undo must not take back. */
	return store_set_setting(o->s, "notify.sent", keys, e);
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
