/*
 * cmd-sync.c: `gpulog sync DIR`: keeps several machines' logs in step
 * through a folder that a sync tool (Syncthing, Dropbox, iCloud Drive, a
 * git repository) copies between them.  Each machine writes only its own
 * files there: gpulog-NAME.json, an export of everything (the whole
 * file), and after it segments, gpulog-NAME.LOG-SEQ.json, each an export
 * of what was written since the one before (store/sync.h's pending rows),
 * all through a temporary name renamed into place, so that a sync tool
 * never copies half a file.  It merges the other machines' files in one
 * change: of a machine whose whole file it has merged, only the segments
 * after the last it read.  The merge rule is ops/merge.c's; the format
 * cmd-export.c's.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/cli.h"
#include "core/text.h"
#include "importers/json.h"
#include "store/store.h"
#include "store/sync.h"

enum { S_NAME = 1, S_DRY_RUN };

const struct opt sync_opts[] = {
	{ S_NAME, 0, "name", "NAME",
	    "this machine's name in DIR (kept; default: the host's name)" },
	{ S_DRY_RUN, 0, "dry-run", NULL,
	    "say what would change; write nothing" },
	{ 0, 0, NULL, NULL, NULL },
};

/* 1 for a name a sync file may carry: letters, digits, '.', '_', '-'. */
static int
name_ok(const char *s)
{
	size_t n = strlen(s);

	return n > 0 && n <= 40 && s[0] != '.' && strspn(s,
	    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
	    "0123456789._-") == n;
}

/* This machine's name: --name, or the one kept, or a new one made of the
 * host's name and six random hex digits (kept from then on). */
static int
machine_name(struct ctx *c, const char *given, char *out, size_t len)
{
	char kept[64] = "", host[64] = "", uid[33], made[40], *safe;
	struct err e;
	size_t i, k = 0;

	if (given != NULL && !name_ok(given)) {
		safe = text_safe(given);
		cli_fail(EXIT_USAGE, "sync: --name: invalid name \"%s\": "
		    "letters, digits, '.', '_' and '-', at most 40", safe);
		free(safe);
		return -1;
	}
	if (store_get_setting(c->s, "sync.machine", kept, sizeof kept, &e) < 0)
		return cli_err(EXIT_FAIL, &e), -1;
	if (given == NULL && kept[0] != '\0') {
		snprintf(out, len, "%s", kept);
		return 0;
	}
	if (given != NULL) {
		snprintf(out, len, "%s", given);
	} else {
		gethostname(host, sizeof host - 1);
		for (i = 0; host[i] != '\0' && host[i] != '.' && k < 24; i++)
			if (strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOP"
			    "QRSTUVWXYZ0123456789_-", host[i]) != NULL)
				host[k++] = host[i];
		host[k] = '\0';
		store_new_uid(uid);
		snprintf(made, sizeof made, "%.24s-%.6s", k ? host : "machine",
		    uid + 26);
		snprintf(out, len, "%s", made);
	}
	if (strcmp(out, kept) != 0 && ops_setting_local(&c->ops,
	    "sync.machine", out, &e) < 0)
		return cli_err(EXIT_FAIL, &e), -1;
	return 0;
}

static int
by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* A log's name: 8 hex digits, made anew when a machine starts its files
 * over, so that its segments' numbers never mean two things. */
#define LOG_LEN 8

/* A segment's number in its name: at least 6 digits. */
#define SEG_DIGITS 6

/* A segment: gpulog-MACHINE.LOG-SEQ.json. */
struct seg {
	char machine[64];
	char log[LOG_LEN + 1];
	int64_t seq;
	char *file;
};

/* 1 when name is gpulog-*.json, a sync file's. */
static int
sync_name(const char *name)
{
	size_t len = strlen(name);

	return strncmp(name, "gpulog-", 7) == 0 && len >= 12 &&
	    strcmp(name + len - 5, ".json") == 0;
}

/* 1 when file names a segment, filling g (file borrowed); 0 when not. */
static int
seg_parse(const char *file, struct seg *g)
{
	size_t len = strlen(file), blen, k;
	const char *body = file + 7, *dot = NULL, *p;
	int64_t seq = 0;

	if (!sync_name(file))
		return 0;
	blen = len - 12;
	for (p = body; p < body + blen; p++)
		if (*p == '.')
			dot = p;
	if (dot == NULL || dot == body || (size_t)(dot - body) >=
	    sizeof g->machine)
		return 0;
	p = dot + 1;
	if (strspn(p, "0123456789abcdef") < LOG_LEN || p[LOG_LEN] != '-')
		return 0;
	p += LOG_LEN + 1;
	k = (size_t)(body + blen - p);
	if (k < SEG_DIGITS || k > 15 || strspn(p, "0123456789") < k)
		return 0;
	for (; p < body + blen; p++)
		seq = seq * 10 + (*p - '0');
	memcpy(g->machine, body, (size_t)(dot - body));
	g->machine[dot - body] = '\0';
	memcpy(g->log, dot + 1, LOG_LEN);
	g->log[LOG_LEN] = '\0';
	g->seq = seq;
	g->file = (char *)file;
	return 1;
}

static void
seg_name(char *buf, size_t n, const char *machine, const char *log,
    int64_t seq)
{
	snprintf(buf, n, "gpulog-%s.%s-%0*lld.json", machine, log, SEG_DIGITS,
	    (long long)seq);
}

/* What is in the folder: the other machines' whole files (and anything
 * else named gpulog-*.json, the sync tools' conflict copies included),
 * every segment, and this machine's. */
struct folder {
	char **wholes;
	size_t nwholes;
	struct seg *segs;
	size_t nsegs;
	char **names;           /* every name kept, for freeing */
	size_t nnames;
};

static void
folder_free(struct folder *d)
{
	size_t i;

	for (i = 0; i < d->nnames; i++)
		free(d->names[i]);
	free(d->names);
	free(d->wholes);
	free(d->segs);
}

static int
by_seg(const void *a, const void *b)
{
	const struct seg *x = a, *y = b;
	int c = strcmp(x->machine, y->machine);

	if (c == 0)
		c = strcmp(x->log, y->log);
	return c != 0 ? c : (x->seq > y->seq) - (x->seq < y->seq);
}

/*
 * Reads dir into d: the files named gpulog-*.json but own, segments apart
 * (this machine's too).  This machine's own temporary files, left by a
 * sync that was killed, are removed; one that a sync still running holds
 * locked (see own_tmp()) is its, and stays.
 */
static int
folder_read(const char *dir, const char *own, struct folder *d,
    struct err *e)
{
	char tmp[96];
	struct dirent *de;
	DIR *dp;

	memset(d, 0, sizeof *d);
	if ((dp = opendir(dir)) == NULL)
		return err_set(e, "%s: cannot read: %s", dir, strerror(errno));
	snprintf(tmp, sizeof tmp, ".%s.tmp", own);
	while ((de = readdir(dp)) != NULL) {
		struct seg g;
		char *name;

		if (strncmp(de->d_name, tmp, strlen(tmp)) == 0) {
			char *p = cli_path_join(dir, de->d_name);
			int fd = open(p, O_RDONLY | O_CLOEXEC | O_NOFOLLOW);

			if (fd >= 0 && flock(fd, LOCK_EX | LOCK_NB) == 0)
				unlink(p);
			if (fd >= 0)
				close(fd);
			free(p);
			continue;
		}
		if (!sync_name(de->d_name) || strcmp(de->d_name, own) == 0)
			continue;
		/* A FIFO or a device would stall the read with the write
		 * lock held: only files are read. */
		{
			char *p = cli_path_join(dir, de->d_name);
			struct stat st;
			int reg = stat(p, &st) == 0 && S_ISREG(st.st_mode);

			if (!reg) {
				char *safe = text_safe(p);

				cli_warn("%s: not a regular file; left alone",
				    safe);
				free(safe);
			}
			free(p);
			if (!reg)
				continue;
		}
		name = xstrdup(de->d_name);
		d->names = xrealloc(d->names, (d->nnames + 1) *
		    sizeof *d->names);
		d->names[d->nnames++] = name;
		if (seg_parse(name, &g)) {
			d->segs = xrealloc(d->segs, (d->nsegs + 1) *
			    sizeof *d->segs);
			d->segs[d->nsegs++] = g;
		} else {
			d->wholes = xrealloc(d->wholes, (d->nwholes + 1) *
			    sizeof *d->wholes);
			d->wholes[d->nwholes++] = name;
		}
	}
	closedir(dp);
	if (d->nwholes > 1)
		qsort(d->wholes, d->nwholes, sizeof *d->wholes, by_name);
	if (d->nsegs > 1)
		qsort(d->segs, d->nsegs, sizeof *d->segs, by_seg);
	return 0;
}

/* Segment seq of machine's log in d, or NULL. */
static const struct seg *
folder_seg(const struct folder *d, const char *machine, const char *log,
    int64_t seq)
{
	struct seg key;

	if (d->nsegs == 0)
		return NULL;
	memset(&key, 0, sizeof key);
	snprintf(key.machine, sizeof key.machine, "%s", machine);
	snprintf(key.log, sizeof key.log, "%s", log);
	key.seq = seq;
	return bsearch(&key, d->segs, d->nsegs, sizeof *d->segs, by_seg);
}

/* A fingerprint's longest text. */
#define FP_MAX 96

/* What tells a file changed without reading it: its size, modification
 * time to the nanosecond and inode.  "" when it cannot be read. */
static void
fingerprint(const char *path, char *buf, size_t n)
{
	struct stat st;

	buf[0] = '\0';
	if (stat(path, &st) != 0)
		return;
#if defined(__APPLE__)
	snprintf(buf, n, "%lld %lld.%09ld %llu", (long long)st.st_size,
	    (long long)st.st_mtimespec.tv_sec, st.st_mtimespec.tv_nsec,
	    (unsigned long long)st.st_ino);
#else
	snprintf(buf, n, "%lld %lld.%09ld %llu", (long long)st.st_size,
	    (long long)st.st_mtim.tv_sec, st.st_mtim.tv_nsec,
	    (unsigned long long)st.st_ino);
#endif
}

/*
 * What a whole file says of itself at its start: its log and the last
 * segment it carries ("log" and "through", which cli_export_doc() writes
 * before the settings).  0 with log "" for a file without them (a gpulog
 * before segments, a plain export): it is merged whole.
 */
static void
whole_head(const char *path, char *log, int64_t *through)
{
	char buf[1024], *p;
	size_t n;
	FILE *f;

	log[0] = '\0';
	*through = 0;
	if ((f = fopen(path, "rb")) == NULL)
		return;
	n = fread(buf, 1, sizeof buf - 1, f);
	fclose(f);
	buf[n] = '\0';
	if ((p = strstr(buf, "\n  \"settings\"")) != NULL)
		*p = '\0';
	if ((p = strstr(buf, "\n  \"log\": \"")) == NULL ||
	    strspn(p + 11, "0123456789abcdef") != LOG_LEN ||
	    p[11 + LOG_LEN] != '"')
		return;
	memcpy(log, p + 11, LOG_LEN);
	log[LOG_LEN] = '\0';
	if ((p = strstr(buf, "\n  \"through\": ")) == NULL) {
		log[0] = '\0';
		return;
	}
	*through = strtoll(p + 14, NULL, 10);
}

/* 1 when files a and b hold the same bytes. */
static int
same_bytes(const char *a, const char *b)
{
	FILE *fa = fopen(a, "rb"), *fb = fopen(b, "rb");
	char x[8192], y[8192];
	size_t na, nb;
	int same = fa != NULL && fb != NULL;

	while (same) {
		na = fread(x, 1, sizeof x, fa);
		nb = fread(y, 1, sizeof y, fb);
		if (na != nb || memcmp(x, y, na) != 0)
			same = 0;
		if (na == 0)
			break;
	}
	if (fa != NULL)
		fclose(fa);
	if (fb != NULL)
		fclose(fb);
	return same;
}

/*
 * A temporary file beside own's, locked for as long as this sync lives so
 * that another sync of this machine (a timer's beside a typed one) does
 * not take it for a killed sync's leftover; made again in the rare case
 * that one removed it between its creation and the lock.  -1 and errno
 * when it cannot be made.
 */
static int
own_tmp(char *tmp)
{
	size_t len = strlen(tmp);
	struct stat st;
	int fd, tries;

	for (tries = 0; tries < 8; tries++) {
		memcpy(tmp + len - 6, "XXXXXX", 6);
		if ((fd = mkstemp(tmp)) < 0)
			return -1;
		if (flock(fd, LOCK_EX) == 0 && fstat(fd, &st) == 0 &&
		    st.st_nlink > 0)
			return fd;
		close(fd);
	}
	errno = EBUSY;
	return -1;
}

/*
 * The note of what the whole file at path was written from (the setting
 * sync.own.FILE): the database's export count (store_export_count()),
 * the export format and the file's fingerprint, in buf.  0, or -1 when
 * the file cannot be looked at.
 */
static int
own_note(int64_t count, const char *path, char *buf, size_t n)
{
	char fp[FP_MAX];

	fingerprint(path, fp, sizeof fp);
	snprintf(buf, n, "%lld %d %s", (long long)count, JSON_EXPORT_FORMAT,
	    fp);
	return fp[0] == '\0' ? -1 : 0;
}

/*
 * This machine's files as it last wrote them (the setting sync.log.FILE,
 * its own): its log, the next segment's number, the last segment the
 * whole file carries and the one the whole file before it carried, and
 * the segments written since the whole file (how many, their bytes) and
 * its bytes.
 */
struct own_log {
	char log[LOG_LEN + 1];
	int64_t next, through, prev, nseg, segbytes, wholebytes;
};

/* Reads the setting key into l: 1, or 0 when it is missing or not such a
 * note. */
static int
own_log_read(struct ctx *c, const char *key, struct own_log *l)
{
	char v[160];
	struct err inner;

	memset(l, 0, sizeof *l);
	return store_get_setting(c->s, key, v, sizeof v, &inner) == 1 &&
	    sscanf(v, "%8s %" SCNd64 " %" SCNd64 " %" SCNd64 " %" SCNd64
	    " %" SCNd64 " %" SCNd64, l->log, &l->next, &l->through, &l->prev,
	    &l->nseg, &l->segbytes, &l->wholebytes) == 7 &&
	    strlen(l->log) == LOG_LEN && l->next >= 1;
}

/* A whole file under this many bytes is written again in place of a
 * segment: it costs about what a segment would. */
#define WHOLE_BELOW (1 << 20)

/* The most segments after a whole file before it is written again. */
#define SEG_MAX 100

/*
 * Writes the export (a segment when h->segment) to name in dir through a
 * temporary file renamed over it once on disk; a whole file with the same
 * bytes as the one there is left alone (*changed 0).  *bytes its size.
 */
static int
write_file(struct ctx *c, const char *dir, const char *own, const char *name,
    const struct sync_head *h, int *changed, int64_t *bytes, struct err *e)
{
	char *path = cli_path_join(dir, name), *tmp, tname[96];
	FILE *f = NULL;
	int fd, ok = 0;
	long size;

	*changed = 0;
	snprintf(tname, sizeof tname, ".%s.tmpXXXXXX", own);
	tmp = cli_path_join(dir, tname);
	if ((fd = own_tmp(tmp)) < 0) {
		err_set(e, "%s: cannot write: %s", path, strerror(errno));
		goto out;
	}
	if ((f = fdopen(fd, "w")) == NULL) {
		close(fd);
		err_set(e, "%s: cannot write: %s", path, strerror(errno));
		goto out;
	}
	if (cli_export_doc(f, path, c, h, e) < 0)
		goto out;
	if (fflush(f) != 0 || ferror(f) || fsync(fileno(f)) != 0 ||
	    (size = ftell(f)) < 0) {
		err_set(e, "%s: cannot write: %s", path, strerror(errno ?
		    errno : EIO));
		goto out;
	}
	*bytes = size;
	/* f stays open, and so locked, until the rename. */
	if (!h->segment && same_bytes(tmp, path)) {
		ok = 1;
	} else if (rename(tmp, path) != 0) {
		/* A sync tool copies the file with the mode it has: the
		 * spend in it is the user's own (mkstemp's 0600). */
		err_set(e, "%s: cannot write: %s", path, strerror(errno));
		goto out;
	} else {
		*changed = ok = 1;
	}
out:
	if (!*changed)
		unlink(tmp);
	if (f != NULL)
		fclose(f);
	free(tmp);
	free(path);
	return ok ? 0 : -1;
}

/* Removes this machine's segments that no peer needs: another log's, and
 * those the whole file before the one just written carried. */
static void
prune_own(const char *dir, const struct folder *d, const char *name,
    const struct own_log *l)
{
	size_t i;

	for (i = 0; i < d->nsegs; i++) {
		const struct seg *g = &d->segs[i];
		char *p;

		if (strcmp(g->machine, name) != 0 || (strcmp(g->log,
		    l->log) == 0 && g->seq > l->prev))
			continue;
		p = cli_path_join(dir, g->file);
		unlink(p);
		free(p);
	}
}

/*
 * Writes this machine's files: what was written since its last file (the
 * pending rows), as a new segment, and the whole file again when it is
 * small (under WHOLE_BELOW bytes), when the segments since it reach
 * SEG_MAX or a quarter of its bytes, or when this machine starts its
 * files over (a new log: no whole file of its own as it left it, or a new
 * format).  Nothing is read when nothing the export carries was written
 * since the last (the same export count, format and whole file: the
 * setting sync.own.FILE).  The write lock is held throughout, so that
 * what is pending stays as read.
 */
static int
write_own(struct ctx *c, const char *dir, const struct folder *d,
    const char *own, const char *name, char *wrote_name, size_t wlen,
    struct err *e)
{
	char *path = cli_path_join(dir, own), okey[160], lkey[160];
	char was[FP_MAX + 48], now[FP_MAX + 48], lv[160], file[128];
	struct own_log l;
	struct sync_head h;
	struct err inner;
	int64_t count = 0, upto = 0, bytes = 0, t;
	unsigned groups = 0;
	int fresh, seg, whole, wrote = 0, ok = 0, have;

	wrote_name[0] = '\0';
	snprintf(okey, sizeof okey, "sync.own.%s", own);
	snprintf(lkey, sizeof lkey, "sync.log.%s", own);
	if (store_export_count(c->s, &count, e) < 0)
		goto out;
	have = store_get_setting(c->s, okey, was, sizeof was, &inner) == 1;
	if (own_note(count, path, now, sizeof now) == 0 && have &&
	    strcmp(was, now) == 0) {
		ok = 1;
		goto out;
	}
	if (ops_sync_begin(&c->ops, e) < 0)
		goto out;
	if (store_export_count(c->s, &count, e) < 0 ||
	    store_pending(c->s, &upto, &groups, e) < 0)
		goto end;
	/* Starts over unless the whole file is as it was left (the note
	 * but its count) and its log known. */
	own_note(count, path, now, sizeof now);
	fresh = !have || strcmp(strchr(was, ' ') ? strchr(was, ' ') : "",
	    strchr(now, ' ')) != 0 || !own_log_read(c, lkey, &l);
	if (fresh) {
		char uid[33];

		memset(&l, 0, sizeof l);
		store_new_uid(uid);
		memcpy(l.log, uid + 32 - LOG_LEN, LOG_LEN);
		l.next = 1;
	}
	h.machine = name;
	h.log = l.log;
	seg = !fresh && upto > 0;
	if (seg) {
		/* A number a killed sync used is not used again: a peer
		 * may have read that file. */
		while (folder_seg(d, name, l.log, l.next) != NULL)
			l.next++;
		seg_name(file, sizeof file, name, l.log, l.next);
		h.seq = l.next;
		h.segment = groups;
		if (write_file(c, dir, own, file, &h, &wrote, &bytes, e) < 0)
			goto end;
		l.nseg++;
		l.segbytes += bytes;
		l.next++;
		snprintf(wrote_name, wlen, "%s", file);
	}
	t = l.next - 1;
	whole = !seg || l.wholebytes < WHOLE_BELOW || l.nseg >= SEG_MAX ||
	    l.segbytes >= l.wholebytes / 4;
	if (whole) {
		h.seq = t;
		h.segment = 0;
		if (write_file(c, dir, own, own, &h, &wrote, &bytes, e) < 0)
			goto end;
		if (wrote)
			snprintf(wrote_name, wlen, "%s", own);
		l.prev = fresh ? 0 : l.through;
		l.through = t;
		l.nseg = l.segbytes = 0;
		l.wholebytes = bytes;
		prune_own(dir, d, name, &l);
	}
	snprintf(lv, sizeof lv, "%s %lld %lld %lld %lld %lld %lld", l.log,
	    (long long)l.next, (long long)l.through, (long long)l.prev,
	    (long long)l.nseg, (long long)l.segbytes,
	    (long long)l.wholebytes);
	if (own_note(count, path, now, sizeof now) < 0) {
		err_set(e, "%s: cannot read back: %s", path, strerror(errno));
		goto end;
	}
	if (ops_setting_mark(&c->ops, lkey, lv, e) < 0 ||
	    ops_setting_mark(&c->ops, okey, now, e) < 0)
		goto end;
	ok = 1;
end:
	if (ops_sync_end(&c->ops, upto, ok, ok ? e : &inner) < 0)
		ok = 0;
out:
	free(path);
	return ok ? 0 : -1;
}

/* The settings that remember a peer: its whole file as last merged
 * (sync.seen.FILE), and its log and the last of its segments merged
 * (sync.read.MACHINE). */
static void
seen_key(char *buf, size_t n, const char *file)
{
	snprintf(buf, n, "sync.seen.%s", file);
}

static void
read_key(char *buf, size_t n, const char *machine)
{
	snprintf(buf, n, "sync.read.%s", machine);
}

/* A peer machine as this sync leaves it: its whole file and segments'
 * state to note once the merge is saved. */
struct peer {
	char machine[64];
	char fp[FP_MAX];        /* the whole file's, to note; "" none */
	char log[LOG_LEN + 1];
	int64_t upto;           /* the last segment merged; -1 none, not
	                         * even the whole file */
	int noted;              /* log and upto to note */
};

/* What a sync read: files merged, refused, and left unread. */
struct tally {
	size_t merged, refused, unchanged;
};

/* Merges one file; 0, or -1 when it was refused (said so). */
static int
merge_one(struct cli_merge *m, const char *dir, const char *file,
    struct tally *t)
{
	char *path = cli_path_join(dir, file);
	struct err e;
	FILE *f;
	int rc = -1;

	if ((f = fopen(path, "rb")) == NULL) {
		err_set(&e, "%s: cannot read: %s", path, strerror(errno));
	} else {
		rc = cli_merge_file(m, f, path, &e);
		fclose(f);
	}
	free(path);
	if (rc == 0) {
		t->merged++;
		return 0;
	}
	cli_err(EXIT_FAIL, &e);
	cli_say("nothing of %s was merged", file);
	t->refused++;
	return -1;
}

/* The machine a whole file is of: its name without gpulog- and .json. */
static void
whole_machine(const char *file, char *buf, size_t n)
{
	snprintf(buf, n, "%.*s", (int)(strlen(file) - 12), file + 7);
}

/*
 * Merges what is new of one peer machine: its whole file (file, NULL when
 * there is none) when it changed and holds what its segments do not, then
 * its segments after the last merged, in order, until one is missing.
 */
static void
merge_peer(struct ctx *c, struct cli_merge *m, const char *dir,
    const struct folder *d, const char *file, struct peer *p,
    struct tally *t)
{
	char key[320], was[160], log[LOG_LEN + 1], kept[LOG_LEN + 1], *path;
	int64_t through = 0, n, upto;
	struct err inner;
	const struct seg *g;

	read_key(key, sizeof key, p->machine);
	if (store_get_setting(c->s, key, was, sizeof was, &inner) != 1 ||
	    sscanf(was, "%8s %" SCNd64, p->log, &p->upto) != 2) {
		p->log[0] = '\0';
		p->upto = -1;
	}
	if (file != NULL) {
		path = cli_path_join(dir, file);
		/* Taken before it is read: a file replaced meanwhile is
		 * read again next time. */
		fingerprint(path, p->fp, FP_MAX);
		seen_key(key, sizeof key, file);
		if (p->fp[0] != '\0' && store_get_setting(c->s, key, was,
		    sizeof was, &inner) == 1 && strcmp(p->fp, was) == 0) {
			p->fp[0] = '\0';
			t->unchanged++;
		} else {
			whole_head(path, log, &through);
			snprintf(kept, sizeof kept, "%s", p->log);
			upto = p->upto;
			/* Of a log not seen before nothing is merged yet
			 * (-1), not even its whole file. */
			if (log[0] == '\0' || strcmp(log, p->log) != 0) {
				p->upto = -1;
				snprintf(p->log, sizeof p->log, "%s", log);
			}
			/* The whole file is read when it holds a segment
			 * not merged that is not there to read. */
			for (n = p->upto + 1; n <= through; n++)
				if (folder_seg(d, p->machine, log, n) == NULL)
					break;
			if (log[0] != '\0' && n > through) {
				t->unchanged++;
			} else if (merge_one(m, dir, file, t) == 0) {
				if (log[0] != '\0')
					p->upto = through;
				p->noted = log[0] != '\0';
			} else {
				/* Refused: read again next time, from where
				 * this machine was. */
				p->fp[0] = '\0';
				snprintf(p->log, sizeof p->log, "%s", kept);
				p->upto = upto;
			}
		}
		free(path);
	}
	if (p->log[0] == '\0')
		return;
	while ((g = folder_seg(d, p->machine, p->log, p->upto + 1)) != NULL) {
		if (merge_one(m, dir, g->file, t) < 0)
			break;
		p->upto++;
		p->noted = 1;
	}
}

int
cmd_sync(struct ctx *c, const struct args *a)
{
	const char *dir = a->pos[0];
	int dry = opt_has(a, S_DRY_RUN), rc;
	char name[64], own[80], *safe, what[200], wrote[128];
	struct folder d;
	struct peer *peers = NULL;
	struct tally t;
	struct cli_merge *m;
	struct stat sb;
	struct err e;
	size_t npeers = 0, i, j;

	if ((rc = stat(dir, &sb)) != 0 || !S_ISDIR(sb.st_mode)) {
		safe = text_safe(dir);
		cli_fail(EXIT_USAGE, "sync: %s: %s; give the folder your sync "
		    "tool shares", safe, rc != 0 ? strerror(errno) :
		    "not a folder");
		free(safe);
		return EXIT_USAGE;
	}
	if (machine_name(c, opt_get(a, S_NAME), name, sizeof name) < 0)
		return EXIT_FAIL;
	snprintf(own, sizeof own, "gpulog-%s.json", name);
	if (folder_read(dir, own, &d, &e) < 0)
		return cli_err(EXIT_FAIL, &e);
	snprintf(what, sizeof what, "sync %.180s", dir);
	if ((m = cli_merge_begin(c, what, &e)) == NULL) {
		rc = cli_err(EXIT_FAIL, &e);
		goto out;
	}
	memset(&t, 0, sizeof t);
	/* Each whole file, then each machine with segments and no whole
	 * file here (yet: a sync tool copies files in any order). */
	peers = xcalloc(d.nwholes + d.nsegs + 1, sizeof *peers);
	for (i = 0; i < d.nwholes; i++) {
		struct peer *p = &peers[npeers++];

		whole_machine(d.wholes[i], p->machine, sizeof p->machine);
		merge_peer(c, m, dir, &d, d.wholes[i], p, &t);
	}
	for (i = 0; i < d.nsegs; i++) {
		if (strcmp(d.segs[i].machine, name) == 0)
			continue;
		for (j = 0; j < npeers; j++)
			if (strcmp(peers[j].machine, d.segs[i].machine) == 0)
				break;
		if (j < npeers)
			continue;
		snprintf(peers[npeers].machine, sizeof peers->machine, "%s",
		    d.segs[i].machine);
		merge_peer(c, m, dir, &d, NULL, &peers[npeers++], &t);
	}
	if (cli_merge_end(m, dry, 1, &e) < 0) {
		rc = cli_err(EXIT_FAIL, &e);
		goto out;
	}
	/* Merged and kept: each noted as it was (outside the change: an
	 * undone merge is not brought back by the next sync anyway). */
	for (i = 0; !dry && i < npeers; i++) {
		char key[320], val[64];
		struct err inner;

		if (i < d.nwholes && peers[i].fp[0] != '\0') {
			seen_key(key, sizeof key, d.wholes[i]);
			if (ops_setting_mark(&c->ops, key, peers[i].fp,
			    &inner) < 0)
				cli_warn("%s", inner.msg);
		}
		if (peers[i].noted && peers[i].log[0] != '\0') {
			read_key(key, sizeof key, peers[i].machine);
			snprintf(val, sizeof val, "%s %lld", peers[i].log,
			    (long long)peers[i].upto);
			if (ops_setting_mark(&c->ops, key, val, &inner) < 0)
				cli_warn("%s", inner.msg);
		}
	}
	{
		/* The folder's name is the user's: shown harmless. */
		char *sd = text_safe(dir);
		size_t k = t.merged;

		printf("%s %zu other machine%s file%s in %s", dry ?
		    "would merge" : "merged", k, k == 1 ? "'s" : "s'", k == 1 ?
		    "" : "s", sd);
		if (t.unchanged > 0)
			printf(" (%zu more unchanged since the last merge, not "
			    "read)", t.unchanged);
		putchar('\n');
		free(sd);
	}
	if (dry) {
		rc = t.refused ? EXIT_FAIL : EXIT_OK;
		goto out;
	}
	if (write_own(c, dir, &d, own, name, wrote, sizeof wrote, &e) < 0) {
		rc = cli_err(EXIT_FAIL, &e);
		goto out;
	}
	{
		char *so = text_safe(wrote[0] ? wrote : own);

		printf("%s %s\n", wrote[0] ? "wrote" : "up to date:", so);
		free(so);
	}
	rc = t.refused ? EXIT_FAIL : EXIT_OK;
out:
	free(peers);
	folder_free(&d);
	return rc;
}
