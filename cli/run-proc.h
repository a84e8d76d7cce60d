/*
 * run-proc.h: `gpulog run`'s side of the command it runs: finding it on
 * PATH, starting it in a process group of its own with the terminal,
 * passing signals on to it, waking on SIGCHLD, waiting for it and turning
 * how it ended into gpulog's exit status; and the monotonic clock the loop paces itself by.  It knows
 * processes and signals, not runs, samples or the database.  POSIX only.
 */
#ifndef GPULOG_RUN_PROC_H
#define GPULOG_RUN_PROC_H

#include <stdint.h>
#include <sys/types.h>

/* Milliseconds on the monotonic clock: for intervals, not dates. */
int64_t run_proc_mono_ms(void);

/* Sleeps ms (nothing when ms <= 0); a signal (SIGCHLD) ends it early. */
void run_proc_sleep_ms(int64_t ms);

/* 1 when name runs as a command: a path that is executable, or a file
 * found executable in PATH. */
int run_proc_on_path(const char *name);

/*
 * Installs the handlers: every signal whose default would end gpulog, and
 * SIGTSTP and SIGCONT, sent to gpulog go on to the command's process group
 * once it runs (each left alone when gpulog started with it ignored, as
 * under nohup), and SIGCHLD wakes run_proc_sleep_ms().
 */
void run_proc_catch_signals(void);

/*
 * Starts argv[0..argc) (argv borrowed) in a process group of its own,
 * flushing stdout and stderr first, and makes it the command signals go on
 * to; when gpulog is in its terminal's foreground, the command's group is
 * made the foreground one.  at_start (NULL for none) runs in the new
 * process just before it becomes the command, with every signal held.
 * Returns its pid, or -1 with errno set to why it could not start (exec's
 * own errno, carried back by a close-on-exec pipe).
 */
pid_t run_proc_spawn(int argc, const char *const *argv,
    void (*at_start)(void *), void *arg);

/*
 * Without blocking: 0 while pid runs; 1 when it ended, or can no longer
 * be waited for (then *code is 0), with *code its exit status as gpulog
 * exits with it: the command's, or 128 + N when signal N killed it, and
 * *signo (NULL to ignore) N, or 0 when it exited (so that a command that
 * exits 130 is not taken for one killed by SIGINT).  From then on no
 * signal goes on to it, and the terminal is gpulog's again.  When the
 * command stopped, gpulog's group stops too (a shell's job control sees
 * the job stopped) and the command is continued with it.
 */
int run_proc_ended(pid_t pid, int *code, int *signo);

/* SIGINT, SIGTERM or SIGHUP when one came after the command ended (while
 * gpulog waits to record the run), else 0. */
int run_proc_late_signal(void);

#endif
