# status --check over its thresholds with a pinned clock: a quota at 90%,
# a month past its budget, a paid run left open; the limits as options;
# exit 3 with the reasons, 0 and silence when all is well.  Also the use
# it or lose it line near a reset and what the free tiers saved.
gpulog status --check; echo "exit $?"
# 27 of Kaggle's 30 h this week: 90%.
gpulog add kaggle --start 2026-11-28T01:00Z --end 2026-11-29T04:00Z -g P100 >/dev/null 2>&1
gpulog add lightning 4h -g T4 >/dev/null
gpulog status --check; echo "exit $?"
gpulog status --check --quota-pct 95; echo "exit $?"
# A Vast instance started three hours ago and forgotten.
GPULOG_NOW=2026-12-01T09:00:00Z gpulog start vast -g "RTX 4090" >/dev/null
gpulog status --check --quota-pct 95; echo "exit $?"
gpulog status --check --quota-pct 95 --open-limit 4h; echo "exit $?"
# Past the budget (Rs 899 in Foundations).
gpulog spend 1000INR colab-pro >/dev/null
gpulog status --check; echo "exit $?"
gpulog status --json --check >/dev/null; echo "exit $?"
gpulog status --json | sed -n '/use_it_or_lose_it/,$p'
gpulog status --check --open-limit soon; echo "exit $?"
# Friday 12:00, 12 h before Kaggle's reset: 3 h will lapse unused.
GPULOG_NOW=2026-12-04T12:00:00Z gpulog stop >/dev/null
GPULOG_NOW=2026-12-04T12:00:00Z gpulog status
GPULOG_NOW=2026-12-04T12:00:00Z gpulog status --lapse-within 6h | sed -n 2,5p
gpulog report
