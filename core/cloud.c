/*
 * cloud.c: the setting "billed": the stopped instances each provider
 * still bills for their disk, as its last import saw them.
 */
#include "core/cloud.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/err.h"

/* s as printable ASCII: anything else (a tab, a line end, an escape,
 * UTF-8) becomes '?', so that the setting's lines hold and what a server
 * sent never reaches a terminal raw. */
static void
plain(char *s)
{
	for (; *s != '\0'; s++)
		if ((unsigned char)*s < 0x20 || (unsigned char)*s >= 0x7f)
			*s = '?';
}

/* Appends one line for v, seen at now, to the text at *b (*len used). */
static void
put_line(char **b, size_t *len, const char *provider,
    const struct cloud_instance *v, int64_t now)
{
	char line[256], label[sizeof v->label], id[sizeof v->id];
	size_t k;

	snprintf(label, sizeof label, "%s", v->label);
	snprintf(id, sizeof id, "%s", v->id);
	plain(label);
	plain(id);
	k = (size_t)snprintf(line, sizeof line, "%s\t%s\t%lld\t%lld\t%s\n",
	    provider, id, (long long)v->storage_micro_h, (long long)now,
	    label);
	if (k >= sizeof line)
		k = sizeof line - 1;
	*b = xrealloc(*b, *len + k + 1);
	memcpy(*b + *len, line, k + 1);
	*len += k;
}

char *
cloud_billed_edit(const char *old, const char *provider,
    const struct cloud_instance *v, size_t n, int64_t now)
{
	char *b = xstrdup("");
	size_t len = 0, pl = strlen(provider), i;
	const char *p, *nl;

	/* The other providers' lines, as they were. */
	for (p = old; *p != '\0'; p = *nl ? nl + 1 : nl) {
		size_t k;

		if ((nl = strchr(p, '\n')) == NULL)
			nl = p + strlen(p);
		k = (size_t)(nl - p);
		if (k == 0 || (k > pl && strncmp(p, provider, pl) == 0 &&
		    p[pl] == '\t'))
			continue;
		b = xrealloc(b, len + k + 2);
		memcpy(b + len, p, k);
		len += k;
		b[len++] = '\n';
		b[len] = '\0';
	}
	for (i = 0; i < n; i++)
		if (v[i].state == CS_STOPPED && v[i].storage_micro_h > 0)
			put_line(&b, &len, provider, &v[i], now);
	return b;
}

size_t
cloud_billed_parse(const char *text, struct cloud_billed *out, size_t max)
{
	const char *p, *nl;
	size_t n = 0;

	for (p = text; *p != '\0' && n < max; p = *nl ? nl + 1 : nl) {
		char line[256], *f[5], *s;
		size_t k;
		int i;

		if ((nl = strchr(p, '\n')) == NULL)
			nl = p + strlen(p);
		k = (size_t)(nl - p);
		if (k == 0 || k >= sizeof line)
			continue;
		memcpy(line, p, k);
		line[k] = '\0';
		for (i = 0, s = line; i < 5 && s != NULL; i++) {
			f[i] = s;
			if ((s = strchr(s, '\t')) != NULL)
				*s++ = '\0';
		}
		if (i < 4)
			continue;
		memset(&out[n], 0, sizeof out[n]);
		snprintf(out[n].provider, sizeof out[n].provider, "%s", f[0]);
		snprintf(out[n].id, sizeof out[n].id, "%s", f[1]);
		out[n].micro_h = strtoll(f[2], NULL, 10);
		out[n].seen = strtoll(f[3], NULL, 10);
		if (i == 5)
			snprintf(out[n].label, sizeof out[n].label, "%s", f[4]);
		if (out[n].micro_h > 0 && out[n].id[0] != '\0')
			n++;
	}
	return n;
}

int
cloud_key_of_instance(const char *key, const char *id)
{
	size_t n = strlen(id);

	return key != NULL && strncmp(key, id, n) == 0 && (key[n] == '\0' ||
	    key[n] == '@' || key[n] == '#');
}

/* 1 when s is a provider's instance id as cloud_within_key() takes it. */
static int
instance_id_ok(const char *s, size_t len)
{
	size_t i;

	if (len == 0 || len >= 64)
		return 0;
	for (i = 0; i < len; i++)
		if (!((s[i] >= 'a' && s[i] <= 'z') || (s[i] >= 'A' &&
		    s[i] <= 'Z') || (s[i] >= '0' && s[i] <= '9') ||
		    s[i] == '-' || s[i] == '_' || s[i] == '.'))
			return 0;
	return 1;
}

int
cloud_within_key(char *buf, size_t n, const char *provider,
    const char *instance, const char *uid)
{
	if (!instance_id_ok(instance, strlen(instance)) ||
	    (size_t)snprintf(buf, n, "%s:%s/%s", provider, instance, uid) >= n)
		return -1;
	return 0;
}

int
cloud_within_parse(const char *source_id, char provider[64],
    char instance[64])
{
	const char *colon, *slash;
	size_t np, ni;

	if (source_id == NULL || (colon = strchr(source_id, ':')) == NULL ||
	    (slash = strchr(colon, '/')) == NULL)
		return 0;
	np = (size_t)(colon - source_id);
	ni = (size_t)(slash - colon - 1);
	if (np == 0 || np >= 64 || !instance_id_ok(colon + 1, ni))
		return 0;
	memcpy(provider, source_id, np);
	provider[np] = '\0';
	memcpy(instance, colon + 1, ni);
	instance[ni] = '\0';
	return 1;
}
