#!/usr/bin/env python3
"""tui.py: the dashboard's key-to-screen times, driving the real binary.

usage: tui.py GPULOG DB [REPS]

Opens `gpulog tui` on DB in a private tmux server (120x40), and for each
action sends its key and polls the pane until the screen shows what the
action must show; the time from the key to that screen is the figure.
Polling costs a capture of the pane (a few ms), which the figures
include.  Printed as a Markdown table: action, median, min and max ms.
Nothing here is a pass/fail test.
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


def pane():
    return tx("capture-pane", "-p", "-t", "t")


def wait(pred, timeout=30.0):
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < timeout:
        s = pane()
        if pred(s):
            return time.perf_counter()
        time.sleep(0.001)
    raise SystemExit("timed out; pane:\n" + pane())


def timed(keys, pred, literal=False):
    t0 = time.perf_counter()
    if literal:
        tx("send-keys", "-t", "t", "-l", "--", keys)
    else:
        tx("send-keys", "-t", "t", *keys)
    return wait(pred) - t0


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
    tx("-f", "/dev/null", "new-session", "-d", "-s", "t", "-x", "120",
       "-y", "40", "%s %s tui; sleep 600" % (env, gpulog))
    res = {}

    def add(name, dt):
        res.setdefault(name, []).append(dt)

    try:
        t0 = time.perf_counter()
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
            tx("send-keys", "-t", "t", "/", "C-u")
            tx("send-keys", "-t", "t", "-l", "--", "zzz")
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
    finally:
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
