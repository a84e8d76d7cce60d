# import csv warns, as add does, when rows it adds overlap another run on
# the same platform (both kept); rows already there, other platforms and
# an import into an empty database say nothing.
cat >runs.csv <<'CSV'
platform,start,end,gpu
kaggle,2026-11-20T10:00:00Z,2026-11-20T12:00:00Z,P100
kaggle,2026-11-20T11:00:00Z,2026-11-20T13:00:00Z,P100
vast,2026-11-20T11:00:00Z,2026-11-20T13:00:00Z,RTX 4090
CSV
gpulog --db empty.db import csv runs.csv
gpulog add kaggle 2026-11-20 11:30-11:45
gpulog import csv runs.csv
echo "exit $?"
gpulog import csv runs.csv
echo "exit $?"
