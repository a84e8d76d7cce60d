#!/usr/bin/env python3
"""cloud_week.py: a week of Vast.ai and RunPod answers, one folder a refresh.

usage: python3 tests/cloud_week.py DATA OUT STEP_MINUTES

For each refresh time from Monday 2026-11-23 00:00 UTC, every STEP_MINUTES
for 7 days, writes OUT/cloud/wEPOCH/ with the instances, charges and pods
the providers would answer then, each instance copied from the one in
DATA/cloud/vast-d1 and DATA/cloud/runpod-d1 (real answers of the vast-ai
CLI 1.5.2's `show instances --raw` and RunPod's REST API 0.1.0) with its
id, state, times, GPU and price set from the schedule below; then prints
the refresh times, one a line.  tests/httpd.py serves a folder under its
name (/wEPOCH/...).  The schedule's edges fall on the half-hour grid,
but for an instance that lives five minutes between two refreshes.
"""
import copy
import json
import os
import sys
import time

MON = 1795392000  # 2026-11-23T00:00:00Z
H = 3600


def at(day, hh, mm=0):
    return MON + day * 86400 + hh * H + mm * 60


# Vast.ai: id, GPU, GPUs, dph_total, created, running periods, and
# whether it is destroyed after its last period (else stopped, its disk
# billed at storage_total_cost dollars an hour).
VAST = [
    (32000001, "RTX 4090", 1, 0.40, at(0, 9),
     [(at(0, 9), at(0, 17)), (at(2, 10), at(2, 12))], False),
    (32000002, "RTX 3090", 1, 0.25, at(1, 20), [(at(1, 20), None)], False),
    (32000003, "RTX 4090", 1, 0.40, at(3, 14, 2),
     [(at(3, 14, 2), at(3, 14, 7))], True),
    (32000004, "A100 PCIE", 2, 1.60, at(4, 8), [(at(4, 8), at(4, 10))],
     False),
]
STORAGE = 0.02
# RunPod: id, GPU, GPUs, costPerHr, running periods; terminated after
# the last when its end is followed by the time it went.
RUNPOD = [
    ("ab12cd34ef56gh", "NVIDIA GeForce RTX 4090", 1, 0.69,
     [(at(0, 12), at(0, 20)), (at(3, 9), at(3, 11))], at(3, 12)),
]
DAYS = "Mon Tue Wed Thu Fri Sat Sun".split()
MONTHS = "Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec".split()


def status_change(word, t):
    g = time.gmtime(t)
    return "%s by User: %s %s %02d %d %02d:%02d:%02d GMT+0000 " \
        "(Coordinated Universal Time)" % (
            word, DAYS[g.tm_wday], MONTHS[g.tm_mon - 1], g.tm_mday,
            g.tm_year, g.tm_hour, g.tm_min, g.tm_sec)


def iso(t):
    return time.strftime("%Y-%m-%dT%H:%M:%S.000Z", time.gmtime(t))


def vast_answers(tpl, now):
    instances, charges = [], []
    for iid, gpu, n, dph, created, periods, destroyed in VAST:
        if created > now:
            continue
        running = any(a <= now and (b is None or now < b)
                      for a, b in periods)
        last_end = max(b for a, b in periods if b is not None) \
            if all(b is not None for a, b in periods) else None
        gone = destroyed and last_end is not None and now >= last_end
        for a, b in periods:
            if destroyed and b is not None and b <= now:
                amount = round(dph * (b - a) / H, 4)
                charges.append({
                    "type": "instance", "source": "instance-%d" % iid,
                    "amount": amount, "start": a, "end": b,
                    "description": "%s instance, %dx GPU" % (gpu, n),
                    "metadata": {"instance_id": iid},
                    "items": [{"type": "gpu", "source": None,
                               "amount": amount, "start": a, "end": b,
                               "description": "GPU time", "items": [],
                               "metadata": {}}]})
        if gone:
            continue
        v = copy.deepcopy(tpl)
        state = "running" if running else "stopped"
        v.update({"id": iid, "gpu_name": gpu, "num_gpus": n,
                  "dph_total": dph, "dph_base": round(dph * 0.97, 4),
                  "start_date": created + 0.28, "label": "week-%d" % iid,
                  "actual_status": state, "intended_status": state,
                  "cur_state": state, "next_state": state,
                  "storage_total_cost": STORAGE,
                  "end_date": float(created + 30 * 86400),
                  "duration": float(created + 30 * 86400 - now)})
        instances.append(v)
    return ({"instances": instances, "next_token": None},
            {"results": charges, "count": len(charges),
             "total": len(charges), "next_token": None})


def runpod_answer(tpl, now):
    pods = []
    for pid, gpu, n, cost, periods, gone_at in RUNPOD:
        if periods[0][0] > now or now >= gone_at:
            continue
        p = copy.deepcopy(tpl)
        started = [a for a, b in periods if a <= now][-1]
        end = [b for a, b in periods if a <= now][-1]
        running = now < end
        p.update({"id": pid, "costPerHr": "%.2f" % cost,
                  "adjustedCostPerHr": cost, "name": "week-pod",
                  "desiredStatus": "RUNNING" if running else "EXITED",
                  "lastStartedAt": iso(started),
                  "lastStatusChange": status_change(
                      "Rented" if running else "Exited",
                      started if running else end)})
        p["gpu"] = dict(p["gpu"], id=gpu, count=n)
        pods.append(p)
    return pods


def main():
    data, out, step = sys.argv[1], sys.argv[2], int(sys.argv[3])
    with open(os.path.join(data, "cloud", "vast-d1",
                           "vastai-1.5.2-api-v1-instances.json")) as f:
        vtpl = json.load(f)["instances"][0]
    with open(os.path.join(data, "cloud", "runpod-d1",
                           "runpod-rest-0.1.0-pods.json")) as f:
        rtpl = json.load(f)[0]
    # What a refresh asks besides the instances (prices, the exchange
    # rate), linked into every folder as it is.
    shared = [n for n in ("vast-bundles.json", "runpod-gputypes.json",
                          "runpod-rest-2.0.0-catalog-gpus.json",
                          "fx-usd-inr.json", "fx-usd-inr-erapi.json")
              if os.path.exists(os.path.join(data, n))]
    for now in range(MON, MON + 7 * 86400 + 1, step * 60):
        d = os.path.join(out, "cloud", "w%d" % now)
        os.makedirs(d, exist_ok=True)
        for n in shared:
            os.symlink(os.path.join(os.path.abspath(data), n),
                       os.path.join(d, n))
        inst, charges = vast_answers(vtpl, now)
        for name, body in (
                ("vastai-1.5.2-api-v1-instances.json", inst),
                ("vastai-1.5.2-api-v0-charges.json", charges),
                ("runpod-rest-0.1.0-pods.json", runpod_answer(rtpl, now))):
            with open(os.path.join(d, name), "w") as f:
                json.dump(body, f)
        print(now)


if __name__ == "__main__":
    main()
