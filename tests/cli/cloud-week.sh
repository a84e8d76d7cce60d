# A week of `gpulog refresh` every 10 minutes (30 with FEWER=1) against
# stand-ins of Vast.ai and RunPod whose instances start, stop, start
# again, are forgotten, live five minutes between two refreshes, and stop
# with their disks still billed (tests/cloud_week.py's schedule): each
# running period is one run with its own times and cost, nothing twice;
# the month's spend is their sum, a job run inside an instance adding
# nothing to it; each alarm is sent once per condition.
# Checks itself.
G=${GPULOG:-gpulog}
D=${DATA:-$(cd "$(dirname "$0")/../data" && pwd)}
here=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(pwd)
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }

step=10
[ -n "${FEWER:-}" ] && step=30
mkdir -p "$tmp/data"
cp "$D"/*.json "$tmp/data/" 2>/dev/null
python3 "$here/cloud_week.py" "$D" "$tmp/data" $step >times ||
    { echo "FAIL: cloud_week.py"; exit 1; }
D=$tmp/data
. "$here/httpd.inc"
export HOME=$tmp GPULOG_NET_TIMEOUT=20 GPULOG_DB=$tmp/week.db TZ=UTC
export VAST_API_KEY=vast-key-0123 RUNPOD_API_KEY=rp_key_0123
export KAGGLE_CONFIG_DIR=$tmp/nowhere GPULOG_KAGGLE_URL=$U/404
unset KAGGLE_API_TOKEN KAGGLE_USERNAME KAGGLE_KEY LAMBDA_API_KEY \
    XDG_CONFIG_HOME DISPLAY WAYLAND_DISPLAY DBUS_SESSION_BUS_ADDRESS
GPULOG_NOW=$(head -n 1 times) "$G" fx --currency USD >/dev/null ||
    fail "fx --currency USD"

: >notes
while read -r t; do
	GPULOG_NOW=$t GPULOG_VAST_URL=$U/w$t GPULOG_RUNPOD_URL=$U/w$t \
	    GPULOG_RUNPOD_REST_URL=$U/w$t GPULOG_FX_URL=$U/w$t \
	    GPULOG_FX_FALLBACK_URL=$U/404 "$G" refresh --budget 20 \
	    >refresh.out 2>refresh.err ||
	    fail "refresh at $t: $(cat refresh.err refresh.out)"
	sed -n "s/^notify: /$t /p" refresh.out >>notes
done <times

# The runs, by instance: "key start end cost_minor gpus".
"$G" export | python3 -c 'import json, sys
for r in sorted(json.load(sys.stdin)["runs"], key=lambda r: (r["source_id"], r["start"])):
    print(r["source"] + ":" + r["source_id"].split("@")[0], r["start"], r["end"], r["cost_minor"], r["gpus"])' >runs
want="vast:32000001 2026-11-23T09:00:00Z 2026-11-23T17:00:00Z 320 1
vast:32000001#2 2026-11-25T10:00:00Z 2026-11-25T12:00:00Z 80 1
vast:32000002 2026-11-24T20:00:00Z None 0 1
vast:32000003 2026-11-26T14:02:00Z 2026-11-26T14:07:00Z 3 1
vast:32000004 2026-11-27T08:00:00Z 2026-11-27T10:00:00Z 320 2
runpod:ab12cd34ef56gh 2026-11-23T12:00:00Z 2026-11-23T20:00:00Z 552 1
runpod:ab12cd34ef56gh 2026-11-26T09:00:00Z 2026-11-26T11:00:00Z 138 1"
[ "$(cat runs)" = "$want" ] || fail "the week's runs:
$(diff runs - <<EOF
$want
EOF
)"

# The month's spend is those runs' cost, the open one's so far (5 days
# and 4 hours at $0.25) with them: every dollar once.
GPULOG_NOW=$(tail -n 1 times) "$G" status --json | python3 -c 'import json, sys
b = json.load(sys.stdin)["budget"]
print(b["spent_minor"], b["runs"])' >spent
[ "$(cat spent)" = "$((552 + 138 + 320 + 80 + 3100 + 3 + 320)) 7" ] ||
    fail "the month's spend: $(cat spent)"

# A job `gpulog run` recorded inside the first instance while it ran:
# listed, but the instance's run is the bill, so the spend stays.
GPULOG_NOW=$(tail -n 1 times) CONTAINER_ID=32000001 "$G" run --no-sample \
    -- true 2>/dev/null || fail "run inside 32000001"
inner=$("$G" log --json | python3 -c 'import json, sys
print([r["id"] for r in json.load(sys.stdin) if r["source"] == "run"][0])')
"$G" edit "$inner" --start 2026-11-23T10:00Z --end 2026-11-23T13:00Z \
    -g "RTX 4090" >/dev/null || fail "edit the run within"
GPULOG_NOW=$(tail -n 1 times) "$G" status --json | python3 -c 'import json, sys
b = json.load(sys.stdin)["budget"]
print(b["spent_minor"], b["runs"])' >spent2
cmp -s spent spent2 || fail "the run within counted: $(cat spent2)"

# Each alarm once per condition: a paid instance open past 2 hours, once
# a running period; a stopped instance whose disk is billed, once a
# stopped spell.
count() { grep -c -- "$1" notes; }
[ "$(grep -c 'open for' notes)" = 3 ] && [ "$(grep 'open for' notes |
    sed 's/.*run #\([0-9]*\) .*/\1/' | sort -u | wc -l)" = 3 ] ||
    fail "open past 2h, once for each long period: $(grep 'open for' notes)"
[ "$(count 'vast instance 32000001 is stopped')" = 2 ] ||
    fail "vast 32000001's two stopped spells: $(grep 32000001 notes)"
[ "$(count 'vast instance 32000004 is stopped')" = 1 ] ||
    fail "vast 32000004 stopped once: $(grep 32000004 notes)"
[ "$(count 'runpod instance ab12cd34ef56gh is stopped')" = 2 ] ||
    fail "the pod's two exited spells: $(grep ab12 notes)"
[ "$(count 32000003)" = 0 ] || fail "the five-minute instance nudged"

echo "cloud-week: $fails failed ($(wc -l <times) refreshes)"
[ $fails = 0 ]
