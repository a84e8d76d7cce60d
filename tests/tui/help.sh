# help: ? and F1 show the keys of the view and of every view, from the key
# table, with the form's keys (and the filter's in Runs), and a legend of
# the symbols, colours and mouse; it scrolls with a hint; q and Esc close
# it without quitting.
start 80 24 -- tui || exit 1
wait_for "Latest runs" || exit 1
keys ?; wait_for "Keys of Overview" || exit 1
wait_for "Down, PgDn: more below" || exit 1
screen help || exit 1
keys PgDn; wait_for "In a form" || exit 1
keys PgDn; wait_for "Symbols and the mouse" || exit 1
wait_for "Up, PgUp: back" || exit 1
screen help-end || exit 1
keys q; wait_for "Latest runs" || exit 1
keys 2; wait_for "newest first" || exit 1
keys F1; wait_for "Keys of Runs" || exit 1
wait_for "filter as you type" || exit 1
keys PgDn; wait_for "runs tagged TAG" || exit 1
keys Escape; wait_for "newest first" || exit 1
wait_gone "Keys of Runs" || exit 1
keys q; wait_for "exit 0" || exit 1
