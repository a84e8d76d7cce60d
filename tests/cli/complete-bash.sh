# The bash completion: commands, options per command, platform names from
# the database (a platform added by the user shows), values after -p, and
# a command after `run --`.  Sourced in bash and driven through
# COMP_WORDS/COMP_CWORD as bash itself does.
set -e
command -v bash >/dev/null || { echo "bash is not installed"; exit 77; }
gpulog platforms set jarvis --name Jarvislabs --billing hourly >/dev/null
# A run that ended and one still open: their references complete after
# show, edit, rm and continue; stop and cancel offer the open one alone.
gpulog add kaggle 1h -n done >/dev/null 2>&1
gpulog start vast >/dev/null 2>&1
R=$(gpulog log --json | python3 -c 'import json, sys
print([r["ref"] for r in json.load(sys.stdin) if not r["open"]][0])')
O=$(gpulog log --open --json | python3 -c 'import json, sys
print(json.load(sys.stdin)[0]["ref"])')
export R O
COMPLETIONS="$DATA/../../completions/gpulog.bash" bash <<'SH'
set -e
. "$COMPLETIONS"
fails=0
comp() {  # comp EXPECTED WORD...: completes the last word
	local want=$1; shift
	COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); COMPREPLY=()
	# compgen's status is 1 when nothing matches: no failure here.
	_gpulog || true
	local got="${COMPREPLY[*]}"
	if [ "$got" != "$want" ]; then
		echo "FAIL: $* -> [$got], want [$want]"
		fails=$((fails + 1))
	fi
}
comp "start stop status" gpulog st
comp "where" gpulog wh
comp "run" gpulog ru
comp "--db --help --version" gpulog -
comp "--check" gpulog status --ch
comp "--sample-interval" gpulog run --sam
comp "--vram" gpulog where 8h --v
comp "jarvis" gpulog add ja
comp "kaggle" gpulog add kag
comp "local lightning lambda" gpulog --db "$GPULOG_DB" start l
comp "colab-free colab-pro colab-plus colab-payg" gpulog run -p col
comp "vast" gpulog spend 5USD va
comp "" gpulog spend va
comp "lightning" gpulog add -g T4 li
comp "week" gpulog report --by we
comp "waybar" gpulog status --format wa
comp "auto" gpulog tui --theme a
comp "notify-send" gpulog notify --via no
comp "kaggle" gpulog import k
comp "$R" gpulog show "${R%???}"
comp "$R" gpulog rm 1 "${R%???}"
comp "$O" gpulog stop "${O%???}"
comp "" gpulog stop "${R%???}"
comp "set" gpulog platforms s
comp "gpulog" gpulog run -p kaggle -- gpulo
# An abbreviated command completes as the command it names.
comp "--check" gpulog stat --ch
comp "kaggle" gpulog star kag
comp "week" gpulog rep --by we
comp "" gpulog sta kag
[ "$fails" = 0 ] && echo "complete-bash: ok"
exit "$fails"
SH
