/* test-notify.c: the names of the conditions `gpulog notify` remembers. */
#include <string.h>

#include "core/alerts.h"
#include "core/notify.h"
#include "t.h"

static void
test_keys(void)
{
	struct nudge n;
	char b[NOTIFY_KEY_MAX], b2[NOTIFY_KEY_MAX];

	memset(&n, 0, sizeof n);
	n.kind = NUDGE_QUOTA;
	n.level = AL_NEAR;
	strcpy(n.platform, "kaggle");
	n.at = 1764979200;
	CHECK_EQ_STR(notify_key(&n, 0, b, sizeof b),
	    "quota:kaggle:near:1764979200");
	/* Near then over, and the next week, are new conditions. */
	n.level = AL_OVER;
	CHECK(strcmp(notify_key(&n, 0, b2, sizeof b2), b) != 0);
	n.at += 7 * 86400;
	CHECK_EQ_STR(notify_key(&n, 0, b, sizeof b),
	    "quota:kaggle:over:1765584000");
	n.kind = NUDGE_BUDGET;
	CHECK_EQ_STR(notify_key(&n, 1764547200, b, sizeof b),
	    "budget:over:1764547200");
	n.kind = NUDGE_OPEN;
	n.run_id = 42;
	n.at = 1764576000;
	n.level = AL_NEAR;
	CHECK_EQ_STR(notify_key(&n, 0, b, sizeof b),
	    "open:42:1764576000:near");
	n.kind = NUDGE_LAPSE;
	n.at = 1764979200;
	CHECK_EQ_STR(notify_key(&n, 0, b, sizeof b),
	    "lapse:kaggle:1764979200");
	n.kind = NUDGE_PACK;
	n.run_id = 3;
	CHECK_EQ_STR(notify_key(&n, 0, b, sizeof b), "pack:3:1764979200");
	/* A long platform name is cut, never overflows. */
	n.kind = NUDGE_QUOTA;
	memset(n.platform, 'x', sizeof n.platform - 1);
	n.platform[sizeof n.platform - 1] = '\0';
	CHECK(strlen(notify_key(&n, 0, b, sizeof b)) < sizeof b);
}

static void
test_listed(void)
{
	CHECK(notify_listed("a:1\nb:2\n", "b:2"));
	CHECK(notify_listed("a:1\nb:2", "b:2"));
	CHECK(!notify_listed("a:1\nb:22\n", "b:2"));
	CHECK(!notify_listed("a:1\nbb:2\n", "b:2"));
	CHECK(!notify_listed("", "a"));
	CHECK(!notify_listed(NULL, "a"));
}

int
main(void)
{
	test_keys();
	test_listed();
	return t_done();
}
