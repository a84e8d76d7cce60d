# resize: the screen re-lays when the terminal changes size, and below
# 80x24 says so; growing back shows the dashboard again.
start 80 24 -- tui || exit 1
wait_for "Latest runs" || exit 1
tx resize-window -t t -x 60 -y 20
wait_for "terminal too small: need 80×24, have 60×20" || exit 1
screen small || exit 1
tx resize-window -t t -x 120 -y 40
wait_for "Tue 01 Dec 12:00:00" || exit 1
wait_for "Latest runs" || exit 1
screen grown || exit 1
keys q; wait_for "exit 0" || exit 1
