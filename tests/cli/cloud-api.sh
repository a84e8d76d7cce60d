# import vast|runpod|lambda --api against tests/httpd.py on 127.0.0.1:
# the keys read where the providers' own tools keep them and never shown
# or stored; both pages of Vast's instances; an instance destroyed before
# any import known only from its charges; refreshes through a day of
# instances starting, stopping and going, each GPU-hour and dollar
# counted once; a removed run that stays removed; stopped instances
# whose disks are still billed, a nudge each, sent once; 401, 429 and a
# malformed answer that write nothing.  Checks itself.
G=${GPULOG:-gpulog}
D=${DATA:-$(cd "$(dirname "$0")/../data" && pwd)}
here=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(pwd)
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
run() { "$G" "$@" >"$tmp/out" 2>"$tmp/err"; rc=$?; }
expect() { [ "$rc" = "$1" ] || fail "$2: exit $rc, want $1: $(cat "$tmp/err")"; }
has() { grep -q -- "$1" "$tmp/$2" || fail "$3: $(cat "$tmp/$2")"; }

. "$here/httpd.inc"
export GPULOG_NET_TIMEOUT=3
export GPULOG_VAST_URL=$U/404 GPULOG_RUNPOD_REST_URL=$U/404
export GPULOG_LAMBDA_URL=$U/404 GPULOG_KAGGLE_URL=$U/404
export HOME=$tmp
unset VAST_API_KEY RUNPOD_API_KEY LAMBDA_API_KEY XDG_CONFIG_HOME

state() { "$G" export | python3 -c 'import json,sys
d = json.load(sys.stdin); d.pop("exported", None); print(json.dumps(d, sort_keys=True))'; }
# The imported runs: "source key start end cost_minor gpus gpu" (an open
# run's cost is 0 until it ends).
runs() { "$G" export | python3 -c 'import json, sys
for r in sorted(json.load(sys.stdin)["runs"], key=lambda r: (r["start"], r["source_id"] or "")):
    if r.get("source") in ("vast", "runpod", "lambda"):
        print(r["source"], r["source_id"], r["start"], r["end"], r["cost_minor"], r["gpus"], r["gpu"])'; }

# No key anywhere: each says where to put one; nothing is fetched.
for p in vast runpod lambda; do
	run import $p --api
	expect 1 "$p with no key"
done
has 'no Lambda API key: set LAMBDA_API_KEY' err "lambda no key"
[ -s "$tmp/requests" ] && fail "a request without a key: $(cat "$tmp/requests")"

# Keys where the providers' tools keep them.
mkdir -p "$tmp/.config/vastai" "$tmp/.runpod"
printf 'vast-secret-0123456789\n' >"$tmp/.config/vastai/vast_api_key"
chmod 600 "$tmp/.config/vastai/vast_api_key"
printf "apikey = 'rp_SECRET0123456789'\napiurl = 'https://api.runpod.io/graphql'\n" \
    >"$tmp/.runpod/config.toml"
chmod 600 "$tmp/.runpod/config.toml"
export LAMBDA_API_KEY=secret_lambda_0123456789

"$G" add kaggle 1h >/dev/null
before=$(state)
# 401, 429 and a malformed answer: a clear message, exit 1, nothing
# written.
GPULOG_VAST_URL=$U/401 run import vast --api
expect 1 "vast 401"
has 'Vast.ai refused the credentials (HTTP 401)' err "vast 401 said"
has 'the key in .*vast_api_key' err "401 names where the key was"
GPULOG_RUNPOD_REST_URL=$U/429 run import runpod --api
expect 1 "runpod 429"
has 'try again in 120 s' err "runpod 429 said"
GPULOG_LAMBDA_URL=$U/notjson run import lambda --api
expect 1 "lambda not json"
has "Lambda's instances: not valid JSON" err "lambda not json said"
GPULOG_VAST_URL=$U/truncated run import vast --api
expect 1 "vast cut short"
[ "$(state)" = "$before" ] || fail "a failed import wrote"
if grep -q 'secret\|SECRET' "$tmp/out" "$tmp/err"; then fail "a key shown"; fi

# Every instance, both pages; the destroyed one from its charges.
export GPULOG_NOW=2026-12-01T12:00:00Z
GPULOG_VAST_URL=$U/ok run import vast --api
expect 0 "vast ok"
has 'imported 4 runs' out "vast imported"
has 'from the Vast.ai API' out "vast names the API"
grep -q 'after_token=eyJpZCI6IDMxMDAwMDAyfQ%3D%3D' "$tmp/requests" ||
    fail "the second page was not asked for: $(cat "$tmp/requests")"
grep -q '^GET /ok/api/v1/instances/.* Bearer vast-secret-0123456789$' \
    "$tmp/requests" || fail "vast's key not sent as a bearer token"
runs >r
grep -q '^vast 31000001 2026-12-01T09:30:00Z None 0 1 RTX 4090$' r ||
    fail "the running instance: $(cat r)"
grep -q '^vast 31000007 2026-12-01T11:50:00Z None 0 1 A100 80GB$' r ||
    fail "the loading A100 on page 2: $(cat r)"
grep -q '^vast 30999950 2026-11-29T10:00:00Z 2026-11-30T03:00:00Z 255 1 $' r ||
    fail "the destroyed instance from its charges: $(cat r)"
grep -q '^vast 31000002 2026-11-30T20:00:00Z 2026-11-30T22:00:00Z 300 2 RTX 3090$' r ||
    fail "the stopped instance from its charges: $(cat r)"
# status says how long ago an instance was last seen running.
GPULOG_NOW=2026-12-01T12:25:00Z "$G" status >st
grep -q '#[0-9]* vast RTX 4090 2h55m, since 09:30, \$1.20 so far, seen running 25m ago' st ||
    fail "status of a rented instance: $(cat st)"
# Again: nothing new.
GPULOG_VAST_URL=$U/ok run import vast --api
has 'imported 0 runs (0 updated, 4 already there)' out "vast again"
[ "$(runs)" = "$(cat r)" ] || fail "a second import changed runs"

GPULOG_RUNPOD_REST_URL=$U/ok run import runpod --api
expect 0 "runpod ok"
grep -q '^GET /ok/v1/pods?computeType=GPU Bearer rp_SECRET0123456789$' \
    "$tmp/requests" || fail "runpod's key from config.toml"
runs >r
grep -q '^runpod xedezhzb9la3ye@1796120080 2026-12-01T10:14:40Z None 0 1 RTX 4090$' r ||
    fail "the running pod: $(cat r)"
grep -q '^runpod 4wq7kbzc1ty0ws@1796025600 2026-11-30T08:00:00Z 2026-11-30T11:30:00Z 1183 2 A100 80GB$' r ||
    fail "the exited pod, stopped when lastStatusChange says: $(cat r)"
grep -q 'c9k2m1x0w8q7zz' r && fail "a CPU pod became a run"

# Stopped, their disks still billed: Vast's storage_total_cost, RunPod's
# 200 GB volume at $0.20 a GB a month (730 h); a nudge each, sent once.
GPULOG_NOW=2026-12-01T12:25:00Z "$G" status >st
grep -q 'vast instance 31000002 is stopped but its disk is still billed, \$0.0133/h (seen 25m ago)' st ||
    fail "status of a stopped vast instance: $(cat st)"
grep -q 'runpod instance 4wq7kbzc1ty0ws is stopped but its disk is still billed, \$0.054795/h' st ||
    fail "status of an exited pod with a volume: $(cat st)"
grep -q 'c9k2m1x0w8q7zz\|xedezhzb9la3ye is stopped' st &&
    fail "a running pod or one without a volume said billed: $(cat st)"
GPULOG_NOW=2026-12-01T12:25:00Z "$G" status --check=billed >/dev/null
[ $? = 3 ] || fail "status --check=billed: not exit 3"
GPULOG_NOW=2026-12-01T12:25:00Z "$G" notify --via stdout >n1
GPULOG_VAST_URL=$U/ok GPULOG_NOW=2026-12-01T12:35:00Z "$G" import vast --api \
    >/dev/null 2>&1
GPULOG_NOW=2026-12-01T12:35:00Z "$G" notify --via stdout >n2
[ "$(grep -c 'is stopped but its disk is still billed' n1)" = 2 ] ||
    fail "notify of the billed instances: $(cat n1)"
grep -q 'still billed' n2 && fail "a billed instance sent twice: $(cat n2)"

GPULOG_LAMBDA_URL=$U/ok run import lambda --api
expect 0 "lambda ok"
grep -q '^GET /ok/api/v1/instances Bearer secret_lambda_0123456789$' \
    "$tmp/requests" || fail "lambda's key"
runs | grep -q '^lambda 6a3e47b1c09f4d2e8b5a71f0d2c4e913 2026-12-01T12:00:00Z None 0 8 A100 80GB$' ||
    fail "lambda's booting 8x A100: $(runs)"
"$G" export >exp.json
grep -q 'secret\|SECRET' exp.json "$HOME/.local/share/gpulog/"* 2>/dev/null &&
    fail "a key was stored"

# A day of refreshes on a fresh database, Vast.ai then RunPod.
export GPULOG_DB=$tmp/day.db
refresh() {  # TIME STEP PROVIDER
	GPULOG_NOW=$1 GPULOG_VAST_URL=$U/$2 GPULOG_RUNPOD_REST_URL=$U/$2 \
	    run import "$3" --api
	expect 0 "$3 at $1"
}
refresh 2026-12-01T10:00:00Z vast-d1 vast
refresh 2026-12-01T10:10:00Z vast-d1 vast
refresh 2026-12-01T12:00:00Z vast-d2 vast
has 'closed 1 open run' out "the stopped instance's run closed"
refresh 2026-12-01T14:00:00Z vast-d3 vast
refresh 2026-12-01T14:10:00Z vast-d3 vast
runs >r
[ "$(cat r)" = "vast 31000001 2026-12-01T09:30:00Z 2026-12-01T11:40:00Z 89 1 RTX 4090
vast 31000003 2026-12-01T11:00:00Z 2026-12-01T13:10:00Z 48 1 RTX 3090
vast 31000001#2 2026-12-01T14:00:00Z None 0 1 RTX 4090" ] ||
    fail "a day of Vast.ai: $(cat r)"
# Removed by the user: it stays removed on every refresh.
id=$("$G" log --json | python3 -c 'import json, sys
print([r["id"] for r in json.load(sys.stdin) if r["end"] is None][0])')
"$G" rm "$id" >/dev/null
refresh 2026-12-01T16:00:00Z vast-d3 vast
has 'left out 1 record removed here since' out "the removed run said"
runs | grep -q '31000001#2' && fail "a removed run came back"
refresh 2026-12-01T18:00:00Z vast-d5 vast
[ "$(runs | wc -l)" = 2 ] || fail "after the instances went: $(runs)"

rm -f "$tmp/day.db"*
refresh 2026-12-01T11:00:00Z runpod-d1 runpod
refresh 2026-12-01T12:00:00Z runpod-d2 runpod
refresh 2026-12-01T13:10:00Z runpod-d3 runpod
refresh 2026-12-01T15:10:00Z runpod-d4 runpod
runs >r
[ "$(cat r)" = "runpod xedezhzb9la3ye@1796120080 2026-12-01T10:14:40Z 2026-12-01T11:30:00Z 87 1 RTX 4090
runpod xedezhzb9la3ye@1796130005 2026-12-01T13:00:05Z 2026-12-01T15:00:00Z 138 1 RTX 4090
runpod xedezhzb9la3ye@1796137200 2026-12-01T15:00:00Z None 0 1 RTX 4090" ] ||
    fail "a day of RunPod: $(cat r)"

echo "cloud-api: $fails failed"
[ $fails = 0 ]
