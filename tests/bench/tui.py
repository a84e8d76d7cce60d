#!/usr/bin/env python3
"""tui.py: the dashboard's key-to-screen times, driving the real binary.

usage: tui.py GPULOG DB [REPS]

Opens `gpulog tui` on DB in a private tmux server (120x40), and for each
action sends its key and polls the pane until the screen shows what the
action must show; the time from the key to that screen is the figure.
Keys and captures go through one tmux client in control mode (tmux -C),
kept open and read through a buffer: a capture there takes about 0.3 ms,
where a tmux process started for each took about 10 ms.  What the
harness adds to every figure is measured as its last row: a key typed
into `cat` in a pane beside the dashboard's, until its echo shows.
Printed as a Markdown table: action, median, min and max ms.  Nothing
here is a pass/fail test.
"""
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

NOW = 1795953600  # 2026-11-29T12:00:00Z, a Sunday
# The server's socket is in a directory of its own, removed at the end
# (tmux does not unlink a -L socket in /tmp/tmux-UID on kill-server).
SOCK_DIR = tempfile.mkdtemp(prefix="gpulog-bench-tui.")
SOCK = os.path.join(SOCK_DIR, "sock")


def tx(*args):
    return subprocess.run(["tmux", "-S", SOCK] + list(args),
                          stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                          text=True).stdout


class Control:
    """A tmux client in control mode on session h: each command is
    written on its stdin, and its output is the lines between the
    %begin and %end (or %error) that tmux answers with.  The pane's
    output is not sent to it (refresh-client -f no-output)."""

    def __init__(self):
        self.p = subprocess.Popen(
            ["tmux", "-S", SOCK, "-C", "attach-session", "-t", "h"],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        self.block()  # the answer to attach-session itself
        self.run("refresh-client", "-f", "no-output")

    def block(self):
        out, inside = [], False
        while True:
            raw = self.p.stdout.readline()
            if not raw:
                raise SystemExit("tmux control client ended")
            ln = raw.decode("utf-8", "replace").rstrip("\n")
            if not inside:
                inside = ln.startswith("%begin")
            elif ln.startswith("%end") or ln.startswith("%error"):
                if ln.startswith("%error"):
                    raise SystemExit("tmux: " + "\n".join(out))
                return "\n".join(out) + "\n"
            else:
                out.append(ln)

    def run(self, *args):
        assert not any("'" in a for a in args)
        line = " ".join("'%s'" % a for a in args) + "\n"
        self.p.stdin.write(line.encode())
        self.p.stdin.flush()
        return self.block()

    def close(self):
        self.p.stdin.close()
        self.p.wait()


ctl = None


def pane(target="t"):
    return ctl.run("capture-pane", "-p", "-t", target)


def wait(pred, timeout=30.0, target="t"):
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < timeout:
        s = pane(target)
        if pred(s):
            return time.perf_counter()
        time.sleep(0.0002)
    raise SystemExit("timed out; pane:\n" + pane(target))


def timed(keys, pred, literal=False, target="t"):
    t0 = time.perf_counter()
    if literal:
        ctl.run("send-keys", "-t", target, "-l", "--", keys)
    else:
        ctl.run("send-keys", "-t", target, *keys)
    return wait(pred, target=target) - t0


def line(s, n):
    rows = s.split("\n")
    return rows[n] if n < len(rows) else ""


def counter(s):
    """The Runs heading's "A–B of C" as numbers (C None when "many")."""
    m = re.search("([0-9,]+)\u2013([0-9,]+) of ([0-9,]+|many)", line(s, 1))
    if not m:
        return None
    n = [int(x.replace(",", "")) if x != "many" else None
         for x in m.groups()]
    return n


def at(first):
    return lambda s: (counter(s) or [0])[0] == first


def at_end(s):
    c = counter(s)
    return c is not None and c[2] is not None and c[1] == c[2] and c[0] > 1


def main():
    gpulog, db = os.path.abspath(sys.argv[1]), sys.argv[2]
    reps = int(sys.argv[3]) if len(sys.argv) > 3 else 5
    env = "env TERM=screen-256color GPULOG_DB=%s GPULOG_NOW=%d TZ=UTC " \
        "LANG=C.UTF-8 LC_ALL=C.UTF-8" % (db, NOW)
    # The server starts with a session of its own for the control
    # client, so that the dashboard's session is made by a command of
    # that client, from when the first frame is timed.
    tx("-f", "/dev/null", "new-session", "-d", "-s", "h", "sleep 600")
    global ctl
    ctl = Control()
    res = {}

    def add(name, dt):
        res.setdefault(name, []).append(dt)

    try:
        t0 = time.perf_counter()
        ctl.run("new-session", "-d", "-s", "t", "-x", "120", "-y", "40",
                "%s %s tui; sleep 600" % (env, gpulog))
        wait(lambda s: "Latest runs" in s or "Quotas" in s, 120)
        add("first frame",
            time.perf_counter() - t0)
        # The Reports view once (its first entry reads the history),
        # then back: the figure issue "Speed, third round" asks <= 50 ms.
        add("5: the Reports view, first entry", timed(
            ["5"], lambda s: "GPU-hours a week" in line(s, 1)))
        add("1: back to the Overview", timed(
            ["1"], lambda s: "Quotas" in s))
        add("5: the Reports view again", timed(
            ["5"], lambda s: "GPU-hours a week" in line(s, 1)))
        add("2: the Runs view", timed(["2"], lambda s: "newest first" in
                                      line(s, 1)))
        for r in range(reps):
            timed(["/", "C-u"], lambda s: "Filter:" in s)
            typed = ""
            for ch in "+lora":
                typed += ch
                add("filter: a key typed (+lora)", timed(
                    ch, lambda s, f=typed: 'matching "%s"' % f in
                    line(s, 1) or (f == "+" and "Filter: +" in s),
                    literal=True))
            wait(lambda s: "many" not in line(s, 1), 60)
            add("PgDn, filtered", timed(["PageDown"], at(36)))
            add("G, filtered", timed(["G"], at_end))
            add("g, filtered", timed(["g"], at(1)))
            add("o: longest first, filtered", timed(
                ["o", "o"], lambda s: "longest first" in line(s, 1)))
            add("PgDn, longest first", timed(["PageDown"], at(36)))
            timed(["o", "g"], lambda s: "newest first" in line(s, 1) and
                  at(1)(s))
            add("C-l: the refresh, filtered", timed(
                ["C-l"], lambda s: "read the database again" in s))
            ctl.run("send-keys", "-t", "t", "/", "C-u")
            ctl.run("send-keys", "-t", "t", "-l", "--", "zzz")
            k0 = time.perf_counter()
            add("filter matching nothing: a key (q of zzzq)", timed(
                "q", lambda s: 'matching "zzzq"' in line(s, 1),
                literal=True))
            done = wait(lambda s: "no run matches" in s, 60)
            res.setdefault("the 1,000,000 runs searched for it, in steps "
                           "(not a wait: keys go on)", []).append(done - k0)
            add("Esc: the filter cleared", timed(
                ["Escape"], lambda s: "Runs \u00b7 1,000" in line(s, 1) or
                "matching" not in line(s, 1)))
        add("q: quit", timed(["q"], lambda s: "gpulog" not in line(s, 0)))
        # The harness's own time: a key echoed by the terminal driver
        # for cat, through the same server, client and polling.
        ctl.run("new-session", "-d", "-s", "f", "-x", "120", "-y", "40",
                "cat")
        wait(lambda s: True, target="f")
        for ch in "abcdefghijklmnop":
            add("the harness: a key typed into cat, to its echo", timed(
                ch, lambda s, c=ch: c in s, literal=True, target="f"))
    finally:
        ctl.close()
        tx("kill-server")
        shutil.rmtree(SOCK_DIR, ignore_errors=True)
    print("| action | ms median (min-max) |")
    print("|---|---:|")
    for name, ts in res.items():
        print("| %s | %.1f (%.1f-%.1f) |" % (
            name, statistics.median(ts) * 1000, min(ts) * 1000,
            max(ts) * 1000))


if __name__ == "__main__":
    main()
