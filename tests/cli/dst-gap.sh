# A bare clock range whose start today fell in the spring-forward gap is
# refused once the clocks have jumped (never moved to yesterday), and is
# yesterday's range before they jump.
export TZ=America/New_York
GPULOG_NOW=2027-03-14T16:00:00Z gpulog add kaggle 02:30-03:30
echo "exit $?"
GPULOG_NOW=2027-03-14T06:30:00Z gpulog add kaggle 02:30-03:30
echo "exit $?"
GPULOG_NOW=2027-03-14T16:00:00Z gpulog add kaggle 01:30-03:30
echo "exit $?"
GPULOG_NOW=2027-03-14T16:00:00Z gpulog log
