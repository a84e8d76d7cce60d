# A file over a megabyte is not written again for one change: the change
# goes to a segment (gpulog-NAME.LOG-SEQ.json) that the other machines read
# alone.  The whole file is written again once the segments since it reach
# a quarter of its size; a machine that read them all does not read it;
# one that fell behind (its segments removed) reads it whole; a machine
# that starts its files over (a new database with the same name) makes a
# new log, and the others read its whole file.
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
unset GPULOG_DB
mkdir shared
T=2026-12-01T08:00:00Z
A() { GPULOG_NOW=$T gpulog --db "$PWD/a.db" "$@"; }
B() { GPULOG_NOW=$T gpulog --db "$PWD/b.db" "$@"; }
C() { GPULOG_NOW=$T gpulog --db "$PWD/c.db" "$@"; }
own=shared/gpulog-laptop.json
stamp() { stat -c '%i %s %Y.%y' "$own"; }
count() { gpulog --db "$PWD/$1.db" log --json | python3 -c '
import json, sys
print(len(json.load(sys.stdin)))'; }
segs() { ls shared | grep -c '^gpulog-laptop\.[0-9a-f]\{8\}-[0-9]\{6\}\.json$'; }
# csv FILE N FIRST: N runs on vast an hour apart, ids from FIRST.
csv() { python3 -c '
import sys, time
n, first = int(sys.argv[1]), int(sys.argv[2])
print("platform,start,end,gpu,note,id")
for i in range(first, first + n):
    t = 1700000000 + i * 3600
    f = lambda x: time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(x))
    print("vast,%s,%s,RTX 4090,run %d of a history over a megabyte,b%d" %
          (f(t), f(t + 1800), i, i))' "$2" "$3" >"$1"; }

csv bulk.csv 3000 0
A import csv bulk.csv >/dev/null || fail "import"
A sync shared --name laptop >o || fail "first sync: $(cat o)"
grep -q "^wrote gpulog-laptop.json" o || fail "first sync said: $(cat o)"
size=$(stat -c %s "$own")
[ "$size" -gt 1048576 ] || fail "the file is $size bytes, not over a megabyte"
B sync shared --name desk >/dev/null || fail "B's first sync"
C sync shared --name spare >/dev/null || fail "C's first sync"
B sync shared >/dev/null && A sync shared >/dev/null || fail "second syncs"
[ "$(count b)" = 3000 ] || fail "B has $(count b) runs"

# One run: a segment of it, the whole file as it was.
before=$(stamp)
T=2026-12-01T09:00:00Z
A add kaggle 2h -n one-more >/dev/null
A sync shared >o || fail "sync: $(cat o)"
seg=$(sed -n 's/^wrote \(gpulog-laptop\.[0-9a-f]\{8\}-000001\.json\)$/\1/p' o)
[ -n "$seg" ] || fail "sync after one run said: $(cat o)"
[ "$(stamp)" = "$before" ] || fail "the whole file was written again"
[ -n "$seg" ] && [ "$(stat -c %s "shared/$seg")" -lt 4096 ] ||
    fail "the segment is not small: $(ls -l shared)"
grep -q '"segment": 1,' "shared/$seg" || fail "no number in the segment"
grep -q one-more "shared/$seg" || fail "the run is not in the segment"
[ "$(grep -c '"uid"' "shared/$seg")" = 1 ] || fail "the segment holds more"
B sync shared >o || fail "B sync: $(cat o)"
grep -q "added 1 run" o || fail "B did not take the run: $(cat o)"
grep -q "merged 1 other machine's file in shared (2 more unchanged since the last merge, not read)" o ||
    fail "B read more than the segment: $(cat o)"
[ "$(count b)" = 3001 ] || fail "B has $(count b) runs"

# Nothing new: neither writes nor reads.
A sync shared >o || fail "steady: $(cat o)"
grep -q "^up to date: gpulog-laptop.json" o || fail "steady A said: $(cat o)"
B sync shared >o || fail "steady B: $(cat o)"
grep -q "^up to date: gpulog-desk.json" o || fail "steady B said: $(cat o)"
grep -q "merged 0 other machines' files" o || fail "steady B read: $(cat o)"

# A removal and an edit travel by segment too.
T=2026-12-01T10:00:00Z
id=$(A log --json | python3 -c 'import json, sys
print([r["id"] for r in json.load(sys.stdin) if r["note"] == "run 7 of a history over a megabyte"][0])')
A rm "$id" >/dev/null
id=$(A log --json | python3 -c 'import json, sys
print([r["id"] for r in json.load(sys.stdin) if r["note"] == "run 8 of a history over a megabyte"][0])')
A edit "$id" -n edited-by-a >/dev/null
A sync shared >o
grep -q -- "-000002.json" o || fail "rm and edit: $(cat o)"
B sync shared >/dev/null
[ "$(count b)" = 3000 ] || fail "the removal did not travel: $(count b)"
B log --json | grep -q edited-by-a || fail "the edit did not travel"
[ "$(stamp)" = "$before" ] || fail "the whole file was written again"

# Segments that reach a quarter of the whole file: it is written again,
# its head saying the last segment it holds; B, which read them all,
# does not read it.
csv more.csv 600 5000
A import csv more.csv >/dev/null
A sync shared >/dev/null
[ "$(stamp)" = "$before" ] || fail "the whole file was written again at 3"
B sync shared >/dev/null
csv more2.csv 600 6000
A import csv more2.csv >/dev/null
A sync shared >o
grep -q "^wrote gpulog-laptop.json" o || fail "not written whole: $(cat o)"
grep -q '^  "through": 4,$' "$own" || fail "head: $(head -6 "$own")"
B sync shared >o
grep -q "added 600 runs" o || fail "B at 4: $(cat o)"
grep -q "merged 1 other machine's file in shared (2 more unchanged" o ||
    fail "B read the whole file: $(cat o)"
[ "$(count b)" = 4200 ] || fail "B has $(count b) runs"
[ "$(segs)" = 4 ] || fail "segments: $(ls shared)"

# Twice more: the segments the whole file before held are removed; C,
# which has read nothing since the start, reads the whole file (and B's
# files).
for k in 7 8; do
	csv m$k.csv 700 ${k}000
	A import csv m$k.csv >/dev/null
	A sync shared >/dev/null
done
grep -q '^  "through": 6,$' "$own" || fail "head 2: $(head -6 "$own")"
[ "$(segs)" = 2 ] || fail "segments after two whole files: $(ls shared)"
C sync shared >o || fail "C: $(cat o)"
[ "$(count c)" = "$(count a)" ] || fail "C has $(count c), A $(count a)"
B sync shared >/dev/null
[ "$(count b)" = "$(count a)" ] || fail "B has $(count b), A $(count a)"

# A sync killed after its segment was in place but before the database
# noted it: the next uses the number after it (a peer may have read that
# file), and a peer reads both.
log=$(sed -n 's/^  "log": "\([0-9a-f]*\)",$/\1/p' "$own")
last=$(ls shared | sed -n "s/^gpulog-laptop\.$log-0*\([0-9]*\)\.json$/\1/p" | sort -n | tail -1)
T=2026-12-01T10:30:00Z
A add kaggle 1h -n in-the-killed-one >/dev/null
sqlite3 a.db ".backup a-before-kill.db"
A sync shared >/dev/null
B sync shared >/dev/null
killed=$(printf 'gpulog-laptop.%s-%06d.json' "$log" $((last + 1)))
[ -f "shared/$killed" ] || fail "no segment $killed: $(ls shared)"
sqlite3 a.db ".restore a-before-kill.db"
A add kaggle 1h -n after-the-kill >/dev/null
A sync shared >o
next=$(printf 'gpulog-laptop.%s-%06d.json' "$log" $((last + 2)))
grep -q "^wrote $next" o || fail "after a killed sync: $(cat o)"
grep -q in-the-killed-one "shared/$next" || fail "the killed segment's run is not carried again"
B sync shared >o
grep -q "added 1 run (0 updated, 1 already there)" o || fail "B after the kill: $(cat o)"
[ "$(count b)" = "$(count a)" ] || fail "B has $(count b), A $(count a)"

# A new database with the same name starts a new log; the others read
# its whole file, and its old segments go.
old=$(sed -n 's/^  "log": "\([0-9a-f]*\)",$/\1/p' "$own")
mv a.db a-old.db
T=2026-12-01T11:00:00Z
A add kaggle 1h -n after-reinstall >/dev/null
A sync shared --name laptop >o || fail "new A: $(cat o)"
new=$(sed -n 's/^  "log": "\([0-9a-f]*\)",$/\1/p' "$own")
[ -n "$new" ] && [ "$new" != "$old" ] || fail "log $old, then $new"
ls shared | grep -q "^gpulog-laptop\.$old-" && fail "old segments stay: $(ls shared)"
B sync shared >o
grep -q "added 1 run" o || fail "B after the new log: $(cat o)"
[ "$(count b)" = "$(count a)" ] || fail "B has $(count b), A $(count a)"
[ $fails = 0 ]
