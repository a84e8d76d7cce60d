# color: NO_COLOR set and not empty turns colour off; unset or empty leaves
# it on (no-color.org), for the CLI on a terminal and for the dashboard.
# capture-pane -e keeps the pane's SGR attributes: a colour is a parameter
# 30-38, 40-48, 90-97 or 100-107 (39 and 49, the defaults, and bold or
# reverse are not colour).
sgr_color="$(printf '\033')\\[([0-9]*;)*(3[0-8]|4[0-8]|9[0-7]|10[0-7])(;[0-9]*)*m"
has_sgr() {
	tx capture-pane -e -p -t t | grep -E -q -- "$sgr_color"
}
for v in "" 1; do
	start 80 24 NO_COLOR="$v" -- status || exit 1
	wait_for "exit 0" || exit 1
	if [ -z "$v" ] && ! has_sgr; then
		echo "status: NO_COLOR= (empty) printed no colour"; exit 1
	fi
	if [ -n "$v" ] && has_sgr; then
		echo "status: NO_COLOR=$v printed colour"; exit 1
	fi
	tui_end
	start 80 24 NO_COLOR="$v" -- tui || exit 1
	wait_for "Latest runs" || exit 1
	if [ -z "$v" ] && ! has_sgr; then
		echo "tui: NO_COLOR= (empty) drew no colour"; exit 1
	fi
	if [ -n "$v" ] && has_sgr; then
		echo "tui: NO_COLOR=$v drew colour"; exit 1
	fi
	keys q; wait_for "exit 0" || exit 1
	tui_end
done
