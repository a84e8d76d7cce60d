# status --format: the short line for Waybar (one JSON object: text,
# tooltip, class, percentage), i3blocks (full_text, short_text, colour;
# exit 33 when a quota is used up) and tmux (#[fg=...] by level, a # in
# the text doubled), at ok, near and over; add says "used up" when a run
# uses exactly what was left.
gpulog plan --start 2026-11-01 >/dev/null
bars() {
	for f in waybar i3blocks tmux; do
		gpulog status --format $f
		echo "exit $?"
	done
}
echo "== nothing used"
bars
gpulog add kaggle 2026-11-28 08:00-17:00 -g P100 >/dev/null
gpulog add kaggle 2026-11-29 08:00-17:00 -g P100 >/dev/null
gpulog add kaggle 2026-11-30 08:00-17:00 -g P100 >/dev/null
echo "== kaggle near its end"
bars
gpulog add kaggle 2026-12-01 08:00-11:00 -g P100
gpulog spend 1000 colab-pro >/dev/null
echo "== kaggle used up"
bars
echo "== errors"
gpulog status --format lemonbar
echo "exit $?"
gpulog status --format waybar --json
echo "exit $?"
