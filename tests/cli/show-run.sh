# `gpulog show` and `log --json` on a run `gpulog run` recorded with a
# (fake) GPU: the samples it took (peak memory of the GPU's total, mean
# use, energy), the exit status and the command, its source and the
# changes that opened and closed it.  Checks itself: the times are real.
set -e
mkdir -p fakebin
ln -s "$DATA/../fake-nvidia-smi" fakebin/nvidia-smi
fails=0
has() { grep -q -- "$1" "$2" || { echo "FAIL $3: $(cat "$2")"; fails=$((fails + 1)); }; }
export FAKE_SMI_STATE="$PWD/smi.calls"
rc=0
PATH="$PWD/fakebin:$PATH" gpulog run -p kaggle --sample-interval 100ms -- \
    sh -c 'while [ "$(cat smi.calls 2>/dev/null | wc -l)" -lt 3 ]; do
	sleep 0.02; done; exit 4' 2>/dev/null || rc=$?
[ "$rc" = 4 ] || { echo "FAIL exit $rc"; fails=$((fails + 1)); }
gpulog show 1 >show.txt
has '^run #1 kaggle T4 ' show.txt "title"
has '^  gpu        T4, 0.0 GPU-h$' show.txt "gpu"
has '^  measured   [0-9]* samples, peak [0-9]* of 15360 MiB, mean use 80%, [0-9]*\.[0-9]\{3\} Wh$' show.txt "measured"
has '^  exit       4$' show.txt "exit"
has '^  command    sh -c while ' show.txt "command"
has '^  source     run$' show.txt "source"
has '^  quota      week 2026-11-28 00:00' show.txt "quota"
has '^  changes    .*  run #1 kaggle' show.txt "opened"
[ "$(grep -c '^  changes\|^             [A-Z]' show.txt)" -ge 2 ] ||
    { echo "FAIL the closing change: $(cat show.txt)"; fails=$((fails + 1)); }
gpulog show 1 --json >show.json
gpulog log --json >log.json
python3 - show.json log.json <<'PY' || fails=$((fails + 1))
import json, sys
s = json.load(open(sys.argv[1]))
l = json.load(open(sys.argv[2]))
m = s["metrics"]
assert m["samples"] >= 1 and m["mem_total_mib"] == 15360, m
assert m["mean_util_pct"] == 80 and m["exit_status"] == 4, m
assert m["command"].startswith("sh -c while"), m
assert l[0]["metrics"] == m, (l[0], m)
assert s["run"]["source"] == "run" and s["priced"] == "free", s
assert s["quota"]["unit"] == "session_hours", s
assert len(s["changes"]) >= 2, s["changes"]
PY
exit $fails
