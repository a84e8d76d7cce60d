# A `gpulog run` inside a rented instance names the instance; once an
# import of the provider's API brings the instance's own run, that run is
# the bill and the run within counts in no sum: status, report, the plan,
# the hledger journal and the dashboard's sums come out the same as
# without it, while the log still lists it.  Before the import, and for a
# run within another instance, it counts as any run.  Checks itself.
G=${GPULOG:-gpulog}
D=${DATA:-$(cd "$(dirname "$0")/../data" && pwd)}
here=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(pwd)
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }

. "$here/httpd.inc"
export GPULOG_NET_TIMEOUT=3 HOME=$tmp
unset VAST_API_KEY RUNPOD_API_KEY LAMBDA_API_KEY XDG_CONFIG_HOME \
    RUNPOD_POD_ID VAST_CONTAINERLABEL CONTAINER_ID
mkdir -p "$tmp/.config/vastai"
printf 'vast-secret-0123456789\n' >"$tmp/.config/vastai/vast_api_key"
chmod 600 "$tmp/.config/vastai/vast_api_key"
export GPULOG_NOW=2026-12-01T12:00:00Z

# Every figure a sum gives, in one text.
sums() {
	"$G" status --json | python3 -c 'import json, sys
d = json.load(sys.stdin)
b = d["budget"]
print("budget", b["spent_minor"], b["runs"], b["gpu_hours"])
print("open", [(o["run"]["platform"], o["run"]["id"]) for o in
    d["open_runs"]])'
	"$G" report --by platform --csv
	"$G" report --by week --csv
	"$G" export --hledger | grep -v '^; written'
	"$G" tui --dump --width 200 --height 60 | sed -n '/GPU-hours a week/,$p'
}
# The run of `gpulog run` inside instance ID, made an hour long (10:00 to
# 11:00) on a GPU the catalog prices: its id.
inside() {  # VAR ID
	env "$1=$2" "$G" run --no-sample -- true 2>/dev/null ||
	    fail "run inside $2"
	id=$("$G" log --json | python3 -c 'import json, sys
print(max(r["id"] for r in json.load(sys.stdin) if r["source"] == "run"))')
	"$G" edit "$id" --start 2026-12-01T10:00Z --end 2026-12-01T11:00Z \
	    -g "RTX 4090" >/dev/null || fail "edit #$id"
	echo "$id"
}

export GPULOG_DB=$tmp/a.db
"$G" add kaggle 2h -n typed >/dev/null
id=$(inside CONTAINER_ID 31000001)
"$G" log --json | grep -q '"source_id":"vast:31000001/' ||
    fail "the run does not name its instance: $("$G" log --json)"
# Before the import it counts as any run.
sums >with
"$G" rm "$id" >/dev/null
sums >without
cmp -s with without && fail "before the import the run within counted nothing"
grep -q '^budget [0-9]* 2 ' with || fail "before the import: $(head -1 with)"
"$G" undo >/dev/null
"$G" show "$id" | grep -q '^  inside     vast instance 31000001: no import of it, counted here$' ||
    fail "show before the import: $("$G" show "$id")"

# The import brings the instance's run (open since 09:30): from then on
# the run within adds nothing, wherever a sum is made.
GPULOG_VAST_URL=$U/ok "$G" import vast --api >imp.out 2>imp.err ||
    fail "import: $(cat imp.err)"
sums >with
"$G" rm "$id" >/dev/null
sums >without
cmp -s with without ||
    fail "the run within still counts: $(diff with without | head -20)"
"$G" undo >/dev/null
# Listed all the same, and `gpulog run` inside the instance's own
# database (a copy, with no import) counts it.
"$G" log | grep -q "#$id " || fail "the log lost the run within"
"$G" show "$id" | grep -q '^  inside     vast instance 31000001: counted in its imported run$' ||
    fail "show after the import: $("$G" show "$id")"

# Inside another instance, which no import brought: it counts.
other=$(inside CONTAINER_ID 39999999)
sums >with
"$G" rm "$other" >/dev/null
sums >without
cmp -s with without && fail "a run within an instance no import knows counted nothing"
"$G" undo >/dev/null

# RunPod's pod id and Vast's label ("C.ID") name instances the same way.
RUNPOD_POD_ID=xedezhzb9la3ye "$G" run --no-sample -- true 2>/dev/null
VAST_CONTAINERLABEL=C.31000001 "$G" run --no-sample -- true 2>/dev/null
keys=$("$G" log --json | python3 -c 'import json, sys
print(" ".join(sorted(r["source_id"].split("/")[0] for r in
    json.load(sys.stdin) if r["source"] == "run")))')
[ "$keys" = "runpod:xedezhzb9la3ye vast:31000001 vast:31000001 vast:39999999" ] ||
    fail "instance keys: $keys"

echo "run-within: $fails failed"
[ $fails = 0 ]
