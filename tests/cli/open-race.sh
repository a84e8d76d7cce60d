# Several gpulogs that start at once on a database that does not exist yet
# all open it: one makes the schema and the catalog, the others wait for
# its write lock and find it made.
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
for round in 1 2 3 4 5; do
	db=$PWD/race$round.db
	pids=""
	for i in 1 2 3 4 5 6 7 8; do
		gpulog --db "$db" status --json >o$i 2>e$i &
		pids="$pids $!"
	done
	i=0
	for p in $pids; do
		i=$((i + 1))
		wait "$p" || fail "round $round, gpulog $i: $(cat e$i)"
	done
	n=$(sqlite3 "$db" "SELECT count(*) FROM platforms" 2>&1)
	gpulog --db "$PWD/one$round.db" status >/dev/null
	m=$(sqlite3 "$PWD/one$round.db" "SELECT count(*) FROM platforms")
	[ "$n" = "$m" ] || fail "round $round: $n platforms, want $m"
done
[ $fails = 0 ]
