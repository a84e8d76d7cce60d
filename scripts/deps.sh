#!/bin/sh
# deps.sh: installs what building and testing gpulog needs and is missing:
# Debian's packages through apt-get (as root, or through sudo), Homebrew's on
# macOS.  Does nothing when everything is there.
set -eu

pc_missing=""
for pc in sqlite3 libcjson libcurl ncursesw; do
	pkg-config --exists "$pc" 2>/dev/null || pc_missing="$pc_missing $pc"
done
tool_missing=""
for t in pkg-config cc clang make tmux mandoc sqlite3 python3 valgrind; do
	command -v "$t" >/dev/null 2>&1 || tool_missing="$tool_missing $t"
done
[ -x /usr/bin/time ] || tool_missing="$tool_missing time"
[ -z "$pc_missing$tool_missing" ] && exit 0

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
	echo "deps: missing:$pc_missing$tool_missing; install them with your" \
	    "package manager (pkg-config, sqlite3, cJSON, libcurl, ncursesw" \
	    "development files, tmux, mandoc)" >&2
	exit 1
fi
if [ "$(id -u)" -eq 0 ]; then
	sudo=""
elif command -v sudo >/dev/null 2>&1; then
	sudo="sudo"
else
	echo "deps: missing:$pc_missing$tool_missing; run as root or install" \
	    "sudo" >&2
	exit 1
fi
echo "deps: installing what is missing:$pc_missing$tool_missing"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends build-essential \
	pkg-config libsqlite3-dev libcjson-dev libcurl4-openssl-dev \
	libncurses-dev tmux mandoc sqlite3 python3 valgrind clang time \
	ca-certificates >/dev/null
