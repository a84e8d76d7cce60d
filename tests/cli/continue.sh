# continue starts the newest ended run again (or the one named), with its
# platform, GPUs, note, project and tags; an open run is not continued.
# --month, --last-month and --week bound log, report and spend.
gpulog continue
echo "exit $?"
gpulog add kaggle 2026-11-05 10:00-12:00 -g P100 --gpus 2 -n resnet \
    -t cv -t lora --project img
gpulog add vast 2026-11-30 10:00-12:00 -g "RTX 4090"
gpulog add colab-pro 2026-12-01 09:00-10:00 -g T4
gpulog spend 899INR colab-pro -d 2026-11-03
gpulog spend 5USD vast -d 2026-12-01
gpulog continue 1 --at 11:00
gpulog continue
echo "exit $?"
gpulog stop
gpulog continue
gpulog cancel
gpulog continue 99
echo "exit $?"
echo "== --month 2026-11"
gpulog log --month 2026-11
echo "== --last-month"
gpulog report --last-month --by platform
gpulog spend --last-month
echo "== --week"
gpulog log --week
gpulog spend --week
echo "== errors"
gpulog log --month 2026-13
echo "exit $?"
gpulog report --week --since 2026-11-01
echo "exit $?"
gpulog spend 5USD --month 2026-11
echo "exit $?"
echo "== Timewarrior's spellings"
gpulog add lightning 09:00 - 10:30
gpulog add lightning 1h 30m
gpulog add lightning yesterday 14:00 - 15:00
gpulog edit -1 1h 15m
gpulog add lightning 1h 30
echo "exit $?"
