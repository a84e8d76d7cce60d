# resize: the screen re-lays when the terminal changes size, and below
# 80x23 (a 24-row terminal inside tmux) says so; growing back shows the
# dashboard again.
start 80 24 -- tui || exit 1
wait_for "Latest runs" || exit 1
tx resize-window -t t -x 80 -y 23
# Drawn, not refused: the key bar comes up to row 23.
i=0
until pane | sed -n 23p | grep -q "1-6 views"; do
	i=$((i + 1))
	[ $i -lt 100 ] || { pane; exit 1; }
	sleep 0.05
done
wait_for "Latest runs" || exit 1
screen short || exit 1
tx resize-window -t t -x 60 -y 20
wait_for "terminal too small: need 80×23, have 60×20" || exit 1
screen small || exit 1
tx resize-window -t t -x 120 -y 40
wait_for "Tue 01 Dec 12:00:00" || exit 1
wait_for "Latest runs" || exit 1
screen grown || exit 1
keys q; wait_for "exit 0" || exit 1
