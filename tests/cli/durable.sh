# A change that says it is saved is on the disk: while another gpulog
# holds the database open (a `gpulog run` here), `add` syncs its commit
# (fdatasync or fsync of the write-ahead log) before it prints its
# confirmation, and `gpulog run` removes its journal only after the
# commit that ends the run is synced.  Seen with strace, which must be
# able to trace here.
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
command -v strace >/dev/null 2>&1 ||
    { echo "strace is not installed"; exit 77; }
strace -f -o /dev/null true 2>/dev/null ||
    { echo "strace cannot trace here (no ptrace)"; exit 77; }
db=$GPULOG_DB
# LeakSanitizer cannot work under ptrace: an ASan build checks leaks in
# the other tests.
traced() {
	ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" strace "$@"
}
gpulog add kaggle 1h -n first >/dev/null
gpulog run -p kaggle --no-sample -- sleep 600 2>run.err &
rp=$!
i=0
until grep -q started run.err || [ $i -ge 600 ]; do sleep 0.1; i=$((i + 1)); done
# first_line PATTERN: the number of trace's first line matching it.
first_line() { grep -n -m1 -E "$1" trace | cut -d: -f1; }
traced -f -y -e trace=fsync,fdatasync,write -o trace \
    "$GPULOG_BIN" add vast 2h -n durable >add.out 2>&1 || fail "add: $(cat add.out)"
sync_at=$(first_line "f(data)?sync\([0-9]+<[^>]*-wal>\)")
said_at=$(first_line "write\(1<[^>]*>, \"added #")
[ -n "$said_at" ] || fail "no confirmation in the trace: $(cat add.out)"
[ -n "$sync_at" ] || fail "add: the commit was never synced: $(grep sync trace)"
[ -n "$sync_at" ] && [ -n "$said_at" ] && [ "$sync_at" -lt "$said_at" ] ||
    fail "add confirmed (line $said_at) before the sync (line $sync_at)"
kill -TERM $rp; wait $rp

# gpulog run: the journal goes only after the end's commit is synced:
# the last write to the log before the journal's unlink is followed by a
# sync of the log before it.
traced -f -y -e trace=fsync,fdatasync,pwrite64,write,unlink,unlinkat \
    -o trace "$GPULOG_BIN" run -p kaggle --no-sample -- true >run2.out 2>&1 ||
    fail "run: $(cat run2.out)"
unlink_at=$(first_line "unlink(at)?\(.*\.run\.[0-9]+\"")
[ -n "$unlink_at" ] || fail "run: the journal was never removed"
order=$(awk -v u="${unlink_at:-0}" '
NR >= u { exit }
/(pwrite64|write)\([0-9]+<[^>]*-wal>/ { w = NR }
/f(data)?sync\([0-9]+<[^>]*-wal>\)/ { s = NR }
END { print (w > 0 && s > w) ? "synced" : "w=" w " s=" s }' trace)
[ "$order" = synced ] ||
    fail "run: the journal went before the end's commit was synced ($order)"
[ $fails = 0 ]
