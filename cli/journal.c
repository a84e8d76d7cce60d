/*
 * journal.c: the file `gpulog run` keeps beside the database, DB.run.PID
 * (mode 0600), so that its run is never lost: written when the command
 * starts, rewritten with its last sign of life every 10 seconds and with
 * what was measured when it ends, removed once the database holds the run
 * ended.  Every later gpulog command records the runs of the journals
 * whose gpulog is gone (ops_journal_apply()).  The text is ops/journal.c's;
 * this file is the file: where it lies, how it is written and found.
 */
#include "cli/journal.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cli/cli.h"
#include "core/fmt.h"
#include "store/store.h"

#define JOURNAL_MAX (1 << 20)  /* a journal is a few hundred bytes */

char *
cli_journal_path(const char *db, long pid)
{
	size_t n = strlen(db) + 32;
	char *p = xmalloc(n);

	snprintf(p, n, "%s.run.%ld", db, pid);
	return p;
}

int
cli_journal_write(const char *path, const struct ops_journal *j, int sync,
    struct err *e)
{
	char *text = ops_journal_text(j), *tmp;
	size_t n = strlen(text), off = 0, tl = strlen(path) + 8;
	int fd, rc = -1;

	tmp = xmalloc(tl);
	snprintf(tmp, tl, "%s.tmp", path);
	fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
	if (fd < 0) {
		err_set(e, "cannot write %s: %s", tmp, strerror(errno));
		goto out;
	}
	while (off < n) {
		ssize_t k = write(fd, text + off, n - off);

		if (k < 0 && errno == EINTR)
			continue;
		if (k <= 0) {
			err_set(e, "cannot write %s: %s", tmp, k < 0 ?
			    strerror(errno) : "short write");
			close(fd);
			unlink(tmp);
			goto out;
		}
		off += (size_t)k;
	}
	if ((sync && fsync(fd) != 0) || close(fd) != 0) {
		err_set(e, "cannot write %s: %s", tmp, strerror(errno));
		unlink(tmp);
		goto out;
	}
	if (rename(tmp, path) != 0) {
		err_set(e, "cannot write %s: %s", path, strerror(errno));
		unlink(tmp);
		goto out;
	}
	rc = 0;
out:
	free(tmp);
	free(text);
	return rc;
}

/* The whole of fd, up to JOURNAL_MAX bytes; NULL when larger or unread. */
static char *
slurp(int fd)
{
	size_t cap = 4096, n = 0;
	char *b = xmalloc(cap + 1);
	ssize_t k;

	for (;;) {
		if (n == cap) {
			if (cap >= JOURNAL_MAX) {
				free(b);
				return NULL;
			}
			cap *= 2;
			b = xrealloc(b, cap + 1);
		}
		k = read(fd, b + n, cap - n);
		if (k < 0 && errno == EINTR)
			continue;
		if (k < 0) {
			free(b);
			return NULL;
		}
		if (k == 0)
			break;
		n += (size_t)k;
	}
	b[n] = '\0';
	if (memchr(b, '\0', n) != NULL) {
		free(b);
		return NULL;
	}
	return b;
}

/* 1 when the gpulog the journal names may still be alive. */
static int
writer_alive(const struct ops_journal *j)
{
	char host[64];

	if (gethostname(host, sizeof host) != 0)
		snprintf(host, sizeof host, "localhost");
	host[sizeof host - 1] = '\0';
	/* Another host's journal is its own gpulog's to record. */
	if (strcmp(j->host, host) != 0)
		return 1;
	if (j->pid == (long)getpid())
		return 1;
	return j->pid > 0 && (kill((pid_t)j->pid, 0) == 0 || errno == EPERM);
}

/* Records the run of one journal whose gpulog is gone. */
static void
recover_one(struct ctx *c, const char *path)
{
	struct ops_journal j;
	struct ops_result res;
	struct stat a, b;
	struct err e;
	char *text = NULL;
	int fd, rc;

	ops_journal_init(&j);
	ops_result_init(&res);
	if ((fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)) < 0)
		goto out;
	/* Another gpulog recovering it at once holds the lock; a journal
	 * replaced since it was opened is read afresh next time. */
	if (flock(fd, LOCK_EX | LOCK_NB) != 0 || fstat(fd, &a) != 0 ||
	    lstat(path, &b) != 0 || a.st_ino != b.st_ino ||
	    !S_ISREG(a.st_mode) || a.st_uid != geteuid())
		goto out;
	if ((text = slurp(fd)) == NULL) {
		cli_warn("%s is not a run journal gpulog can read; it is left "
		    "as it is", path);
		goto out;
	}
	if (ops_journal_parse(text, &j, &e) < 0) {
		cli_warn("%s: %s; it is left as it is", path, e.msg);
		goto out;
	}
	if (writer_alive(&j))
		goto out;
	c->ops.now = c->now;
	rc = ops_journal_apply(&c->ops, &j, &res, &e);
	if (rc < 0) {
		cli_warn("cannot record the run kept in %s yet (%s); the next "
		    "gpulog command tries again", path, e.msg);
		goto out;
	}
	unlink(path);
	if (rc == 2 && res.run.id > 0)
		cli_fail(0, "run #%lld is removed: the `gpulog run` that "
		    "recorded it (pid %ld) ended before its command started",
		    (long long)res.run.id, j.pid);
	if (rc == 0) {
		char when[32];

		fmt_local(when, sizeof when, res.run.end, "%Y-%m-%d %H:%M:%S");
		if (j.ended)
			cli_fail(0, "run #%lld, which `gpulog run` (pid %ld) "
			    "could not save when it ended, is recorded: it "
			    "ended %s", (long long)res.run.id, j.pid, when);
		else
			cli_fail(0, "run #%lld: the `gpulog run` recording it "
			    "(pid %ld) is gone; the run ends %s, when it was "
			    "last seen alive", (long long)res.run.id, j.pid,
			    when);
	}
out:
	if (fd >= 0)
		close(fd);
	free(text);
	ops_result_clear(&res);
	ops_journal_clear(&j);
}

/*
 * A journal's temporary file, BASE.run.PID.tmp, left by a gpulog killed
 * while it wrote (the journal before it, if any, holds the run): removed
 * once its writer is gone: at once when it is a whole journal of this
 * host; when it is empty and 5 seconds old (a writer, of any host, writes
 * what it created at once); else (another host's sharing the folder,
 * whose writer renames its own within a second) when it has not changed
 * for 10 minutes.
 */
static void
stale_tmp(const char *path, long pid)
{
	struct ops_journal j;
	struct stat st;
	struct err e;
	char *text = NULL;
	int fd, mine = 0;

	if (lstat(path, &st) != 0 || !S_ISREG(st.st_mode) || st.st_uid !=
	    geteuid())
		return;
	if (pid > 0 && (pid == (long)getpid() || kill((pid_t)pid, 0) == 0 ||
	    errno == EPERM))
		return;
	ops_journal_init(&j);
	if ((fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)) >= 0) {
		if ((text = slurp(fd)) != NULL &&
		    ops_journal_parse(text, &j, &e) == 0 && j.pid == pid)
			mine = !writer_alive(&j);
		close(fd);
	}
	free(text);
	ops_journal_clear(&j);
	if (mine || (st.st_size == 0 && time(NULL) - st.st_mtime >= 5) ||
	    time(NULL) - st.st_mtime >= 600)
		unlink(path);
}

void
cli_journal_recover(struct ctx *c)
{
	const char *slash = strrchr(c->db, '/');
	char *dir, *base;
	size_t bl;
	DIR *d;
	struct dirent *de;

	if (store_readonly(c->s))
		return;
	if (slash == NULL) {
		dir = xstrdup(".");
		base = xstrdup(c->db);
	} else {
		dir = slash == c->db ? xstrdup("/") :
		    xstrndup(c->db, (size_t)(slash - c->db));
		base = xstrdup(slash + 1);
	}
	bl = strlen(base);
	if ((d = opendir(dir)) != NULL) {
		while ((de = readdir(d)) != NULL) {
			const char *p = de->d_name;
			char *path;
			size_t n;

			/* BASE.run.PID, PID all digits. */
			if (strncmp(p, base, bl) != 0 ||
			    strncmp(p + bl, ".run.", 5) != 0)
				continue;
			p += bl + 5;
			n = strspn(p, "0123456789");
			if (n == 0 || (p[n] != '\0' && strcmp(p + n, ".tmp") !=
			    0))
				continue;
			{
				size_t k = strlen(dir) + strlen(de->d_name) + 2;

				path = xmalloc(k);
				snprintf(path, k, "%s/%s", dir, de->d_name);
			}
			if (p[n] == '\0')
				recover_one(c, path);
			else
				stale_tmp(path, strtol(p, NULL, 10));
			free(path);
		}
		closedir(d);
	}
	free(dir);
	free(base);
}
