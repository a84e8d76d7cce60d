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

/* The command's pid, which is also its process group's. */
static volatile sig_atomic_t child_pid;
static volatile sig_atomic_t late_sig;  /* SIGINT, SIGTERM or SIGHUP
                                          after the command ended */
/* The controlling terminal when gpulog was in its foreground, and so
 * handed it to the command: -1 otherwise. */
static volatile sig_atomic_t tty_fd = -1;

/* Every signal whose default would end gpulog and leave the run open, and
 * SIGTSTP and SIGCONT: each goes on to the command.  SIGKILL cannot be caught, which
 * the journal's sign of life is for.  A signal gpulog itself would cause
 * by a fault (SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT, SIGTRAP, SIGSYS) is
 * left as it is. */
static const int forwarded[] = { SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE,
	SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF, SIGXCPU, SIGXFSZ,
	SIGTSTP, SIGCONT,
#ifdef SIGPWR
	SIGPWR,
#endif
#ifdef SIGSTKFLT
	SIGSTKFLT,
#endif
};

/*
 * Passes a signal on to the command's process group.  The command runs in
 * a group of its own, so that a signal sent to gpulog's group (kill -- -PGID,
 * a shell's kill %1) reaches it once, through gpulog; one the terminal
 * sends (Ctrl-C, Ctrl-\, Ctrl-Z) goes to the terminal's foreground group,
 * which is the command's while it runs, and not to gpulog.
 */
static void
forward(int sig, siginfo_t *si, void *uc)
{
	int saved = errno;

	(void)uc;
	/* gpulog's own (a SIGPIPE from writing to a closed pipe) is its
	 * own business: the write fails with EPIPE and the run goes on. */
	if (si != NULL && si->si_pid == getpid())
		goto out;
	if (child_pid <= 0 && (sig == SIGINT || sig == SIGTERM ||
	    sig == SIGHUP))
		late_sig = sig;
	/* With the terminal, SIGCONT is the loop's (run_proc_ended()): it
	 * hands the terminal back before it continues the command. */
	if (child_pid > 0 && !(sig == SIGCONT && tty_fd >= 0))
		kill(-(pid_t)child_pid, sig);
out:
	errno = saved;
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
	size_t i;

	for (i = 0; i < sizeof forwarded / sizeof forwarded[0]; i++)
		catch(forwarded[i], forward);
	/* No SA_RESTART: the child's end interrupts the loop's sleep. */
	memset(&sa, 0, sizeof sa);
	sigemptyset(&sa.sa_mask);
	sa.sa_handler = on_child;
	sigaction(SIGCHLD, &sa, NULL);
}

/* Makes pgrp the terminal's foreground group, when gpulog has the
 * terminal to give (SIGTTOU held: gpulog may be in the background). */
static void
give_terminal(pid_t pgrp)
{
	sigset_t ttou, old;

	if (tty_fd < 0)
		return;
	sigemptyset(&ttou);
	sigaddset(&ttou, SIGTTOU);
	sigprocmask(SIG_BLOCK, &ttou, &old);
	tcsetpgrp(tty_fd, pgrp);
	sigprocmask(SIG_SETMASK, &old, NULL);
}

/* The terminal back to gpulog's group, when the command's group has it. */
static void
take_terminal(pid_t pgrp)
{
	if (tty_fd >= 0 && tcgetpgrp(tty_fd) == pgrp)
		give_terminal(getpgrp());
}

pid_t
run_proc_spawn(int argc, const char *const *argv,
    void (*at_start)(void *), void *arg)
{
	char **av = xcalloc((size_t)argc + 1, sizeof *av);
	int fd[2], err = 0, i, tty;
	sigset_t all, old;
	ssize_t k;
	pid_t pid;

	for (i = 0; i < argc; i++)
		av[i] = (char *)argv[i];
	if (pipe(fd) != 0) {
		free(av);
		return -1;
	}
	fcntl(fd[1], F_SETFD, FD_CLOEXEC);
	/* The terminal goes with the command when gpulog has it. */
	if ((tty = open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC)) >= 0 &&
	    tcgetpgrp(tty) != getpgrp()) {
		close(tty);
		tty = -1;
	}
	fflush(stdout);
	fflush(stderr);
	/* No handler runs in the child: a signal waits for it to be the
	 * command, or for the parent to know its pid. */
	sigfillset(&all);
	sigprocmask(SIG_BLOCK, &all, &old);
	if ((pid = fork()) < 0) {
		err = errno;
		sigprocmask(SIG_SETMASK, &old, NULL);
		close(fd[0]);
		close(fd[1]);
		if (tty >= 0)
			close(tty);
		free(av);
		errno = err;
		return -1;
	}
	if (pid == 0) {
		struct sigaction sa, was;
		size_t s;

		close(fd[0]);
		setpgid(0, 0);
		if (tty >= 0)
			tcsetpgrp(tty, getpid());  /* SIGTTOU is held */
		memset(&sa, 0, sizeof sa);
		sigemptyset(&sa.sa_mask);
		sa.sa_handler = SIG_DFL;
		for (s = 0; s < sizeof forwarded / sizeof forwarded[0]; s++)
			if (sigaction(forwarded[s], NULL, &was) == 0 &&
			    was.sa_handler != SIG_IGN)
				sigaction(forwarded[s], &sa, NULL);
		sigaction(SIGCHLD, &sa, NULL);
		if (at_start != NULL)
			at_start(arg);
		sigprocmask(SIG_SETMASK, &old, NULL);
		execvp(av[0], av);
		err = errno;
		/* The child's copy of the list, freed before it ends so
		 * that memcheck, following children, sees no leak. */
		free(av);
		if (write(fd[1], &err, sizeof err) < 0)
			_exit(127);
		_exit(127);
	}
	/* Both set the group, so that neither order of the two races. */
	setpgid(pid, pid);
	tty_fd = tty;
	give_terminal(pid);
	child_pid = pid;
	sigprocmask(SIG_SETMASK, &old, NULL);
	free(av);
	close(fd[1]);
	while ((k = read(fd[0], &err, sizeof err)) < 0 && errno == EINTR)
		;
	close(fd[0]);
	if (k == (ssize_t)sizeof err) {
		waitpid(pid, NULL, 0);
		child_pid = 0;
		take_terminal(pid);
		if (tty >= 0)
			close(tty);
		tty_fd = -1;
		errno = err;
		return -1;
	}
	return pid;
}

/*
 * The command stopped (Ctrl-Z, or SIGTTIN as it read the terminal in the
 * background): as a shell's job, gpulog takes the terminal back and its
 * whole group stops too, so that the shell sees the job stopped; when the
 * shell continues it (fg, bg), the command goes on, with the terminal
 * when gpulog was given it back.  Without a terminal, the command stays
 * stopped until a SIGCONT reaches it (through gpulog or not).
 */
static void
stopped(pid_t pid)
{
	struct sigaction dfl, was;

	if (tty_fd < 0)
		return;
	take_terminal(pid);
	memset(&dfl, 0, sizeof dfl);
	sigemptyset(&dfl.sa_mask);
	dfl.sa_handler = SIG_DFL;
	/* Stops the group before kill() returns; the system drops it when
	 * no shell could continue the group (an orphaned one), and the
	 * command goes on at once. */
	sigaction(SIGTSTP, &dfl, &was);
	kill(0, SIGTSTP);
	sigaction(SIGTSTP, &was, NULL);
	if (tcgetpgrp(tty_fd) == getpgrp())
		give_terminal(pid);
	kill(-pid, SIGCONT);
}

int
run_proc_ended(pid_t pid, int *code, int *signo)
{
	int status = 0;
	pid_t got = waitpid(pid, &status, WNOHANG | WUNTRACED);

	if (got == pid && WIFSTOPPED(status)) {
		stopped(pid);
		return 0;
	}
	if (got != pid && (got >= 0 || errno == EINTR))
		return 0;
	child_pid = 0;
	take_terminal(pid);
	if (tty_fd >= 0) {
		close(tty_fd);
		tty_fd = -1;
	}
	if (got != pid)
		status = 0;
	*code = WIFSIGNALED(status) ? 128 + WTERMSIG(status) :
	    WIFEXITED(status) ? WEXITSTATUS(status) : EXIT_FAIL;
	if (signo != NULL)
		*signo = WIFSIGNALED(status) ? WTERMSIG(status) : 0;
	return 1;
}
