# import csv, kaggle and colab files: each imported twice adds nothing the
# second time; bad rows name file, line, field and reason and write nothing;
# --skip-bad keeps the good rows; --dry-run writes nothing; undo takes a
# whole import back; a kill -9 in the middle of a big import leaves the
# database as it was.  Checks itself: exits non-zero and says what failed.
G=${GPULOG:-gpulog}
D=${DATA:-$(cd "$(dirname "$0")/../data" && pwd)}
tmp=$(pwd)
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
run() { "$G" "$@" >"$tmp/out" 2>"$tmp/err"; rc=$?; }
expect() { [ "$rc" = "$1" ] || fail "$2: exit $rc, want $1: $(cat "$tmp/err")"; }
has() { grep -q -- "$1" "$tmp/$2" || fail "$3: $(cat "$tmp/$2")"; }
nruns() { "$G" log --json | python3 -c 'import json,sys; print(len(json.load(sys.stdin)))'; }

# Generic CSV: CRLF, a BOM-less header in any order, quoted commas and
# quotes, end or duration, INR and USD.
run import csv "$D/import-good.csv"
expect 0 "csv import"
has '^imported 3 runs (0 updated, 0 already there)' out "csv said"
run import csv "$D/import-good.csv"
has '^imported 0 runs (0 updated, 3 already there)' out "csv twice said"
run log --json
python3 - "$tmp/out" <<'PY' || fail "csv rows"
import json, sys
r = {x["source_id"]: x for x in json.load(open(sys.argv[1]))}
a = r["inv-1"]
assert a["note"] == "resnet, lr 0.1" and a["tags"] == ["a", "b"], a
assert a["cost_minor"] == 80 and a["currency"] == "USD", a
b = r["inv-2"]
assert b["gpus"] == 2 and b["note"] == 'say "hi"', b
assert b["start"] == "2026-11-11T10:00:00Z" and b["end"] == "2026-11-11T11:30:00Z", b
assert r["inv-3"]["currency"] == "INR" and r["inv-3"]["cost_minor"] == 25000
PY
before=$(nruns)

# A bad file: the first bad row is named, nothing is written.
run import csv "$D/import-bad.csv"
expect 1 "bad csv"
has 'import-bad.csv: line 3: start: invalid time "2026-13-01 10:00"' err \
    "bad csv said"
[ "$(nruns)" = "$before" ] || fail "a bad file wrote"
# --dry-run --skip-bad counts the good ones and writes nothing.
run import csv "$D/import-bad.csv" --skip-bad --dry-run
expect 0 "dry skip-bad"
has '^would add 2 runs' out "dry skip-bad said"
[ "$(nruns)" = "$before" ] || fail "a dry run wrote"
run import csv "$D/import-bad.csv" --skip-bad
expect 0 "skip-bad"
has '^skipped 5 bad rows' out "skip-bad count"
has 'line 4: end: .* is not after the start' err "end before start"
has 'line 5: unknown platform "nowhere"' err "unknown platform"
has 'line 6: cost: unknown currency "EUR"' err "EUR"
has 'line 7: cost: invalid amount "\$99999999999999"' err "absurd cost"
[ "$(nruns)" = $((before + 2)) ] || fail "skip-bad kept $(nruns)"
run undo
[ "$(nruns)" = "$before" ] || fail "undo left $(nruns)"

# A cut-short file, an empty one, a file without the header.
run import csv "$D/import-cut.csv"
expect 1 "cut csv"
has 'line 2: a quoted field is never closed; is the file cut short' err "cut"
run import csv "$D/import-empty.csv"
expect 1 "empty csv"
has 'import-empty.csv: empty' err "empty"
run import csv "$D/kaggle-quota.csv"
expect 1 "no header"
has 'no "start" column' err "no header"

# Kaggle: the quota JSON and CSV, the kernel list with a log.
run import kaggle "$D/kaggle-quota.json"
expect 0 "kaggle quota"
has "^recorded Kaggle's own quota figures: 11.3 h of 30.0 h used" out \
    "quota said"
run import kaggle "$D/kaggle-quota.json"
has "^already had Kaggle's own quota figures" out "quota twice said"
run import kaggle "$D/kaggle-kernels-list.json" \
    "$D/resnet18-cifar10-baseline.log"
expect 0 "kernels and log"
has '^imported 1 run ' out "kernels said"
has 'bert-imdb-finetune ran at 2026-09-28T06:15:55Z on P100: its duration is unknown' out "incomplete listed"
has 'tpu-vit-flowers ran on a TPU' out "TPU listed"
grep -q 'pandas-eda' "$tmp/out" && fail "a CPU notebook was listed"
run import kaggle "$D/kaggle-kernels-list.json" \
    "$D/resnet18-cifar10-baseline.log"
has '^imported 0 runs (0 updated, 1 already there)' out "kernels twice"
run log --json --platform kaggle
python3 - "$tmp/out" <<'PY' || fail "kaggle run"
import json, sys
r = json.load(open(sys.argv[1]))
assert len(r) == 1, r
r = r[0]
assert r["gpu"] == "T4" and r["start"] == "2026-10-01T17:42:09Z", r
assert r["end"] == "2026-10-01T19:13:11Z", r
assert r["source"] == "kaggle", r
PY
run import kaggle "$D/resnet18-cifar10-baseline.log"
expect 1 "log alone"
has 'a log needs the kernel list that says when its notebook ran' err "log alone"
run import kaggle "$D/kaggle-kernels-list-mine.csv" --dry-run
expect 0 "kernels csv"
has 'bert-imdb-finetune ran at' out "kernels csv lists"
run import kaggle "$D/kaggle-quota.csv"
expect 0 "quota csv"
for f in kaggle-quota-badtype kaggle-quota-absurd; do
	run import kaggle "$D/$f.json"
	expect 1 "$f"
	has 'gpuQuota.timeUsed: expected a duration such as "40512.750s"' err \
	    "$f said"
done
run import kaggle "$D/kaggle-quota-cut.json"
expect 1 "cut quota"
has 'cut short' err "cut quota"
run import kaggle "$D/import-good.csv"
expect 1 "not kaggle"
has 'not a Kaggle file gpulog knows' err "not kaggle"

# Colab: the snippet, its sessions, an nvidia-smi log.
run import colab --snippet
expect 0 "snippet"
python3 -c 'import ast,sys; ast.parse(open(sys.argv[1]).read())' \
    "$tmp/out" || fail "the snippet is not Python"
has 'nvidia-smi' out "snippet uses nvidia-smi"
run import colab "$D/colab-sessions.csv"
expect 0 "colab sessions"
has '^imported 3 runs' out "colab said"
has 'has no end yet' out "running session noted"
run import colab "$D/colab-sessions.csv"
has '^imported 0 runs (0 updated, 3 already there)' out "colab twice"
run log --json
python3 - "$tmp/out" <<'PY' || fail "colab runs"
import json, sys
r = {x["note"]: x for x in json.load(open(sys.argv[1]))
     if x["source"] == "colab"}
assert r["bert, finetune"]["platform"] == "colab-pro", r
assert r["bert, finetune"]["compute_units"] == 4.75, r["bert, finetune"]
assert r["llm"]["gpu"] == "A100 40GB" and r["llm"]["compute_units"] == 12, r["llm"]
assert r["quick"]["platform"] == "colab-free", r["quick"]
PY
run import colab "$D/colab-nvsmi-log.csv" --platform colab-pro
expect 0 "nvidia-smi log"
run log --json
python3 - "$tmp/out" <<'PY' || fail "nvidia-smi run"
import json, sys
r = [x for x in json.load(open(sys.argv[1]))
     if x["source"] == "nvidia-smi"][0]
assert r["gpu"] == "T4" and r["platform"] == "colab-pro", r
assert r["start"] == "2026-11-24T10:00:00Z" and r["end"] == "2026-11-24T11:29:59Z", r
PY
run import colab "$D/colab-nvidia-smi.csv"
expect 1 "one sample"
has 'one timestamp only' err "one sample"

# A big file, killed in the middle: nothing of it stays.
python3 -c '
import sys
w = sys.stdout.write
w("platform,start,duration,gpu\n")
for i in range(300000):
    w("vast,%d,1h,RTX 4090\n" % (1700000000 + i * 3600))
' >"$tmp/big.csv"
before=$(nruns)
"$G" import csv "$tmp/big.csv" >/dev/null 2>&1 &
pid=$!
sleep 1
kill -9 $pid 2>/dev/null
wait $pid 2>/dev/null
[ "$(nruns)" = "$before" ] || fail "a killed import left $(nruns) runs"
run undo
expect 0 "undo after a kill"
has 'import colab' out "undo took the last whole import"

if [ "$fails" -ne 0 ]; then
	echo "$fails failed"
	exit 1
fi
echo "import-files: all passed"
