# resize: the screen re-lays when the terminal changes size: 80x23 (a
# 24-row terminal inside tmux) and a compact 60x15 are drawn, below that
# it says so; growing back shows the dashboard again.
start 80 24 -- tui || exit 1
wait_for "Latest runs" || exit 1
# bar_at ROW: waits until the key bar is drawn on row ROW.
bar_at() {
	i=0
	until pane | sed -n "$1p" | grep -q "1-6 views"; do
		i=$((i + 1))
		[ $i -lt 100 ] || { pane; return 1; }
		sleep 0.05
	done
}
tx resize-window -t t -x 80 -y 23
# Drawn, not refused: the key bar comes up to row 23.
bar_at 23 || exit 1
wait_for "Latest runs" || exit 1
screen short || exit 1
# Compact down to 60x15: the other tabs by their key, one line a quota,
# the budget's state word without its pace.
tx resize-window -t t -x 60 -y 15
bar_at 15 || exit 1
wait_for " 1 Overview  2  3  4  5  6" || exit 1
pane | grep -q "^  kaggle      ░░░░▼░░░    0%     0.0 of 30.0   h$" ||
    { pane; exit 1; }
pane | grep -q "left  within$" || { pane; exit 1; }
screen compact || exit 1
tx resize-window -t t -x 50 -y 12
wait_for "terminal too small: need 60×15, have 50×12" || exit 1
screen small || exit 1
tx resize-window -t t -x 120 -y 40
wait_for "Tue 01 Dec 12:00:00" || exit 1
wait_for "Latest runs" || exit 1
screen grown || exit 1
# Two columns: the weeks' chart comes under the figures once the frame
# is shown.
tx resize-window -t t -x 200 -y 50
wait_for " GPU-hours a week · weeks from kaggle's reset" || exit 1
keys q; wait_for "exit 0" || exit 1
