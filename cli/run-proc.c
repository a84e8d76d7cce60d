/*
 * run-proc.c: the command `gpulog run` runs, as a process: fork, execvp,
 * the signal handlers and waitpid.  It knows nothing of runs, nvidia-smi
 * or the database, and prints nothing.
 */
#include "cli/run-proc.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "cli/cli.h"
#include "core/err.h"

static volatile sig_atomic_t child_pid;
static volatile sig_atomic_t late_sig;  /* SIGINT, SIGTERM or SIGHUP
                                          after the command ended */

/*
 * Passes a signal sent with kill(2) on to the command.  One the terminal
 * sent (Ctrl-C) reached the command's process group too, and is not sent
 * twice, so that a second SIGINT does not cut its cleanup short.
 */
static void
forward(int sig, siginfo_t *si, void *uc)
{
	(void)uc;
	/* gpulog's own (a SIGPIPE from writing to a closed pipe) is its
	 * own business: the write fails with EPIPE and the run goes on. */
	if (si != NULL && si->si_pid == getpid())
		return;
	if (child_pid <= 0 && (sig == SIGINT || sig == SIGTERM ||
	    sig == SIGHUP))
		late_sig = sig;
	if (child_pid > 0 && (si == NULL || si->si_code == SI_USER ||
	    si->si_code == SI_QUEUE))
		kill((pid_t)child_pid, sig);
}

int
run_proc_late_signal(void)
{
	return late_sig;
}

/* Wakes the loop's sleep when a child ends. */
static void
on_child(int sig)
{
	(void)sig;
}

int64_t
run_proc_mono_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

void
run_proc_sleep_ms(int64_t ms)
{
	struct timespec ts;

	if (ms <= 0)
		return;
	ts.tv_sec = (time_t)(ms / 1000);
	ts.tv_nsec = (long)(ms % 1000) * 1000000L;
	nanosleep(&ts, NULL);  /* a signal ends it early; the loop goes on */
}

int
run_proc_on_path(const char *name)
{
	const char *path = getenv("PATH"), *p, *q;
	char buf[4096];

	if (strchr(name, '/') != NULL)
		return access(name, X_OK) == 0;
	if (path == NULL)
		path = "/usr/bin:/bin";
	for (p = path; ; p = q + 1) {
		struct stat st;

		q = strchr(p, ':');
		if (q == NULL)
			q = p + strlen(p);
		snprintf(buf, sizeof buf, "%.*s%s%s", (int)(q - p), p,
		    q > p ? "/" : "", name);
		if (stat(buf, &st) == 0 && S_ISREG(st.st_mode) &&
		    access(buf, X_OK) == 0)
			return 1;
		if (*q == '\0')
			return 0;
	}
}

/* Installs h for sig unless sig was ignored when gpulog started (nohup),
 * which the command then inherits. */
static void
catch(int sig, void (*h)(int, siginfo_t *, void *))
{
	struct sigaction sa, old;

	if (sigaction(sig, NULL, &old) == 0 && old.sa_handler == SIG_IGN)
		return;
	memset(&sa, 0, sizeof sa);
	sigemptyset(&sa.sa_mask);
	sa.sa_sigaction = h;
	sa.sa_flags = SA_SIGINFO | SA_RESTART;
	sigaction(sig, &sa, NULL);
}

void
run_proc_catch_signals(void)
{
	struct sigaction sa;

	/* Every signal whose default would end gpulog and leave the run
	 * open goes on to the command instead, and gpulog ends with it;
	 * SIGKILL cannot be caught, which the journal's sign of life is
	 * for.  A signal gpulog itself would cause by a fault (SIGSEGV,
	 * SIGBUS, SIGFPE, SIGILL, SIGABRT, SIGTRAP, SIGSYS) is left
	 * as it is. */
	static const int sigs[] = { SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE,
		SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF, SIGXCPU,
		SIGXFSZ,
#ifdef SIGPWR
		SIGPWR,
#endif
#ifdef SIGSTKFLT
		SIGSTKFLT,
#endif
	};
	size_t i;

	for (i = 0; i < sizeof sigs / sizeof sigs[0]; i++)
		catch(sigs[i], forward);
	/* No SA_RESTART: the child's end interrupts the loop's sleep. */
	memset(&sa, 0, sizeof sa);
	sigemptyset(&sa.sa_mask);
	sa.sa_handler = on_child;
	sigaction(SIGCHLD, &sa, NULL);
}

pid_t
run_proc_spawn(int argc, const char *const *argv)
{
	char **av = xcalloc((size_t)argc + 1, sizeof *av);
	int fd[2], err = 0, i;
	ssize_t k;
	pid_t pid;

	for (i = 0; i < argc; i++)
		av[i] = (char *)argv[i];
	if (pipe(fd) != 0) {
		free(av);
		return -1;
	}
	fcntl(fd[1], F_SETFD, FD_CLOEXEC);
	fflush(stdout);
	fflush(stderr);
	if ((pid = fork()) < 0) {
		err = errno;
		close(fd[0]);
		close(fd[1]);
		free(av);
		errno = err;
		return -1;
	}
	if (pid == 0) {
		close(fd[0]);
		execvp(av[0], av);
		err = errno;
		if (write(fd[1], &err, sizeof err) < 0)
			_exit(127);
		_exit(127);
	}
	free(av);
	close(fd[1]);
	while ((k = read(fd[0], &err, sizeof err)) < 0 && errno == EINTR)
		;
	close(fd[0]);
	if (k == (ssize_t)sizeof err) {
		waitpid(pid, NULL, 0);
		errno = err;
		return -1;
	}
	child_pid = pid;
	return pid;
}

int
run_proc_ended(pid_t pid, int *code, int *signo)
{
	int status = 0;
	pid_t got = waitpid(pid, &status, WNOHANG);

	if (got != pid && (got >= 0 || errno == EINTR))
		return 0;
	child_pid = 0;
	if (got != pid)
		status = 0;
	*code = WIFSIGNALED(status) ? 128 + WTERMSIG(status) :
	    WIFEXITED(status) ? WEXITSTATUS(status) : EXIT_FAIL;
	if (signo != NULL)
		*signo = WIFSIGNALED(status) ? WTERMSIG(status) : 0;
	return 1;
}
