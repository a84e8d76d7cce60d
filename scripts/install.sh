#!/bin/sh
# install.sh: make install and make uninstall.  install copies each file
# and writes in a list, LIST, what it made: the files, and the directories
# that were not there before (one that was, such as /usr/local/bin, is
# never listed).  uninstall removes the files the list names, the list,
# then the directories it names, deepest first, each only if empty.
# Paths in the list leave out DESTDIR, so that a staged install's list is
# right once the stage is installed; DESTDIR is added back when removing.
#
#   install.sh install LIST SRC MODE DEST [SRC MODE DEST ...]
#   install.sh uninstall LIST DEST...   (DEST: the files to remove when
#                                        there is no list)
set -eu
d=${DESTDIR:-}
mode=$1 list=$2
shift 2

case $mode in
install)
	dirs=$(mktemp)
	trap 'rm -f "$dirs"' EXIT
	# A reinstall keeps the directories an earlier install made.
	if [ -f "$d$list" ]; then
		sed -n 's/^dir //p' "$d$list" >"$dirs"
	fi
	# mkdirs DIR: makes DIR and the parents it lacks, listing each.
	# The root of the paths ("/" or ".") is DESTDIR's own directory,
	# made when missing and never listed.
	mkdirs() {
		[ -d "$d$1" ] && return 0
		case $1 in
		/ | .)
			mkdir -p "$d$1"
			return 0
			;;
		esac
		mkdirs "$(dirname "$1")"
		mkdir "$d$1"
		echo "$1" >>"$dirs"
	}
	mkdirs "$(dirname "$list")"
	files=""
	while [ $# -ge 3 ]; do
		mkdirs "$(dirname "$3")"
		echo "install: $3"
		cp "$1" "$d$3"
		chmod "$2" "$d$3"
		files="$files$3
"
		shift 3
	done
	{
		echo "# what make install made; make uninstall removes it"
		printf '%s' "$files" | sed 's/^/file /'
		sed 's/^/dir /' "$dirs"
	} >"$d$list"
	chmod 644 "$d$list"
	;;
uninstall)
	if [ ! -f "$d$list" ]; then
		for f in "$@"; do
			[ -e "$d$f" ] || continue
			echo "uninstall: $f"
			rm -f "$d$f"
		done
		exit 0
	fi
	sed -n 's/^file //p' "$d$list" | while IFS= read -r f; do
		[ -e "$d$f" ] || [ -L "$d$f" ] || continue
		echo "uninstall: $f"
		rm -f "$d$f"
	done
	# Deepest first: a directory is listed after its parent.
	dirs=$(sed -n 's/^dir //p' "$d$list" | sed -n '1!G;h;$p')
	rm -f "$d$list"
	printf '%s\n' "$dirs" | while IFS= read -r f; do
		[ -n "$f" ] && [ -d "$d$f" ] || continue
		if rmdir "$d$f" 2>/dev/null; then
			echo "uninstall: $f/"
		else
			echo "uninstall: kept $f/: not empty"
		fi
	done
	;;
*)
	echo "usage: install.sh install|uninstall LIST ..." >&2
	exit 2
	;;
esac
