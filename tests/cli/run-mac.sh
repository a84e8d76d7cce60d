# `gpulog run` on a Mac: with no nvidia-smi but ioreg on PATH (a fake that
# prints captures of the real tool, tests/data/ioreg-macos-*.txt), the run
# is recorded on local with the chip's model and GPU cores, the peak of
# "In use system memory" (never the "(driver)" key beside it) and the mean
# "Device Utilization %", and no memory total or energy.  Checks itself.
fails=0
check() {  # check WHAT GOT WANT
	if [ "$2" != "$3" ]; then
		echo "FAIL $1: got [$2], want [$3]"
		fails=$((fails + 1))
	fi
}
sql() {
	python3 -c 'import sqlite3, sys
r = sqlite3.connect(sys.argv[1]).execute(sys.argv[2]).fetchone()
print("" if r is None else "|".join("" if v is None else str(v) for v in r))' \
	    "$GPULOG_DB" "$1"
}
export GPULOG_DB=$PWD/mac.db
mkdir -p macbin
ln -s "$DATA/../fake-ioreg" macbin/ioreg
MACPATH=$PWD/macbin:$(dirname "$(command -v gpulog)"):/usr/bin:/bin
if PATH=$MACPATH command -v nvidia-smi >/dev/null; then
	echo "run-mac: skipped: nvidia-smi is in /usr/bin"
	exit 77
fi
n=0
for cap in 14.5-m2-pro 13.6-m1 15.1-m3-max 15.2-m4; do
	n=$((n + 1))
	FAKE_IOREG_CAPTURE=$DATA/ioreg-macos-$cap.txt PATH=$MACPATH \
	    gpulog run --sample-interval 100ms -- sleep 0.4 2>err$n ||
	    { echo "FAIL run $cap: $(cat err$n)"; fails=$((fails + 1)); }
done
q='SELECT r.platform, r.gpu, r.gpus, m.samples > 0, m.peak_mem_mib,
    coalesce(m.mem_total_mib, "-"), m.mean_util_pct,
    coalesce(m.energy_wh_milli, "-") FROM runs r JOIN run_metrics m
    ON m.run_id = r.id WHERE r.id = '
check "M2 Pro" "$(sql "$q 1")" "local|Apple M2 Pro 19-core|1|1|3992|-|63|-"
check "M1 idle" "$(sql "$q 2")" "local|Apple M1 8-core|1|1|276|-|0|-"
check "M3 Max" "$(sql "$q 3")" "local|Apple M3 Max 40-core|1|1|28672|-|97|-"
check "M4" "$(sql "$q 4")" "local|Apple M4 10-core|1|1|1024|-|12|-"
grep -q "warning" err1 && { echo "FAIL a warning: $(cat err1)"; fails=$((fails + 1)); }

# A Mac without an accelerator's statistics: said once, the run kept.
printf '+-o IOResources  <class IOResources>\n' >none.txt
FAKE_IOREG_CAPTURE=$PWD/none.txt PATH=$MACPATH \
    gpulog run --sample-interval 100ms -- sleep 0.2 2>err5
grep -q "gpulog: warning: ioreg shows no GPU" err5 ||
    { echo "FAIL no GPU: $(cat err5)"; fails=$((fails + 1)); }
check "kept" "$(sql 'SELECT count(*) FROM runs')" 5
echo "run-mac: $fails failed"
[ $fails = 0 ]
