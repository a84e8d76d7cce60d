# edit: add, edit, filter, delete and undo through the keys alone, each
# checked in the database with `gpulog log` afterwards.
gpulog add kaggle 2h -g P100 -n "first run" >/dev/null
start 80 24 -- tui || exit 1
wait_for "Latest runs" || exit 1
keys 2; wait_for "newest first" || exit 1
# Add: a mistake is shown with the CLI's words and keeps the text.
keys a; wait_for "Add a run" || exit 1
typed "kagle"; wait_for "did you mean kaggle" || exit 1
keys BSpace BSpace BSpace; typed "ggle"; wait_gone "did you mean" || exit 1
keys Tab; typed "1h3x"; wait_for "invalid duration" || exit 1
screen add-error || exit 1
keys BSpace BSpace; typed "30m"; wait_gone "invalid duration" || exit 1
keys Tab; typed "T4"
keys Tab Tab Tab; typed "typed in the dashboard"
keys Tab; typed "cnn, cifar"
keys Enter; wait_for "added #2" || exit 1
screen added || exit 1
gpulog log | grep -q "kaggle     T4.*typed in the dashboard" || { gpulog log; exit 1; }
gpulog log --tag cifar | grep -q "#2 " || { gpulog log --tag cifar; exit 1; }
# Edit the run under the cursor (the newest): its note.
keys g e; wait_for "Edit run #2" || exit 1
keys Down Down Down Down Down Down; keys C-u; typed "edited note"
keys Enter; wait_for "changed #2" || exit 1
gpulog log | grep -q "edited note" || { gpulog log; exit 1; }
# Filter as it is typed (no Enter), keep it, then Esc clears it.
keys /; wait_for "Filter:" || exit 1
typed "first"; wait_for 'Runs · 1 matching "first"' || exit 1
keys Enter; wait_gone "Filter:" || exit 1
screen filtered || exit 1
keys Escape; wait_for "Runs · 2 · newest" || exit 1
# Delete asks first; n keeps, y deletes; u undoes.
keys d; wait_for "delete run #2" || exit 1
keys n; wait_for "cancelled" || exit 1
keys d; wait_for "delete run #2" || exit 1
keys y; wait_for "removed #2" || exit 1
gpulog log | grep -q "#2 " && { gpulog log; exit 1; }
keys u; wait_for "undid: rm #2" || exit 1
gpulog log | grep -q "#2 " || { gpulog log; exit 1; }
# Quit with a changed form asks first.
keys a; wait_for "Add a run" || exit 1
typed "vast"; keys C-c; wait_for "quit and lose" || exit 1
keys y; wait_for "exit 0" || exit 1
