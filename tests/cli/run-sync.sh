# A run `gpulog run` records travels closed: exported while it runs and
# again after it ends, it is open on the other machine after the first
# import and closed after the second, because the run's end is a change
# made when it ended (its modified time), not when it began.
fails=0
check() {  # check WHAT GOT WANT
	if [ "$2" != "$3" ]; then
		echo "FAIL $1: got [$2], want [$3]"
		fails=$((fails + 1))
	fi
}
other=$PWD/other.db

# The command exports the database while its own run is open (it waits,
# up to 5 s, for gpulog run to have recorded it).
gpulog run -p kaggle --no-sample -- sh -c 'i=0
    until gpulog log --json | grep -q "\"open\":true" || [ $i -ge 600 ]; do
	sleep 0.05; i=$((i + 1)); done
    gpulog export -o during.json; sleep 1' >out 2>err ||
    echo "run failed: $(cat err)"
gpulog export -o after.json || echo "export failed"

GPULOG_DB=$other gpulog import json during.json >/dev/null 2>&1
check "open there after the first import" \
    "$(GPULOG_DB=$other gpulog status --json | python3 -c '
import json, sys; print(len(json.load(sys.stdin)["open_runs"]))')" 1
check "the second import updates it" \
    "$(GPULOG_DB=$other gpulog import json after.json 2>&1)" \
    "imported 0 runs (1 updated, 0 already there) and 0 expenses from after.json"
check "closed there" \
    "$(GPULOG_DB=$other gpulog status --json | python3 -c '
import json, sys; print(len(json.load(sys.stdin)["open_runs"]))')" 0
check "modified when it ended" "$(python3 -c '
import json
r = json.load(open("after.json"))["runs"][0]
d = json.load(open("during.json"))["runs"][0]
print(r["modified"] > d["modified"], r["end"] is not None, d["end"] is None)')" \
    "True True True"
[ $fails = 0 ]
