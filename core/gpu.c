/*
 * gpu.c: GPU models, their one name from any spelling, classes and
 * nvidia-smi's CSV.  The table holds the catalog's GPUs; nothing here knows
 * platforms or prices.
 */
#include "core/gpu.h"

#include <ctype.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/text.h"

/*
 * The catalog's models.  A row is one model in one memory size, with the
 * keys that mean it (see gpu.h); a model's rows come smallest first, so
 * the first is the one a spelling without a size means.  The names are the
 * ones the catalog's rates use (core/catalog.c), so that prices and
 * compute units are found by them.
 */
struct gpu_row {
	struct gpu_info info;
	const char *keys;       /* space-separated */
};

static const struct gpu_row rows[] = {
	{ { "MPS", GPU_MPS, 16 }, "mps" },
	{ { "T4", GPU_T4, 16 }, "t4" },
	{ { "P100", GPU_T4, 16 }, "p100" },
	{ { "P100", GPU_T4, 12 }, "p100" },
	{ { "V100", GPU_MID, 16 }, "v100" },
	{ { "V100", GPU_MID, 32 }, "v100" },
	{ { "L4", GPU_MID, 24 }, "l4" },
	{ { "A10", GPU_MID, 24 }, "a10" },
	{ { "A10G", GPU_MID, 24 }, "a10g" },
	{ { "RTX A5000", GPU_MID, 24 }, "rtxa5000 a5000" },
	{ { "RTX A6000", GPU_MID, 48 }, "rtxa6000 a6000" },
	{ { "RTX 3090", GPU_MID, 24 }, "rtx3090" },
	{ { "RTX 4090", GPU_HIGH, 24 }, "rtx4090" },
	{ { "RTX 5090", GPU_HIGH, 32 }, "rtx5090" },
	{ { "L40S", GPU_HIGH, 48 }, "l40s" },
	{ { "RTX 6000 Ada", GPU_HIGH, 48 }, "rtx6000ada" },
	{ { "RTX PRO 6000", GPU_HIGH, 96 }, "rtxpro6000" },
	{ { "A100 40GB", GPU_A100, 40 }, "a100" },
	{ { "A100 80GB", GPU_A100, 80 }, "a100" },
	{ { "H100 80GB", GPU_H100, 80 }, "h100" },
	{ { "H100 94GB", GPU_H100, 94 }, "h100 h100nvl" },
	{ { "H200", GPU_H100, 141 }, "h200" },
	/*
	 * The cards a learner has at home, by compute more than memory: an
	 * 8 GB card or an entry one (RTX 3050, A2000) is of the free tiers'
	 * class; one as fast as an RTX 3090 or near it (RTX 3060-3080 Ti,
	 * 4060-4070 Ti SUPER, 5060-5070, A4000-A4500, 4000 Ada) is mid;
	 * one as fast as an RTX 4090 or near it (4080, 5070 Ti, 5080, 5000
	 * Ada) is high.  "Ti" and "SUPER" are words of the model.
	 */
	{ { "RTX 3050", GPU_T4, 8 }, "rtx3050" },
	{ { "RTX 3060 8GB", GPU_MID, 8 }, "rtx3060" },
	{ { "RTX 3060 12GB", GPU_MID, 12 }, "rtx3060" },
	{ { "RTX 3060 Ti", GPU_MID, 8 }, "rtx3060ti" },
	{ { "RTX 3070", GPU_MID, 8 }, "rtx3070" },
	{ { "RTX 3070 Ti", GPU_MID, 8 }, "rtx3070ti" },
	{ { "RTX 3080 10GB", GPU_MID, 10 }, "rtx3080" },
	{ { "RTX 3080 12GB", GPU_MID, 12 }, "rtx3080" },
	{ { "RTX 3080 Ti", GPU_MID, 12 }, "rtx3080ti" },
	{ { "RTX 3090 Ti", GPU_MID, 24 }, "rtx3090ti" },
	{ { "RTX 4060", GPU_MID, 8 }, "rtx4060" },
	{ { "RTX 4060 Ti 8GB", GPU_MID, 8 }, "rtx4060ti" },
	{ { "RTX 4060 Ti 16GB", GPU_MID, 16 }, "rtx4060ti" },
	{ { "RTX 4070", GPU_MID, 12 }, "rtx4070" },
	{ { "RTX 4070 SUPER", GPU_MID, 12 }, "rtx4070super" },
	{ { "RTX 4070 Ti", GPU_MID, 12 }, "rtx4070ti" },
	{ { "RTX 4070 Ti SUPER", GPU_MID, 16 }, "rtx4070tisuper" },
	{ { "RTX 4080", GPU_HIGH, 16 }, "rtx4080" },
	{ { "RTX 4080 SUPER", GPU_HIGH, 16 }, "rtx4080super" },
	{ { "RTX 5060", GPU_MID, 8 }, "rtx5060" },
	{ { "RTX 5060 Ti 8GB", GPU_MID, 8 }, "rtx5060ti" },
	{ { "RTX 5060 Ti 16GB", GPU_MID, 16 }, "rtx5060ti" },
	{ { "RTX 5070", GPU_MID, 12 }, "rtx5070" },
	{ { "RTX 5070 Ti", GPU_HIGH, 16 }, "rtx5070ti" },
	{ { "RTX 5080", GPU_HIGH, 16 }, "rtx5080" },
	{ { "RTX A2000 6GB", GPU_T4, 6 }, "rtxa2000 a2000" },
	{ { "RTX A2000 12GB", GPU_T4, 12 }, "rtxa2000 a2000" },
	{ { "RTX A4000", GPU_MID, 16 }, "rtxa4000 a4000" },
	{ { "RTX A4500", GPU_MID, 20 }, "rtxa4500 a4500" },
	{ { "RTX 4000 Ada", GPU_MID, 20 }, "rtx4000ada" },
	{ { "RTX 5000 Ada", GPU_HIGH, 32 }, "rtx5000ada" },
	/* Apple silicon: the MPS class, with the chip's smallest unified
	 * memory (a Mac's own may be more; a size in the name is kept only
	 * when it is that one). */
	{ { "M1", GPU_MPS, 8 }, "m1" },
	{ { "M1 Pro", GPU_MPS, 16 }, "m1pro" },
	{ { "M1 Max", GPU_MPS, 32 }, "m1max" },
	{ { "M1 Ultra", GPU_MPS, 64 }, "m1ultra" },
	{ { "M2", GPU_MPS, 8 }, "m2" },
	{ { "M2 Pro", GPU_MPS, 16 }, "m2pro" },
	{ { "M2 Max", GPU_MPS, 32 }, "m2max" },
	{ { "M2 Ultra", GPU_MPS, 64 }, "m2ultra" },
	{ { "M3", GPU_MPS, 8 }, "m3" },
	{ { "M3 Pro", GPU_MPS, 18 }, "m3pro" },
	{ { "M3 Max", GPU_MPS, 36 }, "m3max" },
	{ { "M3 Ultra", GPU_MPS, 96 }, "m3ultra" },
	{ { "M4", GPU_MPS, 16 }, "m4" },
	{ { "M4 Pro", GPU_MPS, 24 }, "m4pro" },
	{ { "M4 Max", GPU_MPS, 36 }, "m4max" },
};
#define NROWS (sizeof rows / sizeof rows[0])

/* Words that name a maker or a brand, dropped from the front of a word
 * ("NvidiaTeslaT4" is "T4"). */
static const char *const vendors[] = { "nvidia", "tesla", "geforce",
	"quadro", "apple" };

/* Words that name a form, a memory kind or an edition, not a model. */
static const char *const noise[] = { "gpu", "sxm", "sxm2", "sxm3", "sxm4",
	"sxm5", "pcie", "pci", "express", "hbm2", "hbm2e", "hbm3", "hbm3e",
	"highmem", "generation", "blackwell", "server", "workstation",
	"edition" };

static int
in_list(const char *w, const char *const *list, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (strcmp(w, list[i]) == 0)
			return 1;
	return 0;
}

/* 1 when s is one or more digits and nothing else. */
static int
all_digits(const char *s)
{
	if (*s == '\0')
		return 0;
	for (; *s != '\0'; s++)
		if (!isdigit((unsigned char)*s))
			return 0;
	return 1;
}

/* A small whole number from digits (at most 4 of them), else -1. */
static int
small_num(const char *s, size_t n)
{
	int v = 0;
	size_t i;

	if (n == 0 || n > 4)
		return -1;
	for (i = 0; i < n; i++) {
		if (!isdigit((unsigned char)s[i]))
			return -1;
		v = v * 10 + (s[i] - '0');
	}
	return v;
}

static int
is_count(int v)
{
	return v >= 1 && v <= GPU_MAX_COUNT;
}

/* A memory size "80gb" or "80gib": the gigabytes, else -1. */
static int
size_word(const char *w)
{
	size_t d = strspn(w, "0123456789");

	if (d == 0 || (strcmp(w + d, "gb") != 0 && strcmp(w + d, "gib") != 0))
		return -1;
	return small_num(w, d);
}

struct words {
	char key[48];
	int named_gb;     /* 0: no size named */
	int gpus;
	int overflow;     /* the key did not fit */
};

/* Adds one word (lower case) of a spelling to *p; next is the word after
 * it ("" at the end).  Returns 1 when next was used up (as "GB"). */
static int
add_word(struct words *p, char *w, const char *next)
{
	size_t i, n, d;
	int again = 1, v;

	while (again) {
		again = 0;
		for (i = 0; i < sizeof vendors / sizeof vendors[0]; i++) {
			n = strlen(vendors[i]);
			if (strncmp(w, vendors[i], n) == 0) {
				w += n;
				again = 1;
			}
		}
	}
	n = strlen(w);
	if (n > 7 && strcmp(w + n - 7, "highmem") == 0)
		w[n -= 7] = '\0';    /* "T4Highmem": a T4 with more host RAM */
	if (n == 0 || in_list(w, noise, sizeof noise / sizeof noise[0]))
		return 0;
	if ((v = size_word(w)) >= 0) {
		p->named_gb = v;
		return 0;
	}
	if (all_digits(w) && (strcmp(next, "gb") == 0 ||
	    strcmp(next, "gib") == 0)) {
		p->named_gb = small_num(w, n);
		return 1;
	}
	/* A count: "x2", "2x", "2xA100", and "L4X1" after a digit; one
	 * machine has 1 to GPU_MAX_COUNT of them. */
	if (w[0] == 'x' && is_count(v = small_num(w + 1, n - 1))) {
		p->gpus = v;
		return 0;
	}
	d = strspn(w, "0123456789");
	if (d > 0 && w[d] == 'x' && is_count(v = small_num(w, d))) {
		p->gpus = v;
		if (w[d + 1] == '\0')
			return 0;
		w += d + 1;
		n -= d + 1;
	}
	for (i = n; i > 0 && isdigit((unsigned char)w[i - 1]); i--)
		;
	if (i >= 2 && i < n && w[i - 1] == 'x' &&
	    isdigit((unsigned char)w[i - 2]) &&
	    is_count(v = small_num(w + i, n - i))) {
		p->gpus = v;
		w[n = i - 1] = '\0';
	}
	if (strlen(p->key) + n >= sizeof p->key)
		p->overflow = 1;
	else
		strcat(p->key, w);
	return 0;
}

/* Reads a spelling into words (see gpu.h). */
static void
read_words(const char *in, struct words *p)
{
	char w[2][64];
	size_t n[2] = { 0, 0 };
	int cur = 0, have = 0;
	const char *s = in;

	memset(p, 0, sizeof *p);
	/* Each word is added when the next one is known: "80" waits to see
	 * whether "GB" follows. */
	for (;;) {
		int alnum = *s != '\0' && isalnum((unsigned char)*s);

		if (alnum) {
			if (n[cur] + 1 < sizeof w[cur])
				w[cur][n[cur]++] = (char)tolower(
				    (unsigned char)*s);
			else
				p->overflow = 1;
			s++;
			continue;
		}
		if (n[cur] > 0) {
			w[cur][n[cur]] = '\0';
			if (have && add_word(p, w[1 - cur], w[cur])) {
				have = 0;
				n[cur] = 0;
			} else {
				have = 1;
				n[1 - cur] = 0;
				cur = 1 - cur;
			}
		}
		if (*s == '\0')
			break;
		s++;
	}
	if (have)
		add_word(p, w[1 - cur], "");
}

/* 1 when key is one of the space-separated keys. */
static int
has_key(const char *keys, const char *key)
{
	size_t n = strlen(key);
	const char *k = keys;

	while (*k != '\0') {
		size_t m = strcspn(k, " ");

		if (m == n && strncmp(k, key, n) == 0)
			return 1;
		k += m;
		k += *k == ' ';
	}
	return 0;
}

/* The row that words and mem_mib mean, or NULL. */
static const struct gpu_row *
find_row(const struct words *p, int64_t mem_mib)
{
	const struct gpu_row *best = NULL;
	int64_t bestd = 0, d;
	size_t i;

	if (p->key[0] == '\0' || p->overflow)
		return NULL;
	for (i = 0; i < NROWS; i++) {
		const struct gpu_row *r = &rows[i];

		if (!has_key(r->keys, p->key))
			continue;
		if (p->named_gb > 0) {
			d = llabs((long long)p->named_gb - r->info.vram_gb);
			if (d * 10 > r->info.vram_gb)
				continue;
		} else if (mem_mib > 0) {
			d = llabs((long long)mem_mib -
			    (long long)r->info.vram_gb * 1024);
		} else {
			return r;  /* the smallest */
		}
		if (best == NULL || d < bestd) {
			best = r;
			bestd = d;
		}
	}
	return best;
}

/* Copies s without leading and trailing blanks into out (n bytes), cut at
 * the edge of a UTF-8 character. */
static void
trim_copy(char *out, size_t n, const char *s, size_t len)
{
	while (len > 0 && isspace((unsigned char)*s))
		s++, len--;
	while (len > 0 && isspace((unsigned char)s[len - 1]))
		len--;
	if (len >= n) {
		len = n - 1;
		while (len > 0 && ((unsigned char)s[len] & 0xc0) == 0x80)
			len--;
	}
	memcpy(out, s, len);
	out[len] = '\0';
}

/* gpu_identify() without its memory of recent answers. */
static const struct gpu_row *
identify(const char *in, int64_t mem_mib, struct gpu_id *id)
{
	struct words p;
	const struct gpu_row *r;

	memset(id, 0, sizeof *id);
	read_words(in, &p);
	snprintf(id->key, sizeof id->key, "%s", p.key);
	id->gpus = p.gpus;
	if ((r = find_row(&p, mem_mib)) != NULL) {
		snprintf(id->name, sizeof id->name, "%s", r->info.name);
		id->known = 1;
		id->mem_gb = r->info.vram_gb;
		return r;
	}
	trim_copy(id->name, sizeof id->name, in, strlen(in));
	id->mem_gb = p.named_gb > 0 ? p.named_gb : mem_mib > 0 ?
	    (int)((mem_mib + 512) / 1024) : 0;
	return NULL;
}

/*
 * The spellings identified, and what they were found to be, in slots
 * chosen by a hash of the spelling: an import names the same few models
 * on every row, and status matches each rate of the catalog against a
 * run's model; reading the words again each time was a tenth of an
 * import's time and of status's.  identify() is a pure function of its
 * input, so an answer kept is the answer it would give.
 */
#define SEEN_N 64
static struct {
	char in[48];            /* the spelling; "" in an empty slot */
	int64_t mem_mib;
	struct gpu_id id;
	const struct gpu_row *row;
} seen[SEEN_N];

/* identify(), remembered. */
static const struct gpu_row *
identify_kept(const char *in, int64_t mem_mib, struct gpu_id *id)
{
	uint32_t h = 2166136261u;
	size_t n, i;

	if (in == NULL)
		in = "";
	if (mem_mib > (INT64_C(1) << 30))
		mem_mib = 0;    /* a petabyte: not a figure to trust */
	n = strlen(in);
	if (n == 0 || n >= sizeof seen[0].in)
		return identify(in, mem_mib, id);
	for (i = 0; i < n; i++)
		h = (h ^ (unsigned char)in[i]) * 16777619u;
	i = (h ^ (uint32_t)mem_mib) % SEEN_N;
	if (seen[i].mem_mib != mem_mib || memcmp(seen[i].in, in, n + 1) != 0) {
		seen[i].row = identify(in, mem_mib, &seen[i].id);
		memcpy(seen[i].in, in, n + 1);
		seen[i].mem_mib = mem_mib;
	}
	*id = seen[i].id;
	return seen[i].row;
}

int
gpu_identify(const char *in, int64_t mem_mib, struct gpu_id *id)
{
	identify_kept(in, mem_mib, id);
	return id->known;
}

int
gpu_canon(const char *in, int64_t mem_mib, char out[32], int *gpus_hint)
{
	struct gpu_id id;

	gpu_identify(in, mem_mib, &id);
	memcpy(out, id.name, sizeof id.name);
	if (gpus_hint != NULL)
		*gpus_hint = id.gpus;
	return id.known;
}

int
gpu_same(const char *a, const char *b)
{
	struct gpu_id x, y;

	if (a == NULL || b == NULL || *a == '\0' || *b == '\0')
		return (a == NULL || *a == '\0') == (b == NULL || *b == '\0');
	if (strcasecmp(a, b) == 0)
		return 1;
	gpu_identify(a, 0, &x);
	gpu_identify(b, 0, &y);
	if (x.known != y.known)
		return 0;
	if (x.known)
		return strcmp(x.name, y.name) == 0;
	return x.key[0] != '\0' && strcmp(x.key, y.key) == 0 &&
	    x.mem_gb == y.mem_gb;
}

size_t
gpu_nearest(const char *in, const char **out, size_t max)
{
	struct words p;
	int dist[NROWS], limit;
	size_t i, j, k, n = 0;

	read_words(in != NULL ? in : "", &p);
	if (p.key[0] == '\0' || p.overflow || max == 0)
		return 0;
	limit = strlen(p.key) <= 3 ? 1 : 2;
	for (i = 0; i < NROWS; i++) {
		const char *kk = rows[i].keys;

		dist[i] = INT_MAX;
		while (*kk != '\0') {
			char one[48];
			size_t m = strcspn(kk, " ");
			int d;

			snprintf(one, sizeof one, "%.*s", (int)m, kk);
			d = text_distance(p.key, one);
			if (d < dist[i])
				dist[i] = d;
			kk += m;
			kk += *kk == ' ';
		}
	}
	/* Nearest first; among equals, the table's order. */
	for (k = 0; k <= (size_t)limit && n < max; k++)
		for (i = 0; i < NROWS && n < max; i++) {
			if (dist[i] != (int)k)
				continue;
			for (j = 0; j < n; j++)
				if (strcmp(out[j], rows[i].info.name) == 0)
					break;
			if (j == n)
				out[n++] = rows[i].info.name;
		}
	return n;
}

const struct gpu_info *
gpu_lookup(const char *name)
{
	struct gpu_id id;
	const struct gpu_row *r;

	if (name == NULL)
		return NULL;
	r = identify_kept(name, 0, &id);
	return r != NULL ? &r->info : NULL;
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
		if (gpu_same(have, want))
			return h == NULL || h->vram_gb >= need;
		if ((w = gpu_lookup(want)) == NULL)
			return 0;
		cls = w->cls;
	}
	return h != NULL && h->cls >= cls && h->vram_gb >= need;
}

/* A number field, or -1 for "[N/A]" and the like; *ok cleared on junk. */
static int64_t
field_num(const char *s, size_t len, int scale, int *ok)
{
	char buf[32], *end;
	double v;

	trim_copy(buf, sizeof buf, s, len);
	/* "[N/A]", "[Not Supported]", "[GPU is lost]"; "N/A" and an empty
	 * field from some drivers: unknown. */
	if (buf[0] == '[' || buf[0] == '\0' || strcmp(buf, "N/A") == 0)
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

int
gpu_app_parse(const char *line, struct smi_app *a)
{
	const char *c1 = strchr(line, ','), *c2 = strrchr(line, ',');
	char mem[32];
	size_t n;
	int ok = 1;

	if (c1 == NULL || c2 == c1)
		return -1;  /* three fields at least */
	memset(a, 0, sizeof *a);
	a->pid = field_num(line, (size_t)(c1 - line), 1, &ok);
	if (!ok || a->pid <= 0)
		return -1;  /* the header, or a pid unknown */
	trim_copy(a->name, sizeof a->name, c1 + 1, (size_t)(c2 - c1 - 1));
	trim_copy(mem, sizeof mem, c2 + 1, strlen(c2 + 1));
	n = strlen(mem);
	if (n > 4 && strcmp(mem + n - 4, " MiB") == 0)
		mem[n - 4] = '\0';
	a->mem_mib = field_num(mem, strlen(mem), 1, &ok);
	return ok ? 0 : -1;
}

/* The number after key (quoted, closing quote included) and "=" or " = "
 * in text, from the first accelerator on; -1 when absent. */
static int64_t
ioreg_num(const char *text, const char *key)
{
	char pat[64];
	const char *p = text;
	size_t n;
	int64_t v = 0;
	int digits = 0;

	n = (size_t)snprintf(pat, sizeof pat, "\"%s\"", key);
	while ((p = strstr(p, pat)) != NULL) {
		p += n;
		while (*p == ' ')
			p++;
		if (*p != '=')
			continue;
		for (p++; *p == ' '; p++)
			;
		for (; *p >= '0' && *p <= '9' && v < INT64_MAX / 10 - 9; p++,
		    digits++)
			v = v * 10 + (*p - '0');
		return digits > 0 ? v : -1;
	}
	return -1;
}

int
gpu_ioreg_parse(const char *text, struct ioreg_gpu *g)
{
	const char *p, *q;
	int64_t v;

	g->util_pct = -1;
	g->mem_used = -1;
	g->model[0] = '\0';
	g->cores = -1;
	/* The first accelerator only: an Apple chip has one. */
	if ((p = strstr(text, "\"PerformanceStatistics\"")) == NULL)
		return -1;
	if ((v = ioreg_num(p, "Device Utilization %")) < 0)
		v = ioreg_num(p, "Renderer Utilization %");
	if (v >= 0 && v <= 100)
		g->util_pct = (int)v;
	g->mem_used = ioreg_num(p, "In use system memory");
	if ((v = ioreg_num(text, "gpu-core-count")) > 0 && v < 10000)
		g->cores = (int)v;
	if ((p = strstr(text, "\"model\" = \"")) != NULL) {
		p += 11;
		for (q = p; *q >= 0x20 && *q < 0x7f && *q != '"'; q++)
			;
		/* Printable ASCII only: it names a GPU in the log. */
		if (*q == '"' && q > p && (size_t)(q - p) < sizeof g->model) {
			memcpy(g->model, p, (size_t)(q - p));
			g->model[q - p] = '\0';
		}
	}
	return g->util_pct < 0 && g->mem_used < 0 ? -1 : 0;
}
