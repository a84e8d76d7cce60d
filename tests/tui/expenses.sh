# expenses: the Expenses view (6) lists expenses newest first with their
# kind, and adds, edits and deletes one through the keys alone, each
# checked with `gpulog spend` and `gpulog show` afterwards; a note's
# escape sequence is shown harmless.
gpulog spend 899INR colab-pro -n "Colab Pro, December" \
    -d 2026-12-01T09:00:00Z >/dev/null
gpulog spend '$12.50' vast --credit -d 2026-11-20 >/dev/null
gpulog spend 250INR -n "$(printf 'bad\033[31m note')" -d 2026-11-10 >/dev/null
list() { gpulog spend --since 2026-01-01; }
start 80 24 -- tui || exit 1
wait_for "Latest runs" || exit 1
keys 6; wait_for "Expenses · 3 · newest first" || exit 1
wait_for 'bad\x1b[31m note' || exit 1
screen list-80 || exit 1
# Add: a mistake is refused in the words of `gpulog spend`.
keys a; wait_for "Add an expense" || exit 1
typed "0"; wait_for 'invalid amount "0": must be more than zero' || exit 1
keys BSpace; typed '$11.99'; wait_gone "must be more" || exit 1
keys Tab; typed "colab"; keys Tab Tab; typed "month two"
keys Enter; wait_for 'ambiguous platform "colab"' || exit 1
typed "-pro"; keys Enter; wait_for 'spent e4 $11.99 colab-pro' || exit 1
list | grep -q '^e4 .*colab-pro .*\$11.99  month two$' || { list; exit 1; }
# Edit the one under the cursor (the new one): a date after now is
# refused, one before is kept.
wait_for "Expenses · 4" || exit 1
keys e; wait_for "Edit expense e4" || exit 1
keys Tab Tab C-u; typed "2027-01-02 10:00"
keys Enter; wait_for "the date is in the future" || exit 1
screen edit-future || exit 1
keys C-u; typed "2026-11-30 10:00"; keys Enter
wait_for 'changed e4 $11.99 colab-pro' || exit 1
gpulog show e4 | grep -q "2026-11-30" || { gpulog show e4; exit 1; }
gpulog show e4 | grep -q "month two" || { gpulog show e4; exit 1; }
# A pack needs a platform with packs: refused under Units or Platform,
# with ops' words; Esc with changes asks first.
keys a; wait_for "Add an expense" || exit 1
typed "300INR"; keys Tab Tab Tab Tab; typed "x"
wait_for "invalid" || exit 1
keys Escape; wait_for "discard what the form holds?" || exit 1
keys y; wait_for "nothing changed" || exit 1
# Delete asks first; n keeps, y deletes; u undoes.
keys d; wait_for 'delete expense e4 $11.99 colab-pro? (y/n)' || exit 1
keys n; wait_for "cancelled" || exit 1
list | grep -q '^e4 ' || { list; exit 1; }
keys d; wait_for "delete expense e4" || exit 1
keys y; wait_for 'removed e4 $11.99 colab-pro (u undoes)' || exit 1
list | grep -q '^e4 ' && { list; exit 1; }
keys u; wait_for "undid: rm e4" || exit 1
list | grep -q '^e4 ' || { list; exit 1; }
# The help is the view's own.
keys '?'; wait_for "Keys of Expenses" || exit 1
wait_for "add an expense: a subscription" || exit 1
keys q; wait_gone "Keys of Expenses" || exit 1
# Every size: the columns widen, this month's split shows.
keys g
tx resize-window -t t -x 120 -y 40
wait_for "this month:" || exit 1
screen list-120 || exit 1
keys q; wait_for "exit 0" || exit 1
tx kill-server
start 200 50 -- tui || exit 1
wait_for "Latest runs" || exit 1
keys 6; wait_for "Expenses · 4" || exit 1
screen list-200 || exit 1
keys q; wait_for "exit 0" || exit 1
