# gpulog refresh against tests/httpd.py on 127.0.0.1: only the sources
# set up run (a key where --api looks); one that fails or stalls is named
# and stopped at --budget while the others run; the exchange rate once a
# day and prices once a week; --dry-run writes nothing.  Checks itself.
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
export HOME=$tmp GPULOG_NET_TIMEOUT=20 GPULOG_NOW=2026-12-01T12:00:00Z
export GPULOG_KAGGLE_URL=$U/404 GPULOG_VAST_URL=$U/ok
export GPULOG_RUNPOD_URL=$U/ok GPULOG_RUNPOD_REST_URL=$U/500
export GPULOG_LAMBDA_URL=$U/stall GPULOG_FX_URL=$U/ok
export GPULOG_FX_FALLBACK_URL=$U/404 KAGGLE_CONFIG_DIR=$tmp/nowhere
export VAST_API_KEY=vast-key-0123
unset KAGGLE_API_TOKEN KAGGLE_USERNAME KAGGLE_KEY RUNPOD_API_KEY
unset LAMBDA_API_KEY XDG_CONFIG_HOME

state() { "$G" export | python3 -c 'import json,sys
d = json.load(sys.stdin); d.pop("exported", None); print(json.dumps(d, sort_keys=True))'; }

# Vast.ai alone has a key: it, fx, prices and notify run.
run refresh --budget 5
expect 0 "vast alone"
has '^vast: imported 4 runs' out "vast ran"
has '^fx: USD 1 = INR 88.41' out "fx ran"
has '^notify: ' out "notify ran"
has '^not set up: kaggle, runpod, lambda' out "the others named"
grep -q '/v1/pods\|ListKernels\|/api/v1/instances ' "$tmp/requests" &&
    fail "a source with no key was asked: $(cat "$tmp/requests")"
grep -c 'GET /ok/api/v1/instances/' "$tmp/requests" >n
[ "$(cat n)" = 2 ] || fail "vast's two pages: $(cat n)"

# The same day again: the rate is not fetched twice, nor the prices.
: >"$tmp/requests"
run refresh
expect 0 "again"
grep -q '/v1/latest\|/bundles/' "$tmp/requests" &&
    fail "fx or prices fetched again the same day: $(cat "$tmp/requests")"
has '^vast: imported 0 runs (0 updated, 4 already there)' out "vast again"

# RunPod fails (HTTP 500), Lambda stalls past the budget: each named,
# the others run, exit 1, and neither wrote anything.
export RUNPOD_API_KEY=rp-key LAMBDA_API_KEY=lambda-key
before=$(state)
run refresh --budget 2
expect 1 "two fail"
has '^gpulog: runpod: RunPod failed on its side (HTTP 500)' err "runpod named"
has '^gpulog: warning: lambda: stopped after 2 s (--budget)' err "lambda stopped"
has 'refresh: 2 of 4 sources failed (named above); the others ran' err \
    "the count"
has '^vast: imported 0 runs' out "vast still ran"
[ "$(state)" = "$before" ] || fail "a failed source wrote"

# A day later with --dry-run: what would be fetched is said, nothing is.
GPULOG_NOW=2026-12-02T12:00:00Z GPULOG_LAMBDA_URL=$U/ok \
    GPULOG_RUNPOD_REST_URL=$U/ok run refresh --dry-run
expect 0 "dry run"
has '^fx: would fetch today' out "dry fx"
has '^runpod: would add 2 runs' out "dry runpod"
has '^lambda: would add 2 runs' out "dry lambda"
[ "$(state)" = "$before" ] || fail "--dry-run wrote"

run refresh --budget 0
expect 2 "budget 0"
has 'expected whole seconds from 1 to 3600' err "budget said"

echo "refresh: $fails failed"
[ $fails = 0 ]
