#!/usr/bin/env python3
"""gen.py: a realistic gpulog history of N runs, from a fixed seed.

usage: gen.py GPULOG DB N [CSV]

Creates DB with gpulog itself (schema and catalog), then inserts N runs on
8 platforms over the 3.5 years before 2026-12-01: sessions of 10 min to
9 h, some overlapping on one platform, a few still open, costs in USD on
the rented platforms and in INR for some, a Colab Pro subscription a month
as expenses.  With CSV, also writes the same runs as a generic CSV for
`gpulog import csv` and `sqlite3 .import`.

Every history ends with the same RECENT_DAYS: RECENT runs (two a day, as a
learner logs them) drawn from a seed of their own, whatever N is; the
other N - RECENT runs fill the years before.  The quota windows and the
month that `gpulog status` reads are then the same at every size, and
status at 1,000,000 runs over status at 1,000 measures what the history
costs, which is the question that ratio asks.  (Spread evenly, a million
runs would put 24,000 in this month, and status would sum 1,000 times
more of them.)
"""
import os
import random
import sqlite3
import subprocess
import sys
import time

NOW = 1795953600  # 2026-11-29T12:00:00Z, a Sunday
SPAN = int(3.5 * 365 * 86400)
PLATFORMS = [
    ("kaggle", ["T4", "P100"], None),
    ("colab-free", ["T4"], None),
    ("colab-pro", ["T4", "V100", "A100"], None),
    ("lightning", ["T4"], None),
    ("local", ["MPS"], None),
    ("vast", ["RTX 3090", "RTX 4090", "A100 80GB"], (135000, 1150000)),
    ("runpod", ["A100 80GB", "H100 80GB"], (1640000, 2490000)),
    ("lambda", ["A100 80GB"], (1100000, 1290000)),
]
WEIGHTS = [30, 8, 15, 12, 15, 10, 6, 4]
RECENT_DAYS = 60
RECENT = 2 * RECENT_DAYS


def iso(t):
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(t))


def main():
    gpulog, db, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
    csv_path = sys.argv[4] if len(sys.argv) > 4 else None
    rnd = random.Random(20261201 + n)
    recent_rnd = random.Random(20261201)
    if os.path.exists(db):
        os.remove(db)
    env = dict(os.environ, GPULOG_NOW=str(NOW), GPULOG_DB=db, TZ="UTC")
    subprocess.run([gpulog, "status"], env=env, check=True,
                   stdout=subprocess.DEVNULL)
    con = sqlite3.connect(db)
    rows = []
    recent = min(RECENT, n)
    old_span = SPAN - RECENT_DAYS * 86400
    for i in range(n):
        # The older runs, then the recent ones, each evenly spread; the
        # recent ones draw from their own seed, the same at every size.
        if i < n - recent:
            step = old_span / (n - recent)
            lo = NOW - SPAN + i * step
        else:
            rnd = recent_rnd
            step = RECENT_DAYS * 86400 / recent
            lo = NOW - RECENT_DAYS * 86400 + (i - (n - recent)) * step
        p, gpus_list, rate = rnd.choices(PLATFORMS, WEIGHTS)[0]
        start = int(lo + rnd.random() * step)
        dur = rnd.randint(600, 9 * 3600)
        end = start + dur
        if i >= n - 3:
            start = NOW - rnd.randint(600, 3 * 3600)
            end = None  # still running
        elif end > NOW:
            end = NOW - 60
            if end <= start:
                start = end - 600
        gpu = rnd.choice(gpus_list)
        gpus = 2 if rnd.random() < 0.05 else 1
        cost, cur, rmicro = 0, None, 0
        if rate:
            rmicro = rnd.randint(*rate)
            if end is not None:
                cost = (rmicro * (end - start) * gpus + 18000000) // 36000000
            cur = "USD"
            if rnd.random() < 0.1 and end is not None:
                cost, cur, rmicro = cost * 84, "INR", 0
        note = "run %d %s" % (i, rnd.choice(["resnet", "bert", "lora",
                                             "gpt2", "vit", "unet"]))
        tags = rnd.choice([None, "cnn", "nlp", "llm,lora", "vision"])
        project = rnd.choice([None, "cifar", "capstone", "finetune"])
        # A uid as gpulog makes one (st_bind_uid()): 12 hex digits of
        # the milliseconds it was made at (here its start), then 20 of
        # its own, so that uids follow the order runs were logged in.
        bits = rnd.getrandbits(128)
        uid = "%012x%020x" % (start * 1000 + i % 1000, bits >> 48)
        rows.append((uid, p, gpu, gpus, start, end, cost, cur, rmicro,
                     1 if rnd.random() < 0.6 else 0, note, project, tags,
                     "bench", str(i), start, start))
    con.execute("BEGIN")
    con.executemany(
        "INSERT INTO runs(uid, platform, gpu, gpus, start_ts, end_ts,"
        " cost_minor, currency, rate_micro, checkpointed, note, project,"
        " tags, source, source_id, created, modified)"
        " VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)", rows)
    month = NOW - SPAN
    k = 0
    while month < NOW:
        con.execute(
            "INSERT INTO expenses(uid, at, platform, amount_minor, currency,"
            " note, source, source_id) VALUES (?,?,?,?,?,?,?,?)",
            ("%032x" % rnd.getrandbits(128), month, "colab-pro", 89900,
             "INR", "Colab Pro", "bench", "x%d" % k))
        month += 30 * 86400
        k += 1
    # The runs' sums by hour (run_hours) are kept by gpulog's triggers,
    # which these INSERTs go around: made here as schema 15's migration
    # makes them from the runs it finds.
    con.execute("DELETE FROM run_hours")
    con.execute(
        "INSERT INTO run_hours SELECT start_ts - start_ts % 3600, platform,"
        " coalesce(currency, ''), sum(cost_minor), sum((end_ts - start_ts) *"
        " gpus), count(*) FROM runs WHERE end_ts IS NOT NULL GROUP BY 1, 2,"
        " 3")
    con.commit()
    con.execute("ANALYZE")
    con.close()
    if csv_path:
        with open(csv_path, "w") as f:
            f.write("platform,start,end,gpu,gpus,cost,currency,note,tags,"
                    "project,id\n")
            for r in rows:
                if r[5] is None:
                    continue
                f.write('%s,%s,%s,%s,%d,%d.%02d,%s,%s,"%s",%s,%s\n' % (
                    r[1], iso(r[4]), iso(r[5]), r[2], r[3], r[6] // 100,
                    r[6] % 100, r[7] or "", r[10], r[12] or "", r[11] or "",
                    r[14]))


if __name__ == "__main__":
    main()
