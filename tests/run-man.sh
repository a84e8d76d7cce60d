#!/bin/sh
# run-man.sh: the manual is clean under mandoc -Tlint and documents every
# command and every long option that `gpulog CMD --help` prints.
cd "$(dirname "$0")/.." || exit 2
bin=${GPULOG_BIN:-build/gpulog}
pass=0 fail=0
if mandoc -Tlint -W warning man/gpulog.1; then
	pass=$((pass + 1))
else
	echo "man: mandoc -Tlint reports problems"
	fail=$((fail + 1))
fi
for cmd in $("$bin" --help | sed -n 's/^  \([a-z]*\) .*/\1/p'); do
	if grep -q "^\.It Cm $cmd\b" man/gpulog.1; then
		pass=$((pass + 1))
	else
		echo "man: command $cmd is not documented (.It Cm $cmd)"
		fail=$((fail + 1))
	fi
	for o in $("$bin" "$cmd" --help | sed -n 's/^  .*--\([a-z-]*\).*/\1/p'); do
		if grep -q "Fl \(-\|[a-z] , Fl -\)\?$o\b\|Fl -$o\b" man/gpulog.1; then
			pass=$((pass + 1))
		else
			echo "man: $cmd --$o is not documented"
			fail=$((fail + 1))
		fi
	done
done
echo "man: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
