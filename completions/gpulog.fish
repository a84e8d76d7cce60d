# gpulog.fish: fish completion for gpulog(1): commands, each command's
# options, the values of options that take one of a list, import's
# sources, platform names from the database, files and directories where
# a command takes them, all from `gpulog __complete`, as the bash and zsh
# completions do.  Installed as share/fish/vendor_completions.d/gpulog.fish.

function __gpulog_complete
	set -l tokens (commandline -opc)
	set -l cur (commandline -ct)
	set -l g gpulog
	set -l cmd ''
	set -l ci 0
	set -l i 2
	while test $i -le (count $tokens)
		set -l w $tokens[$i]
		switch $w
			case --db
				set i (math $i + 1)
				set g gpulog --db $tokens[$i]
			case '--db=*'
				set g gpulog --db (string replace -- --db= '' $w)
			case '-*'
			case '*'
				set cmd $w
				set ci $i
				break
		end
		set i (math $i + 1)
	end

	if test -z "$cmd"
		if test "$tokens[-1]" = --db
			__fish_complete_path $cur
		else if string match -q -- '-*' $cur
			printf '%s\n' --db --help --version
		else
			$g __complete commands 2>/dev/null
		end
		return
	end
	# A unique prefix names its command, as gpulog reads it.
	set cmd ($g __complete name $cmd 2>/dev/null)

	# After `run ... --` come the command and its own arguments.
	if test "$cmd" = run
		set -l j (math $ci + 1)
		while test $j -le (count $tokens)
			if test "$tokens[$j]" = --
				if test $j -eq (count $tokens)
					__fish_complete_command $cur
				else
					__fish_complete_path $cur
				end
				return
			end
			set j (math $j + 1)
		end
	end

	set -l prev $tokens[-1]
	switch $prev
		case -p --platform
			$g __complete platforms 2>/dev/null
			return
		case --db -o --output
			__fish_complete_path $cur
			return
		case --billing
			printf '%s\n' free subscription hourly units
			return
	end
	# An option whose value is one of a list: the list, from gpulog.
	if string match -q -- '-*' $prev
		set -l words ($g __complete values $cmd $prev 2>/dev/null)
		if test (count $words) -gt 0
			printf '%s\n' $words
			return
		end
	end
	if string match -q -- '-*' $cur
		$g __complete options $cmd 2>/dev/null
		return
	end

	# Which positional argument is this?  Values of options do not count.
	set -l valued ($g __complete valued $cmd 2>/dev/null)
	set -l n 0
	set -l j (math $ci + 1)
	while test $j -le (count $tokens)
		set -l w $tokens[$j]
		if contains -- $w $valued
			set j (math $j + 1)
		else if not string match -q -- '-*' $w
			set n (math $n + 1)
		end
		set j (math $j + 1)
	end
	switch $cmd:$n
		case add:0 start:0 spend:1 platforms:1
			$g __complete platforms 2>/dev/null
		case platforms:0
			printf "%s\n" set export import
		case import:0
			$g __complete sources 2>/dev/null
		case show:0 edit:0 'rm:*' continue:0
			$g __complete refs 2>/dev/null
		case stop:0 cancel:0
			$g __complete refs open 2>/dev/null
		case import:1 'export:*'
			__fish_complete_path $cur
		case sync:0
			__fish_complete_directories $cur
		case help:0
			$g __complete commands 2>/dev/null
	end
end

complete -c gpulog -f -a '(__gpulog_complete)'
