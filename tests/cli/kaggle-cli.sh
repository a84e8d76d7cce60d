# import kaggle fed what the real tools print (kaggle-cli 2.2.3 with
# kagglesdk 0.1.37): every form of `kaggle quota` and `kaggle kernels
# list` (table, CSV, --format json), the outdated-version warning above
# the header, Windows' CR CR LF, None times and [Private Notebook] rows
# (left out, named, counted; never failing the import), a run that would
# end after now, a renamed log; and over the API a private placeholder and
# a key that may list kernels but not read their logs.  Checks itself.
G=${GPULOG:-gpulog}
D=${DATA:-$(cd "$(dirname "$0")/../data" && pwd)}
here=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(pwd)
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
run() { "$G" "$@" >"$tmp/out" 2>"$tmp/err"; rc=$?; }
expect() { [ "$rc" = "$1" ] || fail "$2: exit $rc, want $1: $(cat "$tmp/err")"; }
has() { grep -q -- "$1" "$tmp/$2" || fail "$3: $(cat "$tmp/$2")"; }
hasnt() { grep -q -- "$1" "$tmp/$2" && fail "$3: $(cat "$tmp/$2")"; }
fresh() { rm -f "$GPULOG_DB" "$GPULOG_DB-wal" "$GPULOG_DB-shm"; }
V=kaggle-cli-2.2.3
cp "$D/kaggle-kernel-log.json" "$tmp/resnet18-cifar10-baseline.log"

# The quota in each form: the same figures, the TPU row a notice.
for f in quota.txt quota.json quota-outdated.csv quota-windows.csv; do
	fresh
	run import kaggle "$D/$V-$f"
	expect 0 "$f"
	has "^recorded Kaggle's own quota figures: 11.3 h of 30.0 h used, resets Sat 10 Oct 00:00" out "$f figures"
	has "^Kaggle's TPU quota: 0.0 h of 20.0 h used" out "$f tpu"
	hasnt "Warning" out "$f: the CLI's warning shown"
done

# The kernel list in each form, with its log: one run, the rows that
# cannot be runs named in one line each and counted.
for f in kernels-list-mine.txt kernels-list-mine.json \
    kernels-list-mine-outdated.csv; do
	fresh
	run import kaggle "$D/$V-$f" "$tmp/resnet18-cifar10-baseline.log"
	expect 0 "$f"
	has '^imported 1 run (0 updated, 0 already there)' out "$f runs"
	has '^left out 3 rows that cannot be runs (named below)' out "$f count"
	n=$(grep -c 'Private Notebook' "$tmp/out")
	[ "$n" = 1 ] || fail "$f: $n lines name the private rows"
	has 'left out 1 notebook that never ran (lastRunTime None): priya-ml/draft-llm-eval$' out "$f never ran"
	has 'bert-imdb-finetune ran at 2026-09-28T06:15:55Z: its duration is unknown' out "$f incomplete"
	run log --json --platform kaggle
	python3 - "$tmp/out" <<'PY' || fail "$f: the run"
import json, sys
r = json.load(open(sys.argv[1]))
assert len(r) == 1, r
r = r[0]
assert r["start"] == "2026-10-01T17:42:09Z", r
assert r["end"] == "2026-10-01T19:13:11Z", r
assert r["note"] == "ResNet18 CIFAR10 baseline", r
PY
done
fresh
run import kaggle "$D/$V-kernels-list-mine.txt"
has '^left out 2 \[Private Notebook\] rows (.*kernels-list-mine.txt line 6, line 8): Kaggle lists them without a ref or a time$' out "table lines"
run import kaggle "$D/$V-kernels-list-mine.json"
has '^left out 2 \[Private Notebook\] rows (.*kernels-list-mine.json \[3\], \[5\])' out "json places"

# The CSV names no machine: given with the API's JSON list, a notebook
# both name is one, with the JSON's GPU.
fresh
run import kaggle "$D/$V-kernels-list-mine-outdated.csv" \
    "$D/kaggle-kernels-list.json" "$tmp/resnet18-cifar10-baseline.log"
expect 0 "csv and json"
has '^imported 1 run ' out "csv and json: one run"
has 'bert-imdb-finetune ran at 2026-09-28T06:15:55Z on P100' out "csv and json: P100"
hasnt 'pandas-eda-titanic' out "csv and json: the CPU notebook listed"
run log --json --platform kaggle
python3 -c 'import json,sys; r=json.load(open(sys.argv[1])); assert [x["gpu"] for x in r] == ["T4"], r' \
    "$tmp/out" || fail "csv and json: the GPU"

# Nothing to list: the CLI's own words.
printf 'Not found\n' >"$tmp/none.txt"
run import kaggle "$tmp/none.txt"
expect 0 "not found"
has 'the Kaggle CLI found no kernels ("Not found")' out "not found said"

# A run that would end after now is left out, unless --future.
fresh
run import kaggle "$D/$V-kernels-list-running.csv" \
    "$tmp/resnet18-cifar10-baseline.log"
expect 0 "running"
has '^imported 0 runs' out "running: no run"
has 'left out priya-ml/resnet18-cifar10-baseline: started 2026-12-01T11:30:00Z and ran 1.5 h by its log, so it ends at 2026-12-01T13:01:02Z, after now' out "running said"
has '^left out 1 row that cannot be runs' out "running counted"
run import kaggle "$D/$V-kernels-list-running.csv" \
    "$tmp/resnet18-cifar10-baseline.log" --future
expect 0 "--future"
has '^imported 1 run ' out "--future took it"

# A log named after no notebook of the list: the hint says so.
cp "$D/kaggle-kernel-log.json" "$tmp/resnet18.log"
run import kaggle "$D/$V-kernels-list-mine-outdated.csv" "$tmp/resnet18.log"
expect 1 "renamed log"
has 'resnet18.log: the kernel list has no notebook "resnet18"' err "renamed said"
hasnt 'give the list too' err "renamed: the list was given"

# --reconcile: Kaggle's 11.25 h less the 2 h logged, placed around the
# logged run, each run within the 12 h session cap; not counted as
# imported; the message says when Kaggle's figure was taken.
fresh
"$G" add kaggle --start 2026-10-09T08:00 --end 2026-10-09T10:00 >/dev/null
run import kaggle "$D/$V-quota.txt" --reconcile
expect 0 "reconcile"
has "reconcile: logged 9.3 h that Kaggle counted this week (its figure of Tue 01 Dec 12:00)" out "reconcile said"
hasnt '^imported' out "reconcile counted as imported"
run log --json --platform kaggle
python3 - "$tmp/out" <<'PY' || fail "reconcile runs"
import json, sys
from datetime import datetime
t = lambda s: datetime.strptime(s, "%Y-%m-%dT%H:%M:%SZ").timestamp()
r = sorted(json.load(open(sys.argv[1])), key=lambda x: x["start"])
rec = [x for x in r if x["source"] == "reconcile"]
assert len(rec) == 1, r
assert all(x["duration_s"] <= 12 * 3600 for x in rec), rec
assert sum(x["duration_s"] for x in rec) == 33300, rec
for a, b in zip(r, r[1:]):
    assert t(a["end"]) <= t(b["start"]), (a, b)
assert rec[-1]["end"] == "2026-10-10T00:00:00Z", rec
PY
run import kaggle "$D/$V-quota.txt" --reconcile
has "reconcile: the log already holds the 11.3 h Kaggle counted this week (its figure of Tue 01 Dec 12:00); nothing to add" out "reconcile twice"

# The real runs arrive later (a CSV of the week's sessions): the 4 h they
# hold come out of the placeholder, which is shortened from its start, so
# the log holds Kaggle's 11.25 h again; undo takes both back together.
printf 'platform,start,end\nkaggle,2026-10-08T08:00Z,2026-10-08T12:00Z\n' \
    >"$tmp/week.csv"
run import csv "$tmp/week.csv"
expect 0 "settle"
has "reconcile: the runs imported now account for 4.0 h that 1 placeholder held; shortened, so the log holds Kaggle's 11.3 h again" out "settle said"
held() { "$G" log --json --platform kaggle | python3 -c 'import json, sys
print(sum(x["duration_s"] for x in json.load(sys.stdin)
    if x["source"] == "reconcile"))'; }
[ "$(held)" = 18900 ] || fail "placeholder after settle: $(held) s"
run undo
[ "$(held)" = 33300 ] || fail "placeholder after undo: $(held) s"
# More real time than the placeholders held: they all go, and the log is
# said to be past Kaggle's figure by what is left over.
printf 'platform,start,end\nkaggle,2026-10-05T00:00Z,2026-10-05T11:00Z\n' \
    >"$tmp/week.csv"
run import csv "$tmp/week.csv"
has "reconcile: the runs imported now account for the 9.3 h that 1 placeholder held, now removed; the log still holds 1.8 h more than Kaggle's figure" out "settle past"
[ "$(held)" = 0 ] || fail "placeholder left: $(held) s"

# The API: a private placeholder is left out, never fatal; a refused log
# is an error (exit 1), and nothing is written.
python3 "$here/httpd.py" "$D" "$tmp/port" &
srv=$!
trap 'kill $srv 2>/dev/null' EXIT INT TERM
i=0
while [ ! -s "$tmp/port" ] && [ $i -lt 600 ]; do sleep 0.1; i=$((i + 1)); done
[ -s "$tmp/port" ] || { echo "FAIL: the test server did not start"; exit 1; }
U=http://127.0.0.1:$(cat "$tmp/port")
export GPULOG_NET_TIMEOUT=3 KAGGLE_API_TOKEN=kg-secret-456
unset KAGGLE_USERNAME KAGGLE_KEY
fresh
GPULOG_KAGGLE_URL=$U/private run import kaggle --api
expect 0 "api private"
has '^imported 2 runs' out "api private runs"
has "^left out 1 \[Private Notebook\] row (Kaggle's kernel list kernels\[1\])" out "api private named"
has 'left out 1 notebook that never ran (lastRunTime None): priya-ml/draft-llm-eval' out "api never ran"
run log --json --platform kaggle
python3 - "$tmp/out" <<'PY' || fail "api: the GPUs"
import json, sys
r = {x["note"]: x for x in json.load(open(sys.argv[1]))}
assert r["ResNet18 CIFAR10 baseline"]["gpu"] == "T4", r
assert r["ResNet18 CIFAR10 baseline"]["gpus"] == 2, r
assert r["BERT IMDB finetune"]["gpu"] == "P100", r
PY
fresh
"$G" add kaggle 1h >/dev/null
before=$("$G" export | grep -v '"exported"')
GPULOG_KAGGLE_URL=$U/logs403 run import kaggle --api
expect 1 "api logs 403"
has "Kaggle refused the credentials (HTTP 403): check the token in KAGGLE_API_TOKEN" err "api 403 said"
[ "$("$G" export | grep -v '"exported"')" = "$before" ] ||
    fail "a refused import wrote"

if [ "$fails" -ne 0 ]; then
	echo "$fails failed"
	exit 1
fi
echo "kaggle-cli: all passed"
