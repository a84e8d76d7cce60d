# macOS with Homebrew, faked: the keg-only ncurses, sqlite and curl are
# found through `brew --prefix FORMULA` by the Makefile (pkg-config's
# flags come from their lib/pkgconfig) and by scripts/deps.sh, which then
# installs only what is missing and never a formula Homebrew has already.
# Checks itself.
here=$(cd "$DATA/../.." && pwd)
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
root=$PWD/brew
mkdir -p fake "$root/opt"
cat >fake/uname <<'FAKE'
#!/bin/sh
echo Darwin
FAKE
cat >fake/brew <<FAKE
#!/bin/sh
case "\$1" in
--prefix) echo "$root/opt/\$2" ;;
list) for f in \$BREW_HAS; do [ "\$f" = "\$3" ] && exit 0; done; exit 1 ;;
install) shift; echo "\$*" >>"$PWD/brew.calls" ;;
*) exit 2 ;;
esac
FAKE
# pkg-config that knows only what PKG_CONFIG_PATH holds.
cat >fake/pkg-config <<'FAKE'
#!/bin/sh
what=$1 name=$2
IFS=:
for d in ${PKG_CONFIG_PATH:-}; do
	[ -f "$d/$name.pc" ] || continue
	case $what in
	--exists) exit 0 ;;
	--cflags) echo "-I$d/include" ;;
	--libs) echo "-l$name-from-$d" ;;
	--variable=libdir) echo "${d%/pkgconfig}" ;;
	esac
	exit 0
done
exit 1
FAKE
chmod +x fake/*
kegpc() { mkdir -p "$root/opt/$1/lib/pkgconfig"; touch "$root/opt/$1/lib/pkgconfig/$2.pc"; }
kegpc ncurses ncursesw
kegpc sqlite sqlite3
FPATH="$PWD/fake:$PATH"

# The Makefile: the kegs' flags, and none for a formula not there (by
# make --eval, which Apple's make 3.81 lacks); cJSON's directory, where
# gpulog looks for the library it loads, from a PKG_CONFIG_PATH of the
# user's.
mkdir -p "$root/lib/pkgconfig" && touch "$root/lib/pkgconfig/libcjson.pc"
if make -s -f /dev/null --eval 'probe: ; @:' probe >/dev/null 2>&1; then
	out=$(cd "$here" && PATH=$FPATH PKG_CONFIG_PATH="$root/lib/pkgconfig" \
	    make -s --no-print-directory --eval 'show-pc: ; @echo \
	    $(CURSES_LIBS) / $(SQLITE_LIBS) / $(CURSES_CFLAGS) / \
	    $(CJSON_DIR)' show-pc)
	[ "$out" = "-lncursesw-from-$root/opt/ncurses/lib/pkgconfig / -lsqlite3-from-$root/opt/sqlite/lib/pkgconfig / -I$root/opt/ncurses/lib/pkgconfig/include / $root/lib" ] ||
	    fail "make: $out"
fi

# deps.sh: ncurses and sqlite are there; cJSON and curl are installed.
PATH=$FPATH PKG_CONFIG_PATH= BREW_HAS="ncurses sqlite" \
    sh "$here/scripts/deps.sh" build >out1 2>err1
[ "$(cat brew.calls)" = "cjson curl" ] || fail "install: $(cat brew.calls)"
grep -q "missing: cJSON's headers, libcurl's headers" err1 ||
    fail "missing: $(cat err1)"

# curl installed but not found: said, not installed again.
rm -f brew.calls
PATH=$FPATH PKG_CONFIG_PATH= BREW_HAS="ncurses sqlite curl" \
    sh "$here/scripts/deps.sh" build >out2 2>err2
[ "$(cat brew.calls)" = cjson ] || fail "install 2: $(cat brew.calls)"
grep -q "Homebrew has curl already; not installed again" err2 ||
    fail "there: $(cat err2)"

# Everything there: nothing to do.
rm -f brew.calls
kegpc curl libcurl
PATH=$FPATH PKG_CONFIG_PATH="$root/lib/pkgconfig" BREW_HAS="ncurses sqlite curl cjson" \
    sh "$here/scripts/deps.sh" build >out3 2>err3 || fail "all there: $(cat err3)"
[ ! -e brew.calls ] || fail "installed: $(cat brew.calls)"
echo "deps-brew: $fails failures"
exit $fails
