# import csv --map: an invoice's own headers read as gpulog's columns
# (Amount as the cost, "Start Time" as the start); a column given its own
# name too is read from the mapped header only; a bad --map, or --map with
# another source, is refused and writes nothing.
cat >invoice.csv <<'CSV'
Invoice,Service,Start Time,End Time,GPU Type,Amount,cost
INV-1,vast,2026-11-20T08:00Z,2026-11-20T10:00Z,RTX 4090,$1.20,$99
INV-2,runpod,2026-11-21T09:00Z,2026-11-21T10:30Z,A100 80GB,$2.09,$99
CSV
gpulog import csv invoice.csv; echo "exit $?"
gpulog import csv invoice.csv --map start="Start Time" --map "end=End Time" \
    --map cost=Amount --map platform=Service --map gpu="GPU Type" \
    --map id=Invoice; echo "exit $?"
gpulog log
gpulog import csv invoice.csv --map start="Start Time" --map "end=End Time" \
    --map cost=Amount --map platform=Service --map id=Invoice
gpulog import csv invoice.csv --map cost; echo "exit $?"
gpulog import csv invoice.csv --map price=Amount; echo "exit $?"
gpulog import kaggle invoice.csv --map cost=Amount; echo "exit $?"
gpulog log | wc -l
