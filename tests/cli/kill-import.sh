# kill -9 at random moments of a 100,000-row `gpulog import csv`, 20 times,
# on a database that already holds runs, an expense and undo history.  After
# each kill: PRAGMA integrity_check is ok, the import's rows are all there or
# none are, and what was stored before is untouched.  At the end, importing
# again gives exactly the file's runs, once.  The kill delays come from a
# seeded generator, spread between 0 and the time one whole import takes
# (measured first), so kills land before the database is opened, in the
# middle of the inserts, and around the commit.
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
N=100000
KILLS=20
# Under ASan each import is some four times slower: the same test on a
# smaller file, killed fewer times.
[ -z "${FEWER:-}" ] || { N=20000 KILLS=10; }
SEED=${KILL_SEED:-20261201}
now() { date +%s.%N; }
since() { echo "$1 $(now)" | awk '{ printf "%.2f", $2 - $1 }'; }
t_start=$(now)

# The file: N ended runs on 8 platforms over 3.5 years, costs in USD and
# INR (or none), quoted notes with commas and quotes, tags, projects, ids.
python3 - "$N" >big.csv <<'PY'
import random, sys, time
n = int(sys.argv[1])
r = random.Random(5)
plat = [("kaggle", ["T4", "P100"], 0), ("colab-free", ["T4"], 0),
        ("colab-pro", ["T4", "V100", "A100"], 0), ("lightning", ["T4"], 0),
        ("local", ["MPS"], 0), ("vast", ["RTX 3090", "RTX 4090"], 1),
        ("runpod", ["A100 80GB", "H100 80GB"], 1),
        ("lambda", ["A100 80GB"], 1)]
w = sys.stdout.write
w("platform,start,end,gpu,gpus,cost,note,tags,project,id\n")
t0 = 1795953600 - int(3.5 * 365 * 86400)
step = int(3.5 * 365 * 86400) // n
iso = lambda t: time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(t))
for i in range(n):
    p, gpus, paid = r.choices(plat, [30, 8, 15, 12, 15, 10, 6, 4])[0]
    s = t0 + i * step + r.randrange(step)
    e = s + r.randint(600, 9 * 3600)
    cost = ""
    if paid:
        c = r.randint(10, 5000)
        cost = ("%d.%02dUSD" % (c // 100, c % 100) if r.random() < 0.9
                else "%dINR" % (c * 84 // 100 + 1))
    note = r.choice(["resnet", "bert, lr 3e-4", 'lora "7b"', "vit", "unet"])
    w('%s,%s,%s,%s,%d,%s,"%s %d",%s,%s,k%d\n' % (
        p, iso(s), iso(e), r.choice(gpus), 2 if r.random() < 0.05 else 1,
        cost, note.replace('"', '""'), i,
        r.choice(["", "cnn", '"llm,lora"', "vision"]),
        r.choice(["", "cifar", "capstone"]), i))
PY
[ "$(wc -l <big.csv)" = $((N + 1)) ] || { echo "FAIL: generator"; exit 1; }

# The database before the import: two runs, an open run, an expense.
export GPULOG_DB=$PWD/base.db
gpulog add kaggle 2h30m -g P100 -n "before, one" -t cnn >/dev/null &&
    gpulog add vast 1h --cost 3.20USD -n "before two" >/dev/null &&
    gpulog spend 899INR colab-pro -n "Colab Pro" >/dev/null &&
    gpulog start lightning >/dev/null || { echo "FAIL: setup"; exit 1; }
[ ! -e base.db-wal ] || { echo "FAIL: base.db-wal left after close"; exit 1; }
stored() {
	sqlite3 "$1" "SELECT id, uid, platform, gpu, start_ts, end_ts,
	    cost_minor, currency, note, tags, source FROM runs WHERE source <>
	    'csv' ORDER BY id; SELECT * FROM expenses; SELECT id, what FROM
	    changes WHERE what NOT LIKE 'import%' ORDER BY id"
}
pre=$(stored base.db)
ncsv() { sqlite3 "$1" "SELECT count(*) FROM runs WHERE source='csv'"; }

# With VALGRIND=1 memcheck takes the first gpulog of each kind (see
# tests/run-cli.sh): a small import takes it, so that the timed import and
# the killed ones are the binary itself.
if [ -n "${VALGRIND:-}" ]; then
	head -n 101 big.csv >small.csv
	GPULOG_DB=$PWD/small.db gpulog import csv small.csv >/dev/null ||
	    fail "the small import"
fi

# One whole import, timed.
cp base.db full.db
t=$(now)
GPULOG_DB=$PWD/full.db gpulog import csv big.csv >out.full 2>err.full ||
    { echo "FAIL: a whole import: $(cat err.full)"; exit 1; }
dur=$(since "$t")
[ "$(ncsv full.db)" = $N ] || fail "a whole import stored $(ncsv full.db)"
echo "a whole import: ${dur}s"

delays=$(python3 -c "import random; r = random.Random($SEED)
print(' '.join('%.3f' % r.uniform(0, $dur) for _ in range($KILLS)))")
i=0 nnone=0 nall=0 nlate=0 line=
for d in $delays; do
	i=$((i + 1))
	rm -f k.db k.db-wal k.db-shm
	cp base.db k.db
	GPULOG_DB=$PWD/k.db gpulog import csv big.csv >out.k 2>err.k &
	pid=$!
	sleep "$d"
	kill -9 $pid 2>/dev/null
	{ wait $pid; } 2>/dev/null
	rc=$?
	# 137: killed; 0: it had finished before the kill came.
	case $rc in
	137) how=k ;;
	0) how=f nlate=$((nlate + 1)) ;;
	*) how=x; fail "#$i: import exit $rc: $(head -c 300 err.k)" ;;
	esac
	ok=$(sqlite3 k.db 'PRAGMA integrity_check' 2>&1)
	[ "$ok" = ok ] || fail "#$i (kill at ${d}s): integrity: $ok"
	n=$(ncsv k.db)
	case $n in
	0) what=none nnone=$((nnone + 1)); rm -f none.db*; cp k.db none.db ;;
	$N) what=all nall=$((nall + 1)); rm -f all.db*; cp k.db all.db ;;
	*) what="$n"; fail "#$i (kill at ${d}s): $n of $N rows stored" ;;
	esac
	[ "$(stored k.db)" = "$pre" ] ||
	    fail "#$i (kill at ${d}s): the runs stored before changed"
	# gpulog itself opens what the kill left, and the history is whole.
	gpulog --db k.db status >/dev/null 2>err.s ||
	    fail "#$i: status after the kill: $(cat err.s)"
	line="$line $i:${d}s:$what$( [ $how = f ] && echo '(done)')"
done
echo "kills:$line" | fold -s -w 78
echo "$KILLS kills (seed $SEED): $nnone left none, $nall left all" \
    "($nlate had finished first)"

# Importing again gives exactly the file's runs, and again adds nothing.
again() {
	GPULOG_DB=$PWD/$1 gpulog import csv big.csv >out.a 2>err.a ||
	    fail "$1: import again: $(cat err.a)"
	[ "$(ncsv "$1")" = $N ] || fail "$1: $(ncsv "$1") csv runs after" \
	    "importing again, want $N"
	[ "$(stored "$1")" = "$pre" ] || fail "$1: earlier runs changed"
}
for db in none.db all.db; do
	[ -f $db ] || continue
	again $db
	again $db
	grep -q "^imported 0 runs (0 updated, $N already there)" out.a ||
	    fail "$db: a second import said: $(cat out.a)"
	# The import undoes as a whole, leaving what was there before.
	GPULOG_DB=$PWD/$db gpulog undo >out.u 2>err.u ||
	    fail "$db: undo: $(cat err.u)"
	[ "$(ncsv $db)" = 0 ] || fail "$db: undo left $(ncsv $db) csv runs"
	[ "$(stored $db)" = "$pre" ] || fail "$db: undo changed earlier runs"
	echo "$db: imported again: $N runs; undone: $(cat out.u)"
done
[ -f none.db ] || echo "note: no kill left the database without the import"
echo "kill-import: $(since "$t_start")s"
[ $fails = 0 ] && echo "kill-import: ok"
[ $fails = 0 ]
