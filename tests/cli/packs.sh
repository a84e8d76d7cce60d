# Top-ups: a Colab compute-unit pack (spend --units) counts in the quota
# after the month's allowance, oldest first, for 90 days; status shows each
# pack's balance and expiry, and where offers Colab again.  The month's
# allowance itself counts only once a payment covers the month.  Prepaid
# credit (spend --credit) is not the month's spend: the runs paid from it
# are, and status shows the credit left.  Mistakes name what was wrong.
gpulog add colab-pro -g A100 --units 111 --start 2026-12-01T01:00 --end 2026-12-01T09:00
gpulog status | sed -n '1,5p'
gpulog where 1h -g A100 | grep colab-pro
gpulog spend 999INR colab-pro -d 2026-12-01T00:00 -n "Colab Pro, December"
gpulog status | sed -n '1,5p'
gpulog where 1h -g A100 | sed -n 2p
gpulog spend 1025INR colab-pro -n "100 CU pack" --units 100
gpulog status | sed -n '1,5p'
gpulog where 1h -g A100 | sed -n 2p
gpulog add colab-pro -g T4 --units 1 --start 2026-12-01T09:00 --end 2026-12-01T09:30
gpulog undo
gpulog spend 500INR colab-pro -d 2026-08-01 --units 50 -n "expired"
gpulog status | grep -c "pack e"
gpulog spend '$5' vast --credit -d 2026-12-01T09:30 -n "Vast top-up"
gpulog add vast -g "RTX 3090" --rate '$0.50' --start 2026-12-01T10:00 --end 2026-12-01T11:00
gpulog status | grep -E "spent|credit left"
gpulog spend
gpulog spend --csv
gpulog status --json | grep -o '"credit": \[[^]]*\]'
gpulog status --json | grep -o '"packs": [^]]*\]'
gpulog spend 5 vast --units 3
gpulog spend 5 colab-pro --units 3 --credit
gpulog spend 5 --credit
gpulog spend 5 colab-pro --units -1
gpulog spend --units 3
gpulog platforms set lightning --pack-days 30
gpulog spend 100INR lightning --units 10 -n "10 GPU-h"
gpulog status | grep "pack e"
gpulog platforms set lightning --pack-days x
gpulog export >all.json
GPULOG_DB=$PWD/copy.db gpulog import json all.json >/dev/null
GPULOG_DB=$PWD/copy.db gpulog spend --csv
# A pack bought 85 days ago expires within 7 days: a nudge (pack).
gpulog spend 700INR colab-pro -d 2026-09-07T12:00 --units 30 -n "September pack"
gpulog status | grep -E "pack e|!"
gpulog status --check=pack; echo "check: $?"
gpulog status --json | grep -o '"kind": "pack"[^}]*}'
