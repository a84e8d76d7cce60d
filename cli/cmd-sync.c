/*
 * cmd-sync.c: `gpulog sync DIR`: keeps several machines' logs in step
 * through a folder that a sync tool (Syncthing, Dropbox, iCloud Drive, a
 * git repository) copies between them.  Each machine writes only its own
 * file there, gpulog-NAME.json (an export, through a temporary name
 * renamed over it), and merges every other machine's file in one change.
 * The merge rule is ops/merge.c's; the format cmd-export.c's.  A peer
 * file whose size, modification time and inode are those it had when
 * this machine last merged it is not read again: merging it again would
 * change nothing.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
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

/*
 * The other machines' files in dir, sorted: every gpulog-*.json but own,
 * the sync tools' conflict copies included (merging one twice changes
 * nothing).  This machine's own temporary files, left by a sync that was
 * killed, are removed; one that a sync still running holds locked (see
 * write_own()) is its, and stays.
 */
static char **
peer_files(const char *dir, const char *own, size_t *n, struct err *e)
{
	char **list = NULL, tmp[96];
	struct dirent *d;
	size_t k = 0;
	DIR *dp;

	*n = 0;
	if ((dp = opendir(dir)) == NULL) {
		err_set(e, "%s: cannot read: %s", dir, strerror(errno));
		return NULL;
	}
	snprintf(tmp, sizeof tmp, ".%s.tmp", own);
	while ((d = readdir(dp)) != NULL) {
		size_t len = strlen(d->d_name);

		if (strncmp(d->d_name, tmp, strlen(tmp)) == 0) {
			char *p = cli_path_join(dir, d->d_name);
			int fd = open(p, O_RDONLY | O_CLOEXEC | O_NOFOLLOW);

			if (fd >= 0 && flock(fd, LOCK_EX | LOCK_NB) == 0)
				unlink(p);
			if (fd >= 0)
				close(fd);
			free(p);
			continue;
		}
		if (strncmp(d->d_name, "gpulog-", 7) != 0 || len < 12 ||
		    strcmp(d->d_name + len - 5, ".json") != 0 ||
		    strcmp(d->d_name, own) == 0)
			continue;
		/* A FIFO or a device would stall the read with the write
		 * lock held: only files are read. */
		{
			char *p = cli_path_join(dir, d->d_name);
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
		list = xrealloc(list, (k + 1) * sizeof *list);
		list[k++] = xstrdup(d->d_name);
	}
	closedir(dp);
	if (k > 1)
		qsort(list, k, sizeof *list, by_name);
	*n = k;
	if (list == NULL)
		list = xcalloc(1, sizeof *list);
	return list;
}

/* A fingerprint's longest text. */
#define FP_MAX 96

/* The setting that remembers peer file name as last merged. */
static void
seen_key(char *buf, size_t n, const char *name)
{
	snprintf(buf, n, "sync.seen.%s", name);
}

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
 * The note of what the file at path was written from (the setting
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
 * Writes this machine's file: everything it holds, through a temporary
 * name beside it, renamed over it once on disk, so that a sync tool never
 * copies half a file; left alone when nothing in it changed.  Nothing is
 * read when nothing the export carries was written since this file was
 * (the same export count, format and file: the setting sync.own.FILE).
 */
static int
write_own(struct ctx *c, const char *dir, const char *own, const char *name,
    int *changed, struct err *e)
{
	char *path = cli_path_join(dir, own), *tmp, tname[96];
	char key[160], was[FP_MAX + 48], now[FP_MAX + 48];
	FILE *f = NULL;
	int fd, ok = 0;
	int64_t count = 0;
	struct err inner;

	*changed = 0;
	snprintf(key, sizeof key, "sync.own.%s", own);
	if (store_export_count(c->s, &count, e) < 0) {
		free(path);
		return -1;
	}
	if (own_note(count, path, now, sizeof now) == 0 &&
	    store_get_setting(c->s, key, was, sizeof was, &inner) == 1 &&
	    strcmp(was, now) == 0) {
		free(path);
		return 0;
	}
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
	if (store_read_begin(c->s, e) < 0)
		goto out;
	/* The count read in the export's own snapshot. */
	if (store_export_count(c->s, &count, e) < 0 ||
	    cli_export_doc(f, path, c, name, e) < 0) {
		store_read_end(c->s);
		goto out;
	}
	store_read_end(c->s);
	if (fflush(f) != 0 || ferror(f) || fsync(fileno(f)) != 0) {
		err_set(e, "%s: cannot write: %s", path, strerror(errno ?
		    errno : EIO));
		goto out;
	}
	/* f stays open, and so locked, until the rename. */
	if (same_bytes(tmp, path)) {
		ok = 1;
	} else if (rename(tmp, path) != 0) {
		/* A sync tool copies the file with the mode it has: the
		 * spend in it is the user's own (mkstemp's 0600). */
		err_set(e, "%s: cannot write: %s", path, strerror(errno));
		goto out;
	} else {
		*changed = ok = 1;
	}
	/* Noted outside any change, as the peers' files are. */
	if (own_note(count, path, now, sizeof now) == 0 &&
	    ops_setting_mark(&c->ops, key, now, &inner) < 0)
		cli_warn("%s", inner.msg);
out:
	if (!*changed)
		unlink(tmp);
	if (f != NULL)
		fclose(f);
	free(tmp);
	free(path);
	return ok ? 0 : -1;
}

int
cmd_sync(struct ctx *c, const struct args *a)
{
	const char *dir = a->pos[0];
	int dry = opt_has(a, S_DRY_RUN), refused = 0, changed, rc;
	size_t unchanged = 0;
	char name[64], own[80], **files = NULL, *path, *safe, what[200];
	char (*fps)[FP_MAX] = NULL;
	struct cli_merge *m;
	struct stat sb;
	struct err e;
	size_t n = 0, i;
	FILE *f;

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
	if ((files = peer_files(dir, own, &n, &e)) == NULL)
		return cli_err(EXIT_FAIL, &e);
	snprintf(what, sizeof what, "sync %.180s", dir);
	if ((m = cli_merge_begin(c, what, &e)) == NULL) {
		rc = cli_err(EXIT_FAIL, &e);
		goto out;
	}
	fps = xcalloc(n + 1, sizeof *fps);
	for (i = 0; i < n; i++) {
		char was[FP_MAX], key[320];
		struct err inner;

		path = cli_path_join(dir, files[i]);
		/* Taken before it is read: a file replaced meanwhile is
		 * read again next time. */
		fingerprint(path, fps[i], FP_MAX);
		seen_key(key, sizeof key, files[i]);
		if (fps[i][0] != '\0' && store_get_setting(c->s, key, was,
		    sizeof was, &inner) == 1 && strcmp(fps[i], was) == 0) {
			unchanged++;
			fps[i][0] = '\0';
			free(path);
			continue;
		}
		if ((f = fopen(path, "rb")) == NULL) {
			err_set(&e, "%s: cannot read: %s", path,
			    strerror(errno));
		} else {
			rc = cli_merge_file(m, f, path, &e);
			fclose(f);
			if (rc == 0) {
				free(path);
				continue;
			}
		}
		fps[i][0] = '\0';
		cli_err(EXIT_FAIL, &e);
		cli_say("nothing of %s was merged", files[i]);
		refused++;
		free(path);
	}
	if (cli_merge_end(m, dry, 1, &e) < 0) {
		rc = cli_err(EXIT_FAIL, &e);
		goto out;
	}
	/* Merged and kept: each file noted as it was (outside the change:
	 * an undone merge is not brought back by the next sync anyway). */
	for (i = 0; !dry && i < n; i++) {
		char key[320];
		struct err inner;

		seen_key(key, sizeof key, files[i]);
		if (fps[i][0] != '\0' && ops_setting_mark(&c->ops, key, fps[i],
		    &inner) < 0)
			cli_warn("%s", inner.msg);
	}
	{
		/* The folder's name is the user's: shown harmless. */
		char *sd = text_safe(dir);

		size_t k = n - (size_t)refused - unchanged;

		printf("%s %zu other machine%s file%s in %s", dry ?
		    "would merge" : "merged", k, k == 1 ? "'s" : "s'", k == 1 ?
		    "" : "s", sd);
		if (unchanged > 0)
			printf(" (%zu more unchanged since the last merge, not "
			    "read)", unchanged);
		putchar('\n');
		free(sd);
	}
	if (dry) {
		rc = refused ? EXIT_FAIL : EXIT_OK;
		goto out;
	}
	if (write_own(c, dir, own, name, &changed, &e) < 0) {
		rc = cli_err(EXIT_FAIL, &e);
		goto out;
	}
	{
		char *so = text_safe(own);

		printf("%s %s\n", changed ? "wrote" : "up to date:", so);
		free(so);
	}
	rc = refused ? EXIT_FAIL : EXIT_OK;
out:
	for (i = 0; i < n; i++)
		free(files[i]);
	free(files);
	free(fps);
	return rc;
}
