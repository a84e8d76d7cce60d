# Faults: concurrent writers with a reader, a full disk, a directory that
# cannot be created, a database that cannot be written.  Each gives a clear
# message and loses nothing already stored.
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
export GPULOG_DB=$PWD/db

# 4 writers of 250 runs each while a reader keeps reading: 1,000 runs, none
# lost, no "database is locked".  Under ASan, 50 runs each.
W=250
[ -z "${FEWER:-}" ] || W=50
gpulog status >/dev/null
writer() {
	i=0
	while [ $i -lt $W ]; do
		gpulog add "$1" 1m --future -n "w$1 $i" >/dev/null 2>>errors.$1 ||
		    echo "add $1 $i failed" >>errors.$1
		i=$((i + 1))
	done
}
reader() {
	while [ ! -f done ]; do
		gpulog status --json >/dev/null 2>>errors.reader ||
		    echo "status failed" >>errors.reader
	done
}
reader &
rpid=$!
writer kaggle & p1=$!
writer vast & p2=$!
writer lightning & p3=$!
writer colab-pro & p4=$!
wait $p1 $p2 $p3 $p4
touch done
wait $rpid
n=$(gpulog log --csv | tail -n +2 | wc -l)
[ "$n" = $((4 * W)) ] || fail "concurrent adds: $n runs, want $((4 * W))"
if cat errors.* | grep -v "warning: overlaps" | grep -q .; then
	fail "concurrent errors: $(cat errors.* | grep -v 'warning: overlaps' |
	    sort | uniq -c | head -5)"
fi
sqlite3 db 'PRAGMA integrity_check' | grep -qx ok || fail "integrity after concurrency"

# A stalled input (a FIFO, a pipe on stdin) is read before the write lock
# is taken: an add beside it goes through while its writer waits, and the
# import then takes what came.  (Each writer waits for the add at most
# 20 s, and says so when it gave up.)
mkfifo slow.csv
stalled() {
	printf 'platform,start,duration,note\n'
	i=0
	until [ -e "$1" ] || [ $i -ge 200 ]; do sleep 0.1; i=$((i + 1)); done
	[ -e "$1" ] || echo "gave up" >"$1.late"
	printf 'vast,2026-11-28 %s,1h,%s\n' "$3" "$2"
}
stalled added1 "from a fifo" 09:00 >slow.csv &
gpulog import csv slow.csv >slow.out 2>&1 &
ip=$!
sleep 0.5
gpulog add kaggle 30m -n "beside a stalled fifo" >/dev/null 2>add1.err &&
    touch added1
wait $ip || fail "fifo import: $(cat slow.out)"
[ -e added1.late ] && fail "a stalled fifo import held the write lock"
grep -q "imported 1 run" slow.out || fail "fifo import said: $(cat slow.out)"
stalled added2 "from a pipe" 11:00 | gpulog import csv - >pipe.out 2>&1 &
sleep 0.5
gpulog add kaggle 30m -n "beside a stalled pipe" >/dev/null 2>add2.err &&
    touch added2
wait $! || fail "pipe import: $(cat pipe.out)"
grep -q "imported 1 run" pipe.out || fail "pipe import said: $(cat pipe.out)"
[ -e added2.late ] && fail "a stalled stdin import held the write lock"
for n in "from a fifo" "from a pipe" "beside a stalled fifo" \
    "beside a stalled pipe"; do
	gpulog log --csv | grep -q "$n" || fail "run \"$n\" missing"
done

# A full disk (a file-size limit of 32 KiB on a small database): a clear
# message, exit 1, nothing lost.
export GPULOG_DB=$PWD/full.db
gpulog add kaggle 1h -n one >/dev/null
gpulog add vast 2h -n two >/dev/null
before=$(gpulog log --csv | md5sum)
big=$(head -c 100000 /dev/zero | tr "\\0" x)
(
	trap '' XFSZ
	ulimit -f 64
	gpulog add kaggle 1h -n "$big" >out.full 2>err.full
	echo $? >rc.full
)
[ "$(cat rc.full)" = 1 ] || fail "full disk: exit $(cat rc.full)"
grep -q "disk is full\|disk failed (is it full" err.full ||
    fail "full disk said: $(cut -c1-200 err.full)"
[ "$(gpulog log --csv | md5sum)" = "$before" ] || fail "full disk changed runs"
sqlite3 full.db 'PRAGMA integrity_check' | grep -qx ok ||
    fail "integrity after full disk"
gpulog add kaggle 1h -n three >/dev/null || fail "add after the disk had room"
# With no room at all (nothing may be written, not even the -shm beside
# the database), the commands that only read still work, and one that
# would write says why.  (What they print goes through a pipe, which the
# file-size limit does not bound.)
rm -f full.db-wal full.db-shm
noroom() {  # noroom NAME ARGS...: exit status in NAME.rc, stderr in NAME.err
	n=$1
	shift
	{ (trap '' XFSZ; ulimit -f 0; exec gpulog "$@") >/dev/null
	    echo $? >"$n.rc"; } 2>&1 | cat >"$n.err"
}
noroom st status
noroom lg log --csv
noroom ad add kaggle 1h -n four
[ "$(cat st.rc)" = 0 ] || fail "status with no room: $(cat st.err)"
[ "$(cat lg.rc)" = 0 ] || fail "log with no room: $(cat lg.err)"
[ "$(cat ad.rc)" = 1 ] || fail "add with no room: exit $(cat ad.rc)"
grep -q "writing to the disk failed when the database was opened (is it full?)" \
    ad.err || fail "add with no room said: $(cat ad.err)"
export GPULOG_DB=$PWD/db

# A directory that cannot be created.
GPULOG_DB=/dev/null/sub/gpulog.db gpulog status >out 2>err
rc=$?
[ "$rc" = 1 ] || fail "bad directory: exit $rc"
grep -q "cannot create directory /dev/null" err || fail "bad directory said: $(cat err)"

# A database that cannot be written (not testable as root, who writes
# anyway).
if [ "$(id -u)" != 0 ]; then
	cp db ro.db
	chmod 444 ro.db
	GPULOG_DB=$PWD/ro.db gpulog add kaggle 1h >out 2>err
	rc=$?
	[ "$rc" = 1 ] || fail "read-only: exit $rc"
	grep -q "read-only\|readonly\|cannot" err || fail "read-only said: $(cat err)"
fi

[ $fails = 0 ] && echo "faults: ok"
[ $fails = 0 ]
