# start, stop, cancel: open runs count up to now; stop prices by the rate.
export TZ=UTC
GPULOG_NOW=2026-12-01T09:00:00Z gpulog start kaggle -g P100 -n "long run"
GPULOG_NOW=2026-12-01T09:30:00Z gpulog start vast -g "RTX 4090"
GPULOG_NOW=2026-12-01T10:00:00Z gpulog status
GPULOG_NOW=2026-12-01T10:00:00Z gpulog stop; echo "exit $?"
GPULOG_NOW=2026-12-01T10:00:00Z gpulog stop -1 --at 09:00; echo "exit $?"
GPULOG_NOW=2026-12-01T11:30:00Z gpulog stop -1
GPULOG_NOW=2026-12-01T18:45:00Z gpulog status
GPULOG_NOW=2026-12-01T18:45:00Z gpulog stop 1
GPULOG_NOW=2026-12-01T19:00:00Z gpulog start colab-free
GPULOG_NOW=2026-12-01T19:05:00Z gpulog cancel
GPULOG_NOW=2026-12-01T19:05:00Z gpulog cancel; echo "exit $?"
GPULOG_NOW=2026-12-01T19:05:00Z gpulog log
