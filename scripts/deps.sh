#!/bin/sh
# deps.sh: installs what gpulog needs and is missing: Debian's packages
# through apt-get (as root, or through sudo), Homebrew's on macOS.  Does
# nothing when everything is there.
#
#   deps.sh build          what building and running gpulog need
#   deps.sh check          that, and what every test suite and `make fuzz` use
#   deps.sh --verify CC    installs nothing: names what building lacks and
#                          exits 1 (the Makefile asks before it compiles)
#
# Each need is checked on its own (a library by pkg-config, a tool by its
# command, clang's fuzzer and sanitizer runtimes by linking a fuzz target),
# so a machine that has clang without libclang-rt-14-dev is caught.
set -eu

mode=${1:-check}
cc=${2:-cc}
missing=""   # what is missing, as the user would name it
debs=""      # the Debian packages that bring it

need() {
	# $1: what is missing, $2: its Debian package
	missing="$missing $1"
	case " $debs " in *" $2 "*) ;; *) debs="$debs $2" ;; esac
}

build_needs() {
	command -v "$cc" >/dev/null 2>&1 || need "$cc" build-essential
	command -v make >/dev/null 2>&1 || need make make
	if command -v pkg-config >/dev/null 2>&1; then
		pkg-config --exists sqlite3 || need sqlite3.pc libsqlite3-dev
		pkg-config --exists libcjson || need libcjson.pc libcjson-dev
		pkg-config --exists libcurl ||
		    need libcurl.pc libcurl4-openssl-dev
		pkg-config --exists ncursesw || need ncursesw.pc libncurses-dev
	else
		need pkg-config pkg-config
		need "sqlite3, cJSON, libcurl and ncursesw headers" \
		    libsqlite3-dev
		need "" libcjson-dev
		need "" libcurl4-openssl-dev
		need "" libncurses-dev
	fi
}

# 0 when clang links a libFuzzer target with ASan and UBSan.
fuzz_links() {
	command -v clang >/dev/null 2>&1 || return 1
	d=$(mktemp -d)
	printf 'int LLVMFuzzerTestOneInput(const unsigned char *d, '\
'unsigned long n) { (void)d; (void)n; return 0; }\n' >"$d/f.c"
	clang -fsanitize=fuzzer,address,undefined -o "$d/f" "$d/f.c" \
	    >/dev/null 2>&1
	rc=$?
	rm -rf "$d"
	return $rc
}

check_needs() {
	for t in tmux mandoc sqlite3 python3 valgrind; do
		command -v "$t" >/dev/null 2>&1 || need "$t" "$t"
	done
	[ -x /usr/bin/time ] || need /usr/bin/time time
	[ -f /usr/share/zoneinfo/America/New_York ] || need zoneinfo tzdata
	command -v clang >/dev/null 2>&1 || need clang clang
	# Debian's clang does not bring its runtimes: libFuzzer and clang's
	# ASan live in libclang-rt-14-dev.
	fuzz_links || need "clang's fuzzer runtime" libclang-rt-14-dev
}

case $mode in
--verify)
	build_needs
	[ -z "$missing" ] && exit 0
	echo "gpulog: cannot build: missing${missing}" | tr -s ' ' >&2
	echo "gpulog: run \`make deps\` (installs$debs), then make" >&2
	exit 1
	;;
build) build_needs ;;
check) build_needs; check_needs ;;
*) echo "usage: deps.sh build|check|--verify CC" >&2; exit 2 ;;
esac
[ -z "$missing" ] && exit 0

if [ "$(uname -s)" = Darwin ]; then
	command -v brew >/dev/null 2>&1 || {
		echo "deps: install Homebrew (https://brew.sh), then rerun" >&2
		exit 1
	}
	brew install pkg-config sqlite cjson curl ncurses tmux mandoc
	# valgrind does not run on current macOS; its suite skips itself.
	exit 0
fi

if ! command -v apt-get >/dev/null 2>&1; then
	echo "deps: missing:$missing; install the Debian packages$debs" \
	    "or your system's equivalents" >&2
	exit 1
fi
if [ "$(id -u)" -eq 0 ]; then
	sudo=""
elif command -v sudo >/dev/null 2>&1; then
	sudo="sudo"
else
	echo "deps: missing:$missing" >&2
	echo "deps: ask an administrator to run:" \
	    "apt-get install --no-install-recommends$debs" >&2
	exit 1
fi
echo "deps: installing$debs"
export DEBIAN_FRONTEND=noninteractive
# apt's progress shows on a terminal; CI and pipes get its errors only.
if [ -n "${CI:-}" ] || [ ! -t 1 ]; then
	exec >/dev/null
	q="-qq"
else
	q=""
fi
$sudo apt-get update $q
# shellcheck disable=SC2086
$sudo apt-get install -y $q --no-install-recommends $debs ca-certificates
