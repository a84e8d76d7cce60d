# gpulog run killed with SIGKILL at each of its own system calls in turn
# (strace's fault injection, its command untraced): once the next command
# has recovered, a run was added exactly when the command started, none
# is left open, no journal is left (a temporary one left empty is given
# the 5 seconds after which such a file goes), and the database is whole.
# Every call; with FEWER=1 (ASan) or QUICK=1 every 10th.
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
command -v strace >/dev/null 2>&1 ||
    { echo "strace is not installed"; exit 77; }
strace -o /dev/null -e inject=getpid:error=EPERM:when=1 true 2>/dev/null ||
    { echo "strace cannot inject faults here (no ptrace)"; exit 77; }
command -v sqlite3 >/dev/null 2>&1 || { echo "no sqlite3 shell"; exit 77; }
db=$GPULOG_DB
# LeakSanitizer cannot work under ptrace: an ASan build checks leaks in
# the other tests.
traced() {
	ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" strace "$@"
}
step=1
[ -z "${FEWER:-}${QUICK:-}" ] || step=10
gpulog add kaggle 1h -n base >/dev/null
# The reference: gpulog's own calls, in order, each as the Nth of its
# name (strace's when=N counts each name apart).
traced -o ref "$GPULOG_BIN" run -p kaggle --no-sample -- true 2>/dev/null
points=$(awk -F'(' '/^[a-z_0-9]+\(/ { n[$1]++; print $1 ":" n[$1] }' ref)
total=$(printf '%s\n' "$points" | wc -l)
[ "$total" -gt 100 ] || fail "only $total calls in the reference"
runs() { sqlite3 "$db" "SELECT count(*) FROM runs"; }
i=0
tried=0
for p in $points; do
	i=$((i + 1))
	[ $((i % step)) = 0 ] || continue
	tried=$((tried + 1))
	before=$(runs)
	rm -f ran
	traced -o /dev/null -e inject="${p%%:*}":signal=KILL:when="${p#*:}" \
	    "$GPULOG_BIN" run -p kaggle --no-sample -- touch ran \
	    >/dev/null 2>&1
	# The command, if started, has ended: its own process, untraced.
	k=0
	while pgrep -x touch >/dev/null 2>&1 && [ $k -lt 50 ]; do
		sleep 0.02; k=$((k + 1))
	done
	for t in "$db".run.*.tmp; do
		[ -e "$t" ] && [ ! -s "$t" ] && touch -d '10 seconds ago' "$t"
	done
	gpulog log >/dev/null 2>rec.err
	after=$(runs)
	want=$before
	[ -e ran ] && want=$((before + 1))
	[ "$after" = "$want" ] ||
	    fail "killed at $p (#$i): $after runs, want $want: $(cat rec.err)"
	open=$(sqlite3 "$db" "SELECT count(*) FROM runs WHERE end_ts IS NULL")
	[ "$open" = 0 ] || fail "killed at $p (#$i): $open open runs"
	left=$(ls "$db".run.* 2>/dev/null)
	[ -z "$left" ] || { fail "killed at $p (#$i): left $left"; rm -f $left; }
done
[ "$(sqlite3 "$db" 'PRAGMA integrity_check')" = ok ] ||
    fail "integrity after the kills"
echo "killed at $tried of $total calls"
[ $fails = 0 ]
