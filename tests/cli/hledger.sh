# export --hledger: the real hledger reads the journal without an error,
# and `hledger bal expenses --value=then,CUR` totals, month by month and in
# all, what `gpulog report` totals: runs in dollars at two rates (odd cents,
# so that each conversion rounds), rupee and dollar spend, a pack, a credit
# top-up (not spend) and the runs paid from it, an open run; then the same
# with dollars as the display currency.  A note's `;` and `|` and control
# characters do not reach the journal.  Skipped where hledger is missing.
if ! command -v hledger >/dev/null 2>&1; then
	echo "hledger is not installed"
	exit 77
fi
fail() { echo "FAIL: $*"; exit 1; }
gpulog fx 84.10 --date 2026-11-15 >/dev/null
gpulog add vast 2026-11-02 10:00-13:17 -g "RTX 4090" >/dev/null
gpulog add vast 2026-11-20 09:00-10:03 -g "RTX 3090" --gpus 2 >/dev/null
gpulog add runpod 2026-11-21 09:00-11:11 -g A100 >/dev/null
gpulog add kaggle 2026-11-21 09:00-11:00 -g P100 >/dev/null
gpulog add lambda 2026-11-30 23:00-23:59 -g "A100 80GB" \
    -n "$(printf 'sweep; lr|wd \033[31mred')" >/dev/null
gpulog spend 899INR colab-pro -d 2026-11-03 -n "Colab Pro" >/dev/null
gpulog spend 9.99USD colab-pro -d 2026-11-28 --units 100 >/dev/null
gpulog spend 3.33USD -d 2026-11-29 -n "a GPU notebook" >/dev/null
gpulog spend 20USD runpod -d 2026-11-16 --credit >/dev/null
gpulog add runpod 2026-12-01 08:00-09:07 -g A100 >/dev/null
gpulog start vast -g "RTX 4090" --at 10:13 >/dev/null
check() {  # check CUR: every month's total and the whole total
	gpulog export --hledger -o journal || fail "export"
	hledger -f journal check 2>err || fail "hledger: $(cat err)"
	gpulog report --by month --json >report.json || fail "report"
	for m in 2026-11 2026-12; do
		want=$(python3 -c 'import json, sys
d = json.load(open("report.json"))
g = [g for g in d["groups"] if g["month"] == sys.argv[1]][0]
print("%.2f %s" % (g["spent_minor"] / 100, sys.argv[2]))' "$m" "$1")
		got=$(hledger -f journal bal expenses --value="then,$1" -p "$m" \
		    -O csv | sed -n 's/^"total","\(.*\)"$/\1/p' | tr -d ,)
		[ "$got" = "$want" ] || fail "$1 $m: hledger $got, gpulog $want"
	done
	want=$(python3 -c 'import json, sys
d = json.load(open("report.json"))
print("%.2f %s" % (d["total"]["spent_minor"] / 100, sys.argv[1]))' "$1")
	got=$(hledger -f journal bal expenses --value="then,$1" -O csv |
	    sed -n 's/^"total","\(.*\)"$/\1/p' | tr -d ,)
	[ "$got" = "$want" ] || fail "$1 in all: hledger $got, gpulog $want"
}
check INR
grep -q 'sweep, lr/wd \\x1b\[31mred' journal || fail "note: $(grep lambda journal)"
grep -q '^commodity 1,00,000.00 INR$' journal || fail "no Indian grouping"
grep -q '^P 2026-11-15 USD 84.10 INR$' journal || fail "no P rate"
# The credit top-up is an asset, in dollars; the runs draw on it.
grep -A2 'runpod credit' journal | grep -q 'assets:credits:runpod *20.00 USD' ||
    fail "credit: $(grep -A2 'runpod credit' journal)"
gpulog fx --currency USD >/dev/null
check USD
echo "hledger: ok"
