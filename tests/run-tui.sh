#!/bin/sh
# run-tui.sh: the dashboard's tests.  Each tests/tui/NAME.sh drives the real
# binary in a private tmux server (-f /dev/null, its socket in the test's
# own temporary directory, so nothing is left in /tmp/tmux-UID) with a
# fresh database, TZ=UTC, LANG=C.UTF-8, a pinned GPULOG_NOW and uids that
# follow from GPULOG_UID_SEED (the same references every time), using the
# helpers of tests/tui/lib.inc: start, wait_for (polls the pane, never a
# bare sleep), keys, screen (compares the pane with NAME-STEP.screen) and
# db (gpulog itself).  A script passes when it exits 0.  Tests run JOBS at
# a time (tests/pool.inc), each with its own server; what each says is
# printed in the order of their names.
# usage: tests/run-tui.sh BINARY   (UPDATE=1 rewrites the .screen files;
# ONLY=NAME, or a pattern, runs those tests alone)
bin=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
here=$(cd "$(dirname "$0")" && pwd)
pass=0 fail=0
if ! command -v tmux >/dev/null 2>&1; then
	echo "tui: skipped: tmux is not installed"
	echo "tui: 0 passed, 0 failed, $(ls "$here"/tui/*.sh | wc -l) skipped"
	exit 0
fi
tmp=$(mktemp -d)
for t in "$here"/tui/${ONLY:-*}.sh; do
	[ -f "$t" ] || { echo "tui: no test tui/${ONLY:-*}.sh"; exit 2; }
done
names=$(for t in "$here"/tui/${ONLY:-*}.sh; do basename "$t" .sh; done)
. "$here/pool.inc"
trap 'pool_stop; for s in "$tmp"/*/sock; do [ -S "$s" ] &&
    tmux -S "$s" kill-server 2>/dev/null; done; rm -rf "$tmp"' EXIT
trap 'exit 130' INT TERM
mkdir -p "$tmp/bin"
ln -s "$bin" "$tmp/bin/gpulog"

# run_test NAME: runs it in $tmp/NAME with its own tmux server.
run_test() {
	name=$1
	work="$tmp/$name"
	mkdir -p "$work/tmp"
	(
		cd "$work" || exit 99
		env -u NO_COLOR -u GPULOG_DB -u XDG_DATA_HOME \
		    PATH="$tmp/bin:$PATH" HOME="$work" TMPDIR="$work/tmp" \
		    TUI_SOCK="$work/sock" \
		    GPULOG_DB="$work/gpulog.db" TZ=UTC LANG=C.UTF-8 \
		    LC_ALL=C.UTF-8 GPULOG_NOW=2026-12-01T12:00:00Z \
		    GPULOG_UID_SEED=1 \
		    TUI_NAME="$name" TUI_DIR="$here/tui" UPDATE="${UPDATE:-}" \
		    sh -c '. "$TUI_DIR/lib.inc"; . "$1"; rc=$?; tui_end; exit $rc' \
		    sh "$here/tui/$name.sh" >"$work/out" 2>&1 </dev/null
	)
	rc=$?
	tmux -S "$work/sock" kill-server 2>/dev/null
	if [ $rc = 0 ]; then
		: >"$work/report"
		echo pass >"$work/result"
	else
		{
			echo "FAIL tui/$name (exit $rc)"
			tail -n 40 "$work/out"
		} >"$work/report"
		echo fail >"$work/result"
	fi
}

echo "tui: $(echo $names | wc -w) tests, $jobs at a time"
pool_start
for n in $names; do
	pool_wait "$n"
	cat "$tmp/$n/report"
	if [ "$(cat "$tmp/$n/result")" = pass ]; then
		pass=$((pass + 1))
	else
		fail=$((fail + 1))
	fi
done
pool_stop
echo "tui: $pass passed, $fail failed, 0 skipped"
[ "$fail" -eq 0 ]
