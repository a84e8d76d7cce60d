# dump: `gpulog tui --dump` prints the Overview as text, without curses,
# at the default and a given size; bad sizes are usage errors.
gpulog add kaggle 2h30m -g P100 -n "resnet18 cifar10" --checkpointed >/dev/null
gpulog add vast yesterday 14:00-17:30 -g "RTX 4090" >/dev/null
# A Colab Pro subscriber: December is paid.
gpulog spend 999INR colab-pro -d 2026-12-01T00:00 -n "Colab Pro" >/dev/null
gpulog start colab-pro -g T4 --at 10:45 >/dev/null
gpulog tui --dump >dump-80 || exit 1
gpulog tui --dump --width 132 --height 30 >dump-132 || exit 1
for f in dump-80 dump-132; do
	if [ -n "$UPDATE" ]; then
		cp "$f" "$TUI_DIR/$TUI_NAME-$f.screen"
	elif ! diff -u "$TUI_DIR/$TUI_NAME-$f.screen" "$f"; then
		exit 1
	fi
done
[ "$(wc -l <dump-80)" -eq 24 ] || exit 1
gpulog tui --dump --width 5 2>err && exit 1
grep -q "width" err || exit 1
gpulog tui </dev/null >out 2>err && exit 1
grep -q "needs a terminal" err || exit 1
# The figures are status's: the same hours used, runs and GPU-hours.
status=$(gpulog status)
echo "$status" | grep -q "2.5 of 30.0" || exit 1
grep -q "2.5 of 30.0" dump-80 || exit 1
month=$(echo "$status" | sed -n 's/^  \([0-9]*\) runs*, \([0-9.]*\) GPU-h this month$/\1 runs · \2 GPU-h/p')
[ -n "$month" ] && grep -q "$month" dump-80 || { echo "no '$month'"; exit 1; }
exit 0
