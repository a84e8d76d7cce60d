# report --week-of kaggle: weeks that are Kaggle's quota windows (Saturday
# 00:00 UTC, 05:30 in India), so a run just before the reset counts in the
# week before; ISO weeks beside it; report --by phase: the plan's phases
# in its order, runs and expenses by the plan month they start in, and
# what falls outside the plan; mistakes exit 2.  With -p kaggle, the
# kaggle column counts a run across the reset in both weeks, as status
# does.
export TZ=Asia/Kolkata
gpulog plan --start 2026-07-01 >/dev/null
gpulog add kaggle 2026-06-10 10:00-11:00 >/dev/null
gpulog add kaggle 2026-09-15 10:00-11:00 >/dev/null
gpulog add kaggle 2026-11-27 10:00-11:00 >/dev/null
gpulog add kaggle 2026-11-28 04:00-05:00 >/dev/null
gpulog add kaggle 2026-11-28 06:00-08:00 >/dev/null
gpulog add vast 2026-11-30 10:00-12:00 -g "RTX 4090" --rate 0.5 >/dev/null
gpulog spend 899INR colab-pro -d 2026-11-29 >/dev/null
gpulog report --week-of kaggle
gpulog report --by week --week-of kag --csv
gpulog report --by week
gpulog report --by phase
gpulog report -b ph --json
echo "mistakes:"
gpulog report --week-of lightning
echo "exit $?"
gpulog report --week-of vast
echo "exit $?"
gpulog report --week-of nowhere
echo "exit $?"
gpulog report --by day --week-of kaggle
echo "exit $?"
gpulog report -b p
echo "exit $?"
echo "a run across the reset: its part in each week, as status counts it:"
gpulog add kaggle 2026-11-28 03:30-07:30 --gpus 2 >/dev/null 2>&1
gpulog report --week-of kaggle -p kaggle
gpulog report --week-of kaggle -p kaggle --json >wk.json
gpulog status --json >st.json
python3 -c '
import json
wk = json.load(open("wk.json"))["groups"][-1]
q = [q for q in json.load(open("st.json"))["quotas"] if q["platform"] == "kaggle"][0]
print("this week:", wk["quota_used"], "status:", q["used"],
    "equal" if abs(wk["quota_used"] - q["used"]) < 0.005 else "DIFFERENT")'
