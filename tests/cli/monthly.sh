# A monthly subscription: recorded on its day each month, or the last day
# of a shorter month, by whatever command runs once it is due; listed as
# "monthly" and "renewal"; counted in the month's spend and, before it
# falls due, in the budget's projection; stopped with --stop eN, after
# which nothing more is recorded; mistakes name what was wrong, exit 2 and
# change nothing.
at() { GPULOG_NOW=$1; export GPULOG_NOW; }
at 2027-01-31T10:00
gpulog spend 899INR colab-pro --monthly -n "Colab Pro"
at 2027-02-27T23:00
gpulog spend
gpulog status | grep -A3 '^Budget'
at 2027-02-28T10:00
gpulog status | grep -A3 '^Budget'
gpulog spend
at 2027-05-01T00:00
gpulog log --since 2027-01-01 >/dev/null
gpulog spend --since 2027-01-01
gpulog spend --since 2027-01-01 --csv
gpulog spend --since 2027-03-01 --json | sed 's/"uid":"[0-9a-f]*"/"uid":"UID"/; s/"source_id":"[0-9a-f]*:/"source_id":"UID:/'
gpulog show e1 | grep monthly
gpulog spend --stop e1
at 2028-03-01T00:00
gpulog spend --since 2027-01-01
echo "months back, the payments due at once:"
gpulog spend '$9.99' --monthly -d 2027-11-30T08:00 -n "months back"
gpulog spend --since 2027-11-01 | grep '\$'
echo "mistakes:"
gpulog spend --stop e1
echo "exit $?"
gpulog spend --stop e99
echo "exit $?"
gpulog spend --stop 5
echo "exit $?"
gpulog spend --stop e5 --csv
echo "exit $?"
gpulog spend 899INR colab-pro --monthly --credit
echo "exit $?"
gpulog spend --monthly
echo "exit $?"
gpulog spend --since 2028-02-01 | grep "spent ("
echo "undo of a subscription dated months back (its own payments go with it;"
echo "one recorded later by another command stays, a plain expense):"
export GPULOG_DB=$PWD/undo.db
GPULOG_NOW=2026-12-01T12:00:00Z gpulog spend 899INR colab-pro --monthly \
    -d 2026-10-01 -n "back-dated" >/dev/null
GPULOG_NOW=2027-01-02T12:00:00Z gpulog spend --since 2026-09-01 | grep -c renewal
GPULOG_NOW=2027-01-02T12:00:00Z gpulog undo
GPULOG_NOW=2027-01-02T12:00:00Z gpulog spend --since 2026-09-01
