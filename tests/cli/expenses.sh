# Expenses as records: spend prints each one's id (eN); spend alone lists
# this month's (text, --json, --csv, a range, a platform); edit eN changes
# the amount, date, platform and note; rm eN removes one and undo brings it
# back; mistakes name what was wrong and change nothing.
export TZ=Asia/Kolkata
gpulog spend
gpulog spend 899INR colab-pro -n "Colab Pro, December"
gpulog spend '$5' vast -d "2026-12-01 09:00" -n "Vast credit"
gpulog spend 250 -d 2026-11-20 -n "November, last month"
gpulog spend
gpulog spend --since 2026-11-01
gpulog spend -p vast --json | sed 's/"uid":"[0-9a-f]*"/"uid":"UID"/'
gpulog spend --csv
gpulog edit e2 --amount '$6.50' -n "Vast credit, corrected"
gpulog edit e2 -d "2026-12-01 08:30" -p runpod
gpulog rm e1
gpulog spend
gpulog undo
gpulog spend
echo "mistakes:"
gpulog edit e2 --amount 0
echo "exit $?"
gpulog edit e2 -g T4
echo "exit $?"
gpulog edit e2 -d 2027-01-01
echo "exit $?"
gpulog edit e9 -n x
echo "exit $?"
gpulog rm ex
echo "exit $?"
gpulog spend --json 5
echo "exit $?"
gpulog spend -n "no amount"
echo "exit $?"
gpulog edit 1 --amount 5
echo "exit $?"
gpulog spend
