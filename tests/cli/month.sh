# A learner's week typed with a pinned clock, and the figures of
# `status --json` and `report --json` checked against hand-computed ones:
# runs crossing Kaggle's Saturday reset, a GPU count, an open run, a
# Lightning run crossing the month's reset, a local month edge in IST, and
# USD and INR converted at the rate of each day.
set -e
export TZ=Asia/Kolkata
at() { GPULOG_NOW=$1; export GPULOG_NOW; }
at 2026-12-05T06:00:00Z        # Saturday 11:30 IST

gpulog plan --start 2026-10-01 >/dev/null
gpulog fx 84 --date 2026-12-01 >/dev/null
gpulog fx 85 --date 2026-12-03 >/dev/null
# Kaggle: Fri 23:00 - Sat 02:00 UTC crosses the reset: 1 h old week, 2 h new.
gpulog add kaggle --start 2026-12-04T23:00Z --end 2026-12-05T02:00Z >/dev/null
# Two GPUs for 1.5 h: 3 GPU-hours, 1.5 h of Kaggle's session hours.
gpulog add kaggle --start 2026-12-05T03:00Z --end 2026-12-05T04:30Z --gpus 2 \
    >/dev/null
# An earlier run in the old week only.
gpulog add kaggle --start 2026-12-02T10:00Z --end 2026-12-02T14:00Z >/dev/null
# Open since 05:00 UTC: 1 h so far.
gpulog start kaggle --at 2026-12-05T05:00Z >/dev/null
# Lightning: Nov 30 22:00 - Dec 1 02:00 UTC: 2 h in December's window, at
# 0.71 credits a T4 hour of the 15 credits a month set here.
gpulog platforms set lightning --quota 15cr/month >/dev/null
gpulog add lightning --start 2026-11-30T22:00Z --end 2026-12-01T02:00Z \
    >/dev/null
# Vast, RTX 4090 at the catalog's $0.325/h for 2 h = $0.65, starting
# Dec 1 00:30 IST: December, at Dec 1's rate 84 = Rs 54.60.
gpulog add vast --start 2026-11-30T19:00Z --end 2026-11-30T21:00Z \
    -g "RTX 4090" >/dev/null
# Vast starting Nov 30 22:30 IST: November in India, not counted.
gpulog add vast --start 2026-11-30T17:00Z --end 2026-11-30T18:00Z \
    -g "RTX 4090" >/dev/null
gpulog spend 899INR colab-pro --date 2026-12-02 >/dev/null
# $5 on Dec 3 at 85 = Rs 425.
gpulog spend '$5' vast --date 2026-12-03 >/dev/null

gpulog status --json >status.json
gpulog report --by week --json >week.json
gpulog report --by platform --since 2026-12-01 --json >plat.json
python3 - <<'PY'
import json, sys
fails = 0
def eq(what, got, want):
    global fails
    if got != want:
        print(f"FAIL {what}: got {got!r}, want {want!r}")
        fails += 1
s = json.load(open("status.json"))
q = {x["platform"]: x for x in s["quotas"]}
k = q["kaggle"]
# New week from Sat 2026-12-05 00:00 UTC: Kaggle counts session hours,
# whatever the GPU count: 2 + 1.5 + 1 (open) = 4.5 h.
eq("kaggle used", k["used"], 4.5)
eq("kaggle used_raw", k["used_raw"], 4.5 * 3600)
eq("kaggle remaining", k["remaining"], 25.5)
eq("kaggle percent", k["percent"], 15)
eq("kaggle state", k["state"], "ok")
eq("kaggle window", k["window_start"], "2026-12-05T00:00:00Z")
eq("kaggle reset", k["resets"], "2026-12-12T00:00:00Z")
# A run is open, burning 1 session hour an hour until Kaggle's 12 h cap
# ends it at 17:00 UTC: 11 of the other 25.5 h go, and the rest lasts to
# the reset (uncapped, it would run out 25.5 h on, Sunday 07:30 UTC).
eq("kaggle runs out", k["runs_out"], None)
eq("kaggle basis", k["runs_out_basis"], "open_runs")
eq("kaggle lasts", k["lasts_to_reset"], True)
l = q["lightning"]
eq("lightning unit", l["unit"], "credits")
eq("lightning used", l["used"], 1.42)
eq("lightning reset", l["resets"], "2027-01-01T00:00:00Z")
# Nothing open: the platform's history is 4 whole days (its first run
# began 4 d 8 h ago), so the average is over 4 days, not the month's 30:
# the whole 4 h run, twice its 2 h in December, 0.71 credits a day, and
# the 13.58 left run out 19.1 days on, before the month's reset.
eq("lightning basis", l["runs_out_basis"], "last_4_days")
eq("lightning lasts", l["lasts_to_reset"], False)
from datetime import datetime, timezone
t0 = datetime(2026, 12, 5, 6, 0, tzinfo=timezone.utc).timestamp()
left = l["limit_raw"] - l["used_raw"]
want = t0 + left / (2 * l["used_raw"] / (4 * 86400))
got = datetime.strptime(l["runs_out"], "%Y-%m-%dT%H:%M:%SZ").replace(
    tzinfo=timezone.utc).timestamp()
# Within what one hundredth of a credit in the run's two parts moves it.
eq("lightning runs_out", abs(got - want) < 3600, True)
b = s["budget"]
eq("month", b["month"], "2026-12")
spent = 5460 + 89900 + 42500
eq("spent", b["spent_minor"], spent)
eq("budget max", b["max_minor"], 89900)
eq("budget min", b["min_minor"], 0)
eq("percent", b["percent"], spent * 100 // 89900)
eq("remaining", b["remaining_minor"], 89900 - spent)
eq("state", b["state"], "over")
from datetime import datetime, timezone
ms = datetime(2026, 11, 30, 18, 30, tzinfo=timezone.utc).timestamp()
now = datetime(2026, 12, 5, 6, 0, tzinfo=timezone.utc).timestamp()
me = datetime(2026, 12, 31, 18, 30, tzinfo=timezone.utc).timestamp()
# What is spent, plus the run spend a day for the rest of the month, over
# the 4 whole days since the first run (Nov 30 17:00 UTC, 4 d 13 h ago),
# fewer than 7: both vast runs (Rs 54.60 and Rs 27.56) fall in them;
# expenses are paid once and are no pace.
recent = 5460 + 2756
eq("projected", b["projected_minor"],
   spent + round(recent * (me - now) / (4 * 86400)))
eq("projected basis", b["projected_basis"], "last_4_days")
p = s["plan"]
eq("plan month", p["month"], 3)
eq("phase", p["phase"], "Foundations")
eq("platforms", p["platforms"], ["local", "kaggle"])
eq("open runs", len(s["open_runs"]), 1)
eq("open elapsed", s["open_runs"][0]["elapsed_s"], 3600)
eq("open warning", s["open_runs"][0]["warnings"],
   ["no checkpoint after 30 min"])
w = {g["week"]: g for g in json.load(open("week.json"))["groups"]}
# ISO weeks in IST: Nov 30 22:30 IST is in 2026-W49 (Mon Nov 30).
eq("weeks", sorted(w), ["2026-W49"])
eq("runs in W49", w["2026-W49"]["runs"], 7)
gpus = 3 + 3 + 4 + 1 + 4 + 2 + 1
eq("gpu_seconds W49", w["2026-W49"]["gpu_seconds"], gpus * 3600)
# Spend in W49: both vast runs (Rs 54.60 at 84, and $0.325 on Nov 30 at
# the catalog's 83.50: 33 cents, Rs 27.555, rounded half up) and both
# expenses.
eq("spent W49", w["2026-W49"]["spent_minor"], 5460 + 2756 + 89900 + 42500)
pl = {g["platform"]: g for g in json.load(open("plat.json"))["groups"]}
eq("platform groups", sorted(pl), ["colab-pro", "kaggle", "lightning", "vast"])
eq("vast since Dec 1 IST", pl["vast"]["spent_minor"], 5460 + 42500)
eq("kaggle runs", pl["kaggle"]["runs"], 4)
eq("colab-pro spend", pl["colab-pro"]["spent_minor"], 89900)
print(f"month: {fails} failures")
sys.exit(1 if fails else 0)
PY
