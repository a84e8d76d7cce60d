# escapes: a note full of escape sequences is shown escaped and cannot
# move the cursor or change the terminal; NO_COLOR and an ASCII locale.
gpulog add kaggle 1h -n "$(printf 'evil\033[2J\033]0;pwned\007\033[31mred\rX\tY')" >/dev/null
start 120 30 NO_COLOR=1 -- tui || exit 1
wait_for "Latest runs" || exit 1
wait_for 'evil\x1b[2J\x1b]0;pwned\x07' || exit 1
screen note || exit 1
keys 2; wait_for "newest first" || exit 1
wait_for 'evil\x1b[2J' || exit 1
keys q; wait_for "exit 0" || exit 1
tx kill-server
start 80 24 LC_ALL=C LANG=C -- tui || exit 1
wait_for "Latest runs" || exit 1
screen ascii || exit 1
keys q; wait_for "exit 0" || exit 1
