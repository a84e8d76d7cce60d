#!/bin/sh
# run-unit.sh: runs each unit test program and adds up their counts (each
# program's last line is "N passed, N failed", from tests/unit/t.h).
# usage: tests/run-unit.sh BINARY...   (ONLY=NAME, or a pattern such as
# 'test-q*', runs only the programs it matches)
pass=0 fail=0
for t in "$@"; do
	# shellcheck disable=SC2254
	case $(basename "$t") in ${ONLY:-*}) ;; *) continue ;; esac
	out=$("$t" 2>&1)
	rc=$?
	last=$(printf '%s\n' "$out" | tail -n 1)
	p=$(printf '%s\n' "$last" | sed -n 's/^\([0-9]*\) passed, \([0-9]*\) failed$/\1/p')
	f=$(printf '%s\n' "$last" | sed -n 's/^\([0-9]*\) passed, \([0-9]*\) failed$/\2/p')
	if [ -z "$p" ]; then
		printf '%s\n' "$out"
		echo "unit: $t crashed or printed no count (exit $rc)"
		fail=$((fail + 1))
		continue
	fi
	if [ "$rc" -ne 0 ] || [ "$f" -ne 0 ]; then
		printf '%s\n' "$out" | grep -v '^ok ' | head -n 40
	fi
	[ "$rc" -ne 0 ] && [ "$f" -eq 0 ] && f=1
	echo "unit: $(basename "$t"): $p passed, $f failed, 0 skipped"
	pass=$((pass + p))
	fail=$((fail + f))
done
echo "unit: $pass passed, $fail failed, 0 skipped"
[ "$fail" -eq 0 ]
