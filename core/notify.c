/*
 * notify.c: the names of conditions that `gpulog notify` remembers.
 * Knows nothing of how a notification is sent or where the names are
 * kept.
 */
#include "core/notify.h"

#include <stdio.h>
#include <string.h>

#include "core/alerts.h"

char *
notify_key(const struct nudge *n, int64_t month, char *buf, size_t len)
{
	const char *kind = n->kind >= 0 && n->kind < NUDGE_NKINDS ?
	    nudge_kinds[n->kind] : "?";
	const char *level = n->level >= 0 && n->level < AL_NLEVELS ?
	    alerts_levels[n->level].word : "?";

	switch (n->kind) {
	case NUDGE_QUOTA:
		snprintf(buf, len, "%s:%.32s:%s:%lld", kind, n->platform,
		    level, (long long)n->at);
		break;
	case NUDGE_BUDGET:
		snprintf(buf, len, "%s:%s:%lld", kind, level,
		    (long long)month);
		break;
	case NUDGE_OPEN:
		snprintf(buf, len, "%s:%lld:%lld:%s", kind,
		    (long long)n->run_id, (long long)n->at, level);
		break;
	case NUDGE_LAPSE:
		snprintf(buf, len, "%s:%.32s:%lld", kind, n->platform,
		    (long long)n->at);
		break;
	case NUDGE_BILLED:
		/* Once an instance: each refresh sees it anew. */
		snprintf(buf, len, "%s:%.24s:%.40s", kind, n->platform,
		    n->what);
		break;
	default:
		snprintf(buf, len, "%s:%lld:%lld", kind, (long long)n->run_id,
		    (long long)n->at);
	}
	return buf;
}

int
notify_listed(const char *list, const char *key)
{
	size_t k = strlen(key);
	const char *p = list;

	while (p != NULL && *p != '\0') {
		const char *nl = strchr(p, '\n');
		size_t n = nl ? (size_t)(nl - p) : strlen(p);

		if (n == k && strncmp(p, key, k) == 0)
			return 1;
		p = nl ? nl + 1 : NULL;
	}
	return 0;
}
