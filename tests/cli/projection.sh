# Projections that say what they assume.  The case: a Kaggle run
# 03:30-08:00 IST across the Saturday 05:30 IST (00:00 UTC) reset, nothing
# running, 6 d 21 h left: under a day of history, nothing is projected.
# With a run on the Wednesday before, 2 d 17 h ago, the average over the 2
# whole days of history (6.5 h, 3.25 h a day, not 7 days' 0.93) lasts to
# the reset; an open run projects at its rate until Kaggle's 12 h cap
# ends it, so the 27.2 h left last to the reset.
export TZ=Asia/Kolkata
GPULOG_NOW=2026-11-28T03:00:00Z; export GPULOG_NOW
gpulog add kaggle --start 2026-11-27T22:00Z --end 2026-11-28T02:30Z >/dev/null
echo "-- the issue: under a day of history"
gpulog status | sed -n '/^Quotas/,/^$/p'
gpulog status --json | grep -o '"platform": "kaggle".*'
echo "-- a run on the Wednesday before: the 2 days' pace"
gpulog add kaggle --start 2026-11-25T10:00Z --end 2026-11-25T12:00Z >/dev/null
gpulog status | sed -n '/^Quotas/,/^$/p'
gpulog status --json | grep -o '"platform": "kaggle".*'
echo "-- a run open since 02:40 UTC: 1 h an hour until its cap at 14:40"
gpulog start kaggle --at 2026-11-28T02:40Z >/dev/null
gpulog status | sed -n '/^Quotas/,/^$/p'
gpulog status --json | grep -o '"platform": "kaggle".*'
# Rs 700 over the 2 whole days since the first run (not 7) is Rs 350 a
# day; 2 d 15.5 h are left of November in IST: 700 + 926.04 = Rs 1,626.04.
echo "-- a paid run: the budget's pace"
gpulog stop >/dev/null
gpulog add vast --start 2026-11-26T10:00Z --end 2026-11-26T12:00Z \
    -g "RTX 4090" --cost 700INR >/dev/null
gpulog status | sed -n '/^Budget/,/this month$/p'
gpulog status --json | grep -o '"projected_minor": [0-9]*, "projected_basis": "[a-z0-9_]*"'
