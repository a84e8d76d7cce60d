# make install's script stages into a DESTDIR that does not exist yet,
# making it and every directory it needs, listing only the directories it
# made below the stage; make uninstall's removes exactly those, deepest
# first, and keeps a directory that holds something else.
set -e
fail() { echo "FAIL: $*"; exit 1; }
script="$DATA/../../scripts/install.sh"
stage=$PWD/no/such/stage
echo 'man' >page.1
echo 'bin' >tool
export DESTDIR=$stage
sh "$script" install /usr/share/gpulog/installed \
    tool 755 /usr/bin/gpulog page.1 644 /usr/share/man/man1/gpulog.1 \
    >install.out 2>&1 || fail "install: $(cat install.out)"
[ -x "$stage/usr/bin/gpulog" ] || fail "no binary in the stage"
[ "$(cat "$stage/usr/share/man/man1/gpulog.1")" = man ] || fail "manual"
list=$stage/usr/share/gpulog/installed
grep -qx 'file /usr/bin/gpulog' "$list" || fail "list: $(cat "$list")"
grep -qx 'dir /usr' "$list" || fail "list lacks /usr: $(cat "$list")"
grep -q "$stage" "$list" && fail "list names the stage: $(cat "$list")"
mkdir "$stage/usr/bin/other"
sh "$script" uninstall /usr/share/gpulog/installed /usr/bin/gpulog \
    >uninstall.out 2>&1 || fail "uninstall: $(cat uninstall.out)"
[ -e "$stage/usr/bin/gpulog" ] && fail "binary left"
[ -e "$stage/usr/share" ] && fail "share left: $(find "$stage/usr/share")"
[ -d "$stage/usr/bin/other" ] || fail "removed what it did not make"
grep -qx 'uninstall: kept /usr/bin/: not empty' uninstall.out ||
    fail "uninstall said: $(cat uninstall.out)"
echo "install: ok"
