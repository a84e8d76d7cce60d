/*
 * gpu.c: GPU models, classes and nvidia-smi's CSV.  The table holds the
 * catalog's GPUs; nothing here knows platforms or prices.
 */
#include "core/gpu.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static const struct gpu_info gpus[] = {
	{ "MPS", GPU_MPS, 16 },
	{ "Apple MPS", GPU_MPS, 16 },
	{ "T4", GPU_T4, 16 },
	{ "P100", GPU_T4, 16 },
	{ "V100", GPU_MID, 16 },
	{ "L4", GPU_MID, 24 },
	{ "A10", GPU_MID, 24 },
	{ "A10G", GPU_MID, 24 },
	{ "A5000", GPU_MID, 24 },
	{ "RTX 3090", GPU_MID, 24 },
	{ "RTX 4090", GPU_HIGH, 24 },
	{ "A100", GPU_A100, 40 },
	{ "A100 40GB", GPU_A100, 40 },
	{ "A100 80GB", GPU_A100, 80 },
	{ "H100", GPU_H100, 80 },
	{ "H100 80GB", GPU_H100, 80 },
};

const struct gpu_info *
gpu_lookup(const char *name)
{
	size_t i;

	if (name == NULL)
		return NULL;
	for (i = 0; i < sizeof gpus / sizeof gpus[0]; i++)
		if (strcasecmp(gpus[i].name, name) == 0)
			return &gpus[i];
	return NULL;
}

int
gpu_need_vram(const char *want, int vram_gb)
{
	const struct gpu_info *w;

	if (vram_gb > 0)
		return vram_gb;
	if (want == NULL || *want == '\0')
		return 16;
	w = gpu_lookup(want);
	return w ? w->vram_gb : 0;
}

int
gpu_meets(const char *have, const char *want, int vram_gb)
{
	const struct gpu_info *h = gpu_lookup(have), *w;
	int need = gpu_need_vram(want, vram_gb);
	int cls = GPU_T4;

	if (want != NULL && *want != '\0') {
		if (strcasecmp(have, want) == 0)
			return h == NULL || h->vram_gb >= need;
		if ((w = gpu_lookup(want)) == NULL)
			return 0;
		cls = w->cls;
	}
	return h != NULL && h->cls >= cls && h->vram_gb >= need;
}

/* Copies s without leading and trailing blanks into out (n bytes). */
static void
trim_copy(char *out, size_t n, const char *s, size_t len)
{
	while (len > 0 && isspace((unsigned char)*s))
		s++, len--;
	while (len > 0 && isspace((unsigned char)s[len - 1]))
		len--;
	if (len >= n)
		len = n - 1;
	memcpy(out, s, len);
	out[len] = '\0';
}

char *
gpu_model_from_smi(const char *smi, char *out, size_t n)
{
	static const char *const vendor[] = { "NVIDIA ", "Tesla ", "GeForce ",
		"Quadro " };
	static const char *const family[] = { "H100", "A100", "V100", "P100",
		"T4", "L4", "A10G", "A10", "RTX 4090", "RTX 3090", "A5000" };
	const char *s = smi;
	char buf[64];
	size_t i;
	int again = 1;

	while (*s == ' ')
		s++;
	while (again) {
		again = 0;
		for (i = 0; i < sizeof vendor / sizeof vendor[0]; i++)
			if (strncasecmp(s, vendor[i], strlen(vendor[i])) == 0) {
				s += strlen(vendor[i]);
				again = 1;
			}
	}
	trim_copy(buf, sizeof buf, s, strlen(s));
	for (i = 0; i < sizeof family / sizeof family[0]; i++) {
		size_t k = strlen(family[i]);

		/* "A100-SXM4-80GB", "T4", "L4" but not "L40S". */
		if (strncasecmp(buf, family[i], k) != 0 ||
		    isalnum((unsigned char)buf[k]))
			continue;
		if ((strcmp(family[i], "A100") == 0 ||
		    strcmp(family[i], "H100") == 0) && strstr(buf, "80GB"))
			snprintf(out, n, "%s 80GB", family[i]);
		else if (strcmp(family[i], "A100") == 0 &&
		    strstr(buf, "40GB"))
			snprintf(out, n, "A100 40GB");
		else
			snprintf(out, n, "%s", family[i]);
		return out;
	}
	snprintf(out, n, "%s", buf);
	return out;
}

/* A number field, or -1 for "[N/A]" and the like; *ok cleared on junk. */
static int64_t
field_num(const char *s, size_t len, int scale, int *ok)
{
	char buf[32], *end;
	double v;

	trim_copy(buf, sizeof buf, s, len);
	if (buf[0] == '[')
		return -1;
	v = strtod(buf, &end);
	if (end == buf || *end != '\0' || v < 0) {
		*ok = 0;
		return -1;
	}
	return (int64_t)(v * scale + 0.5);
}

int
gpu_smi_parse(const char *line, struct smi_gpu *g)
{
	const char *f[6], *p = line;
	size_t len[6];
	int i, ok = 1;
	int64_t v;

	for (i = 0; i < 6; i++) {
		const char *c = strchr(p, ',');

		if ((i < 5) != (c != NULL))
			return -1;  /* six fields, no more, no fewer */
		f[i] = p;
		len[i] = c ? (size_t)(c - p) : strlen(p);
		p = c ? c + 1 : p + strlen(p);
	}
	memset(g, 0, sizeof *g);
	v = field_num(f[0], len[0], 1, &ok);
	if (!ok || v < 0)
		return -1;
	g->index = (int)v;
	trim_copy(g->name, sizeof g->name, f[1], len[1]);
	if (g->name[0] == '\0')
		return -1;
	g->mem_used_mib = field_num(f[2], len[2], 1, &ok);
	g->mem_total_mib = field_num(f[3], len[3], 1, &ok);
	g->util_pct = (int)field_num(f[4], len[4], 1, &ok);
	g->power_mw = field_num(f[5], len[5], 1000, &ok);
	return ok ? 0 : -1;
}
