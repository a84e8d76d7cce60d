# A sync with nothing new writes nothing: this machine's file is left as it
# is (same inode, same time), and is written again after every kind of
# change the export carries, whether typed here, merged from another
# machine, taken back by undo, or made by a subscription's payment falling
# due, a run's metrics among them; a file removed or replaced in the folder is written again too.
# After each change the other machine sees it, so nothing goes stale.
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
unset GPULOG_DB
mkdir shared
T=2026-12-01T08:00:00Z
A() { GPULOG_NOW=$T gpulog --db "$PWD/a.db" "$@"; }
B() { GPULOG_NOW=$T gpulog --db "$PWD/b.db" "$@"; }
own=shared/gpulog-laptop.json
stamp() { stat -c '%i %s %Y.%y' "$own"; }

A add kaggle 2h -n first >/dev/null
A sync shared --name laptop >o || fail "first sync: $(cat o)"
grep -q "^wrote gpulog-laptop.json" o || fail "first sync said: $(cat o)"

# steady NAME: a second sync writes nothing and says so.
steady() {
	before=$(stamp)
	sleep 0.01
	A sync shared --name laptop >o || fail "$1: steady sync: $(cat o)"
	grep -q "^up to date: gpulog-laptop.json" o ||
	    fail "$1: steady sync said: $(cat o)"
	[ "$(stamp)" = "$before" ] || fail "$1: the file was written again"
}
# changed NAME WORD: the sync after a change writes the file with WORD in
# it, and once B has merged it and A has read B's, a sync writes nothing.
changed() {
	A sync shared --name laptop >o || fail "$1: sync: $(cat o)"
	grep -q "^wrote gpulog-laptop.json" o || fail "$1: sync said: $(cat o)"
	grep -q -- "$2" "$own" || fail "$1: $2 not in the file"
	B sync shared --name desk >o || fail "$1: B sync: $(cat o)"
	# B's file now holds what B merged (a tombstone it kept, too): read
	# once, then nothing is new.
	A sync shared --name laptop >o || fail "$1: sync after B: $(cat o)"
	steady "$1"
}
steady "after the first"

T=2026-12-01T08:01:00Z
A add vast 1h -g "RTX 4090" -n second >/dev/null
changed add '"second"'
A edit 2 -n second-edited >/dev/null
changed edit second-edited
A rm 1 >/dev/null
changed rm '{"kind": "run", "key": '
# The undo, in the same second as the removal, wins over it everywhere.
A undo >/dev/null
changed undo '"first"'
B log | grep -q first || fail "undo: B lost the run: $(B log)"
A log | grep -q first || fail "undo: A lost the run: $(A log)"
A spend 250INR colab-pro -n "a pack" >/dev/null
changed spend '"a pack"'
A plan --start 2026-10-01 >/dev/null
changed plan 2026-10-01
A platforms set kaggle --quota 25h/week >/dev/null
changed quota '"amount": 25,'
A platforms set vast -g "RTX 4090" --rate 0.36 >/dev/null
changed rate 360000
A fx 84.25 >/dev/null
changed fx 84250000
# A run's metrics travel, and once merged are not sent back: neither
# machine writes again for the other's copy of them.
mkdir fakebin
ln -s "$DATA/../fake-nvidia-smi" fakebin/nvidia-smi
FAKE_SMI_CAPTURE="$DATA/nvidia-smi-580.159.04-h200-busy.csv" \
    FAKE_SMI_STATE="$PWD/smi.calls" PATH="$PWD/fakebin:$PATH" \
    GPULOG_NOW=$T gpulog --db "$PWD/a.db" run -p kaggle -- true >/dev/null 2>&1 ||
    fail "gpulog run"
changed metrics '"samples": '

# A run from the other machine, merged here, goes into this file too.
B add lambda 1h -n from-desk >/dev/null
B sync shared --name desk >o || fail "B sync: $(cat o)"
A sync shared --name laptop >o || fail "merge sync: $(cat o)"
grep -q "^wrote gpulog-laptop.json" o || fail "merge sync said: $(cat o)"
grep -q from-desk "$own" || fail "the merged run is not in the file"
steady merge

# A monthly subscription's payment falls due a month later: recorded by
# the next command, it is in the next sync.
A spend 899INR colab-pro --monthly -n "Colab monthly" >/dev/null
A sync shared --name laptop >/dev/null
T=2027-01-02T08:00:00Z
A status >/dev/null
A sync shared --name laptop >o || fail "due sync: $(cat o)"
grep -q "^wrote gpulog-laptop.json" o || fail "due sync said: $(cat o)"
[ "$(grep -c '"Colab monthly"' "$own")" -ge 2 ] ||
    fail "the payment due is not in the file"
steady due

# The file removed, or replaced by a sync tool, is written again.
rm "$own"
A sync shared --name laptop >o || fail "removed: $(cat o)"
[ -s "$own" ] || fail "the removed file was not written again"
steady removed
cp "$own" copy.json
echo '{}' >"$own"
A sync shared --name laptop >o || fail "replaced: $(cat o)"
cmp -s "$own" copy.json || fail "the replaced file was not written again"
steady replaced

[ $fails = 0 ] && echo "sync-steady: ok"
[ $fails = 0 ]
