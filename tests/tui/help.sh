# help: ? and F1 show every key from the key table; any key closes it.
start 80 24 -- tui || exit 1
wait_for "Latest runs" || exit 1
keys ?; wait_for "Keys (any key closes" || exit 1
screen help || exit 1
keys x; wait_for "Latest runs" || exit 1
keys F1; wait_for "Everywhere" || exit 1
keys Escape; wait_for "Latest runs" || exit 1
keys q; wait_for "exit 0" || exit 1
