# `gpulog run` never loses its run: every signal that would end gpulog
# ends the run properly; killed with -9, the next command ends the run
# when it was last seen alive (the journal's sign of life, every 10 s, or
# GPULOG_HEARTBEAT_MS);
# a journal left by a gpulog that could not save is applied by the next
# command; a lock held by another process is waited for; and a run being
# recorded is refused to rm, cancel, stop and undo.
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
db=$GPULOG_DB
# Background jobs of sh ignore SIGINT and SIGQUIT, and a suite started
# under nohup ignores SIGHUP, which gpulog would pass on ignored (as it
# should); this starts gpulog with every signal below at its default.
dfl() {
	exec python3 -c '
import os, signal, sys
for s in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP, signal.SIGQUIT,
          signal.SIGPIPE, signal.SIGUSR1, signal.SIGUSR2, signal.SIGALRM):
    signal.signal(s, signal.SIG_DFL)
os.execvp(sys.argv[1], sys.argv[1:])' "$@"
}
# wait_open N: until N runs are open (at most 60 s: a loaded machine
# running the sanitized build can take seconds to start one).
wait_open() {
	i=0
	until [ "$(gpulog status --json | python3 -c '
import json, sys; print(len(json.load(sys.stdin)["open_runs"]))')" = "$1" ] ||
	    [ $i -ge 600 ]; do
		sleep 0.1; i=$((i + 1))
	done
}
open_count() {
	gpulog status --json | python3 -c '
import json, sys; print(len(json.load(sys.stdin)["open_runs"]))'
}

# Each signal ends the command and, with it, the run.
n=0
for sig in INT TERM HUP QUIT PIPE USR1 USR2 ALRM; do
	n=$((n + 1))
	dfl gpulog run -p kaggle --no-sample -- sleep 30 2>sig.err &
	pid=$!
	wait_open 1
	kill -s $sig $pid
	wait $pid
	st=$?
	[ "$(open_count)" = 0 ] || fail "SIG$sig left the run open"
	grep -q "run #$n ended after" sig.err ||
	    fail "SIG$sig: no end line: $(cat sig.err)"
	[ $st -gt 128 ] || fail "SIG$sig: exit $st, want 128+N"
done
ls "$db".run.* >/dev/null 2>&1 && fail "a journal is left after the runs"

# A live recording is refused to rm, cancel, stop and undo.  (Its command
# outlives the checks: under memcheck on a loaded machine, the first gpulog
# of each kind can take many seconds to start.)
gpulog run -p kaggle --no-sample -- sleep 600 2>live.err &
pid=$!
wait_open 1
id=$((n + 1))
for cmd in "rm $id" "cancel $id" "stop $id" undo; do
	gpulog $cmd >guard.out 2>guard.err; st=$?
	[ $st = 2 ] || fail "$cmd of a live run: exit $st, want 2"
	grep -q "is recording it" guard.err ||
	    fail "$cmd: message: $(cat guard.err)"
done
[ "$(open_count)" = 1 ] || fail "the live run was changed"
kill -TERM $pid; wait $pid
[ "$(open_count)" = 0 ] || fail "the guarded run did not end"

GPULOG_HEARTBEAT_MS=5 gpulog run -p kaggle -- true 2>hb.err
[ $? = 2 ] || fail "GPULOG_HEARTBEAT_MS=5: not a usage error"
grep -q "GPULOG_HEARTBEAT_MS: expected milliseconds from 100 to 600000" hb.err ||
    fail "GPULOG_HEARTBEAT_MS=5: $(cat hb.err)"

# Killed with -9 after a sign of life 2 s in (a beat every 300 ms here,
# GPULOG_HEARTBEAT_MS): the next command ends the run then, not now.
GPULOG_NOW= GPULOG_HEARTBEAT_MS=300 \
    gpulog run -p kaggle --no-sample -- sleep 60 2>kill.err &
pid=$!
wait_open 1
i=0
until [ "$(sed -n 's/^alive //p' "$db.run.$pid" 2>/dev/null)" -ge \
    "$(($(sed -n 's/^start //p' "$db.run.$pid" 2>/dev/null) + 2))" ] 2>/dev/null ||
    [ $i -ge 200 ]; do
	sleep 0.05; i=$((i + 1))
done
kill -9 $pid; wait $pid 2>/dev/null
sleep 2  # now is 4 s in or more
ls "$db".run.$pid >/dev/null 2>&1 || fail "no journal after kill -9"
GPULOG_NOW= gpulog log --json >kill.json 2>kill.err2
grep -q "is gone; the run ends" kill.err2 ||
    fail "no word of the recovered run: $(cat kill.err2)"
python3 -c '
import json, sys
r = json.load(open("kill.json"))[0]
sys.exit(0 if r["end"] is not None and 2 <= r["duration_s"] <= 3
    else 1)' ||
    fail "the killed run is still open: $(cat kill.json)"
ls "$db".run.$pid >/dev/null 2>&1 && fail "the journal is left after recovery"
[ "$(open_count)" = 0 ] || fail "open runs after recovery"

# A journal a gpulog could not save (id 0: the database never had it) is
# recorded by the next command, once.
cat >"$db.run.999999" <<J
gpulog-run 1
pid 999999
host $(hostname)
alive 1796126400
ended 1
end 1796130000
id 0
uid 0123456789abcdef0123456789abcdef
platform kaggle
gpu T4
gpus 1
start 1796126400
cost_minor 0
rate_micro 0
cu_centi -1
note from the journal
exit_status 0
command train.py
J
gpulog log >j.out 2>j.err
grep -q "could not save when it ended, is recorded" j.err ||
    fail "journal not applied: $(cat j.err)"
grep -q "from the journal" j.out || fail "journal run not listed"
[ -e "$db.run.999999" ] && fail "applied journal left behind"
gpulog log | grep -c "from the journal" | grep -qx 1 || fail "recorded twice"

# Another process holds the write lock: the open waits 2 s, gives up and
# says so; the lock is let go only once it has, and the end waits for it;
# the run is recorded, ended.  (The holder says when it holds the lock and
# lets go on a word, so that a slow machine cannot change the order.)
before=$(gpulog log --json | python3 -c 'import json,sys; print(len(json.load(sys.stdin)))')
(echo "BEGIN IMMEDIATE; INSERT INTO settings(key, value) VALUES('lock', 'held');"
    echo ".shell touch held"
    i=0
    until grep -q "not recorded yet" busy.err 2>/dev/null || [ $i -ge 1200 ]; do
	sleep 0.1; i=$((i + 1))
    done
    echo "ROLLBACK;") | sqlite3 "$db" &
lk=$!
i=0
until [ -e held ] || [ $i -ge 300 ]; do sleep 0.1; i=$((i + 1)); done
[ -e held ] || fail "the lock holder never held the lock"
gpulog run -p kaggle --no-sample -- true 2>busy.err ||
    fail "run under a held lock: $(cat busy.err)"
wait $lk
after=$(gpulog log --json | python3 -c 'import json,sys; print(len(json.load(sys.stdin)))')
[ $after = $((before + 1)) ] || fail "busy run not recorded: $(cat busy.err)"
grep -q "not recorded yet" busy.err || fail "no word of the wait: $(cat busy.err)"
[ "$(open_count)" = 0 ] || fail "busy run left open"
ls "$db".run.* >/dev/null 2>&1 && fail "journal left after the busy run"

# SIGTERM while the end waits for a held lock: the wait stops, gpulog
# exits 143, the journal keeps the run, and the next command records it.
(echo "BEGIN IMMEDIATE; INSERT INTO settings(key, value) VALUES('lock2', 'held');"
    echo ".shell touch held2"
    i=0
    until [ -e release2 ] || [ $i -ge 600 ]; do sleep 0.1; i=$((i + 1)); done
    echo "ROLLBACK;") | sqlite3 "$db" &
lk=$!
i=0
until [ -e held2 ] || [ $i -ge 300 ]; do sleep 0.1; i=$((i + 1)); done
[ -e held2 ] || fail "the second lock holder never held the lock"
gpulog run -p kaggle --no-sample -- sh -c 'touch ended' 2>late.err &
rp=$!
i=0
until [ -e ended ] || [ $i -ge 300 ]; do sleep 0.1; i=$((i + 1)); done
# Until it is gone: one sent while the command still ran went to it.
i=0
while kill -0 $rp 2>/dev/null && [ $i -lt 60 ]; do
	kill -s TERM $rp 2>/dev/null
	sleep 0.25
	i=$((i + 1))
done
wait $rp
st=$?
[ $st = 143 ] || fail "TERM while waiting for the lock: exit $st: $(cat late.err)"
grep -q "stopped by signal 15 while waiting for the database; the run is kept in" \
    late.err || fail "TERM while waiting said: $(cat late.err)"
ls "$db".run.* >/dev/null 2>&1 || fail "no journal kept after TERM"
touch release2
wait $lk
gpulog log >/dev/null 2>late2.err
ls "$db".run.* >/dev/null 2>&1 && fail "the kept journal was not applied"
grep -q "is recorded" late2.err || fail "journal applied said: $(cat late2.err)"

# A journal's temporary file that a killed gpulog left: removed once its
# writer is gone and it is 10 minutes old; a fresh one, or a live
# writer's, stays.
echo partial >"$db.run.999999.tmp"
touch -d '1 hour ago' "$db.run.999999.tmp"
echo partial >"$db.run.999998.tmp"
echo partial >"$db.run.1.tmp"
touch -d '1 hour ago' "$db.run.1.tmp"
gpulog log >/dev/null 2>&1
[ -e "$db.run.999999.tmp" ] && fail "a stale journal .tmp stayed"
[ -e "$db.run.999998.tmp" ] || fail "a fresh journal .tmp was removed"
[ -e "$db.run.1.tmp" ] || fail "a live writer's journal .tmp was removed"
rm -f "$db.run.999998.tmp" "$db.run.1.tmp"
# A whole journal of this host in it, its writer gone: removed at once;
# another host's stays.
tmpj() {
	cat <<J
gpulog-run 1
pid $1
host $2
alive 1796126400
started 1
ended 0
id 0
uid 0123456789abcdef0123456789abcdef
platform kaggle
gpus 1
start 1796126400
J
}
tmpj 999997 "$(hostname)" >"$db.run.999997.tmp"
tmpj 999996 elsewhere >"$db.run.999996.tmp"
gpulog log >/dev/null 2>&1
[ -e "$db.run.999997.tmp" ] && fail "a whole journal .tmp of a gone writer stayed"
[ -e "$db.run.999996.tmp" ] || fail "another host's journal .tmp was removed"
rm -f "$db.run.999996.tmp"

# Statuses 130 and 255 are the command's own, not signals; a signal is.
for st in 130 255; do
	gpulog run -p kaggle --no-sample -- sh -c "exit $st" 2>st.err
	got=$?
	[ $got = $st ] || fail "exit $st: gpulog exited $got"
	grep -q "ended after .*, exit $st" st.err ||
	    fail "exit $st said: $(cat st.err)"
done
gpulog run -p kaggle --no-sample -- sh -c 'kill -s TERM $$' 2>st.err
grep -q "ended after .*, killed by signal 15" st.err ||
    fail "a command killed by SIGTERM: $(cat st.err)"
# The command runs in a process group of its own: a signal sent to
# gpulog's group reaches it once, through gpulog (standard signals sent
# twice at once merge, so the test is the group itself).
cat >cnt.py <<'P'
import os, signal, time
n = 0
def h(s, f):
    global n
    n += 1
signal.signal(signal.SIGTERM, h)
open("pgid", "w").write("%d %d" % (os.getpid(), os.getpgid(0)))
while n == 0:
    time.sleep(0.05)
time.sleep(0.5)
open("count", "w").write(str(n))
P
setsid gpulog run -p kaggle --no-sample -- python3 cnt.py 2>grp.err &
gp=$!
i=0
until [ -s pgid ] || [ $i -ge 600 ]; do sleep 0.1; i=$((i + 1)); done
read cpid cpgid <pgid
[ "$cpid" = "$cpgid" ] || fail "the command is not its group's leader: $(cat pgid)"
[ "$cpgid" != "$gp" ] || fail "the command shares gpulog's group"
kill -s TERM -- -"$gp"
wait $gp
st=$?
[ $st = 0 ] || fail "group kill: exit $st: $(cat grp.err)"
[ "$(cat count 2>/dev/null)" = 1 ] || fail "group kill reached the command $(cat count 2>/dev/null) times"

# In a terminal the command's group is the foreground one (it reads the
# terminal, and Ctrl-C and Ctrl-Z go to it); Ctrl-Z where no shell could
# continue the job (gpulog leads its session, as under ssh host cmd) is
# dropped, as the system drops it for such a group, and the command goes
# on.
if command -v script >/dev/null 2>&1; then
	cat >fg.sh <<'P'
ps -o pgid=,tpgid= -p $$ >fg.out
sleep 1.5
echo done >>fg.out
P
	(sleep 0.7; printf '\032'; sleep 3) | timeout 20 script -qec \
	    "gpulog run -p kaggle --no-sample -- sh fg.sh" /dev/null >fg.tty 2>&1
	read pg tp rest <fg.out
	[ -n "$pg" ] && [ "$pg" = "$tp" ] ||
	    fail "the command is not in the terminal's foreground: $(cat fg.out)"
	grep -q "started (pid $pg)" fg.tty ||
	    fail "the foreground group is not the command's: $(cat fg.out fg.tty)"
	grep -qx done fg.out || fail "Ctrl-Z in an orphaned job: the command stopped"
	grep -q "ended after .*, exit 0" fg.tty || fail "fg: $(cat -v fg.tty)"
fi

# A gpulog killed after it recorded the run but before the command started
# (its journal says so) leaves no run: the next command removes it.
gpulog run -p kaggle --no-sample -- sleep 30 2>ks.err &
pid=$!
wait_open 1
kill -9 $pid; wait $pid 2>/dev/null
pkill -f "^sleep 30$" 2>/dev/null
grep -q "^started 1$" "$db.run.$pid" || fail "the journal does not say the command started"
sed -i 's/^started 1$/started 0/' "$db.run.$pid"
id=$(sed -n 's/^id //p' "$db.run.$pid")
gpulog log >ks.out 2>ks.err2
grep -q "run #$id is removed: the .gpulog run. that recorded it (pid $pid) ended before its command started" ks.err2 ||
    fail "not-started journal: $(cat ks.err2)"
gpulog show "$id" >/dev/null 2>&1 && fail "the run of a command that never started is kept"
[ -e "$db.run.$pid" ] && fail "the not-started journal is left"
[ "$(open_count)" = 0 ] || fail "open runs after a not-started journal"
[ $fails = 0 ]
