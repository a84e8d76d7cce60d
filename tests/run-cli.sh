#!/bin/sh
# run-cli.sh: the CLI tests.  Each tests/cli/NAME.sh runs with a fresh
# database in a temporary directory, TZ=UTC, LC_ALL=C.UTF-8 and a pinned
# GPULOG_NOW, with `gpulog` on PATH.  When NAME.out exists, stdout, stderr
# and the exit status must equal NAME.out, NAME.err and NAME.status;
# otherwise the script checks itself and must exit 0.
# With VALGRIND=1 every gpulog the tests start runs under valgrind's
# memcheck, and any error or leak it reports fails the suite.
# usage: tests/run-cli.sh BINARY   (UPDATE=1 rewrites the expected files;
# ONLY=NAME runs one test)
bin=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
here=$(cd "$(dirname "$0")" && pwd)
pass=0 fail=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
mkdir -p "$tmp/bin"
suite=cli
if [ -n "${VALGRIND:-}" ]; then
	if ! command -v valgrind >/dev/null 2>&1; then
		echo "cli (valgrind): valgrind is not installed; skipped"
		echo "cli (valgrind): 0 passed, 0 failed"
		exit 0
	fi
	suite="cli (valgrind)"
	mkdir -p "$tmp/vg"
	cat >"$tmp/bin/gpulog" <<WRAP
#!/bin/sh
exec valgrind -q --log-file="$tmp/vg/%p" --leak-check=full \\
    --show-leak-kinds=definite,indirect \\
    --errors-for-leak-kinds=definite,indirect --error-exitcode=99 \\
    "$bin" "\$@"
WRAP
	chmod +x "$tmp/bin/gpulog"
	bin=$tmp/bin/gpulog
else
	ln -s "$bin" "$tmp/bin/gpulog"
fi
for t in "$here"/cli/${ONLY:-*}.sh; do
	name=$(basename "$t" .sh)
	work="$tmp/$name"
	mkdir -p "$work"
	(
		cd "$work" || exit 99
		env -u NO_COLOR -u GPULOG_DB -u XDG_DATA_HOME \
		    PATH="$tmp/bin:$PATH" HOME="$work" GPULOG="$bin" \
		    GPULOG_DB="$work/gpulog.db" TZ=UTC LC_ALL=C.UTF-8 \
		    GPULOG_NOW=2026-12-01T12:00:00Z DATA="$here/data" \
		    sh "$t" >"$work/out" 2>"$work/err" </dev/null
		echo $? >"$work/status"
	)
	if [ ! -f "$here/cli/$name.out" ] && [ -z "${UPDATE:-}" ] ||
	    [ -f "$here/cli/$name.self" ]; then
		if [ "$(cat "$work/status")" = 0 ]; then
			pass=$((pass + 1))
		else
			echo "FAIL cli/$name (exit $(cat "$work/status"))"
			cat "$work/out" "$work/err" | tail -n 30
			fail=$((fail + 1))
		fi
		continue
	fi
	if [ -n "${UPDATE:-}" ]; then
		cp "$work/out" "$here/cli/$name.out"
		cp "$work/err" "$here/cli/$name.err"
		cp "$work/status" "$here/cli/$name.status"
	fi
	ok=1
	for k in out err status; do
		if ! diff -u "$here/cli/$name.$k" "$work/$k" >"$work/diff.$k"; then
			ok=0
			echo "FAIL cli/$name: $k differs"
			head -n 40 "$work/diff.$k"
		fi
	done
	if [ $ok = 1 ]; then pass=$((pass + 1)); else fail=$((fail + 1)); fi
done
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
echo "$suite: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
