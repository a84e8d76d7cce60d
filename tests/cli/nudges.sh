# The thresholds and the nudges, one table read everywhere: at each step
# the quota's word in `status`, its mark in `status --short` and
# `status --check` agree (Kaggle at 79%, 80%, 89%, 90%, 100%; the budget
# at 89%, 90%, 100% and past it; a paid run at 2 h and past it; a free run
# past its session cap), and use it or lose it at its boundaries (25% vs
# 24.9% unused, 23h59 vs 24h01 to the reset, a paid-for quota never).
show() {
	gpulog status | grep -E '^  (kaggle|spent|#|! )' | sed 's/ *$//'
	gpulog status --short
	gpulog status --check; echo "exit $?"
}
# Kaggle's week began Saturday 28 November 00:00 UTC; its sessions end
# at 9 h.
gpulog add kaggle --start 2026-11-28T00:00Z --end 2026-11-28T09:00Z >/dev/null
gpulog add kaggle --start 2026-11-28T10:00Z --end 2026-11-28T19:00Z >/dev/null
gpulog add kaggle --start 2026-11-28T20:00Z --end 2026-11-29T01:42Z >/dev/null
echo "== kaggle 23.7 h: 79%"; show
gpulog add kaggle --start 2026-11-29T02:00Z --end 2026-11-29T02:18Z >/dev/null
echo "== 24 h: 80%"; show
gpulog add kaggle --start 2026-11-29T03:00Z --end 2026-11-29T05:42Z >/dev/null
echo "== 26.7 h: 89%"; show
gpulog add kaggle --start 2026-11-29T06:00Z --end 2026-11-29T06:18Z >/dev/null
echo "== 27 h: 90%"; show
gpulog add kaggle --start 2026-11-29T07:00Z --end 2026-11-29T10:00Z >/dev/null
echo "== 30 h: 100%"; show
gpulog status --check=budget,open,lapse; echo "exit $?"
# The budget's top is Rs 899 in Foundations; 90% is Rs 809.10.
gpulog spend 809.09INR >/dev/null
echo "== budget 89%"; show
gpulog spend 0.01INR >/dev/null
echo "== 90%"; show
gpulog spend 89.90INR >/dev/null
echo "== 100%"; show
gpulog spend 0.01INR >/dev/null
echo "== past it"; show
gpulog status --check=quota,open,lapse; echo "exit $?"
# A Vast instance two hours open is fine; a minute more is a nudge.
GPULOG_NOW=2026-12-01T10:00:00Z gpulog start vast -g "RTX 4090" >/dev/null
echo "== vast open 2 h"; gpulog status --check=open; echo "exit $?"
GPULOG_NOW=2026-12-01T12:01:00Z
export GPULOG_NOW
echo "== 2 h 1 m"; show
gpulog tui --dump --width 159 | grep -E '^ *#8 ' | sed 's/ *$//'
gpulog status --check=open; echo "exit $?"
GPULOG_NOW=2026-12-01T12:00:00Z
gpulog cancel >/dev/null
# Colab Free caps a session at 12 h: a run open longer was ended there.
GPULOG_NOW=2026-11-30T23:00:00Z gpulog start colab-free >/dev/null
echo "== colab-free open 13 h"; show
gpulog status --check=open; echo "exit $?"
gpulog cancel >/dev/null
# Use it or lose it, with Lightning's 80 h a month (free) and Colab Pro's
# 100 units (paid by the month), both resetting 1 January 00:00 UTC.
# A free quota in GPU-hours, as one sets it.
gpulog platforms set lightning --quota 80h/month >/dev/null
GPULOG_NOW=2026-12-31T12:00:00Z gpulog add lightning --start 2026-12-10T00:00Z --end 2026-12-12T12:00Z >/dev/null
echo "== lightning 60 h used, 12 h to the reset: 25% unused"
GPULOG_NOW=2026-12-31T12:00:00Z gpulog status | grep -E '^  (lightning|colab-pro|! )' | sed 's/ *$//'
GPULOG_NOW=2026-12-31T12:00:00Z gpulog status --short
GPULOG_NOW=2026-12-31T12:00:00Z gpulog status --check=lapse; echo "exit $?"
GPULOG_NOW=2026-12-31T12:00:00Z gpulog status --json | grep '"kind": "lapse"'
GPULOG_NOW=2026-12-31T12:00:00Z gpulog tui --dump --width 159 | grep -E '^  (lightning|colab-pro) ' | sed 's/ *$//'
GPULOG_NOW=2026-12-31T12:00:00Z gpulog add lightning --start 2026-12-13T00:00Z --end 2026-12-13T00:05Z >/dev/null
echo "== 60 h 5 m used: 24.9% unused"
GPULOG_NOW=2026-12-31T12:00:00Z gpulog status --check=lapse; echo "exit $?"
GPULOG_NOW=2026-12-31T12:00:00Z gpulog status --short
GPULOG_NOW=2026-12-31T12:00:00Z gpulog tui --dump --width 159 | grep -E '^  lightning ' | sed 's/ *$//'
gpulog rm -1 >/dev/null
echo "== 23 h 59 m to the reset"
GPULOG_NOW=2026-12-31T00:01:00Z gpulog status --check=lapse; echo "exit $?"
echo "== 24 h 1 m to the reset"
GPULOG_NOW=2026-12-30T23:59:00Z gpulog status --check=lapse; echo "exit $?"
