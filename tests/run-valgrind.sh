#!/bin/sh
# run-valgrind.sh: the CLI paths under valgrind's memcheck: no error and no
# leak in any of them.  Skipped (and said so) where valgrind is missing.
# Everything it writes is in its temporary directory (TMPDIR too), and
# --vgdb=no keeps valgrind's gdbserver FIFOs out of /tmp
# (--read-inline-info=no: see run-cli.sh).
# usage: tests/run-valgrind.sh BINARY
bin=$1
here=$(cd "$(dirname "$0")" && pwd)
pass=0 fail=0
if ! command -v valgrind >/dev/null 2>&1; then
	echo "valgrind: skipped: valgrind is not installed"
	n=$(grep -cE '^([A-Z_]+=[^ ]+ )?vg ' "$0")
	echo "valgrind: 0 passed, 0 failed, $n skipped"
	exit 0
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT TERM
mkdir "$tmp/tmp"
export GPULOG_DB="$tmp/db" GPULOG_NOW=2026-12-01T12:00:00Z TZ=UTC \
    LC_ALL=C.UTF-8 TMPDIR="$tmp/tmp" HOME="$tmp"
unset XDG_DATA_HOME NO_COLOR
vg() {
	if valgrind -q --vgdb=no --read-inline-info=no --leak-check=full \
	    --show-leak-kinds=definite,indirect \
	    --errors-for-leak-kinds=definite,indirect --error-exitcode=99 \
	    "$bin" "$@" >"$tmp/out" 2>"$tmp/err"; then
		pass=$((pass + 1))
	elif [ $? = 99 ]; then
		echo "valgrind: gpulog $*:"
		cat "$tmp/err"
		fail=$((fail + 1))
	else
		pass=$((pass + 1))  # a refused input is fine; leaks are not
	fi
}
vg add kaggle 2h30m -g P100 -n note -t a -t b --project p --checkpointed
vg add vast yesterday 14:00-17:30 -g "RTX 4090"
vg add kaggle 2h3x
vg add kagle 2h
vg start colab-pro -g T4
vg status
vg status --json
vg status --short
vg stop
vg edit -1 -n changed --gpus 2
vg spend 899INR colab-pro
vg log
vg log --json
vg log --csv --platform kaggle --tag a
vg report --by week
vg report --by tag --json
vg report --by platform --csv
vg plan
vg plan --json
vg plan --start 2026-10-01
vg platforms
vg platforms --json
vg platforms set kaggle --quota 25h/week --reset "fri 18:30 UTC"
vg platforms set vast --gpu "RTX 5090" --rate 0.55
vg fx 84.2
vg fx --json
vg export -o "$tmp/export.json"
GPULOG_DB="$tmp/db2" vg import json "$tmp/export.json"
vg where 8h
vg where 30h --gpu "A100 80GB" --json
vg status --check
vg tui --dump
vg tui --dump --width 132 --height 40
vg import csv "$here/data/import-good.csv"
vg import csv "$here/data/import-bad.csv"
vg import kaggle "$here/data/kaggle-quota.json"
vg import colab "$here/data/colab-sessions.csv"
vg import colab --snippet
vg run -p kaggle --no-sample -n "valgrind" -- true
vg rm -1
vg undo
vg undo
vg --help
vg add --help
echo "valgrind: $pass passed, $fail failed, 0 skipped"
[ "$fail" -eq 0 ]
