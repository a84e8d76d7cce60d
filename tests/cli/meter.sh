# What each quota counts: Kaggle session hours whatever the GPU count
# (a T4 x2 hour is 1.0 h of its 30), Lightning GPU-hours (a 2-GPU hour is
# 2.0), Colab compute units; `platforms` shows the meter, `platforms set
# --meter` changes it, Kaggle's own figures agree with the log (and
# --reconcile adds nothing), and an export carries the meter while an
# older export without it keeps the catalog's.
gpulog add kaggle 1h -g T4 --gpus 2
gpulog add lightning 1h -g T4 --gpus 2
gpulog platforms | sed -n '/^Quotas/,/^$/p'
gpulog platforms --json | grep '"platform": "kaggle", "unit"'
echo "-- Kaggle's own figures: 1.0 h used"
gpulog import kaggle "$DATA/kaggle-quota-t4x2-hour.json"
gpulog status
gpulog status --json | grep kaggle_reported
gpulog import kaggle --reconcile "$DATA/kaggle-quota-t4x2-hour.json"
echo "-- metered by GPU-hours, then a new amount keeps the meter"
gpulog platforms set kaggle --meter gpu
gpulog platforms set kaggle --quota 20h/week
gpulog status --short
gpulog platforms set kaggle --meter session
echo "-- refused"
gpulog platforms set kaggle --meter hours; echo "exit $?"
gpulog platforms set colab-pro --meter session; echo "exit $?"
gpulog platforms set vast --meter gpu; echo "exit $?"
echo "-- export and import: a platform new to the database brings its quota"
gpulog platforms set gradient --name Gradient --billing free \
    --quota 6h/week --reset "mon 00:00 UTC" --meter session
gpulog platforms set spot --name Spot --billing free --quota 10h/month
gpulog export -o meter.json
grep '"platform": "gradient", "unit"' meter.json
GPULOG_DB=$PWD/new.db gpulog import json meter.json >/dev/null
GPULOG_DB=$PWD/new.db gpulog platforms | sed -n '/^Quotas/,/^$/p' | grep -E '^  (gradient|spot) '
echo "-- an export older than the meter: hours count as GPU-hours"
sed 's/"meter": "[a-z]*", //' meter.json >old.json
grep -c '"meter"' old.json
GPULOG_DB=$PWD/old.db gpulog import json old.json >/dev/null
GPULOG_DB=$PWD/old.db gpulog platforms | sed -n '/^Quotas/,/^$/p' | grep -E '^  (gradient|kaggle) '
echo "-- credits: Lightning's amount set, a rate of its own, round trip"
gpulog platforms set lightning --quota 12.50cr/month
gpulog platforms set lightning -g L4 --cu-rate 1.20
gpulog add lightning -g L4 --start 2026-12-01T08:00 --end 2026-12-01T10:00
gpulog status | grep -A1 '^  lightning'
gpulog status --json | grep -o '"platform": "lightning", "unit": "[a-z_]*", "window": "[a-z]*", "subscribed": null, "used": [0-9.]*, "limit": [0-9.]*'
gpulog platforms set lightning --meter gpu; echo "exit $?"
gpulog export -o credits.json
grep -o '"platform": "lightning", "unit": "[a-z_]*", "meter": "[a-z]*", "amount": [0-9.]*' credits.json
GPULOG_DB=$PWD/credits.db gpulog import json credits.json >/dev/null
GPULOG_DB=$PWD/credits.db gpulog platforms | grep -E '^  lightning '
sed 's/"meter": "credits"/"meter": "gpu"/' credits.json >bad.json
GPULOG_DB=$PWD/bad.db gpulog import json bad.json; echo "exit $?"
