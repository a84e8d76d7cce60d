# `gpulog run` on a platform billed by the hour warns once when its GPU
# stays under --idle-pct (5%) busy for --idle-for (15m), records the idle
# spell so that `status --check=idle` and `notify` tell of it while it
# lasts, and forgets it when the GPU is busy again or the run ends; a free
# platform's idle GPU costs nothing and is never said; bad values exit 2.
# Short spans; conditions are polled, not slept.  Checks itself.
mkdir -p fakebin
ln -s "$DATA/../fake-nvidia-smi" fakebin/nvidia-smi
GPUPATH="$PWD/fakebin:$PATH"
G=$(command -v gpulog)
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
# wait_grep PATTERN FILE: polls for a line, up to 10 s.
wait_grep() {
	i=0
	while ! grep -q "$1" "$2" 2>/dev/null && [ $i -lt 200 ]; do
		sleep 0.05; i=$((i + 1))
	done
	grep -q "$1" "$2" 2>/dev/null
}
export FAKE_SMI_UTIL="$PWD/util"

# 1. Idle on vast: warned once; the nudge while it lasts; busy again, none.
echo 2 >util
PATH=$GPUPATH "$G" run -p vast -g "RTX 4090" --sample-interval 100ms \
    --idle-for 0.5 -- sh -c '
	G=$1
	i=0; while ! grep -q "is it doing anything" err1 && [ $i -lt 200 ]
	do sleep 0.05; i=$((i + 1)); done
	"$G" status --check=idle >check1; echo $? >rc1
	"$G" notify --dry-run >notify1
	"$G" status --short >short1
	echo 90 >util
	i=0
	while "$G" status --check=idle >/dev/null; [ $? = 3 ] && [ $i -lt 200 ]
	do sleep 0.05; i=$((i + 1)); done
	"$G" status --check=idle >check2; echo $? >rc2' sh "$G" 2>err1
[ "$(grep -c "is it doing anything" err1)" = 1 ] ||
    fail "warned once: $(cat err1)"
grep -q "run #1: its GPU has been under 5% busy for 1s on vast, which bills by the hour" err1 ||
    fail "warning words: $(cat err1)"
[ "$(cat rc1)" = 3 ] || fail "status --check=idle while idle: exit $(cat rc1)"
grep -q "^run #1 on vast: its GPU idle since .*: a paid GPU doing nothing still costs by the hour" check1 ||
    fail "check line: $(cat check1)"
grep -q "its GPU idle since" notify1 || fail "notify: $(cat notify1)"
grep -q "1 running!" short1 || fail "short: $(cat short1)"
[ "$(cat rc2)" = 0 ] || fail "busy again: exit $(cat rc2): $(cat check2); $(cat err1)"
gpulog status --check=idle >check3
[ $? = 0 ] || fail "after the run: $(cat check3)"

# 2. Idle until it ends: the spell goes with the run.
echo 1 >util
PATH=$GPUPATH "$G" run -p vast -g "RTX 4090" --sample-interval 100ms \
    --idle-for 0.3 -- sh -c 'i=0
	while ! grep -q "is it doing anything" err2 && [ $i -lt 200 ]
	do sleep 0.05; i=$((i + 1)); done' 2>err2
grep -q "run #2: its GPU has been under 5% busy" err2 || fail "run 2: $(cat err2)"
gpulog status --check=idle >check4 || fail "run 2 ended: $(cat check4)"

# 3. A threshold of one's own: 80% busy is idle under --idle-pct 90.
echo 80 >util
PATH=$GPUPATH "$G" run -p runpod -g "RTX 4090" --sample-interval 100ms \
    --idle-pct 90 --idle-for 0.3 -- sh -c 'i=0
	while ! grep -q "is it doing anything" err3 && [ $i -lt 200 ]
	do sleep 0.05; i=$((i + 1)); done' 2>err3
grep -q "under 90% busy" err3 || fail "--idle-pct 90: $(cat err3)"

# 4. Kaggle is free: its idle GPU is never said.
echo 0 >util
PATH=$GPUPATH "$G" run -p kaggle --sample-interval 100ms --idle-for 0.2 \
    -- sh -c 'sleep 1' 2>err4
grep -q "doing anything" err4 && fail "free platform warned: $(cat err4)"

# 5. Bad values: exit 2, no run.
for bad in "--idle-pct 0" "--idle-pct 101" "--idle-pct x" "--idle-for soon"; do
	# shellcheck disable=SC2086
	PATH=$GPUPATH "$G" run -p vast $bad -- true 2>err5
	rc=$?
	[ $rc = 2 ] || fail "$bad: exit $rc"
	grep -q "idle" err5 || fail "$bad: $(cat err5)"
done
[ "$(gpulog log --csv | wc -l)" = 5 ] || fail "runs: $(gpulog log --csv)"
echo "run-idle: $fails failures"
exit $fails
