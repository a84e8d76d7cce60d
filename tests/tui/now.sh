# now: the Overview's Now panel says what `gpulog where 2h` ranks first,
# what is exhausted (Kaggle past its 30 h, the budget past its top), what
# burns money (an open Vast run) and the next reset that wastes free
# hours; it changes as the data do.
gpulog add kaggle 2026-11-28 00:00-23:00 -g P100 >/dev/null 2>&1
gpulog add kaggle 2026-11-29 00:00-10:00 -g P100 >/dev/null 2>&1
GPULOG_NOW=2026-11-30T12:00:00Z gpulog start vast -g "RTX 4090" >/dev/null || exit 1
first=$(gpulog where 2h | sed -n 2p | awk '{print $2}')
[ -n "$first" ] || { gpulog where 2h; exit 1; }
start 120 40 -- tui || exit 1
wait_for "Latest runs" || exit 1
wait_for "next  $first " || exit 1
wait_for "out   kaggle 110%" || exit 1
wait_for "burn  #3 vast RTX 4090" || exit 1
screen 120 || exit 1
# s on the Overview names the run and asks first: n keeps it running.
keys s
wait_for "stop run #3 vast RTX 4090" || exit 1
keys n
wait_gone "stop run #3" || exit 1
[ "$(gpulog log --open | grep -c '^#3 ')" = 1 ] || exit 1
# Stopping the run (y) takes its line away.
keys s
wait_for "stop run #3 vast RTX 4090" || exit 1
keys y
wait_gone "burn  #3" || exit 1
[ "$(gpulog log --open | grep -c '^#3 ')" = 0 ] || exit 1
keys q; wait_for "exit 0" || exit 1
tx kill-server
start 200 50 -- tui || exit 1
wait_for "next  $first " || exit 1
screen 200 || exit 1
keys q; wait_for "exit 0" || exit 1
