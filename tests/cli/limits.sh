# limits: money, durations and times beyond what gpulog keeps are refused
# naming the limit, exit 2, and nothing is written.
try() { gpulog "$@"; echo "exit $?"; }
try add runpod --rate 1000 --gpus 64 99999h
try add runpod --rate 1000001 1h
try add kaggle 100001h
try add vast 1h --cost 1000000000.01USD
try add kaggle --start 100000000000000 --end 100000003600000
try add kaggle --start 1969-12-31T23:00:00Z --end 1970-01-01T00:00:00Z
try add kaggle --start 1970-01-01T00:00:01Z --end 1970-01-01T00:00:00Z
try spend 1000000000.01USD
cat > huge.json <<'JSON'
{"gpulog_export": 1, "runs": [{"platform": "vast",
 "start": "2026-11-10T10:00:00Z", "end": "2026-11-10T12:00:00Z",
 "cost_minor": 1e15, "currency": "USD"}]}
JSON
try import json huge.json
cat > zero.json <<'JSON'
{"gpulog_export": 1, "runs": [{"platform": "vast",
 "start": "1969-12-31T23:00:00Z", "end": "1970-01-01T00:00:00Z"}]}
JSON
try import json zero.json
# The limits themselves are kept, and the export reads back.
try add runpod --rate 1000000 1000h
try add kaggle --start 2199-12-31T23:00:00Z --end 2200-01-01T00:00:00Z --future
try export -o all.json
GPULOG_DB=other.db gpulog import json all.json; echo "exit $?"
GPULOG_DB=other.db gpulog log; echo "exit $?"
