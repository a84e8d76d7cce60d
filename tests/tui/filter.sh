# filter: the Runs view's filter applies as it is typed, with its fields
# (+tag, p:platform, @project, g:GPU) and free text, its columns keeping
# their widths; Esc clears it; a resize refills the list and its counter
# at once.  40 runs, 6 of them
# tagged lora among others, as `gpulog log` shows "+llm,lora".
i=0
while [ $i -lt 40 ]; do
	d=$((10 + i % 18)) h=$((i % 9))
	case $((i % 7)) in
	0) gpulog add kaggle 2026-11-$d 0$h:00-0$h:50 -g T4 \
	    -n "sweep $i" -t llm -t lora --project chat ;;
	1) gpulog add colab-pro 2026-11-$d 1$h:00-1$h:40 -g A100 \
	    -n "bert $i" -t nlp ;;
	*) gpulog add local 2026-11-$d 0$h:10-0$h:30 -n "resnet $i" \
	    -t cnn --project cifar ;;
	esac >/dev/null 2>&1 || exit 1
	i=$((i + 1))
done
[ "$(gpulog log --tag lora | grep -c '^ *#')" -eq 6 ] || { gpulog log --tag lora; exit 1; }
start 80 24 -- tui || exit 1
wait_for "Latest runs" || exit 1
keys 2; wait_for "Runs · 40 · newest first" || exit 1
wait_for "1–19 of 40" || exit 1
heading=$(pane | grep -m1 ' #  start')
# Typed a key at a time, without Enter: each key narrows the list.
keys /; wait_for "Filter:" || exit 1
typed "+"; wait_for 'Runs · 40 matching "+"' || exit 1
typed "lora"; wait_for 'Runs · 6 matching "+lora"' || exit 1
wait_for "1–6 of 6" || exit 1
screen tag || exit 1
# The columns keep their widths while the list narrows.
[ "$(pane | grep -m1 ' #  start')" = "$heading" ] ||
    { echo "the columns moved: $(pane | grep -m1 ' #  start')"; exit 1; }
# Fields narrow together; Backspace widens again.
typed " g:a1"; wait_for 'Runs · 0 matching "+lora g:a1"' || exit 1
wait_for "no run matches the filter" || exit 1
keys BSpace BSpace BSpace BSpace BSpace; wait_for 'Runs · 6 matching "+lora"' || exit 1
keys C-u; typed "p:colab-pro"; wait_for 'Runs · 6 matching "p:colab-pro"' || exit 1
keys C-u; typed "@cifar resnet 3"; wait_for 'Runs · 11 matching "@cifar resnet 3"' || exit 1
keys C-u; typed "g:t4"; wait_for 'Runs · 6 matching "g:t4"' || exit 1
# Enter keeps it; Esc clears it.
keys Enter; wait_gone "Filter:" || exit 1
wait_for 'Runs · 6 matching "g:t4"' || exit 1
keys Escape; wait_for "Runs · 40 · newest first" || exit 1
wait_for "every run shown" || exit 1
# A click on a row selects it (an X10 mouse report: press, release).
typed "$(printf '\033[M %s\033[M#%s' '+&' '+&')"
keys e; wait_for "Edit run #35" || exit 1
keys Escape; wait_gone "Edit run" || exit 1
# Growing the window fills the new rows at once; shrinking fixes the
# counter.
tx resize-window -t t -x 120 -y 40
wait_for "1–35 of 40" || exit 1
screen grown || exit 1
tx resize-window -t t -x 200 -y 50
wait_for "1–40 of 40" || exit 1
tx resize-window -t t -x 80 -y 24
wait_for "1–19 of 40" || exit 1
screen shrunk || exit 1
keys q; wait_for "exit 0" || exit 1
