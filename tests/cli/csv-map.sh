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

# A CSV that carries expenses: a row whose kind is expense is a payment
# (when, what, on which platform), an invoice with no end at all; a
# second import adds nothing; a kind gpulog does not know is a bad row.
cat >charges.csv <<'CSV'
Date,Description,Amount,Type
2026-11-03,Vast.ai credit top-up,$25.00,expense
2026-11-20,RunPod invoice #1182,$12.40,Expense
CSV
gpulog import csv charges.csv --platform vast --map start=Date \
    --map note=Description --map cost=Amount --map kind=Type; echo "exit $?"
gpulog import csv charges.csv --platform vast --map start=Date \
    --map note=Description --map cost=Amount --map kind=Type; echo "exit $?"
gpulog spend --month 2026-11
cat >mixed.csv <<'CSV'
platform,start,end,cost,kind,note
lambda,2026-11-22T08:00Z,2026-11-22T09:00Z,$1.29,run,a run
lambda,2026-11-22T07:59Z,,$0.10,expense,storage
lambda,2026-11-23T08:00Z,,$5,refund,not a kind
lambda,2026-11-24T08:00Z,,,expense,no cost
CSV
gpulog import csv mixed.csv; echo "exit $?"
gpulog import csv mixed.csv --skip-bad; echo "exit $?"
gpulog spend --month 2026-11 | tail -1
