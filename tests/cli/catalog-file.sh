# platforms export writes the catalog alone in the export's format and
# platforms import reads it back: a fact set on one machine reaches
# another, the newer change wins, importing again changes nothing, and a
# file with records, cut short or wrong is refused with nothing written.
gpulog platforms set kaggle --quota 34h/week
gpulog platforms set vast -g A100 --rate 0.95
gpulog platforms export -o cat.json
python3 -c 'import json; d = json.load(open("cat.json"))
print(sorted(k for k in d), d["gpulog_export"])'
GPULOG_DB=$PWD/b.db gpulog platforms import cat.json --dry-run
GPULOG_DB=$PWD/b.db gpulog platforms | grep -E '^  kaggle  .*week'
GPULOG_DB=$PWD/b.db gpulog platforms import cat.json
GPULOG_DB=$PWD/b.db gpulog platforms | grep -E '^  kaggle  .*week|^  vast +A100 40'
GPULOG_DB=$PWD/b.db gpulog platforms import cat.json
# A change made later on this machine stays: the file's is older.
GPULOG_NOW=2026-12-02T12:00:00Z GPULOG_DB=$PWD/b.db gpulog platforms set kaggle --quota 31h/week
GPULOG_DB=$PWD/b.db gpulog platforms import - <cat.json
GPULOG_DB=$PWD/b.db gpulog platforms | grep -E '^  kaggle  .*week'
# Refused, nothing written.
gpulog add kaggle 1h >/dev/null
gpulog export -o all.json
GPULOG_DB=$PWD/b.db gpulog platforms import all.json; echo "exit $?"
head -c 300 cat.json >cut.json
GPULOG_DB=$PWD/b.db gpulog platforms import cut.json; echo "exit $?"
sed 's/"amount": 34/"amount": "lots"/' cat.json >bad.json
GPULOG_DB=$PWD/b.db gpulog platforms import bad.json; echo "exit $?"
GPULOG_DB=$PWD/b.db gpulog platforms | grep -E '^  kaggle  .*week'
GPULOG_DB=$PWD/b.db gpulog log | tail -n 1
gpulog platforms import; echo "exit $?"
gpulog platforms export extra; echo "exit $?"
# A quota as Kaggle itself reported it says so, dated when it was read.
GPULOG_DB=$PWD/k.db gpulog import kaggle "$DATA/kaggle-cli-2.2.3-quota.json" >/dev/null
GPULOG_DB=$PWD/k.db gpulog platforms | grep -E '^  kaggle  .*week'
GPULOG_DB=$PWD/k.db gpulog platforms --json | grep -o '"as_of": "[^"]*", "cite": "as Kaggle[^"]*"'
