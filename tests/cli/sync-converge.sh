# Three machines change their logs at random and sync in random orders
# (some syncs killed part way) until quiet: every database then has the
# same log --json, spend --json and status --json.  Fixed seeds, so a
# failure names one that repeats it (tests/sync/converge.py).  Seed 4
# starts from 3,000 runs, so that its files go by segments.
here=$(cd "$(dirname "$0")/.." && pwd)
fails=0
# Under ASan (each process slower) and in make test, FEWER=1: one seed,
# the same paths.
seeds="1 2 3"
[ -z "${FEWER:-}" ] || seeds=1
rounds=40
for seed in $seeds; do
	mkdir "w$seed"
	python3 "$here/sync/converge.py" gpulog "$PWD/w$seed" $seed $rounds ||
	    fails=$((fails + 1))
done
mkdir w4
python3 "$here/sync/converge.py" gpulog "$PWD/w4" 4 $rounds 3000 ||
    fails=$((fails + 1))
[ $fails = 0 ]
