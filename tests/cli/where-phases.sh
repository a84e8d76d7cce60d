# `gpulog where` for jobs of 1 h, 8 h and 30 h in different phases and
# weeks: free quota left before the reset and the session caps first, the
# phase's picks before the rest, paid ones by cost in INR and USD.
gpulog plan --start 2026-11-01 >/dev/null   # month 2: Foundations
gpulog where 1h
gpulog where 8h
gpulog where 30h
# A heavy Kaggle week: 25 h used, so 8 h no longer fits.
gpulog add kaggle --start 2026-11-28T01:00Z --end 2026-11-29T02:00Z >/dev/null 2>&1
gpulog where 8h
# Friday evening, 4 h before the reset: an 8 h job counts 4 h this week.
GPULOG_NOW=2026-12-04T20:00:00Z gpulog where 8h | head -3
# The next week: all 30 h again.
GPULOG_NOW=2026-12-05T01:00:00Z gpulog where 8h | head -2
# Systems & NLP, month 8: Colab Pro and Lightning first.
gpulog plan --start 2026-05-01 >/dev/null
gpulog where 8h | head -4
# Colab Pro unpaid is a paid place at its monthly price; once this month's
# payment is recorded its units are free to use, and after --stop the
# month the last payment covers keeps them, the next has none.
gpulog where 8h --json | grep -o '"platform": "colab-pro", [^,]*, "group": "[a-z]*", "kind": "[a-z]*"'
gpulog spend 999INR colab-pro --monthly -d 2026-12-01T00:00 >/dev/null
gpulog where 8h | head -4
gpulog status --json | grep -o '"platform": "colab-pro", [^,]*, [^,]*, "subscribed": [a-z]*, "used": [0-9.]*, "limit": [0-9.]*'
gpulog spend --stop e1
GPULOG_NOW=2027-01-02T12:00:00Z gpulog status | grep colab-pro
GPULOG_NOW=2027-01-02T12:00:00Z gpulog status --json | grep -o '"subscribed": [a-z]*' | head -3
gpulog spend --stop e1 >/dev/null 2>&1
# Fine-tuning, month 10, on an A100 80GB.
gpulog plan --start 2026-03-01 >/dev/null
gpulog where 30h --gpu "A100 80GB"
gpulog where 2h --vram 24 --json
gpulog where 0; echo "exit $?"
gpulog where 8h --vram lots; echo "exit $?"
gpulog where; echo "exit $?"
