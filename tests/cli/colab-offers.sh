# Colab's three offers as platforms of their own: Pro (100 CU a month),
# Pro+ (600 CU a month) and pay as you go (packs of 100 CU, 90 days).
# Until one is bought, status leaves out the two the plan does not name,
# where ranks each at its price (a pack's, or the packs a job needs), and
# nothing is counted as included.  A pack of pay as you go is its whole
# limit; a payment to Pro+ gives its 600 CU for the month.
gpulog status | grep -c 'colab-p[la]'
gpulog where 3h -g A100 | grep colab
gpulog where 20h -g A100 | grep colab-payg
gpulog platforms | grep -E '^  colab-(payg|plus)  [0-9]'
gpulog add colab-payg 1h -g T4
gpulog status | grep -A1 colab-payg
gpulog undo >/dev/null
gpulog spend 999INR colab-payg --units 100 -d 2026-12-01T08:00 -n "100 CU"
gpulog add colab-payg 2h -g A100
gpulog status | grep -A2 colab-payg
gpulog where 3h -g A100 | grep colab-payg
gpulog status --short
gpulog add colab-plus 1h -g L4
gpulog status | grep -A1 colab-plus
gpulog spend 3999INR colab-plus -d 2026-12-01T09:00 -n "Pro+, December"
gpulog status | grep -A1 colab-plus
gpulog where 3h -g A100 --json | python3 -c 'import json, sys
for r in json.load(sys.stdin)["rows"]:
    if r["platform"].startswith("colab"):
        print(r["platform"], r["kind"], r["packs"], r["cost_inr_minor"])'
