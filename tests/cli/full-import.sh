# A disk that fills during `gpulog import csv` (a file-size limit on a small
# database, as faults.sh does for add): a message naming the disk, exit 1,
# nothing of the import stored, the earlier runs and history intact, the
# database sound; with room again the same import succeeds, whole.
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
export GPULOG_DB=$PWD/full.db
N=20000
python3 - "$N" >big.csv <<'PY'
import sys
n = int(sys.argv[1])
w = sys.stdout.write
w("platform,start,duration,gpu,cost,note,id\n")
for i in range(n):
    w('vast,%d,1h,RTX 4090,%d.%02dUSD,"run %d, lr 1e-3",f%d\n'
      % (1700000000 + i * 3600, i % 7, i % 100, i, i))
PY
gpulog add kaggle 1h -n one >/dev/null &&
    gpulog add vast 2h -n two --cost 4USD >/dev/null &&
    gpulog spend 899INR colab-pro >/dev/null ||
    { echo "FAIL: setup"; exit 1; }
stored() {
	sqlite3 full.db 'SELECT * FROM runs ORDER BY id; SELECT * FROM
	    expenses; SELECT * FROM fx; SELECT * FROM settings ORDER BY key;
	    SELECT id, what FROM changes ORDER BY id;
	    SELECT * FROM undolog ORDER BY seq'
}
before=$(stored)
size=$(wc -c <full.db)
# Room for the database as it is and half a MiB more; the import needs
# several MiB.  (ulimit -f counts 512-byte blocks.)
lim=$(( (size + 512 * 1024) / 512 ))
(
	trap '' XFSZ
	ulimit -f $lim
	gpulog import csv big.csv >out.full 2>err.full
	echo $? >rc.full
)
[ "$(cat rc.full)" = 1 ] || fail "full disk: exit $(cat rc.full)"
grep -q "disk is full\|disk failed (is it full" err.full ||
    fail "full disk said: $(head -c 300 err.full)"
[ "$(wc -l <err.full)" -le 2 ] || fail "full disk said a lot: $(head -5 err.full)"
grep -q . out.full && fail "full disk printed on stdout: $(head -3 out.full)"
sqlite3 full.db 'PRAGMA integrity_check' | grep -qx ok ||
    fail "integrity after a full disk"
n=$(sqlite3 full.db "SELECT count(*) FROM runs WHERE source='csv'")
[ "$n" = 0 ] || fail "full disk stored $n of the import's rows"
[ "$(stored)" = "$before" ] || fail "full disk changed what was stored"
gpulog log --csv >/dev/null 2>err || fail "log after a full disk: $(cat err)"
# With room, the same import succeeds, whole, and undoes as a whole.
gpulog import csv big.csv >out 2>err || fail "import with room: $(cat err)"
grep -q "^imported $N runs" out || fail "import with room said: $(cat out)"
n=$(sqlite3 full.db "SELECT count(*) FROM runs WHERE source='csv'")
[ "$n" = $N ] || fail "import with room stored $n, want $N"
gpulog undo >out 2>err || fail "undo: $(cat err)"
[ "$(stored)" = "$before" ] || fail "undo of the import left changes"
sqlite3 full.db 'PRAGMA integrity_check' | grep -qx ok ||
    fail "integrity at the end"
echo "full disk: $(cat err.full)"
[ $fails = 0 ] && echo "full-import: ok"
[ $fails = 0 ]
