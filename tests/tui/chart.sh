# chart: the Reports view's weekly chart.  The plan began Mon 05 Oct, so
# the chart starts at the week holding it (no empty weeks before); weeks
# run from kaggle's weekly reset (Sat 00:00 UTC), the 30 h quota is a
# line over kaggle's own series at the bottom of each stack, the axis has
# a label every few rows, and the week of 21 Nov, which
# holds runs on seven platforms, shows every one of them in its stack.
gpulog plan --start 2026-10-05 >/dev/null
# vast's run comes first, yet kaggle, whose quota the line is, is the
# first series: at the bottom of each stack and first in the legend.
gpulog add vast 2026-10-05 16:00-17:00 >/dev/null
for d in 2026-10-06 2026-10-14 2026-10-20 2026-11-03 2026-11-10 \
    2026-11-17 2026-11-24 2026-11-29; do
	gpulog add kaggle $d 08:00-11:30 -g P100 >/dev/null
	gpulog add lightning $d 14:00-16:00 --gpus 2 >/dev/null
	gpulog add vast $d 16:00-17:00 >/dev/null
done
gpulog add kaggle 2026-12-01 08:00-11:30 -g P100 >/dev/null
gpulog add colab-pro 2026-11-20 10:00-22:00 >/dev/null
gpulog add runpod 2026-11-21 10:00-12:00 >/dev/null
gpulog add lambda 2026-11-21 13:00-14:00 >/dev/null
gpulog add local 2026-11-22 13:00-14:00 >/dev/null
for s in 80x24 120x40 200x50; do
	tx kill-server 2>/dev/null
	start "${s%x*}" "${s#*x}" -- tui || exit 1
	wait_for "Latest runs" || exit 1
	keys 5; wait_for "weeks from kaggle's reset, Sat 00:00" || exit 1
	screen "$s" || exit 1
	pane >pane-$s
	grep -q "30.0 h quota" pane-$s || exit 1
	grep -q "^           █ kaggle  ▓ " pane-$s || exit 1
	grep -q "^     10 h│" pane-$s || exit 1
	grep -q "^ *03 Oct " pane-$s || exit 1
	grep -q "26 Sep" pane-$s && exit 1
	# The chart's rows (above its legend) hold every platform's glyph.
	sed '/█ kaggle/,$d' pane-$s >bars-$s
	for g in █ ▓ ▒ ░ ▚ ▞ ▙; do
		grep -q "$g" bars-$s || { echo "no $g at $s"; exit 1; }
	done
	keys q; wait_for "exit 0" || exit 1
done
exit 0
