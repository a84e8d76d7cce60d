# The fish completion, through fish's own `complete -C`: commands, an
# abbreviated command's options, platform names, the values of an option
# that takes one of a list, import's sources, and a command after
# `run --`.  Skipped (exit 77, and said why) where fish is not installed.
if ! command -v fish >/dev/null 2>&1; then
	echo "fish is not installed"
	exit 77
fi
fail() { echo "FAIL: $*"; exit 1; }
here=$(cd "$(dirname "$0")/../.." && pwd)
gpulog platforms set jarvis --name Jarvislabs --billing hourly >/dev/null
complete() {  # the words offered for the command line $1, sorted
	HOME=$PWD fish --no-config -c "source '$here/completions/gpulog.fish'
	    complete -C '$1'" | cut -f1 | sort | tr '\n' ' '
}
want() {  # want EXPECTED LINE
	got=$(complete "$2")
	[ "$got" = "$1" ] || fail "'$2' -> [$got], want [$1]"
}
want "start status stop " "gpulog st"
want "--check --csv " "gpulog stat --c"
want "jarvis " "gpulog add ja"
want "week " "gpulog report --by we"
want "i3blocks tmux waybar " "gpulog status --format "
want "dark " "gpulog tui --theme d"
want "colab csv " "gpulog import c"
want "set " "gpulog platforms s"
complete "gpulog run -p kaggle -- pyth" | grep -q python3 ||
    fail "no command after run --: $(complete 'gpulog run -p kaggle -- pyth')"
# References: show offers every recent run's, stop the open run's alone.
gpulog add kaggle 1h -n done >/dev/null 2>&1
gpulog start vast >/dev/null 2>&1
R=$(gpulog log --json | python3 -c 'import json, sys
print([r["ref"] for r in json.load(sys.stdin) if not r["open"]][0])')
O=$(gpulog log --open --json | python3 -c 'import json, sys
print(json.load(sys.stdin)[0]["ref"])')
want "$O " "gpulog stop "
complete "gpulog show " | grep -q "$R" ||
    fail "refs after show: $(complete 'gpulog show ')"
echo "complete-fish: ok"
