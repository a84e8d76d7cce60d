#!/bin/sh
# deps.sh: installs what gpulog needs and is missing: Debian's packages
# through apt-get (as root, or through sudo), Homebrew's on macOS.  Does
# nothing when everything is there.
#
#   deps.sh build          what building and running gpulog need (make
#                          deps, make run), the manual reader man(1) too
#   deps.sh check          what every test suite and `make fuzz` use
#                          besides (make check)
#   deps.sh lint           what `make lint` uses: cppcheck and mandoc
#   deps.sh --verify CC    installs nothing: names what building lacks and
#                          exits 1 (the Makefile asks before it compiles;
#                          no compiler is run)
#
# Each need is checked on its own (a library by pkg-config or its header,
# a tool by its command, clang's fuzzer and sanitizer runtimes by linking a
# fuzz target), so a machine that has clang without libclang-rt-14-dev is
# caught.  As a user who is neither root nor has sudo, it prints the one
# `apt-get install` line to give an administrator.  On a terminal apt shows
# its progress; with CI set, or output not a terminal, only its errors.
set -eu

mode=${1:-check}
cc=${2:-cc}
missing=""   # what is missing, in words, comma-separated
debs=""      # the Debian packages that bring it, each once
brews=""     # the Homebrew formulas, each once

# need WHAT DEBS [BREWS]: WHAT is missing; Debian's DEBS and Homebrew's
# BREWS bring it.
need() {
	missing="${missing:+$missing, }$1"
	for d in $2; do
		case " $debs " in *" $d "*) ;; *) debs="$debs $d" ;; esac
	done
	for b in ${3:-}; do
		case " $brews " in *" $b "*) ;; *) brews="$brews $b" ;; esac
	done
}

has() { command -v "$1" >/dev/null 2>&1; }

# macOS: Homebrew's ncurses, sqlite and curl are keg-only, so pkg-config
# finds them only with their lib/pkgconfig on PKG_CONFIG_PATH, as the
# Makefile puts it; without it they would be asked for again.
if [ "$(uname -s)" = Darwin ] && has brew; then
	for f in ncurses sqlite curl; do
		p=$(brew --prefix "$f" 2>/dev/null) || continue
		[ -n "$p" ] && [ -d "$p/lib/pkgconfig" ] || continue
		PKG_CONFIG_PATH="$p/lib/pkgconfig${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}"
	done
	export PKG_CONFIG_PATH
fi

# header H: 0 when the C header H is in a standard include directory.
header() {
	for d in /usr/include /usr/local/include /usr/include/*-linux-gnu \
	    /opt/homebrew/include; do
		[ -f "$d/$1" ] && return 0
	done
	return 1
}

# lib PC HEADER WHAT DEB BREW: the library is there when pkg-config knows
# PC or, without pkg-config, when its HEADER is.
lib() {
	if has pkg-config; then
		pkg-config --exists "$1" && return 0
	else
		header "$2" && return 0
	fi
	need "$3" "$4" "$5"
}

build_needs() {
	if ! has "$cc"; then
		case $cc in
		*clang*) need "the C compiler $cc" clang ;;
		*) need "a C compiler ($cc)" "gcc libc6-dev" ;;
		esac
	fi
	[ "$(uname -s)" = Darwin ] || header stdio.h ||
	    need "the C library's headers" libc6-dev
	has make || need make make make
	has pkg-config || need pkg-config pkg-config pkg-config
	lib sqlite3 sqlite3.h "SQLite's headers" libsqlite3-dev sqlite
	lib libcjson cjson/cJSON.h "cJSON's headers" libcjson-dev cjson
	lib libcurl curl/curl.h "libcurl's headers" libcurl4-openssl-dev curl
	lib ncursesw curses.h "ncursesw's headers" libncurses-dev ncurses
}

# What running needs besides: man(1) to read the manual, and the
# certificates that `fx update` and `prices update` check HTTPS with.
run_needs() {
	[ "$(uname -s)" = Darwin ] && return 0
	has man || need "man (the manual's reader)" man-db
	[ -f /etc/ssl/certs/ca-certificates.crt ] ||
	    need "the CA certificates" ca-certificates
}

# 0 when clang links a libFuzzer target with ASan and UBSan.
fuzz_links() {
	has clang || return 1
	d=$(mktemp -d)
	printf 'int LLVMFuzzerTestOneInput(const unsigned char *d, '\
'unsigned long n) { (void)d; (void)n; return 0; }\n' >"$d/f.c"
	rc=0
	clang -fsanitize=fuzzer,address,undefined -o "$d/f" "$d/f.c" \
	    >/dev/null 2>&1 || rc=1
	rm -rf "$d"
	return $rc
}

check_needs() {
	has tmux || need tmux tmux tmux
	has mandoc || need mandoc mandoc mandoc
	has groff || need groff groff-base groff
	has sqlite3 || need "sqlite3 (the shell)" sqlite3 sqlite
	has python3 || need python3 python3 python
	has zsh || need zsh zsh zsh
	has fish || need fish fish fish
	has hledger || need hledger hledger hledger
	if [ "$(uname -s)" != Darwin ]; then
		# valgrind does not run on current macOS; its suites skip.
		has valgrind || need valgrind valgrind
		[ -x /usr/bin/time ] || need /usr/bin/time time
		has chattr || need chattr e2fsprogs
		has strace || need strace strace
	fi
	[ -f /usr/share/zoneinfo/America/New_York ] ||
	    need "the time zone database" tzdata
	# Debian's clang does not bring its runtimes: libFuzzer and clang's
	# ASan live in libclang-rt-14-dev.
	if ! has clang; then
		need clang "clang libclang-rt-14-dev" llvm
	elif ! fuzz_links; then
		need "clang's fuzzer runtime" libclang-rt-14-dev llvm
	fi
}

lint_needs() {
	has cppcheck || need cppcheck cppcheck cppcheck
	has mandoc || need mandoc mandoc mandoc
}

case $mode in
--verify)
	build_needs
	[ -z "$missing" ] && exit 0
	echo "gpulog: cannot build: missing $missing" >&2
	echo "gpulog: run \`make deps\`, which installs them, then make" >&2
	exit 1
	;;
build) build_needs; run_needs ;;
check) build_needs; run_needs; check_needs ;;
lint) lint_needs ;;
*) echo "usage: deps.sh build|check|lint|--verify CC" >&2; exit 2 ;;
esac
[ -z "$missing" ] && exit 0
echo "deps: missing: $missing" >&2

if [ "$(uname -s)" = Darwin ]; then
	if [ -z "$brews" ]; then
		echo "deps: install the Xcode command line tools" \
		    "(xcode-select --install), then rerun" >&2
		exit 1
	fi
	if ! has brew; then
		echo "deps: install Homebrew (https://brew.sh), then run:" >&2
		echo "    brew install$brews" >&2
		exit 1
	fi
	# What Homebrew has already is not installed again: a formula that
	# is there and still not found is said instead.
	todo="" there=""
	for b in $brews; do
		if brew list --versions "$b" >/dev/null 2>&1; then
			there="$there $b"
		else
			todo="$todo $b"
		fi
	done
	if [ -n "$there" ]; then
		echo "deps: Homebrew has$there already; not installed again" >&2
	fi
	if [ -z "$todo" ]; then
		echo "deps: still missing: $missing (brew doctor may say why)" >&2
		exit 1
	fi
	echo "deps: brew install$todo"
	# shellcheck disable=SC2086
	exec brew install $todo
fi

if ! has apt-get; then
	echo "deps: install the Debian packages$debs or your system's" \
	    "equivalents, then rerun" >&2
	exit 1
fi
if [ "$(id -u)" -eq 0 ]; then
	sudo=""
elif has sudo; then
	sudo="sudo"
else
	echo "deps: you are not root and there is no sudo; ask an" \
	    "administrator to run:" >&2
	echo "    apt-get update && apt-get install -y" \
	    "--no-install-recommends$debs" >&2
	exit 1
fi
echo "deps: installing$debs"
export DEBIAN_FRONTEND=noninteractive
# apt's progress shows on a terminal; CI and pipes get its errors only.
if [ -n "${CI:-}" ] || [ ! -t 1 ]; then
	exec >/dev/null
	q="-qq"
	export DEBCONF_NOWARNINGS=yes
else
	q=""
fi
# sudo resets the environment: apt-get is given the settings on its own
# command line, so that no package stops at a question.
apt="env DEBIAN_FRONTEND=noninteractive${DEBCONF_NOWARNINGS:+ DEBCONF_NOWARNINGS=yes} apt-get"
# shellcheck disable=SC2086
$sudo $apt update $q
# shellcheck disable=SC2086
$sudo $apt install -y $q --no-install-recommends $debs
