# One reference for a record on every machine: two machines that sync
# number the same runs differently (#1 here is #2 there), but a run's and
# an expense's reference (the tail of its uid) is the same on both, and
# rm, edit, show, stop and continue take it.  A reference no record has,
# or one several share, is refused with a message, and nothing changes.
unset GPULOG_DB
mkdir shared
A() { gpulog --db "$PWD/a/gpulog.db" "$@"; }
B() { gpulog --db "$PWD/b/gpulog.db" "$@"; }
mkdir a b
ref() { "$@" --json | python3 -c '
import json, sys
d = json.load(sys.stdin)
print(" ".join(r["note"] + "=" + r["ref"] for r in d))'; }

A add kaggle --start 2026-11-30T08:00Z --end 2026-11-30T10:00Z -n first \
    >/dev/null
B add vast --start 2026-11-29T08:00Z --end 2026-11-29T09:00Z -n second \
    >/dev/null 2>&1
A spend 899INR colab-pro -n pro >/dev/null
A sync shared --name laptop >/dev/null
B sync shared --name desk >/dev/null
A sync shared >/dev/null
echo "== the same references, different numbers"
ref A log
ref B log
A log --json | python3 -c 'import json, sys
print(sorted((r["note"], r["id"]) for r in json.load(sys.stdin)))'
B log --json | python3 -c 'import json, sys
print(sorted((r["note"], r["id"]) for r in json.load(sys.stdin)))'
[ "$(ref A log)" = "$(ref B log)" ] && echo "refs agree"
F=$(ref A log | tr ' ' '\n' | sed -n 's/^first=//p')
X=$(A spend --json | python3 -c 'import json, sys
print(json.load(sys.stdin)[0]["ref"])')

echo "== B edits and shows A's run by its reference"
B edit "$F" -n "first, edited" >/dev/null; echo "edit exit $?"
B show "$F" | sed -n 1p
B show "$X" | sed -n 1p
echo "== a reference no run has, or a malformed one"
B rm abcdef0; echo "exit $?"
B show 0123abc; echo "exit $?"
B rm zzzzzzz; echo "exit $?"
echo "== B removes it; the removal reaches A"
B rm "$F" >/dev/null; echo "rm exit $?"
B sync shared >/dev/null
A sync shared >/dev/null
ref A log

echo "== an open run, stopped by its reference"
A start lightning --at 2026-12-01T11:00Z -n third >/dev/null
O=$(A log --open --json | python3 -c 'import json, sys
print(json.load(sys.stdin)[0]["ref"])')
A stop "$O" >/dev/null; echo "stop exit $?"
A log --open

echo "== two uids with the same tail: the short one is refused, a longer one"
echo "== names one"
cat >twins.json <<'EOF'
{"gpulog_export": 2, "runs": [
 {"uid": "0000000000000000000000000abc1234", "platform": "kaggle",
  "start": "2026-11-20T08:00:00Z", "end": "2026-11-20T09:00:00Z",
  "note": "twin one"},
 {"uid": "1111111111111111111111111abc1234", "platform": "kaggle",
  "start": "2026-11-21T08:00:00Z", "end": "2026-11-21T09:00:00Z",
  "note": "twin two"}]}
EOF
gpulog --db "$PWD/t.db" import json twins.json >/dev/null
gpulog --db "$PWD/t.db" log --json | python3 -c 'import json, sys
print(sorted(r["ref"] for r in json.load(sys.stdin)))'
gpulog --db "$PWD/t.db" rm abc1234; echo "exit $?"
gpulog --db "$PWD/t.db" rm 1abc1234 >/dev/null; echo "exit $?"
gpulog --db "$PWD/t.db" log --json | python3 -c 'import json, sys
print([r["note"] for r in json.load(sys.stdin)])'
