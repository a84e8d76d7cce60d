# Two machines, one history (`gpulog sync DIR`, export format 2): a run
# removed on one machine stays removed; a rate, a quota, the plan start
# and a run's metrics travel; the same run typed on both is kept once as
# a likely duplicate; a run started on one and stopped on the other ends
# everywhere; an undo of a removal wins over the removal; a second sync
# changes nothing; a file of a newer gpulog is refused whole while the
# others merge; a conflict copy and a killed sync's leftovers do no harm;
# an export of format 1 still imports.
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
unset GPULOG_DB
mkdir shared
A() { GPULOG_NOW=$T gpulog --db "$PWD/a.db" "$@"; }
B() { GPULOG_NOW=$T gpulog --db "$PWD/b.db" "$@"; }
T=2026-12-01T08:00:00Z
runs() { gpulog --db "$PWD/$1.db" log --json | python3 -c '
import json, sys
print(" ".join(sorted(r["note"] or "-" for r in json.load(sys.stdin))))'; }

# A logs a run and a rate; both sync; B has both.
A add kaggle 2h -n first >/dev/null
T=2026-12-01T08:01:00Z
A platforms set vast -g "RTX 4090" --rate 0.36 >/dev/null
A platforms set kaggle --quota 25h/week >/dev/null
A plan --start 2026-10-01 >/dev/null
A sync shared --name laptop >o || fail "A sync: $(cat o)"
[ -f shared/gpulog-laptop.json ] || fail "no gpulog-laptop.json"
B sync shared --name cloud >o || fail "B sync: $(cat o)"
grep -q "added 1 run" o || fail "B sync said: $(cat o)"
[ "$(runs b)" = first ] || fail "B runs: $(runs b)"
B platforms --json | python3 -c '
import json, sys
d = json.load(sys.stdin)
r = [x for x in d["rates"] if x["platform"] == "vast" and x["gpu"] == "RTX 4090"]
q = [x for x in d["quotas"] if x["platform"] == "kaggle"]
assert r and abs(r[0]["per_gpu_hour"] - 0.36) < 1e-9, r
assert q and q[0]["amount"] == 25, q' 2>o || fail "rate or quota did not travel: $(cat o)"
B plan --json | grep -q '"start": "2026-10-01"' || fail "plan start did not travel"

# The same figures on both: the quotas and "free tiers saved".
[ "$(A status --json)" = "$(B status --json)" ] ||
    fail "status differs: $(A status --json) / $(B status --json)"

# Removed on B: it stays removed on every sync, in any order, even while
# a third machine that has not synced since (zeta) still has it.
Z() { GPULOG_NOW=$T gpulog --db "$PWD/z.db" "$@"; }
Z sync shared --name zeta >/dev/null
[ "$(runs z)" = first ] || fail "Z runs: $(runs z)"
T=2026-12-01T09:00:00Z
B rm 1 >/dev/null
B sync shared >/dev/null
A sync shared >o
grep -q "removed 1 record" o || fail "A did not take the removal: $(cat o)"
B sync shared >/dev/null
A sync shared >/dev/null
[ "$(runs a)" = "" ] || fail "the removed run came back on A: $(runs a)"
[ "$(runs b)" = "" ] || fail "the removed run came back on B: $(runs b)"
gpulog --db "$PWD/c.db" import json shared/gpulog-laptop.json >/dev/null
[ "$(runs c)" = "" ] || fail "a new machine got the removed run"
T=2026-12-01T09:10:00Z
Z sync shared >/dev/null
[ "$(runs z)" = "" ] || fail "zeta kept the removed run: $(runs z)"
rm shared/gpulog-zeta.json

# An undo of the removal is newer: the run comes back everywhere.
T=2026-12-01T09:30:00Z
B undo >/dev/null
B sync shared >/dev/null
A sync shared >/dev/null
[ "$(runs a)" = first ] || fail "the undone removal did not travel: $(runs a)"

# The same run typed on both machines: kept, and said to be a duplicate.
T=2026-12-01T12:00:00Z
A add kaggle --start 2026-12-01T10:00 --end 2026-12-01T11:30 -n typed-a >/dev/null
B add kaggle --start 2026-12-01T10:05 --end 2026-12-01T11:30 -n typed-b >/dev/null
A sync shared >/dev/null
B sync shared >o
grep -q "likely duplicate" o || fail "no word of the duplicate: $(cat o)"
B log --duplicates >o
grep -q typed-a o && grep -q typed-b o && grep -q "keep one: gpulog rm" o ||
    fail "log --duplicates: $(cat o)"
B log --duplicates --json | python3 -c '
import json, sys
p = json.load(sys.stdin)
assert len(p) == 1 and len(p[0]) == 2, p' || fail "log --duplicates --json"
id=$(B log --json | python3 -c '
import json, sys
print([r["id"] for r in json.load(sys.stdin) if r["note"] == "typed-b"][0])')
B rm "$id" >/dev/null
B log --duplicates | grep -q "no likely duplicates" ||
    fail "a duplicate kept after rm"
B sync shared >/dev/null
A sync shared >/dev/null
[ "$(runs a)" = "$(runs b)" ] || fail "A and B differ: $(runs a) / $(runs b)"

# Started on A, stopped on B: ended on both, at B's stop.
T=2026-12-01T13:00:00Z
A start kaggle -n open-run >/dev/null
A sync shared >/dev/null
B sync shared >/dev/null
T=2026-12-01T14:00:00Z
B stop >/dev/null || fail "B stop"
B sync shared >/dev/null
A sync shared >/dev/null
A status --json | python3 -c '
import json, sys
assert json.load(sys.stdin)["open_runs"] == []' || fail "the run stayed open on A"

# Nothing new: a second sync writes nothing and changes nothing.
A sync shared >/dev/null
B sync shared >/dev/null
cp shared/gpulog-laptop.json before.json
A sync shared >o
grep -q "nothing new" o && grep -q "up to date: gpulog-laptop.json" o ||
    fail "a second sync: $(cat o)"
cmp -s before.json shared/gpulog-laptop.json || fail "the file changed"
grep -q "merged 0 other machines' files in shared (1 more unchanged since the last merge, not read)" o ||
    fail "an unchanged peer file was read: $(cat o)"
# Not read indeed: the same size, time and inode with other bytes in it
# goes unread; so does a new time on a whole file whose head says that it
# carries no segment not merged here; a new time on one of a log not seen
# (its machine started its files over) has it read (and refused, being
# broken).
cp shared/gpulog-cloud.json cloud.keep
touch -r shared/gpulog-cloud.json stamp
printf 'XXXX' | dd of=shared/gpulog-cloud.json bs=1 seek=0 conv=notrunc 2>/dev/null
touch -r stamp shared/gpulog-cloud.json
A sync shared >o 2>e || fail "an unchanged file was read: $(cat e)"
touch -d 2026-12-02 shared/gpulog-cloud.json
A sync shared >o 2>e || fail "a file with nothing new was read: $(cat e)"
grep -q "merged 0 other machines' files in shared (1 more unchanged since the last merge, not read)" o ||
    fail "a file with nothing new: $(cat o)"
sed 's/"log": "[0-9a-f]*"/"log": "00000000"/' shared/gpulog-cloud.json >o
cat o >shared/gpulog-cloud.json
touch -d 2026-12-03 shared/gpulog-cloud.json
A sync shared >o 2>e && fail "a changed file was not read"
grep -q "gpulog-cloud.json: not a gpulog export" e || fail "changed file: $(cat e)"
cp cloud.keep shared/gpulog-cloud.json

# A conflict copy, a killed sync's temporary file and a newer gpulog's
# file: the copy merges harmlessly, the leftover goes, the newer file is
# refused whole (exit 1) while the rest still merges.
cp shared/gpulog-cloud.json \
    "shared/gpulog-cloud.sync-conflict-20261201-140000-ABCDEFG.json"
echo partial >shared/.gpulog-laptop.json.tmpAbC123
sed 's/"gpulog_export": 2/"gpulog_export": 3/' shared/gpulog-cloud.json \
    >shared/gpulog-future.json
T=2026-12-01T15:00:00Z
B add vast 1h -n after-future >/dev/null
B sync shared >/dev/null 2>&1
A sync shared >o 2>e; st=$?
[ $st = 1 ] || fail "a newer file: exit $st"
grep -q "gpulog-future.json: gpulog_export: format 3; this gpulog reads formats 1 to 2: upgrade gpulog" e ||
    fail "newer file message: $(cat e)"
grep -q "nothing of gpulog-future.json was merged" e || fail "$(cat e)"
runs a | grep -q after-future || fail "the other files were not merged"
[ -e shared/.gpulog-laptop.json.tmpAbC123 ] && fail "a temporary file left"
rm shared/gpulog-future.json

# Killed before it commits: nothing of the merge is kept (one change).
T=2026-12-01T16:00:00Z
B add vast 2h -n killed >/dev/null
B sync shared >/dev/null
# gpulog itself is killed, not a shell around it: a simple command in the
# background is the process that $! names.
GPULOG_NOW=$T gpulog --db "$PWD/a.db" sync shared >/dev/null 2>&1 & p=$!
kill -9 $p 2>/dev/null
wait $p
A sync shared >/dev/null || fail "sync after a kill"
[ "$(runs a)" = "$(runs b)" ] || fail "after a kill: $(runs a) / $(runs b)"

# Two syncs of one machine at once (a timer's beside a typed one): neither
# takes the other's temporary file for a killed sync's leftover.
for i in 1 2 3; do
	B add vast 10m -n "both-$i" >/dev/null
	B sync shared >/dev/null
	A sync shared >o1 2>&1 & p=$!
	A sync shared >o2 2>&1 || fail "two syncs at once: $(cat o2)"
	wait $p || fail "two syncs at once: $(cat o1)"
done
[ "$(runs a)" = "$(runs b)" ] || fail "after two at once: $(runs a) / $(runs b)"
ls -a shared | grep -q '\.tmp' && fail "a temporary file left: $(ls -a shared)"

# The same, made certain: a temporary file that a live process holds
# locked stays; one that nobody holds is a leftover and goes.
python3 -c '
import fcntl, os, sys, time
f = open(sys.argv[1], "w")
fcntl.flock(f, fcntl.LOCK_EX)
open("locked", "w").close()
while not os.path.exists("release"):
    time.sleep(0.05)' shared/.gpulog-laptop.json.tmpLive01 & lp=$!
while [ ! -e locked ]; do sleep 0.1; done
: >shared/.gpulog-laptop.json.tmpDead01
A sync shared >/dev/null || fail "sync beside a live one"
[ -e shared/.gpulog-laptop.json.tmpLive01 ] ||
    fail "a live sync's temporary file was removed"
[ -e shared/.gpulog-laptop.json.tmpDead01 ] && fail "a leftover stayed"
: >release
wait $lp
rm -f shared/.gpulog-laptop.json.tmpLive01

# A machine whose clock says 2099: its change is taken as made now, once;
# a later change here still wins, however often its file is read again.
T=2026-12-01T17:00:00Z
FUT=2099-01-01T00:00:00Z
GPULOG_NOW=$FUT gpulog --db "$PWD/b.db" add lambda 1h -n from-2099 >/dev/null
GPULOG_NOW=$FUT gpulog --db "$PWD/b.db" sync shared >/dev/null 2>&1
A sync shared >o 2>e
grep -q "took 1 change dated more than 10 minutes after this machine's clock" o ||
    fail "the future change was not said: $(cat o)"
runs a | grep -q from-2099 || fail "the run from 2099 did not come"
T=2026-12-01T17:30:00Z
id=$(A log --json | python3 -c 'import json, sys
print([r["id"] for r in json.load(sys.stdin) if r["note"] == "from-2099"][0])')
A edit "$id" -n edited-here >/dev/null
GPULOG_NOW=$FUT gpulog --db "$PWD/b.db" add lambda 2h -n another-2099 >/dev/null
GPULOG_NOW=$FUT gpulog --db "$PWD/b.db" sync shared >/dev/null 2>&1
T=2026-12-01T18:00:00Z
A sync shared >o 2>e
runs a | grep -q edited-here || fail "the 2099 version won again: $(runs a)"
runs a | grep -q another-2099 || fail "the second run from 2099: $(runs a)"

# A FIFO named like a peer's file is left alone, not read with the lock
# held: the sync ends, and another gpulog can still write.
mkfifo shared/gpulog-stall.json
A sync shared >o 2>e & sp=$!
i=0
while kill -0 $sp 2>/dev/null && [ $i -lt 300 ]; do sleep 0.1; i=$((i + 1)); done
if kill -0 $sp 2>/dev/null; then
	fail "a sync stalled on a FIFO"
	kill $sp
fi
wait $sp
grep -q "gpulog-stall.json: not a regular file; left alone" e ||
    fail "the FIFO was not said: $(cat e)"
rm shared/gpulog-stall.json

# An export of format 1 (an older gpulog's) still imports.
cat >old.json <<'J'
{"gpulog_export": 1, "schema": 7, "exported": "2026-11-01T00:00:00Z",
 "settings": {"currency": "INR", "plan.start": "2026-10-01"},
 "runs": [{"uid": "0123456789abcdef0123456789abcdef", "platform": "kaggle",
  "start": "2026-11-02T10:00:00Z", "end": "2026-11-02T12:00:00Z",
  "note": "from format 1", "created": "2026-11-02T12:00:00Z",
  "modified": "2026-11-02T12:00:00Z"}],
 "expenses": []}
J
gpulog --db "$PWD/d.db" import json old.json >o || fail "format 1: $(cat o)"
runs d | grep -q "from format 1" || fail "format 1 run: $(runs d)"
[ $fails = 0 ]
