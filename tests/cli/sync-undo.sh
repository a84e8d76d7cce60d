# Undo of a sync takes its merge back on this machine only: the laptop's
# run it brought leaves the desktop, but no removal of it travels (the
# laptop keeps it), and the next sync does not bring that version back;
# once the laptop changes the run, the new version comes.  Undo of a
# machine's own removal still travels.  Checks itself.
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
unset GPULOG_DB
mkdir shared
D() { GPULOG_NOW=$T gpulog --db "$PWD/desk.db" "$@"; }
L() { GPULOG_NOW=$T gpulog --db "$PWD/lap.db" "$@"; }
T=2026-12-01T08:00:00Z
notes() { gpulog --db "$PWD/$1.db" log --json | python3 -c '
import json, sys
print(" ".join(sorted(r["note"] or "-" for r in json.load(sys.stdin))))'; }

L add kaggle 2h -n laptop-run >/dev/null
D add colab-pro 1h -n desk-run >/dev/null
T=2026-12-01T08:01:00Z
L sync shared --name laptop >/dev/null || fail "laptop sync"
D sync shared --name desktop >/dev/null || fail "desktop sync"
[ "$(notes desk)" = "desk-run laptop-run" ] || fail "desk after sync: $(notes desk)"
T=2026-12-01T08:02:00Z
D undo >o || fail "undo: $(cat o)"
grep -q "^undid: sync" o || fail "undo said: $(cat o)"
[ "$(notes desk)" = "desk-run" ] || fail "desk after undo: $(notes desk)"
T=2026-12-01T08:03:00Z
D sync shared --name desktop >/dev/null || fail "desktop sync 2"
[ "$(notes desk)" = "desk-run" ] || fail "the undone run came back: $(notes desk)"
L sync shared --name laptop >/dev/null || fail "laptop sync 2"
[ "$(notes lap)" = "desk-run laptop-run" ] ||
    fail "the laptop lost its run: $(notes lap)"
# The laptop edits its run: the new version reaches the desktop.
T=2026-12-01T08:04:00Z
id_of() {  # id_of MACHINE NOTE
	gpulog --db "$PWD/$1.db" log --json | python3 -c '
import json, sys
print([r["id"] for r in json.load(sys.stdin) if r["note"] == sys.argv[1]][0])' "$2"
}
L edit "$(id_of lap laptop-run)" -n laptop-edited >/dev/null ||
    fail "laptop edit"
L sync shared --name laptop >/dev/null || fail "laptop sync 3"
D sync shared --name desktop >/dev/null || fail "desktop sync 3"
[ "$(notes desk)" = "desk-run laptop-edited" ] ||
    fail "the new version did not come: $(notes desk)"
# A removal of the desktop's own run still travels.
T=2026-12-01T08:05:00Z
D rm "$(id_of desk desk-run)" >/dev/null || fail "rm"
D sync shared --name desktop >/dev/null
L sync shared --name laptop >/dev/null
notes lap | grep -q desk-run && fail "a removal did not travel: $(notes lap)"
[ $fails = 0 ] && echo "sync-undo: ok"
exit $fails
