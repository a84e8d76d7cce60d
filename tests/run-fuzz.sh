#!/bin/sh
# run-fuzz.sh: runs each libFuzzer target for SECONDS from a copy of its
# seed corpus (tests/fuzz/corpus/NAME, NAME being the target less "fuzz-").
# A crash leaves its input in build/fuzz/crashes/ and fails the run; turn it
# into a regression test under tests/.
# usage: tests/run-fuzz.sh SECONDS TARGET...
secs=$1
shift
here=$(cd "$(dirname "$0")" && pwd)
pass=0 fail=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
mkdir -p build/fuzz/crashes
for bin in "$@"; do
	name=$(basename "$bin")
	seeds="$here/fuzz/corpus/${name#fuzz-}"
	mkdir -p "$tmp/$name"
	[ -d "$seeds" ] && cp "$seeds"/* "$tmp/$name"/ 2>/dev/null
	: >"$tmp/start"
	if "$bin" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 \
	    -print_final_stats=1 -artifact_prefix=build/fuzz/crashes/"$name"- \
	    "$tmp/$name" >"$tmp/$name.log" 2>&1; then
		runs=$(sed -n 's/^stat::number_of_executed_units: *//p' \
		    "$tmp/$name.log")
		echo "fuzz: $name: ${runs:-?} inputs in ${secs}s, no crash"
		pass=$((pass + 1))
	else
		echo "fuzz: $name crashed:"
		# The report's head and its stack (an invariant's abort()
		# names the check that failed), and the input itself: CI's
		# clone, and build/fuzz/crashes with it, does not outlive
		# the run, so the log must be enough to replay it.
		sed -n '/ERROR\|runtime error/,/^$/p' "$tmp/$name.log" |
		    head -n 40
		grep -E "SUMMARY|Test unit written" "$tmp/$name.log" |
		    head -n 4
		for f in build/fuzz/crashes/"$name"-*; do
			[ -f "$f" ] && [ "$f" -nt "$tmp/start" ] || continue
			echo "fuzz: $f, base64 (base64 -d >FILE; $bin FILE):"
			base64 "$f" | head -n 200
		done
		fail=$((fail + 1))
	fi
done
echo "fuzz: $pass passed, $fail failed, 0 skipped"
[ "$fail" -eq 0 ]
