#!/bin/sh
# run-cli.sh: the CLI tests.  Each tests/cli/NAME.sh runs with a fresh
# database in a temporary directory (its HOME and TMPDIR too), TZ=UTC,
# LC_ALL=C.UTF-8, a pinned GPULOG_NOW and uids that follow from
# GPULOG_UID_SEED (the same references every time), with `gpulog` on
# PATH.  When
# NAME.out exists, stdout, stderr and the exit status must equal NAME.out,
# NAME.err and NAME.status; otherwise the script checks itself and must
# exit 0.  A script that exits 77 is skipped: its last line says why.
# With VALGRIND=1 (where valgrind is installed) memcheck checks the first
# gpulog of each kind the tests start, and any error or leak it reports
# fails the suite; a kind is the first two words that are not options
# (a word with anything but a-z, _ and - read as #) and the options'
# names, in order.  The same command again with other values runs as it
# is, so the tests keep their full size and their timing.  (The ASan/UBSan stage
# checks every process for memory errors and leaks; memcheck adds reads of
# uninitialised memory, at about a second a start.)  GPULOG_BIN is the
# binary itself, for a test that runs it as another user, who can neither
# enter the suite's directory nor write valgrind's logs there.
# A binary built with ASan writes what it finds to a log of the suite's
# own (ASAN_OPTIONS, UBSAN_OPTIONS log_path), and any such log fails the
# suite, whatever the test made of the exit status.  SANITIZED=1 tells the
# tests it is such a binary, whose processes start some ten times slower
# and import some four times slower: the tests that repeat one path
# hundreds or thousands of times (faults, kill-import, kill-run,
# sync-converge) see FEWER=1 and repeat it fewer times, as they do with
# QUICK=1 (`make test`).
# python3 is the interpreter itself, found once: a version manager's shim
# on PATH costs half a second a start.
# Tests run JOBS at a time (tests/pool.inc); what each says is printed in
# the order of their names, as each is done.
# usage: tests/run-cli.sh BINARY   (UPDATE=1 rewrites the expected files;
# ONLY=NAME runs one test; TIMES=1 prints how long each took; QUICK=1
# shortens the soak loops)
bin=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
here=$(cd "$(dirname "$0")" && pwd)
realbin=$bin
pass=0 fail=0 skip=0
tmp=$(mktemp -d)
. "$here/pool.inc"
trap 'pool_stop; rm -rf "$tmp"' EXIT
trap 'exit 130' INT TERM
mkdir -p "$tmp/bin" "$tmp/san"
py=$(python3 -c 'import sys; print(sys.executable)' 2>/dev/null)
[ -x "$py" ] && ln -s "$py" "$tmp/bin/python3"
sanitized=""
grep -q __asan_init "$bin" 2>/dev/null && sanitized=1
fewer=$sanitized
[ -n "${QUICK:-}" ] && fewer=1
suite=cli
names=""
for t in "$here"/cli/${ONLY:-*}.sh; do
	[ -f "$t" ] || { echo "cli: no test cli/${ONLY:-*}.sh"; exit 2; }
	names="$names $(basename "$t" .sh)"
done
if [ -n "${VALGRIND:-}" ] && ! command -v valgrind >/dev/null 2>&1; then
	echo "cli: memcheck skipped: valgrind is not installed"
	VALGRIND=""
fi
if [ -n "${VALGRIND:-}" ]; then
	suite="cli (valgrind)"
	mkdir -p "$tmp/vg"
	# --vgdb=no: no gdbserver, so a process killed under valgrind
	# leaves no vgdb FIFO in /tmp.  --read-inline-info=no: reading the
	# inlining of the debug info took 40% of each process's time; errors
	# and leaks are found the same, their stacks lack the inlined frames.
	mkdir -p "$tmp/vgkind"
	cat >"$tmp/bin/gpulog" <<WRAP
#!/bin/sh
# No process is started before the exec: this runs for every gpulog.
kind="" words=0 skip=""
for a in "\$@"; do
	if [ -n "\$skip" ]; then skip=""; continue; fi
	case \$a in
	--db) skip=1 ;;
	-*) kind="\$kind \${a%%=*}" ;;
	*)
		[ \$words -lt 2 ] || continue
		case \$a in *[!a-z_-]* | '') a=# ;; esac
		kind="\$kind \$a" words=\$((words + 1)) ;;
	esac
done
case \$kind in */*) kind=\$(printf '%s' "\$kind" | cksum) ;; esac
[ \${#kind} -lt 200 ] || kind=\$(printf '%s' "\$kind" | cksum)
set -C
{ true >"$tmp/vgkind/gpulog\$kind"; } 2>/dev/null || exec "$bin" "\$@"
exec valgrind -q --vgdb=no --read-inline-info=no --log-file="$tmp/vg/%p" \\
    --leak-check=full \\
    --show-leak-kinds=definite,indirect \\
    --errors-for-leak-kinds=definite,indirect --error-exitcode=99 \\
    "$bin" "\$@"
WRAP
	chmod +x "$tmp/bin/gpulog"
	bin=$tmp/bin/gpulog
else
	ln -s "$bin" "$tmp/bin/gpulog"
fi

sqlite3_shell=$(command -v sqlite3 || true)

# run_test NAME: runs it in $tmp/NAME and writes there what it says
# (report), how it went (result: pass, fail or skip) and its seconds.
run_test() {
	name=$1
	work="$tmp/$name"
	mkdir -p "$work/tmp"
	s=$(date +%s)
	(
		cd "$work" || exit 99
		# A test that drives the sqlite3 shell skips without it.
		if [ -z "$sqlite3_shell" ] &&
		    grep -q 'sqlite3 ' "$here/cli/$name.sh"; then
			echo "needs the sqlite3 shell (Debian: sqlite3)" >.out
			: >.err
			echo 77 >.status
			exit 0
		fi
		env -u NO_COLOR -u GPULOG_DB -u XDG_DATA_HOME \
		    PATH="$tmp/bin:$PATH" HOME="$work" TMPDIR="$work/tmp" \
		    GPULOG="$bin" GPULOG_BIN="$realbin" SANITIZED="$sanitized" FEWER="$fewer" \
		    ASAN_OPTIONS="log_path=$tmp/san/asan" \
		    UBSAN_OPTIONS="log_path=$tmp/san/ubsan:print_stacktrace=1" \
		    GPULOG_DB="$work/gpulog.db" TZ=UTC \
		    LC_ALL=C.UTF-8 GPULOG_NOW=2026-12-01T12:00:00Z \
		    GPULOG_UID_SEED=1 \
		    DATA="$here/data" \
		    sh "$here/cli/$name.sh" >"$work/.out" 2>"$work/.err" </dev/null
		echo $? >"$work/.status"
	)
	st=$(cat "$work/.status")
	: >"$work/report"
	if [ "$st" = 77 ]; then
		why=$(cat "$work/.out" "$work/.err" | sed '/^$/d' | tail -n 1)
		echo "SKIP cli/$name: ${why:-no reason given}" >"$work/report"
		result=skip
	elif [ ! -f "$here/cli/$name.out" ] && [ -z "${UPDATE:-}" ] ||
	    [ -f "$here/cli/$name.self" ]; then
		if [ "$st" = 0 ]; then
			result=pass
		else
			{
				echo "FAIL cli/$name (exit $st)"
				cat "$work/.out" "$work/.err" | tail -n 30
			} >"$work/report"
			result=fail
		fi
	else
		if [ -n "${UPDATE:-}" ]; then
			cp "$work/.out" "$here/cli/$name.out"
			cp "$work/.err" "$here/cli/$name.err"
			cp "$work/.status" "$here/cli/$name.status"
		fi
		result=pass
		for k in out err status; do
			if ! diff -u "$here/cli/$name.$k" "$work/.$k" \
			    >"$work/diff.$k"; then
				result=fail
				echo "FAIL cli/$name: $k differs"
				head -n 40 "$work/diff.$k"
			fi
		done >"$work/report"
	fi
	echo $(($(date +%s) - s)) >"$work/secs"
	echo "$result" >"$work/result"
}

echo "$suite: $(echo $names | wc -w) tests, $jobs at a time"
pool_start
for n in $names; do
	pool_wait "$n"
	cat "$tmp/$n/report"
	[ -n "${TIMES:-}" ] && echo "time cli/$n: $(cat "$tmp/$n/secs") s"
	case $(cat "$tmp/$n/result") in
	pass) pass=$((pass + 1)) ;;
	skip) skip=$((skip + 1)) ;;
	*) fail=$((fail + 1)) ;;
	esac
done
pool_stop
# What valgrind said: a log holds only what it reports.
if [ -n "${VALGRIND:-}" ]; then
	for f in "$tmp"/vg/*; do
		[ -s "$f" ] || continue
		echo "FAIL valgrind: $(grep -m1 'Command:' "$f" ||
		    basename "$f")"
		head -n 40 "$f"
		fail=$((fail + 1))
	done
	echo "$suite: $(ls "$tmp/vg" | wc -l) gpulog processes checked"
fi
# What ASan, LeakSanitizer and UBSan said, where the binary has them.
for f in "$tmp"/san/*; do
	[ -s "$f" ] || continue
	echo "FAIL sanitizer: $(basename "$f")"
	head -n 40 "$f"
	fail=$((fail + 1))
done
echo "$suite: $pass passed, $fail failed, $skip skipped"
[ "$fail" -eq 0 ]
