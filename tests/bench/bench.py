#!/usr/bin/env python3
"""bench.py: whole-process timings of gpulog beside their floors.

usage: bench.py GPULOG OUTDIR [SIZES...]

For each history size (default 1000 100000 1000000 runs, generated once by
gen.py into OUTDIR and reused), each command runs a few times after a
warm-up (status, its floor and Timewarrior's week STATUS_REPS times, in
turns); the table gives the median with min and max, the same for its
floor measured in the same run (sqlite3 doing the equivalent work with the
same indexes), their ratio, and the peak RSS of gpulog.  Nothing here is a
pass/fail test: the machines are shared and noisy.
"""
import hashlib
import os
import shutil
import sqlite3
import statistics
import subprocess
import sys
import time

NOW = 1795953600  # 2026-11-29T12:00:00Z, a Sunday
HERE = os.path.dirname(os.path.abspath(__file__))
REPS = 11
STATUS_REPS = 41
IMPORT_REPS = 5


def peak_rss(argv, env):
    """Peak RSS in MiB of one run of argv, read by GNU time: a child of
    this Python process would count the interpreter's pages too."""
    out = os.path.join(os.environ.get("TMPDIR", "/tmp"),
                       "gpulog-bench-rss.%d" % os.getpid())
    subprocess.run(["/usr/bin/time", "-f", "%M", "-o", out] + argv, env=env,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    with open(out) as f:
        kib = int(f.read().split()[-1])
    os.remove(out)
    return kib / 1024.0


def measure(argv, env, reps=REPS, setup=None):
    """Median, min, max seconds of argv over reps, and its peak RSS."""
    return measure_side_by_side([(argv, env, setup)], reps)[0]


def measure_side_by_side(jobs, reps):
    """measure() of each (argv, env, setup) in jobs, taking turns: run i
    of every job before run i + 1 of any, so that a slow minute of a
    shared machine (or the disk still writing out the job before) falls
    on all of them and their ratio holds."""
    times = [[] for _ in jobs]
    for i in range(reps + 1):
        for k, (argv, env, setup) in enumerate(jobs):
            if setup:
                setup()
            t0 = time.perf_counter()
            rc = subprocess.run(argv, env=env, stdout=subprocess.DEVNULL,
                                stderr=subprocess.DEVNULL).returncode
            dt = time.perf_counter() - t0
            if rc != 0:
                raise SystemExit("failed: %s" % " ".join(argv))
            if i > 0:  # the first run warms the caches
                times[k].append(dt)
    out = []
    for k, (argv, env, setup) in enumerate(jobs):
        if setup:
            setup()
        rss = peak_rss(argv, env) if os.path.exists("/usr/bin/time") else 0
        out.append((statistics.median(times[k]), min(times[k]),
                    max(times[k]), rss))
    return out


def fmt(m):
    return "%.1f (%.1f-%.1f)" % (m[0] * 1000, m[1] * 1000, m[2] * 1000)


def randomize_uids(src, dst):
    """Writes src, an export, to dst with each uid (32 hex digits in
    quotes) replaced by a random one from a fixed seed, the same uid by
    the same one wherever it appears; once."""
    if os.path.exists(dst) and os.path.getmtime(dst) >= os.path.getmtime(src):
        return
    import random
    import re
    rnd = random.Random(7)
    seen = {}

    def swap(m):
        u = m.group(1)
        if u not in seen:
            seen[u] = "%032x" % rnd.getrandbits(128)
        return '"%s"' % seen[u]
    uid = re.compile(r'"([0-9a-f]{32})"')
    with open(src) as f, open(dst + ".tmp", "w") as o:
        for line in f:
            o.write(uid.sub(swap, line))
    os.replace(dst + ".tmp", dst)


def write_peers(db, out):
    """The history of db as a Timewarrior database (a data file a month,
    each run an interval tagged with its platform and GPU) and as an
    hledger journal (each paid run and expense a transaction), once."""
    tw = os.path.join(out, "timew")
    journal = os.path.join(out, "ledger.journal")
    if os.path.exists(journal):
        return tw, journal
    import sqlite3
    con = sqlite3.connect(db)
    os.makedirs(os.path.join(tw, "data"), exist_ok=True)
    open(os.path.join(tw, "timewarrior.cfg"), "w").close()
    files = {}
    stamp = lambda t: time.strftime("%Y%m%dT%H%M%SZ", time.gmtime(t))
    with open(journal + ".tmp", "w") as j:
        for p, gpu, s, e, cost, cur, note in con.execute(
                "SELECT platform, gpu, start_ts, end_ts, cost_minor,"
                " currency, note FROM runs ORDER BY start_ts"):
            month = time.strftime("%Y-%m", time.gmtime(s))
            f = files.get(month)
            if f is None:
                f = files[month] = open(os.path.join(
                    tw, "data", month + ".data"), "w")
            f.write('inc %s%s # %s "%s"\n' % (
                stamp(s), "" if e is None else " - " + stamp(e), p, gpu))
            if cost and cur:
                j.write("%s %s\n    expenses:gpu:%s  %d.%02d %s\n"
                        "    assets:cash\n\n" % (
                            time.strftime("%Y-%m-%d", time.gmtime(s)), note,
                            p, cost // 100, cost % 100, cur))
        for at, p, amount, cur, note in con.execute(
                "SELECT at, platform, amount_minor, currency, note FROM"
                " expenses ORDER BY at"):
            j.write("%s %s\n    expenses:%s  %d.%02d %s\n"
                    "    assets:cash\n\n" % (
                        time.strftime("%Y-%m-%d", time.gmtime(at)), note,
                        p or "other", amount // 100, amount % 100, cur))
    for f in files.values():
        f.close()
    con.close()
    os.rename(journal + ".tmp", journal)
    return tw, journal


def has(gpulog, *argv):
    return subprocess.run([gpulog] + list(argv) + ["--help"],
                          stdout=subprocess.DEVNULL,
                          stderr=subprocess.DEVNULL).returncode == 0


def main():
    gpulog = os.path.abspath(sys.argv[1])
    out = sys.argv[2]
    sizes = [int(x) for x in sys.argv[3:]] or [1000, 100000, 1000000]
    os.makedirs(out, exist_ok=True)
    rows = []
    peers = []
    status_time = {}
    for n in sizes:
        base = os.path.join(out, "runs-%d.db" % n)
        csv = os.path.join(out, "runs-%d.csv" % n)
        # Generated again when gen.py changes; migrated when gpulog's
        # schema does, before anything is timed.
        stamp = base + ".gen"
        with open(os.path.join(HERE, "gen.py"), "rb") as f:
            digest = hashlib.sha1(f.read()).hexdigest()
        if not os.path.exists(base) or not os.path.exists(stamp) or \
                open(stamp).read() != digest:
            print("generating %d runs ..." % n, file=sys.stderr)
            subprocess.run([sys.executable, os.path.join(HERE, "gen.py"),
                            gpulog, base, str(n), csv], check=True)
            shutil.rmtree(os.path.join(out, "peers-%d" % n),
                          ignore_errors=True)
            with open(stamp, "w") as f:
                f.write(digest)
        subprocess.run([gpulog, "--db", base, "status"], check=True,
                       env=dict(os.environ, GPULOG_NOW=str(NOW)),
                       stdout=subprocess.DEVNULL)
        db = os.path.join(out, "work.db")
        for ext in ("", "-wal", "-shm"):
            if os.path.exists(db + ext):
                os.remove(db + ext)
        shutil.copy(base, db)
        env = dict(os.environ, GPULOG_DB=db, GPULOG_NOW=str(NOW), TZ="UTC",
                   LC_ALL="C.UTF-8")
        env.pop("NO_COLOR", None)
        sq = ["sqlite3", db]

        # The floor: the row and its hour's sum (run_hours), which gpulog
        # keeps with every run.
        g, f = measure_side_by_side([
            ([gpulog, "add", "kaggle", "1h", "-n", "bench"], env, None),
            (sq + ["BEGIN; INSERT INTO runs(platform, start_ts,"
                   " end_ts, created, modified) VALUES ('kaggle', %d,"
                   " %d, %d, %d); INSERT INTO run_hours VALUES (%d,"
                   " 'kaggle', '', 0, 3600, 1) ON CONFLICT DO UPDATE"
                   " SET gpu_s = gpu_s + 3600, runs = runs + 1;"
                   " COMMIT" % (NOW - 3600, NOW, NOW, NOW,
                                (NOW - 3600) // 3600 * 3600)], env, None)],
            REPS)
        rows.append((n, "add", g, f))

        # status beside its floor and, where it is installed, Timewarrior's
        # summary of NOW's week, in turns: they are a few percent apart,
        # which takes more turns than the rest to tell from the noise.
        # The floor: the quota platforms' GPU-seconds in their windows
        # (from 2026-10-30 12:00, the start of Colab's 30 days, to
        # 2026-12-05, the end of Kaggle's week) through the same indexes,
        # (platform, end_ts) and the open runs', and the month's spend
        # (November, NOW's month) through start_ts.
        ws, we = 1793361600, 1796428800
        ms, me = 1793491200, 1796083200
        jobs = [([gpulog, "status"], env, None), (sq + [
            "SELECT platform, sum((min(coalesce(end_ts, %d), %d) -"
            " max(start_ts, %d)) * gpus) FROM (SELECT platform, start_ts,"
            " end_ts, gpus FROM runs WHERE platform IN ('kaggle',"
            " 'lightning', 'colab-pro') AND end_ts > %d AND start_ts < %d"
            " UNION ALL SELECT platform, start_ts, end_ts, gpus FROM runs"
            " WHERE end_ts IS NULL AND start_ts < %d AND platform IN"
            " ('kaggle', 'lightning', 'colab-pro')) GROUP BY platform;"
            " SELECT sum(cost_minor) FROM runs WHERE start_ts >= %d AND"
            " start_ts < %d" % (NOW, we, ws, ws, we, we, ms, me)], env, None)]
        if shutil.which("timew") or shutil.which("hledger"):
            tw, journal = write_peers(base, os.path.join(
                out, "peers-%d" % n))
        if shutil.which("timew"):
            penv = dict(env, TIMEWARRIORDB=tw)
            day = time.gmtime(NOW)
            mon = NOW - NOW % 86400 - day.tm_wday * 86400
            week = [time.strftime("%Y-%m-%dT00:00:00", time.gmtime(t))
                    for t in (mon, mon + 7 * 86400)]
            jobs.append((["timew", "summary", week[0], "-", week[1]], penv,
                         None))
        m = measure_side_by_side(jobs, STATUS_REPS)
        g, f = m[0], m[1]
        rows.append((n, "status", g, f))
        status_time[n] = g[0]
        if len(m) > 2:
            peers.append((n, "status", g[0], "timew summary %s - %s "
                          "(NOW's week)" % (week[0][:10], week[1][:10]),
                          m[2]))

        if has(gpulog, "tui"):
            g, f = measure_side_by_side([([gpulog, "tui", "--dump"], env,
                                          None), jobs[1]], REPS)
            rows.append((n, "tui --dump", g, f))

        g, f = measure_side_by_side([
            ([gpulog, "report", "--by", "week"], env, None),
            (sq + ["SELECT strftime('%%Y-%%W', start_ts, 'unixepoch'),"
                   " count(*), sum((coalesce(end_ts, %d) - start_ts)"
                   " * gpus), sum(cost_minor) FROM runs GROUP BY 1"
                   % NOW], env, None)], 3)
        report_time = g[0]
        rows.append((n, "report --by week", g, f))

        if has(gpulog, "import", "csv"):
            idb = os.path.join(out, "import.db")

            def fresh():
                for ext in ("", "-wal", "-shm"):
                    if os.path.exists(idb + ext):
                        os.remove(idb + ext)
                subprocess.run([gpulog, "status"], check=True,
                               env=dict(env, GPULOG_DB=idb),
                               stdout=subprocess.DEVNULL)
            def fresh_sq():
                for ext in ("", "-wal", "-shm"):
                    if os.path.exists(idb + ext):
                        os.remove(idb + ext)
            # A second floor: sqlite3 putting the same rows into the
            # same table, with its indexes, and their sums by hour into
            # run_hours, as gpulog keeps them, in one transaction.
            fsql = os.path.join(out, "import-floor.sql")
            with open(fsql, "w") as fs:
                fs.write(
                    ".import --csv --schema temp %s import_csv\n"
                    "BEGIN;\nINSERT INTO runs(platform, gpu, gpus,"
                    " start_ts, end_ts, cost_minor, currency, note, tags,"
                    " project, source, source_id, created, modified, uid)"
                    " SELECT platform, gpu, gpus, unixepoch(start),"
                    " unixepoch(\"end\"), CAST(round(cost * 100) AS"
                    " INTEGER), nullif(currency, ''), note, nullif(tags,"
                    " ''), nullif(project, ''), 'csv', id,"
                    " unixepoch(\"end\"), unixepoch(\"end\"),"
                    " printf('%%032x', rowid) FROM temp.import_csv;\n"
                    "INSERT INTO run_hours SELECT start_ts - start_ts %%"
                    " 3600, platform, coalesce(currency, ''),"
                    " sum(cost_minor), sum((end_ts - start_ts) * gpus),"
                    " count(*) FROM runs WHERE end_ts IS NOT NULL GROUP BY"
                    " 1, 2, 3;\n"
                    "COMMIT;\n" % csv)
            try:
                g, f, f2 = measure_side_by_side([
                    ([gpulog, "import", "csv", csv],
                     dict(env, GPULOG_DB=idb), fresh),
                    (["sqlite3", idb, "-cmd", ".mode csv",
                      ".import %s runs_csv" % csv], env, fresh_sq),
                    (["sqlite3", idb, ".read %s" % fsql], env, fresh)],
                    IMPORT_REPS)
                rows.append((n, "import csv", g, f))
                rows.append((n, "import csv (same table)", g, f2))
            except SystemExit as e:
                print("import csv: %s" % e, file=sys.stderr)

        # An export of the same history read back into a new database
        # (streamed, format 2), beside `import csv` of the same runs; at
        # every size, with its peak memory.
        if has(gpulog, "sync"):
            xjson = os.path.join(out, "export-%d.json" % n)
            subprocess.run([gpulog, "export", "-o", xjson], env=env,
                           check=True)
            jdb = os.path.join(out, "import-json.db")

            def fresh_j():
                for ext in ("", "-wal", "-shm"):
                    if os.path.exists(jdb + ext):
                        os.remove(jdb + ext)
                subprocess.run([gpulog, "status"], check=True,
                               env=dict(env, GPULOG_DB=jdb),
                               stdout=subprocess.DEVNULL)
            # The same export with every uid replaced by a random one, as
            # histories begun before gpulog made uids in time order have
            # them: each run lands on a page of its own in the uid index.
            rjson = os.path.join(out, "export-%d-random-uids.json" % n)
            randomize_uids(xjson, rjson)
            try:
                g, f, g2 = measure_side_by_side([
                    ([gpulog, "import", "json", xjson],
                     dict(env, GPULOG_DB=jdb), fresh_j),
                    ([gpulog, "import", "csv", csv],
                     dict(env, GPULOG_DB=jdb), fresh_j),
                    ([gpulog, "import", "json", rjson],
                     dict(env, GPULOG_DB=jdb), fresh_j)], IMPORT_REPS)
                rows.append((n, "import json of an export (floor: "
                             "gpulog import csv)", g, f))
                rows.append((n, "import json, uids in random order (floor:"
                             " gpulog import csv)", g2, f))
            except SystemExit as e:
                print("import json: %s" % e, file=sys.stderr)

        # sync with a peer's file of the same history: once primed, with
        # nothing new (floor: sqlite3 reading what sync compares, the
        # export count and its notes), and with one run added here before
        # each (against the nothing-new time: the "at most 2x").
        if has(gpulog, "sync"):
            sdir = os.path.join(out, "sync-%d" % n)
            shutil.rmtree(sdir, ignore_errors=True)
            os.makedirs(sdir)
            shutil.copy(xjson, os.path.join(sdir, "gpulog-peer.json"))
            sync = [gpulog, "sync", sdir, "--name", "bench"]
            for _ in range(2):
                subprocess.run(sync, env=env, check=True,
                               stdout=subprocess.DEVNULL)

            def one_more():
                subprocess.run([gpulog, "add", "kaggle", "1m"], env=env,
                               check=True, stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL)
            # In turns: each sync with nothing new follows one that sent
            # the run added before it.
            g, f, g1 = measure_side_by_side([
                (sync, env, None),
                (sq + ["SELECT value FROM counters WHERE name ="
                       " 'export'; SELECT key, value FROM settings"
                       " WHERE key >= 'sync.' AND key < 'sync/'"], env, None),
                (sync, env, one_more)], REPS)
            rows.append((n, "sync, nothing new (floor: sqlite3 reading the"
                         " export count and sync's notes)", g, f))
            rows.append((n, "sync, one run added here (floor: sync with"
                         " nothing new)", g1, g))

            # The other side: a machine that has read all of this one's
            # files (a copy of its database, told so) reads its latest
            # segment, of one run.  --dry-run, so that it writes no file
            # of its own for this machine to read whole.
            pdb = os.path.join(out, "peer-%d.db" % n)
            shutil.copy(db, pdb)
            con = sqlite3.connect(db)
            log = con.execute("SELECT value FROM settings WHERE key ="
                              " 'sync.log.gpulog-bench.json'").fetchone()
            con.close()
            logname, nxt = log[0].split()[0], int(log[0].split()[1])

            def before_last():
                pc = sqlite3.connect(pdb)
                pc.execute("INSERT OR REPLACE INTO settings(key, value,"
                           " modified) VALUES ('sync.read.bench', ?, 0)",
                           ("%s %d" % (logname, nxt - 2),))
                pc.commit()
                pc.close()
            g2 = measure([gpulog, "--db", pdb, "sync", sdir, "--name",
                          "peer", "--dry-run"], env, setup=before_last)
            rows.append((n, "sync, reading the other machine's segment of"
                         " one run (floor: sync with nothing new)", g2, g))
            os.remove(pdb)

        # The peers, on the same history (NOW's week beside status is
        # timed with status): all-time totals beside the weekly report.
        # Each when installed.
        if shutil.which("timew"):
            peers.append((n, "report --by week", report_time, "timew "
                          "summary :all", measure(["timew", "summary",
                                                   ":all"], penv, reps=1)))
        if shutil.which("hledger"):
            peers.append((n, "report --by week", report_time, "hledger bal",
                          measure(["hledger", "-f", journal, "bal"], env,
                                  reps=3)))

    print("| runs | command | gpulog ms median (min-max) | floor ms "
          "median (min-max) | ratio | peak RSS MiB |")
    print("|---:|---|---:|---:|---:|---:|")
    for n, name, g, f in rows:
        print("| %d | %s | %s | %s | %.2f | %.1f |" % (
            n, name, fmt(g), fmt(f), g[0] / f[0], g[3]))
    if 1000 in status_time and 1000000 in status_time:
        print("\nstatus at 1,000,000 runs over 1,000 runs: %.2f" %
              (status_time[1000000] / status_time[1000]))
    if peers:
        print("\n| runs | gpulog | ms median | peer | peer ms median "
              "(min-max) | peer / gpulog |")
        print("|---:|---|---:|---|---:|---:|")
        for n, name, gt, peer, m in peers:
            print("| %d | %s | %.1f | %s | %s | %.2f |" % (
                n, name, gt * 1000, peer, fmt(m), m[0] / gt))
    for peer in ("timew", "hledger"):
        if shutil.which(peer) is None:
            print("%s: not installed; not compared" % peer)
    # The dashboard's keys, key to screen, on the largest history.
    if shutil.which("tmux") and has(gpulog, "tui"):
        n = max(sizes)
        db = os.path.join(out, "tui.db")
        for ext in ("", "-wal", "-shm"):
            if os.path.exists(db + ext):
                os.remove(db + ext)
        shutil.copy(os.path.join(out, "runs-%d.db" % n), db)
        print("\nThe dashboard at %d runs, key to screen (tests/bench/"
              "tui.py, 120x40 in tmux):\n" % n)
        sys.stdout.flush()
        subprocess.run([sys.executable, os.path.join(HERE, "tui.py"),
                        gpulog, db, "3"])
    else:
        print("tmux: not installed; the dashboard's keys not timed")


if __name__ == "__main__":
    main()
