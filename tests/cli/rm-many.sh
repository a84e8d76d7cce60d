# rm of several runs, or of every run from one source, is one change that
# one undo takes back; a run named twice, an expense among runs, an id
# that is not there, or a source with no run removes nothing.
for d in 27 28 29 30; do
	gpulog add kaggle --start 2026-11-${d}T08:00 --end 2026-11-${d}T09:00 >/dev/null
done
printf 'platform,start,end,cost\nvast,2026-11-20T08:00Z,2026-11-20T10:00Z,$0.50\nvast,2026-11-21T08:00Z,2026-11-21T09:00Z,$0.25\n' >inv.csv
gpulog import csv inv.csv >/dev/null
gpulog rm 1 2 3
gpulog log | wc -l
gpulog undo
gpulog log | wc -l
gpulog rm 1 1; echo "exit $?"
gpulog rm 1 99; echo "exit $?"
gpulog spend 100INR -n fee >/dev/null
gpulog rm 1 e1; echo "exit $?"
gpulog rm 1 --source csv; echo "exit $?"
gpulog rm --source nowhere; echo "exit $?"
gpulog rm; echo "exit $?"
gpulog log | wc -l
gpulog rm --source csv
gpulog log --json | python3 -c 'import json, sys
print(sorted(r["source"] for r in json.load(sys.stdin)))'
gpulog undo
