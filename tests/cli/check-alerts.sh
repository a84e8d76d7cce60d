# status --check over the nudges with a pinned clock: a quota at 90%, a
# month past its budget, a paid run left open; --check=LIST picks the
# kinds; exit 3 with the reasons, 0 and silence when all is well, 2 for an
# unknown kind.  Also the use it or lose it line near a reset and what the
# free tiers saved.
gpulog status --check; echo "exit $?"
# 27 of Kaggle's 30 h this week: 90%.
gpulog add kaggle --start 2026-11-28T01:00Z --end 2026-11-29T04:00Z -g P100 >/dev/null 2>&1
gpulog add lightning 4h -g T4 >/dev/null
gpulog status --check; echo "exit $?"
gpulog status --check=budget,open,lapse; echo "exit $?"
# A Vast instance started three hours ago and forgotten.
GPULOG_NOW=2026-12-01T09:00:00Z gpulog start vast -g "RTX 4090" >/dev/null
gpulog status --check=open; echo "exit $?"
gpulog status --check=budget,lapse; echo "exit $?"
# Past the budget (Rs 899 in Foundations).
gpulog spend 1000INR colab-pro >/dev/null
gpulog status --check; echo "exit $?"
gpulog status --check=budget; echo "exit $?"
gpulog status --check=quota,open; echo "exit $?"
gpulog status --json --check >/dev/null; echo "exit $?"
gpulog status --json --check=lapse >/dev/null; echo "exit $?"
gpulog status --short --check=open; echo "exit $?"
gpulog status --json | sed -n '/free_tiers_saved/,$p'
# Unknown kinds are usage errors naming the valid ones.
gpulog status --check=quota,runs; echo "exit $?"
gpulog status --check=; echo "exit $?"
gpulog status --check=quota,; echo "exit $?"
gpulog status --check quota; echo "exit $?"
gpulog status --quota-pct 95; echo "exit $?"
# Friday 12:00, 12 h before Kaggle's reset: 3 h (10%) is too little to
# nudge; Lightning's month is far from its end.
GPULOG_NOW=2026-12-04T12:00:00Z gpulog stop >/dev/null
GPULOG_NOW=2026-12-04T12:00:00Z gpulog status
GPULOG_NOW=2026-12-04T12:00:00Z gpulog status --check=lapse; echo "exit $?"
gpulog report
