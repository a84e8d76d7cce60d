#!/bin/sh
# stage.sh: one stage of `make check`.  Runs CMD with its output kept in
# DIR/NAME.log, then prints that output as one block under a line with the
# stage's name, how long it took and how it ended, so that stages running
# side by side do not mix their lines.  DIR/NAME.time keeps the seconds
# and the outcome for the summary (stage.sh --summary DIR).
# usage: tests/stage.sh DIR NAME CMD...  |  tests/stage.sh --summary DIR
if [ "$1" = --summary ]; then
	bad=0
	echo "check: the stages and their times:"
	for f in "$2"/*.time; do
		[ -f "$f" ] || continue
		read -r secs how <"$f"
		printf '  %-16s %4d s  %s\n' "$(basename "$f" .time)" \
		    "$secs" "$how"
		[ "$how" = ok ] || bad=1
	done
	echo "check: $(($(date +%s) - $(cat "$2/start"))) s in all"
	exit $bad
fi
dir=$1 name=$2
shift 2
mkdir -p "$dir"
echo "check: $name started"
s=$(date +%s)
"$@" >"$dir/$name.log" 2>&1
rc=$?
secs=$(($(date +%s) - s))
if [ $rc = 0 ]; then how=ok; else how="failed (exit $rc)"; fi
echo "$secs $how" >"$dir/$name.time"
# One block at a time: a stage that ends while another prints waits.
i=0
while ! mkdir "$dir/.print" 2>/dev/null && [ $i -lt 100 ]; do
	sleep 0.1
	i=$((i + 1))
done
echo "==== $name: $secs s, $how"
cat "$dir/$name.log"
rmdir "$dir/.print" 2>/dev/null
exit $rc
