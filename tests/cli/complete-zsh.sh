# The zsh completion, run in zsh with compadd and _files stubbed to print
# what they are given: commands, a command's options, platform names.
# Skipped (exit 77, and said why) where zsh is not installed.
if ! command -v zsh >/dev/null 2>&1; then
	echo "zsh is not installed"
	exit 77
fi
fail() { echo "FAIL: $*"; exit 1; }
here=$(cd "$(dirname "$0")/../.." && pwd)
gpulog status >/dev/null
complete() {
	# $1: the words so far, the last being the one completed.
	zsh -f -c '
		compadd() { while [[ $1 == -* ]]; do
			[[ $1 == -a ]] && { shift; print -l -- ${(P)1}; return; }
			[[ $1 == -- ]] && { shift; break; }; shift; done
			print -l -- "$@"; }
		_files() { print -- FILES; }
		_message() { :; }
		_arguments() { :; }
		source "$1"
		words=(${(z)2})
		[[ $2 == *" " ]] && words+=("")
		CURRENT=${#words}
		PREFIX=$words[CURRENT]
		_gpulog' zsh "$here/completions/_gpulog" "$1"
}
complete "gpulog " | grep -qx status || fail "commands: $(complete 'gpulog ')"
complete "gpulog add " | grep -qx kaggle ||
    fail "platforms after add: $(complete 'gpulog add ')"
complete "gpulog add kaggle 2h --" | grep -qx -- --gpu ||
    fail "add options: $(complete 'gpulog add kaggle 2h --')"
complete "gpulog report --" | grep -qx -- --by ||
    fail "report options: $(complete 'gpulog report --')"
# An abbreviated command completes as the command it names.
complete "gpulog rep --" | grep -qx -- --by ||
    fail "options after rep: $(complete 'gpulog rep --')"
complete "gpulog sta " | grep -qx kaggle &&
    fail "platforms after the ambiguous sta: $(complete 'gpulog sta ')"
complete "gpulog star " | grep -qx kaggle ||
    fail "platforms after star: $(complete 'gpulog star ')"
complete "gpulog status --format " | grep -qx i3blocks ||
    fail "status --format: $(complete 'gpulog status --format ')"
complete "gpulog report -b " | grep -qx phase ||
    fail "report -b: $(complete 'gpulog report -b ')"
complete "gpulog import " | grep -qx colab ||
    fail "import sources: $(complete 'gpulog import ')"
# References: show offers every recent run's, stop the open run's alone.
gpulog add kaggle 1h -n done >/dev/null 2>&1
gpulog start vast >/dev/null 2>&1
R=$(gpulog log --json | python3 -c 'import json, sys
print([r["ref"] for r in json.load(sys.stdin) if not r["open"]][0])')
O=$(gpulog log --open --json | python3 -c 'import json, sys
print(json.load(sys.stdin)[0]["ref"])')
complete "gpulog show " | grep -qx "$R" ||
    fail "refs after show: $(complete 'gpulog show ')"
complete "gpulog stop " | grep -qx "$O" ||
    fail "open refs after stop: $(complete 'gpulog stop ')"
complete "gpulog stop " | grep -qx "$R" &&
    fail "a closed run's ref after stop: $(complete 'gpulog stop ')"
echo "complete-zsh: ok"
