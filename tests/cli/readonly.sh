# A database that cannot be written (chmod 444; as root, who writes through
# file modes, chattr +i on a copy): every command that would change it
# exits 1 with a message saying the database is read-only, no crash, and
# nothing in it changes; commands that only read still work.
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
export GPULOG_DB=$PWD/db
GPULOG_NOW=2026-12-01T10:00:00Z \
    gpulog add kaggle 2h -g P100 -n "kept one" >/dev/null &&
    gpulog add vast 1h --cost 3.20USD -n "kept two" >/dev/null &&
    gpulog spend 899INR colab-pro >/dev/null &&
    GPULOG_NOW=2026-12-01T10:00:00Z gpulog start lightning >/dev/null ||
    { echo "FAIL: setup"; exit 1; }
cp db ro.db
lock=
if [ "$(id -u)" = 0 ]; then
	if ! chattr +i ro.db 2>chattr.err; then
		echo "chattr +i failed here ($(cat chattr.err)); as root" \
		    "a read-only database cannot be made"
		exit 77
	fi
	lock=chattr
	trap 'chattr -i "$PWD/ro.db" 2>/dev/null' EXIT
else
	chmod 444 ro.db
	lock=chmod
fi
# The lock holds: sqlite3 itself cannot write.
if sqlite3 ro.db 'INSERT INTO settings(key, value) VALUES ("x", "y")' 2>/dev/null; then
	echo "FAIL: ro.db is writable after $lock"
	exit 1
fi
export GPULOG_DB=$PWD/ro.db
stored() {
	sqlite3 ro.db 'SELECT * FROM runs ORDER BY id; SELECT * FROM expenses;
	    SELECT * FROM fx; SELECT * FROM settings ORDER BY key;
	    SELECT * FROM changes; SELECT * FROM undolog'
}
before=$(stored)
sum=$(md5sum <ro.db)
printf 'platform,start,duration,note\nvast,2026-11-01T10:00:00Z,1h,csv one\n' \
    >one.csv
try() {
	label=$1
	shift
	gpulog "$@" >out 2>err
	rc=$?
	[ $rc = 1 ] || fail "$label: exit $rc, want 1: $(cat err)"
	grep -q "the database is read-only" err || fail "$label said: $(cat err)"
	[ "$(stored)" = "$before" ] || fail "$label changed the database"
	[ "$(md5sum <ro.db)" = "$sum" ] || fail "$label changed the file"
}
try add add kaggle 1h -n new
try start start colab-pro
try stop stop
try spend spend 100INR
try fx fx 90 --date 2026-11-01
try plan plan --start 2026-10-01
try edit edit -1 -n changed
try rm rm 1
try import import csv one.csv
try undo undo
# gpulog run does not start a command whose run it cannot record.
rm -f ran
gpulog run -p kaggle --no-sample -- touch ran >out 2>err; st=$?
[ $st = 1 ] || fail "run: exit $st, want 1"
[ -e ran ] && fail "run started the command on a read-only database"
grep -q "the command was not started" err || fail "run said: $(cat err)"
ls ro.db.run.* >/dev/null 2>&1 && fail "run left a journal"
[ "$(stored)" = "$before" ] || fail "run changed the database"
# Reading still works.
gpulog log >out 2>err || fail "log on a read-only database: $(cat err)"
grep -q "kept one" out && grep -q "kept two" out ||
    fail "log on a read-only database: $(cat out)"
gpulog status >/dev/null 2>err || fail "status: $(cat err)"
gpulog export >exp.json 2>err || fail "export: $(cat err)"
grep -q "kept two" exp.json || fail "export lost a run"
[ "$(stored)" = "$before" ] || fail "reading changed the database"
echo "read-only ($lock): add said: $(gpulog add kaggle 1h 2>&1)"
[ $fails = 0 ] && echo "readonly: ok"
[ $fails = 0 ]
