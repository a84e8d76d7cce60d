# live: a run added by another process shows up by itself.
gpulog add kaggle 1h -n "already there" >/dev/null
start 80 24 -- tui || exit 1
wait_for "alread" || exit 1
keys 2; wait_for "newest first" || exit 1
gpulog add vast 30m -g "RTX 4090" -n "from another shell" >/dev/null
TUI_TIMEOUT=3 wait_for "from an" || exit 1
wait_for "Runs · 2" || exit 1
keys 1; wait_for "vast" || exit 1
keys q; wait_for "exit 0" || exit 1
