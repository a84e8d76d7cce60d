# A change that says it is saved is on the disk: while another gpulog
# holds the database open (a `gpulog run` here), `add` syncs its commit
# (fdatasync or fsync of the write-ahead log) before it prints its
# confirmation, and `gpulog run` removes its journal only after the
# commit that ends the run is synced.  Seen with strace, which must be
# able to trace here.
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
command -v strace >/dev/null 2>&1 || { echo "strace is not installed"; exit 77; }
strace -f -o /dev/null true 2>/dev/null ||
    { echo "strace cannot trace here (no ptrace)"; exit 77; }
db=$GPULOG_DB
gpulog add kaggle 1h -n first >/dev/null
gpulog run -p kaggle --no-sample -- sleep 30 2>run.err &
rp=$!
i=0
until grep -q started run.err || [ $i -ge 50 ]; do sleep 0.1; i=$((i + 1)); done
# first_line PATTERN: the number of trace's first line matching it.
first_line() { grep -n -m1 -E "$1" trace | cut -d: -f1; }
strace -f -y -e trace=fsync,fdatasync,write -o trace \
    "$GPULOG_BIN" add vast 2h -n durable >add.out 2>&1 || fail "add: $(cat add.out)"
sync_at=$(first_line "f(data)?sync\([0-9]+<[^>]*-wal>\)")
said_at=$(first_line "write\(1<[^>]*>, \"added #")
[ -n "$said_at" ] || fail "no confirmation in the trace: $(cat add.out)"
[ -n "$sync_at" ] || fail "add: the commit was never synced: $(grep sync trace)"
[ -n "$sync_at" ] && [ -n "$said_at" ] && [ "$sync_at" -lt "$said_at" ] ||
    fail "add confirmed (line $said_at) before the sync (line $sync_at)"
kill -TERM $rp; wait $rp

# gpulog run: the journal goes only after the end's commit is synced.
strace -f -y -e trace=fsync,fdatasync,unlink,unlinkat -o trace \
    "$GPULOG_BIN" run -p kaggle --no-sample -- true >run2.out 2>&1 ||
    fail "run: $(cat run2.out)"
unlink_at=$(first_line "unlink(at)?\(.*\.run\.[0-9]+\"")
sync_at=$(awk -v u="${unlink_at:-0}" 'NR < u && /f(data)?sync\([0-9]+<[^>]*-wal>\)/ {n = NR} END {print n}' trace)
[ -n "$unlink_at" ] || fail "run: the journal was never removed"
[ -n "$sync_at" ] || fail "run: the journal went before any synced commit"
# The last sync before the unlink is the end's commit: nothing but the
# commit that ends the run happens between the two.
[ $fails = 0 ]
