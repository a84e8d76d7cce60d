# `gpulog run` fed real nvidia-smi captures (tests/data/nvidia-smi-*.csv,
# named after the driver that printed them): under MIG utilisation is
# [N/A] and said to be unknown, never -1 or 0; an idle GPU keeps its total
# memory; [Not Supported] power leaves the energy unknown; eight H100s are
# eight; a runaway nvidia-smi repeating its lines is still one GPU, and
# no count passes 64; --sample-interval is at least 100 ms.  Checks itself.
mkdir -p fakebin
ln -s "$DATA/../fake-nvidia-smi" fakebin/nvidia-smi
GPUPATH="$PWD/fakebin:$PATH"
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
print("" if r is None else "|".join("NULL" if v is None else str(v) for v in r))' \
	    "$GPULOG_DB" "$1"
}
n=0
# smi CAPTURE [REPEAT]: one run while nvidia-smi answers from CAPTURE; the
# end line into err$n.
smi() {
	n=$((n + 1))
	rm -f smi.calls
	FAKE_SMI_CAPTURE="$DATA/$1" FAKE_SMI_REPEAT=${2:-1} \
	    FAKE_SMI_STATE="$PWD/smi.calls" PATH=$GPUPATH \
	    gpulog run -p vast --sample-interval 100ms -- \
	    sh -c 'while [ ! -s smi.calls ]; do sleep 0.02; done; sleep 0.3' \
	    2>"err$n" || { echo "FAIL run $1"; cat "err$n"; fails=$((fails + 1)); }
}
ended() { grep '^gpulog: run #' "err$n" | grep ended | sed 's/.*exit 0 . //'; }

smi nvidia-smi-550.54-h100-sxm-mig.csv
check "mig line" "$(ended | sed 's/peak [0-9]* of/peak N of/; s/, [0-9.]* Wh/, E Wh/')" \
    "1x H100 80GB, peak N of 81559 MiB, utilisation unknown, E Wh"
check "mig metrics" "$(sql "SELECT r.gpu, r.gpus, m.peak_mem_mib, m.mem_total_mib,
    m.mean_util_pct FROM runs r JOIN run_metrics m ON m.run_id = r.id
    WHERE r.id = $n")" "H100 80GB|1|10854|81559|NULL"

smi nvidia-smi-535.129-h100-pcie-idle.csv
check "idle line" "$(ended | sed 's/, [0-9.]* Wh//')" \
    "1x H100 80GB, peak 0 of 81559 MiB, mean utilisation 0%"
check "idle metrics" "$(sql "SELECT m.peak_mem_mib, m.mem_total_mib,
    m.mean_util_pct FROM run_metrics m WHERE m.run_id = $n")" "0|81559|0"

smi nvidia-smi-470.82-t4-no-power.csv
check "no power" "$(ended)" \
    "1x T4, peak 9871 of 15360 MiB, mean utilisation 87%, energy unknown"
check "no power metrics" "$(sql "SELECT energy_wh_milli FROM run_metrics
    WHERE run_id = $n")" "NULL"

smi nvidia-smi-470.82-a100-mig-na.csv
check "no memory" "$(ended)" \
    "1x A100 40GB, memory unknown, utilisation unknown, energy unknown"
check "no memory metrics" "$(sql "SELECT peak_mem_mib, mem_total_mib,
    mean_util_pct, energy_wh_milli FROM run_metrics WHERE run_id = $n")" \
    "NULL|40960|NULL|NULL"

smi nvidia-smi-550.54-8x-h100-sxm.csv
check "8x" "$(sql "SELECT gpu, gpus FROM runs WHERE id = $n")" "H100 80GB|8"
check "8x peak" "$(sql "SELECT peak_mem_mib, mean_util_pct FROM run_metrics
    WHERE run_id = $n")" "61259|92"

# An H200 (driver 580.159.04) busy with a matmul, as `gpulog run`
# sampled it on the real tool: its name is the catalog's, its memory
# whole.
smi nvidia-smi-580.159.04-h200-busy.csv
check "h200 line" "$(ended | sed 's/, [0-9.]* Wh//')" \
    "1x H200, peak 1651 of 143771 MiB, mean utilisation 100%"
check "h200 metrics" "$(sql "SELECT r.gpu, m.peak_mem_mib, m.mem_total_mib,
    m.mean_util_pct FROM runs r JOIN run_metrics m ON m.run_id = r.id
    WHERE r.id = $n")" "H200|1651|143771|100"
smi nvidia-smi-580.159.04-h200-idle.csv
check "h200 idle" "$(ended | sed 's/, [0-9.]* Wh//')" \
    "1x H200, peak 0 of 143771 MiB, mean utilisation 0%"

# The command's own memory, from the compute apps: its process and its
# child's, summed; another process's and a container's host pid
# ("[Not Found]", "[N/A]") are not its.  With the header alone (nvidia-smi
# 580.159.04 with no process) it is unknown.
check "no apps" "$(sql "SELECT own_mem_mib FROM run_metrics WHERE
    run_id = $n")" "NULL"
n=$((n + 1))
rm -f smi.calls apps
FAKE_SMI_CAPTURE="$DATA/nvidia-smi-580.159.04-h200-busy.csv" \
    FAKE_SMI_STATE="$PWD/smi.calls" FAKE_SMI_APPS="$PWD/apps" \
    PATH=$GPUPATH gpulog run -p vast --sample-interval 100ms -- \
    sh -c 'sleep 60 & { echo "$$, python3, 600 MiB"; echo "$!, python3, 1000 MiB"
	echo "1, init, 50 MiB"; echo "4194000, [Not Found], [N/A]"; } >apps.tmp
	mv apps.tmp apps
	calls() { if [ -f smi.calls ]; then wc -l <smi.calls; else echo 0; fi; }
	n=$(calls)
	while [ "$(calls)" -lt $((n + 3)) ]; do sleep 0.02; done
	kill $!' 2>"err$n" || { echo "FAIL run apps"; cat "err$n"; fails=$((fails + 1)); }
check "apps metrics" "$(sql "SELECT own_mem_mib FROM run_metrics WHERE
    run_id = $n")" "1600"
check "apps line" "$(ended | sed 's/, [0-9.]* Wh//')" \
    "1x H200, peak 1651 of 143771 MiB (the command's own 1600 MiB), mean utilisation 100%"
gpulog show $n --json | grep -q '"own_mem_mib":1600' ||
    { echo "FAIL show --json: $(gpulog show $n --json)"; fails=$((fails + 1)); }
gpulog show $n | grep -q "peak 1651 of 143771 MiB (the command's own 1600 MiB)" ||
    { echo "FAIL show: $(gpulog show $n)"; fails=$((fails + 1)); }

# A runaway nvidia-smi: the same GPU 1820 times is one GPU.
smi nvidia-smi-470.82-t4-no-power.csv 1820
check "runaway" "$(sql "SELECT gpu, gpus FROM runs WHERE id = $n")" "T4|1"
# A hundred GPU indexes: no more than 64 count.
python3 -c 'for i in range(100): print("%d, Tesla T4, 100, 15360, 5, 20.00" % i)' \
    >many.csv
n=$((n + 1))
FAKE_SMI_CAPTURE="$PWD/many.csv" FAKE_SMI_STATE="$PWD/smi.calls" \
    PATH=$GPUPATH gpulog run -p vast --sample-interval 100ms -- \
    sh -c 'sleep 0.3' 2>/dev/null
check "64 at most" "$(sql "SELECT gpus FROM runs WHERE id = $n")" "64"

# The interval: 100 ms at least, said plainly.
rc=0
gpulog run --sample-interval 1ms -- true 2>err.iv || rc=$?
check "1ms exit" "$rc" 2
check "1ms said" "$(cat err.iv)" \
    "gpulog: run: --sample-interval: at least 100ms (nvidia-smi itself takes tens of milliseconds), not 1ms"
rc=0
gpulog run --sample-interval 0.1 --no-sample -- true 2>/dev/null || rc=$?
check "0.1 s taken" "$rc" 0

echo "run-smi: $fails failures"
exit $fails
