# `gpulog notify`: each new condition sent once, through the first way
# there is: a fake notify-send (with a desktop session), a fake osascript,
# the ntfy topic set by --url (tests/httpd.py on 127.0.0.1), or standard
# output; a failing way falls through to the next and the failure is
# told; --dry-run sends and remembers nothing; undo never takes back a
# notification.  Then a cron-like loop over a simulated week (GPULOG_NOW
# stepped by the hour) sends each condition exactly once.  Checks itself.
here=$(cd "$(dirname "$0")/.." && pwd)
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
run() { "$@" >out 2>err; rc=$?; }
expect() { [ "$rc" = "$1" ] || fail "$2: exit $rc, want $1: $(cat err)"; }
same() { [ "$2" = "$3" ] || fail "$1: got [$2], want [$3]"; }
mkdir -p fake
# The fakes write their arguments a line each, as notify-send and
# osascript would take them, and exit $FAKE_EXIT (notify-send) or
# $FAKE_OSA_EXIT (osascript).
for tool in notify-send osascript; do
	var=FAKE_EXIT
	[ $tool = osascript ] && var=FAKE_OSA_EXIT
	cat >fake/$tool <<FAKE
#!/bin/sh
for a in "\$@"; do printf '%s\n' "\$a"; done >>"$PWD/$tool.calls"
echo --- >>"$PWD/$tool.calls"
exit \${$var:-0}
FAKE
	chmod +x fake/$tool
done
G=$(command -v gpulog)
B=$(dirname "$G")
# Only the fakes, gpulog and the shell's tools: never a real notifier.
P="$PWD/fake:$B:/usr/bin:/bin"
# No desktop session unless a step gives one (DISPLAY=:9).
unset DISPLAY WAYLAND_DISPLAY DBUS_SESSION_BUS_ADDRESS
# forget: the undone run's condition has gone, and notify forgets it.
forget() { gpulog notify --via stdout >/dev/null; }

# A paid run open past 2 hours: the one nudge, naming the run (an undone
# run's id is never given again, so each start is a new one).
start_vast() {
	id=$(gpulog start vast -g "RTX 4090" --at 09:00 |
	    sed -n 's/^started #\([0-9]*\) .*/\1/p')
	want="run #$id on vast open for 3h (limit 2h): a paid instance left running costs by the hour"
}
start_vast

# 1. --dry-run: what would go, and how; nothing sent or remembered.
PATH=$P DISPLAY=:9 run gpulog notify --dry-run
expect 0 "dry run"
same "dry run said" "$(cat out)" "notify-send: $want"
[ ! -e notify-send.calls ] || fail "dry run sent"

# 2. notify-send, with a desktop session.
PATH=$P DISPLAY=:9 run gpulog notify
expect 0 "notify-send"
same "notify-send args" "$(tr '\n' '|' <notify-send.calls)" \
    "-a|gpulog|-u|normal|gpulog|$want|---|"
same "notify-send prints nothing" "$(cat out err)" ""
# Again: nothing new, nothing sent.
PATH=$P DISPLAY=:9 run gpulog notify
same "sent once" "$(grep -c -- --- notify-send.calls)" 1
PATH=$P run gpulog notify --dry-run
same "dry run after" "$(cat out)" "nothing new to send (1 sent before)"
# undo takes back the user's change, not the notification.
run gpulog undo
same "undo" "$(cat out)" "undid: start #1 vast RTX 4090 3h"

# 3. Without a desktop session notify-send is passed over: osascript.
forget
start_vast
PATH=$P run gpulog notify
expect 0 "osascript"
same "osascript args" "$(tr '\n' '|' <osascript.calls)" \
    "-e|on run argv|-e|display notification (item 1 of argv) with title \"gpulog\"|-e|end run|$want|---|"

# 4. A failing notify-send: told, and the next way is used.
gpulog undo >/dev/null
forget
start_vast
rm -f osascript.calls
PATH=$P DISPLAY=:9 FAKE_EXIT=3 run gpulog notify
expect 1 "failing notify-send"
same "failure told" "$(cat err)" "gpulog: notify: notify-send failed (exit 3)"
same "fell through to osascript" "$(grep -c -- --- osascript.calls)" 1
# With --via alone, a failure leaves it unsent, to try again.
gpulog undo >/dev/null
forget
start_vast
PATH=$P DISPLAY=:9 FAKE_EXIT=3 run gpulog notify --via notify-send
expect 1 "via failing"
PATH=$P run gpulog notify --via stdout
same "retried" "$(cat out)" "$want"

# 5. The ntfy topic: a POST of the text with a Title.
python3 "$here/httpd.py" "$DATA" port requests &
srv=$!
trap 'kill $srv 2>/dev/null' EXIT INT TERM
i=0
while [ ! -s port ] && [ $i -lt 600 ]; do sleep 0.1; i=$((i + 1)); done
[ -s port ] || { echo "FAIL: the test server did not start"; exit 1; }
U=http://127.0.0.1:$(cat port)
run gpulog notify --url "$U/ok/gpulog-alerts"
expect 0 "--url"
gpulog undo >/dev/null   # the URL
run gpulog notify --via url
expect 2 "--via url, none set"
grep -q 'no URL is set' err || fail "no URL said: $(cat err)"
gpulog notify --url "$U/ok/gpulog-alerts" >/dev/null
gpulog undo >/dev/null; gpulog undo >/dev/null   # the URL and the run
forget
gpulog notify --url "$U/ok/gpulog-alerts" >/dev/null
start_vast
PATH="$PWD/none:$B:/usr/bin:/bin" run "$G" notify
expect 0 "ntfy"
same "ntfy got" "$(cat requests.body)" "gpulog	$want"
grep -q '^POST /ok/gpulog-alerts ' requests || fail "POST logged: $(cat requests)"
# A server that fails: told, exit 1, and sent the next way (stdout).
gpulog notify --url "$U/500/gpulog-alerts" >/dev/null
gpulog undo >/dev/null; gpulog undo >/dev/null
forget
gpulog notify --url "$U/500/gpulog-alerts" >/dev/null
start_vast
PATH="$PWD/none:$B:/usr/bin:/bin" run "$G" notify
expect 1 "ntfy 500"
same "500 said" "$(cat err)" "gpulog: notify: the notification URL failed on its side (HTTP 500); try again later"
same "then stdout" "$(cat out)" "$want"

# 6. Bad input: exit 2, nothing written.
run gpulog notify --url "ftp://example.com/x"
expect 2 "ftp URL"
grep -q 'invalid URL "ftp://example.com/x": expected http:// or https://' err ||
    fail "ftp said: $(cat err)"
run gpulog notify --url "$(printf 'https://a.b/\033[2J')"
expect 2 "escape in URL"
grep -q 'invalid URL "https://a.b/\\x1b\[2J"' err || fail "escape said: $(cat err)"
run gpulog notify --via pigeon
expect 2 "--via pigeon"
grep -q "unknown way 'pigeon'" err || fail "pigeon said: $(cat err)"
run gpulog notify --via osascript --dry-run
PATH="$PWD/none:$B:/usr/bin:/bin" run "$G" notify --via osascript
expect 1 "no osascript"

# 7. A simulated week from Monday 2026-11-30, notify every hour as cron
# would run it, in a database of its own.  Kaggle's week passes 90%
# (near) on Monday and is used up on Wednesday, a paid run is left open
# on Tuesday, the month's budget is passed on Thursday, and the monthly
# quotas' free hours are about to lapse on Monday, before Dec 1.
export GPULOG_DB=$PWD/week.db
t=0
: >week.log
python3 -c "import datetime
for h in range(168):
    print((datetime.datetime(2026, 11, 30) + datetime.timedelta(hours=h)).strftime('%Y-%m-%dT%H:%M:%SZ'))" >hours
while [ $t -lt 168 ]; do
	now=$(sed -n "$((t + 1))p" hours)
	export GPULOG_NOW=$now
	case $t in
	6) gpulog add kaggle --start "2026-11-28 00:00" --end "2026-11-28 09:00" >/dev/null
	   gpulog add kaggle --start "2026-11-28 12:00" --end "2026-11-28 17:00" >/dev/null
	   gpulog add kaggle --start "2026-11-29 00:00" --end "2026-11-29 09:00" >/dev/null
	   gpulog add kaggle --start "2026-11-30 00:00" --end "2026-11-30 04:30" >/dev/null ;;
	33) gpulog start vast -g "RTX 4090" >/dev/null ;;
	39) gpulog stop >/dev/null ;;
	54) gpulog add kaggle --start "2026-12-02 01:00" --end "2026-12-02 04:00" >/dev/null ;;
	80) gpulog spend 50000INR >/dev/null ;;
	esac
	gpulog notify --via stdout | sed "s/^/$now /" >>week.log
	t=$((t + 1))
done
cat week.log
count() { grep -c -- "$1" week.log; }
same "kaggle near once" "$(count 'kaggle quota 9[0-9]% used')" 1
same "kaggle near when" "$(grep 'kaggle quota 9' week.log | cut -c1-20)" "2026-11-30T06:00:00Z"
same "kaggle used up once" "$(count 'kaggle quota used up')" 1
same "used up when" "$(grep 'used up' week.log | cut -c1-20)" "2026-12-02T06:00:00Z"
same "open run once" "$(count 'run #5 on vast open for')" 1
same "open run when" "$(grep 'run #5' week.log | cut -c1-20)" "2026-12-01T12:00:00Z"
same "budget once" "$(count 'past its budget')" 1
same "lapse once each" "$(count 'use it or lose it' | tr -d ' ')" \
    "$(grep 'use it or lose it' week.log | sed 's/.* on \([a-z-]*\) .*/\1/' | sort -u | wc -l | tr -d ' ')"
same "every line its own condition" "$(wc -l <week.log | tr -d ' ')" \
    "$(( $(count 'kaggle quota') + $(count 'run #5') + $(count 'budget') + $(count 'use it or lose it') ))"

# Two notify at once: each condition is sent once between them.
for i in 1 2 3 4 5; do
	GPULOG_DB=$PWD/twice$i.db
	export GPULOG_DB
	GPULOG_NOW=2026-12-01T12:00:00Z gpulog start vast --at 09:00 >/dev/null
	GPULOG_NOW=2026-12-01T12:00:00Z gpulog notify --via stdout >a.out 2>a.err &
	p1=$!
	GPULOG_NOW=2026-12-01T12:00:00Z gpulog notify --via stdout >b.out 2>b.err
	wait $p1
	same "two at once, try $i" "$(cat a.out b.out | grep -c 'open for 3h')" 1
done
unset GPULOG_DB
exit $fails
