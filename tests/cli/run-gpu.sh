# `gpulog run` with a (fake) GPU and without one: the run is open while
# the command runs (status shows it) and closed with its exit status; the
# GPU model, count, peak memory, mean utilisation and energy come from
# nvidia-smi; a GPU vanishing mid-run and nvidia-smi failing are survived;
# checkpoints are seen; signals reach the command; the platform is guessed
# from the environment.  Short intervals; conditions are polled, not slept.
set -e
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
# sql QUERY: one row from the database, fields joined by |.
sql() {
	if command -v sqlite3 >/dev/null; then
		sqlite3 "$GPULOG_DB" "$1"
		return
	fi
	python3 -c 'import sqlite3, sys
r = sqlite3.connect(sys.argv[1]).execute(sys.argv[2]).fetchone()
print("" if r is None else "|".join("" if v is None else str(v) for v in r))' \
	    "$GPULOG_DB" "$1"
}
# wait_for FILE: polls for a file the command writes, up to 5 s.
wait_for() {
	i=0
	while [ ! -e "$1" ] && [ $i -lt 1200 ]; do sleep 0.05; i=$((i + 1)); done
	[ -e "$1" ]
}

# 1. A T4 on Kaggle; the command checkpoints and fails with status 3.
export FAKE_SMI_STATE="$PWD/smi.calls"
rc=0
PATH=$GPUPATH gpulog run -p kaggle -n "resnet" --sample-interval 100ms -- \
    sh -c 'touch started; while [ ! -s smi.calls ]; do sleep 0.02; done
	   echo training; touch model.pt; exit 3' >out1 2>err1 || rc=$?
check "exit status" "$rc" 3
check "command output" "$(cat out1)" training
check "runs" "$(sql 'SELECT platform, gpu, gpus, checkpointed, source, note,
    end_ts > start_ts FROM runs WHERE id = 1')" "kaggle|T4|1|1|run|resnet|1"
check "metrics" "$(sql 'SELECT samples > 0, peak_mem_mib >= 5000,
    mem_total_mib, mean_util_pct, energy_wh_milli >= 0, exit_status, command
    FROM run_metrics WHERE run_id = 1')" \
    "1|1|15360|80|1|3|sh -c touch started; while [ ! -s smi.calls ]; do sleep 0.02; done
	   echo training; touch model.pt; exit 3"
grep -q "query-gpu=index,name,memory.used,memory.total,utilization.gpu,power.draw --format=csv,noheader,nounits" smi.calls ||
    { echo "FAIL nvidia-smi query"; fails=$((fails + 1)); }
grep -q "^gpulog: run #1 on kaggle started" err1 ||
    { echo "FAIL start line"; cat err1; fails=$((fails + 1)); }
grep -q "checkpoint model.pt seen; run #1 marked checkpointed" err1 ||
    { echo "FAIL checkpoint line"; cat err1; fails=$((fails + 1)); }
grep -q "^gpulog: run #1 ended after 1s, exit 3 . 1x T4, peak" err1 ||
    { echo "FAIL end line"; cat err1; fails=$((fails + 1)); }
rm -f smi.calls model.pt started

# 2. Two GPUs, one vanishing after two samples; Vast prices by the hour.
rc=0
FAKE_SMI_GPUS=2 FAKE_SMI_MODE=vanish FAKE_SMI_NAME="NVIDIA GeForce RTX 4090" \
    PATH=$GPUPATH gpulog run -p vast --sample-interval 100ms -- \
    sh -c 'while [ "$(cat smi.calls 2>/dev/null | wc -l)" -lt 4 ]; do
	sleep 0.02; done' \
    2>err2 || rc=$?
check "vanish exit" "$rc" 0
check "vanish run" "$(sql 'SELECT gpu, gpus, rate_micro > 0, currency
    FROM runs WHERE id = 2')" "RTX 4090|2|1|USD"
grep -q "nvidia-smi shows 1 of 2 GPUs: one was lost" err2 ||
    { echo "FAIL vanish warning"; cat err2; fails=$((fails + 1)); }
rm -f smi.calls

# 3. nvidia-smi failing: warned once, sampling stops, the run is kept.
rc=0
FAKE_SMI_MODE=fail PATH=$GPUPATH gpulog run -p kaggle -g P100 \
    --sample-interval 100ms --checkpoint-after 1ms -- \
    sh -c 'while [ "$(cat smi.calls 2>/dev/null | wc -l)" -lt 3 ]; do
	sleep 0.02; done' \
    2>err3 || rc=$?
check "fail exit" "$rc" 0
check "fail run" "$(sql 'SELECT r.gpu, r.checkpointed, m.samples,
    m.peak_mem_mib FROM runs r JOIN run_metrics m ON m.run_id = r.id
    WHERE r.id = 3')" "P100|0|0|"
grep -q "nvidia-smi failed (exit 9): NVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver" err3 ||
    { echo "FAIL smi failure warning"; cat err3; fails=$((fails + 1)); }
grep -q "GPU sampling stopped" err3 ||
    { echo "FAIL sampling stopped"; cat err3; fails=$((fails + 1)); }
grep -q "reminder: .* no file matches \*.pt,\*.ckpt,\*.safetensors" err3 ||
    { echo "FAIL checkpoint reminder"; cat err3; fails=$((fails + 1)); }
unset FAKE_SMI_STATE

# 4. No GPU at all: nothing sampled; the platform from the environment.
nogpu=$(dirname "$(command -v gpulog)"):/usr/bin:/bin
if ! PATH=$nogpu command -v nvidia-smi >/dev/null; then
	PATH=$nogpu gpulog run -- true 2>err4
	check "local run" "$(sql 'SELECT platform, coalesce(gpu, ""), m.samples
	    FROM runs r JOIN run_metrics m ON m.run_id = r.id WHERE r.id = 4')" \
	    "local||0"
else
	gpulog run --no-sample -- true 2>err4
fi
KAGGLE_KERNEL_RUN_TYPE=Interactive gpulog run --no-sample -- true 2>err5
check "kaggle guessed" "$(sql 'SELECT platform FROM runs WHERE id = 5')" kaggle
grep -q "on kaggle (from KAGGLE_KERNEL_RUN_TYPE) started" err5 ||
    { echo "FAIL kaggle guess line"; cat err5; fails=$((fails + 1)); }
COLAB_RELEASE_TAG=release-colab gpulog run --no-sample -- true 2>/dev/null
check "colab free" "$(sql 'SELECT platform FROM runs WHERE id = 6')" colab-free
gpulog spend 999INR colab-pro >/dev/null
COLAB_GPU=1 gpulog run --no-sample -- true 2>/dev/null
check "colab pro" "$(sql 'SELECT platform FROM runs WHERE id = 7')" colab-pro

# 5. Open while it runs; a TERM sent to gpulog reaches the command.
gpulog run -p lightning --no-sample -- \
    sh -c 'trap "echo caught; exit 7" TERM; touch ready
	   while :; do sleep 0.02; done' >out8 2>err8 &
pid=$!
wait_for ready
# The run is written before the command starts; status may still be
# reading.
i=0
while [ "$(gpulog status --json | grep -c '"source":"run"')" != 1 ] &&
    [ $i -lt 1200 ]; do sleep 0.05; i=$((i + 1)); done
check "open in status" "$(gpulog status --json | grep -c '"source":"run"')" 1
kill -TERM $pid
rc=0
wait $pid || rc=$?
check "forwarded TERM exit" "$rc" 7
check "forwarded TERM output" "$(cat out8)" caught
check "closed" "$(sql 'SELECT end_ts IS NOT NULL, m.exit_status FROM runs r
    JOIN run_metrics m ON m.run_id = r.id WHERE r.id = 8')" "1|7"

# 6. Killed by a signal: 128 + the signal.
rc=0
gpulog run --no-sample -- sh -c 'kill -KILL $$' 2>/dev/null || rc=$?
check "killed" "$rc" 137

# 7. A command that is not there is not recorded.
rc=0
gpulog run -- no-such-command-here 2>err10 || rc=$?
check "not found" "$rc" 127
check "runs" "$(sql 'SELECT count(*) FROM runs')" 9

# 8. Warnings before the session cap and before the quota runs out.
gpulog platforms set colab-free --session-cap 1s >/dev/null
# The command ends once both warnings are out (at most 10 s): no timing
# window to hit.
gpulog run -p colab-free --no-sample --warn-before 500ms -- sh -c '
	i=0
	until grep -q "past colab-free" err11 || [ $i -ge 500 ]; do
		sleep 0.02; i=$((i + 1))
	done' 2>err11
grep -q "to colab-free's 1s session cap: save a checkpoint" err11 ||
    { echo "FAIL cap warning"; cat err11; fails=$((fails + 1)); }
grep -q "past colab-free's 1s session cap" err11 ||
    { echo "FAIL past cap"; cat err11; fails=$((fails + 1)); }
gpulog platforms set lightning --quota 0.01h/month >/dev/null
gpulog run -p lightning --no-sample --warn-before 1m -- true 2>err12
grep -q "lightning's quota runs out in 3[0-9]s at this run's pace" err12 ||
    { echo "FAIL quota warning"; cat err12; fails=$((fails + 1)); }
gpulog add kaggle --start 2026-11-28T00:00Z --end 2026-11-29T06:00Z \
    >/dev/null 2>&1
gpulog run -p kaggle --no-sample -- true 2>err13
grep -q "kaggle's quota is used up" err13 ||
    { echo "FAIL quota used up"; cat err13; fails=$((fails + 1)); }

# Inside a rented instance, its platform from the provider's variables.
last() { sql 'SELECT platform FROM runs ORDER BY id DESC LIMIT 1'; }
RUNPOD_POD_ID=xedezhzb9la3ye gpulog run --no-sample -- true 2>err14
check "runpod guessed" "$(last)" runpod
grep -q "on runpod (from RUNPOD_POD_ID) started" err14 ||
    { echo "FAIL runpod guess line"; cat err14; fails=$((fails + 1)); }
CONTAINER_ID=31000001 gpulog run --no-sample -- true 2>/dev/null
check "vast guessed" "$(last)" vast

rc=0
gpulog run --sample-interval fast -- true 2>/dev/null || rc=$?
check "bad interval" "$rc" 2
echo "run-gpu: $fails failures"
exit $fails
