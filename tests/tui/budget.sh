# budget: the Overview's budget gauge mid-month in a phase whose range
# starts above zero (₹899-₹2,000): what is spent filled, the range shaded
# between its two ticks, the pace marker where an even spend to ₹2,000
# would be on the 16th; at 80, 120 and 200 columns, by --dump.
export GPULOG_NOW=2026-12-16T00:00:00Z
gpulog plan --start 2026-06-01 >/dev/null
gpulog spend 899INR colab-pro -d 2026-12-01 >/dev/null
gpulog add vast 3h --cost 100INR >/dev/null
for s in 80x24 120x40 200x50; do
	gpulog tui --dump --width "${s%x*}" --height "${s#*x}" >"dump-$s" ||
	    exit 1
	if [ -n "$UPDATE" ]; then
		cp "dump-$s" "$TUI_DIR/$TUI_NAME-$s.screen"
	elif ! diff -u "$TUI_DIR/$TUI_NAME-$s.screen" "dump-$s"; then
		exit 1
	fi
done
# At 120 columns the gauge is 24 cells for ₹2,500: ₹999 fills cells 0 to
# 9, the range ₹899-₹2,000 is cells 8 to 19 with a tick at each end, and
# 15 of 31 days of ₹2,000 (₹967) is cell 9: the marker, inside the fill.
grep -q '^  ████████│▼▒▒▒▒▒▒▒▒▒│░░░░ ₹999.00 spent' dump-120x40 || {
	grep -A1 'Budget ·' dump-120x40; exit 1; }
exit 0
