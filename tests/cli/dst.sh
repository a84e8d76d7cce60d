# dst: a local time takes the UTC offset in force at that instant; a time
# the clocks skipped is refused, naming the gap; a time they passed twice is
# its first occurrence.  New York springs forward at 2026-03-08 02:00 and
# falls back at 2026-11-01 02:00.
export TZ=America/New_York
export GPULOG_NOW=2026-03-10T12:00:00Z
# 01:00 EST to 04:00 EDT is 2 h, ending 08:00Z; 18:00 is EDT, 22:00Z.
gpulog add kaggle --start 2026-03-08T01:00 --end 2026-03-08T04:00
gpulog add kaggle --start 2026-03-08T18:00 --end 2026-03-08T19:30
gpulog add lightning 2026-03-08 01:00-04:00
gpulog add lightning sun 18:00-19:30
# An explicit offset is untouched.
gpulog add vast --start 2026-03-08T01:00-05:00 --end 2026-03-08T04:00-04:00
# 02:00 to 02:59 never showed on a clock that day.
gpulog add kaggle --start 2026-03-08T02:30 --end 2026-03-08T04:00
echo "exit $?"
gpulog add kaggle 2026-03-08 02:30-04:00
echo "exit $?"
gpulog add kaggle sun 01:00-02:30
echo "exit $?"
gpulog start kaggle --at 2026-03-08T02:30
echo "exit $?"
gpulog spend 10USD vast -d 2026-03-08T02:30
echo "exit $?"
gpulog spend 10USD vast -d 2026-03-08T18:00 -n "credits"
gpulog export | grep -o '"at": "[^"]*"'
gpulog log
gpulog log --since 2026-03-08T18:00 --until 2026-03-08T19:00
gpulog log --json | grep -o '"id":[0-9]*\|"start":"[^"]*","end":"[^"]*"' |
    paste -d ' ' - -
printf 'platform,start,end\nrunpod,2026-03-08 02:30,2026-03-08 04:00\n' \
    >gap.csv
gpulog import csv gap.csv
echo "exit $?"
# Fall back: 01:00 to 01:59 comes twice; the first (EDT) is meant.
export GPULOG_NOW=2026-11-03T12:00:00Z
gpulog add colab-free --start 2026-11-01T01:30 --end 2026-11-01T03:00
gpulog add colab-free 2026-11-01 01:00-01:30
printf 'platform,start,end\nrunpod,2026-11-01 01:30,2026-11-01 02:30\n' \
    >twice.csv
gpulog import csv twice.csv
gpulog log --since 2026-11-01
gpulog log --since 2026-11-01 --json |
    grep -o '"id":[0-9]*\|"start":"[^"]*","end":"[^"]*"' | paste -d ' ' - -
