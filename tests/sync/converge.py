#!/usr/bin/env python3
"""converge.py: three machines change their logs at random (runs added,
edited, stopped, removed, undone; expenses added, edited, removed; rates,
quotas, the plan start and the currency set) and sync through one folder in
random orders, some syncs killed part way; then each syncs until nothing
is new, and all three must show the same `log --json`, `spend --json` and
`status --json` (local ids aside).  An undo right after a sync is left out:
it takes that merge back on its machine only, by design (tests/cli/
sync-undo.sh checks it), so that machine differs on purpose.

With BULK, alpha first imports BULK runs of a year before, which all
three take by a sync: their files are then over a megabyte, and each sync
writes a segment of what changed rather than the whole file again.

usage: converge.py GPULOG WORKDIR SEED ROUNDS [BULK]
"""
import json
import os
import random
import sqlite3
import subprocess
import sys
import time

gpulog, work, seed, rounds = sys.argv[1], sys.argv[2], int(sys.argv[3]), \
    int(sys.argv[4])
bulk = int(sys.argv[5]) if len(sys.argv) > 5 else 0
rng = random.Random(seed)
shared = os.path.join(work, "shared")
os.makedirs(shared, exist_ok=True)
machines = ["alpha", "beta", "gamma"]
clock = [1796112000]  # 2026-12-01T08:00:00Z


def now():
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(clock[0]))


def tick():
    clock[0] += rng.choice([1, 30, 60, 600])


def env():
    e = dict(os.environ)
    e["GPULOG_NOW"] = now()
    return e


def g(m, *args, check=False):
    p = subprocess.run([gpulog, "--db", os.path.join(work, m + ".db")] +
                       list(args), capture_output=True, text=True, env=env())
    if check and p.returncode != 0:
        sys.exit("seed %d: gpulog %s %s failed: %s" % (seed, m, args,
                                                        p.stderr))
    return p


def ids(m, what):
    p = g(m, what, "--json", check=True)
    return [r["id"] for r in json.loads(p.stdout)]


def last_change_merged(m):
    """1 when undo on m would take back a merge (changes.merge)."""
    db = sqlite3.connect(os.path.join(work, m + ".db"))
    try:
        row = db.execute("SELECT merge FROM changes WHERE open = 0 "
                         "ORDER BY id DESC LIMIT 1").fetchone()
    finally:
        db.close()
    return bool(row and row[0])


def op(m):
    k = rng.randrange(12)
    start = clock[0] - rng.randrange(1, 48) * 1800
    s = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(start))
    if k <= 2:
        g(m, "add", rng.choice(["kaggle", "vast", "colab-pro"]), "--start",
          s, "--end", time.strftime("%Y-%m-%dT%H:%M:%SZ",
                                    time.gmtime(start + rng.randrange(1, 8) *
                                                900)),
          "-n", "%s-%d" % (m, clock[0]))
    elif k == 3:
        r = ids(m, "log")
        if r:
            g(m, "edit", str(rng.choice(r)), "-n", "edited-%d" % clock[0])
    elif k == 4:
        r = ids(m, "log")
        if r:
            g(m, "rm", str(rng.choice(r)))
    elif k == 5:
        if not last_change_merged(m):
            g(m, "undo")
    elif k == 6:
        g(m, "spend", "%dINR" % rng.randrange(100, 999), "colab-pro", "-n",
          "x-%s-%d" % (m, clock[0]))
    elif k == 7:
        x = ids(m, "spend")
        if x:
            g(m, "edit", "e%d" % rng.choice(x), "-n", "xe-%d" % clock[0])
    elif k == 8:
        x = ids(m, "spend")
        if x:
            g(m, "rm", "e%d" % rng.choice(x))
    elif k == 9:
        g(m, "platforms", "set", "vast", "-g", "RTX 4090", "--rate",
          "0.%02d" % rng.randrange(20, 60))
    elif k == 10:
        g(m, "platforms", "set", "kaggle", "--quota",
          "%dh/week" % rng.randrange(20, 40))
    else:
        g(m, "plan", "--start", rng.choice(["2026-09-01", "2026-10-01",
                                            "2026-11-01"]))
    tick()


def sync(m, kill=False):
    args = [gpulog, "--db", os.path.join(work, m + ".db"), "sync", shared,
            "--name", m]
    if not kill:
        p = subprocess.run(args, capture_output=True, text=True, env=env())
        if p.returncode != 0:
            sys.exit("seed %d: sync %s failed: %s%s" % (seed, m, p.stdout,
                                                         p.stderr))
    else:
        p = subprocess.Popen(args, stdout=subprocess.DEVNULL,
                             stderr=subprocess.DEVNULL, env=env())
        time.sleep(rng.random() * 0.05)
        p.kill()
        p.wait()
    tick()


def strip(v):
    if isinstance(v, dict):
        return {k: strip(x) for k, x in v.items() if k != "id"}
    if isinstance(v, list):
        return [strip(x) for x in v]
    return v


def view(m):
    out = {}
    for what in (["log", "--json"], ["spend", "--json"],
                 ["status", "--json"]):
        p = g(m, *what, check=True)
        v = strip(json.loads(p.stdout))
        if what[0] != "status":
            v = sorted(v, key=lambda r: json.dumps(r, sort_keys=True))
        out[what[0]] = v
    return out


if bulk:
    path = os.path.join(work, "bulk.csv")
    with open(path, "w") as f:
        f.write("platform,start,end,gpu,note,id\n")
        for i in range(bulk):
            t = 1764547200 + i * 7200  # from 2025-12-01, two hours apart
            f.write("vast,%s,%s,RTX 4090,bulk %d for a file over a "
                    "megabyte,b%d\n" % (
                        time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(t)),
                        time.strftime("%Y-%m-%dT%H:%M:%SZ",
                                      time.gmtime(t + 3600)), i, i))
    g("alpha", "import", "csv", path, check=True)
    for m in machines:
        sync(m)
for i in range(rounds):
    m = rng.choice(machines)
    for _ in range(rng.randrange(1, 4)):
        op(m)
    sync(rng.choice(machines), kill=rng.random() < 0.15)
# Until quiet: every machine syncs, three times round, in a random order.
for _ in range(3):
    order = machines[:]
    rng.shuffle(order)
    for m in order:
        sync(m)
views = {m: view(m) for m in machines}
bad = 0
for m in machines[1:]:
    for k in views[m]:
        if views[m][k] != views["alpha"][k]:
            bad += 1
            print("seed %d: %s %s differs from alpha's:\n  %s\n  %s" % (
                seed, m, k, json.dumps(views[m][k])[:600],
                json.dumps(views["alpha"][k])[:600]))
nruns = len(views["alpha"]["log"])
print("seed %d: %d rounds, %d runs, %d expenses on each machine: %s" % (
    seed, rounds, nruns, len(views["alpha"]["spend"]),
    "the same" if bad == 0 else "%d views differ" % bad))
sys.exit(1 if bad else 0)
