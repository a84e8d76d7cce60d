# gpulog.bash: bash completion for gpulog(1): commands, each command's
# options, the values of options that take one of a list, import's
# sources, and platform names from the database.  The words come from
# `gpulog __complete`, so they follow the program as it changes.
# Installed as share/bash-completion/completions/gpulog.

_gpulog() {
	local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}
	local i cmd="" ci=0 db="" w
	local -a g=(gpulog)

	for ((i = 1; i < COMP_CWORD; i++)); do
		w=${COMP_WORDS[i]}
		case $w in
		--db) db=${COMP_WORDS[i+1]}; i=$((i + 1)) ;;
		--db=*) db=${w#--db=} ;;
		-*) ;;
		*) cmd=$w; ci=$i; break ;;
		esac
	done
	[ -n "$db" ] && g+=(--db "$db")
	# A unique prefix names its command, as gpulog reads it.
	[ -n "$cmd" ] && cmd=$("${g[@]}" __complete name "$cmd" 2>/dev/null)

	if [ -z "$cmd" ]; then
		if [[ $cur == -* ]]; then
			COMPREPLY=($(compgen -W "--db --help --version" -- "$cur"))
		elif [ "$prev" = --db ]; then
			COMPREPLY=($(compgen -f -- "$cur"))
		else
			COMPREPLY=($(compgen -W "$("${g[@]}" __complete commands 2>/dev/null)" -- "$cur"))
		fi
		return 0
	fi

	# After `run ... --` come the command and its own arguments.
	if [ "$cmd" = run ]; then
		for ((i = ci + 1; i < COMP_CWORD; i++)); do
			if [ "${COMP_WORDS[i]}" = -- ]; then
				if [ $((i + 1)) -eq "$COMP_CWORD" ]; then
					COMPREPLY=($(compgen -c -- "$cur"))
				else
					COMPREPLY=($(compgen -f -- "$cur"))
				fi
				return 0
			fi
		done
	fi

	case $prev in
	-p|--platform)
		COMPREPLY=($(compgen -W "$("${g[@]}" __complete platforms 2>/dev/null)" -- "$cur"))
		return 0 ;;
	--db|-o|--output)
		COMPREPLY=($(compgen -f -- "$cur"))
		return 0 ;;
	--billing)
		COMPREPLY=($(compgen -W "free subscription hourly units" -- "$cur"))
		return 0 ;;
	esac

	# An option whose value is one of a list: the list, from gpulog.
	if [[ $prev == -* ]]; then
		w=$("${g[@]}" __complete values "$cmd" "$prev" 2>/dev/null)
		if [ -n "$w" ]; then
			COMPREPLY=($(compgen -W "$w" -- "$cur"))
			return 0
		fi
	fi

	if [[ $cur == -* ]]; then
		COMPREPLY=($(compgen -W "$("${g[@]}" __complete options "$cmd" 2>/dev/null)" -- "$cur"))
		return 0
	fi

	# Which positional argument is this?  Values of options do not count.
	local valued n=0
	valued=" $("${g[@]}" __complete valued "$cmd" 2>/dev/null | tr '\n' ' ') "
	for ((i = ci + 1; i < COMP_CWORD; i++)); do
		w=${COMP_WORDS[i]}
		if [[ $valued == *" $w "* ]]; then
			i=$((i + 1))
		elif [[ $w != -* ]]; then
			n=$((n + 1))
		fi
	done
	case $cmd:$n in
	add:0|start:0|spend:1)
		COMPREPLY=($(compgen -W "$("${g[@]}" __complete platforms 2>/dev/null)" -- "$cur")) ;;
	platforms:0)
		COMPREPLY=($(compgen -W "set export import" -- "$cur")) ;;
	platforms:1)
		COMPREPLY=($(compgen -W "$("${g[@]}" __complete platforms 2>/dev/null)" -- "$cur")) ;;
	import:0)
		COMPREPLY=($(compgen -W "$("${g[@]}" __complete sources 2>/dev/null)" -- "$cur")) ;;
	show:0|edit:0|rm:*|continue:0)
		COMPREPLY=($(compgen -W "$("${g[@]}" __complete refs 2>/dev/null)" -- "$cur")) ;;
	stop:0|cancel:0)
		COMPREPLY=($(compgen -W "$("${g[@]}" __complete refs open 2>/dev/null)" -- "$cur")) ;;
	import:1|export:*)
		COMPREPLY=($(compgen -f -- "$cur")) ;;
	sync:0)
		COMPREPLY=($(compgen -d -- "$cur")) ;;
	help:0)
		COMPREPLY=($(compgen -W "$("${g[@]}" __complete commands 2>/dev/null)" -- "$cur")) ;;
	*)
		COMPREPLY=() ;;
	esac
	return 0
}
complete -F _gpulog gpulog
