# columns: from 160 columns the Overview is two columns, each laid out as
# on a screen of its width: quotas, budget and the Now panel on the left,
# the plan, open runs and the latest runs on the right, with the long
# forms of 120 columns; below 160 one.
gpulog add kaggle 2h30m -g P100 -n "resnet18 cifar10" --checkpointed >/dev/null
gpulog add vast yesterday 14:00-17:30 -g "RTX 4090" -t cnn >/dev/null
gpulog add lightning 2026-11-28 10:00-12:30 --gpus 2 >/dev/null
gpulog spend 899INR colab-pro >/dev/null
gpulog start colab-pro -g T4 -n "bert finetune" >/dev/null
for s in 159x40 160x40 200x50; do
	gpulog tui --dump --width "${s%x*}" --height "${s#*x}" >"dump-$s" ||
	    exit 1
done
for s in 160x40 200x50; do
	if [ -n "$UPDATE" ]; then
		cp "dump-$s" "$TUI_DIR/$TUI_NAME-$s.screen"
	elif ! diff -u "$TUI_DIR/$TUI_NAME-$s.screen" "dump-$s"; then
		exit 1
	fi
	grep -q '^ Quotas ─.*  Plan · month 1 of 13' "dump-$s" || exit 1
	# The budget's heading shares a line with a run.
	grep -q '^ Budget · December 2026.*  #[0-9]  *[0-9A-Z]' "dump-$s" ||
	    exit 1
done
# From 160 the gauges are the long ones again (20 cells for a quota, as
# from 120), and the budget's state word is whole beside its run row.
for s in 160x40 200x50; do
	grep -q '^  kaggle      [█░▼]\{20\}    8%' "dump-$s" || exit 1
	grep -q ' ₹0.00 left.*  at budget  ' "dump-$s" || exit 1
done
# The rows left under the Now panel hold the weeks' chart.
grep -q '^ GPU-hours a week · weeks from kaggle.s reset' dump-160x40 ||
    exit 1
grep -q 'GPU-hours a week' dump-159x40 && exit 1
grep -q 'Quotas ─.*Plan ·' dump-159x40 && exit 1
grep -q '^ Plan · month 1 of 13' dump-159x40 || exit 1
exit 0
