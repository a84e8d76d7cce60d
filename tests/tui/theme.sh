# theme: colours for the background.  The selected tab and the warnings
# are yellow on a dark background and dark orange (256-colour 130) on a
# light one, the headings cyan or dark blue (25); auto reads COLORFGBG
# ("0;15": dark text on white) and is dark without it.  A bad --theme is
# refused.  capture-pane -e keeps the pane's SGR attributes.
esc=$(printf '\033')
sgr() {
	tx capture-pane -e -p -t t | grep -E -q -- "$esc\\[([0-9]*;)*$1(;[0-9]*)*m"
}
for case in "dark:" "light:" "auto:" "auto:0;15" "auto:15;0"; do
	theme=${case%%:*} fgbg=${case#*:}
	start 120 40 "COLORFGBG='$fgbg'" -- tui --theme "$theme" || exit 1
	wait_for "Latest runs" || exit 1
	light=0
	{ [ "$theme" = light ] || [ "$fgbg" = "0;15" ]; } && light=1
	if [ $light = 1 ]; then
		sgr "38;5;130" || { echo "$case: no dark orange"; exit 1; }
		sgr "38;5;25" || { echo "$case: no dark blue"; exit 1; }
		sgr 33 && { echo "$case: yellow on a light background"; exit 1; }
	else
		sgr 33 || { echo "$case: no yellow"; exit 1; }
		sgr 36 || { echo "$case: no cyan"; exit 1; }
		sgr "38;5;130" && { echo "$case: light colours on dark"; exit 1; }
	fi
	keys q; wait_for "exit 0" || exit 1
	tui_end
done
gpulog tui --theme pink 2>err && exit 1
grep -q 'invalid --theme "pink": expected dark, light or auto' err || { cat err; exit 1; }
exit 0
