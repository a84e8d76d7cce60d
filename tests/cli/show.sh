# `gpulog show`: a run from each source (typed, started and still open,
# a CSV file, Colab's session file, a JSON export) and expenses (a spend,
# a pack), as text and JSON: times, GPU, price and how it was priced, the
# quota windows it counted in (a run across Kaggle's Saturday reset counts
# in both), its source, and the changes that made it.  The changes' times
# are when they were made, so they are masked here.
mask() { sed -e 's/^\(  [a-z ]\{10\} \)[A-Z][a-z][a-z] [0-9-]* [0-9:]*  /\1DAY TIME  /' \
    -e 's/"at": "[0-9T:Z-]*"/"at": "TIME"/g' -e 's/"uid":"[0-9a-f]*"/"uid":"UID"/'; }
cp "$DATA/import-good.csv" "$DATA/colab-sessions.csv" .
gpulog add kaggle 2h -g P100 -n "resnet baseline" -t cifar -t base --project vision >/dev/null
gpulog add kaggle --start "2026-11-27 23:00" --end "2026-11-28 01:30" -g T4 --gpus 2 >/dev/null
gpulog add vast 3h -g "RTX 4090" --gpus 2 >/dev/null
gpulog add runpod 1h --cost 2.50USD -g A100 >/dev/null
gpulog edit 1 --note "resnet, lr 0.1" >/dev/null
gpulog start vast -g "RTX 4090" --at 10:00 >/dev/null
gpulog import csv import-good.csv >/dev/null
gpulog import colab colab-sessions.csv >/dev/null
gpulog spend 899INR colab-pro -n "Pro, December" >/dev/null
gpulog spend 1000INR colab-pro --units 100 >/dev/null
for id in 1 '#2' 3 -1 5 6 9 10; do
	echo "== show $id"
	gpulog show "$id" | mask
done
echo "== show e1, e2"
gpulog show e1 | mask
gpulog show e2 | mask
echo "== json"
gpulog show 2 --json | mask
gpulog show 7 --json | mask
gpulog show e2 --json | mask
echo "== an import carried into another database keeps its source"
gpulog export -o all.json
GPULOG_DB=$PWD/other.db gpulog import json all.json >/dev/null
GPULOG_DB=$PWD/other.db gpulog show 1 | mask
echo "== bad ids"
gpulog show 99; echo "exit $?"
gpulog show e99; echo "exit $?"
gpulog show x1; echo "exit $?"
gpulog show e; echo "exit $?"
