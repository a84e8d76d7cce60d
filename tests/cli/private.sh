# The database is its owner's alone: made 0600, also through a symbolic
# link to a file that does not exist yet; one an earlier release left
# 0644 (and its -wal) loses the bits for others on open.
set -e
fail() { echo "FAIL: $*"; exit 1; }
umask 022
ln -s "$PWD/target.db" link.db
gpulog --db link.db status >/dev/null
[ "$(stat -c %a target.db)" = 600 ] || fail "through a link: $(stat -c %a target.db)"
gpulog --db old.db add kaggle 1h >/dev/null
chmod 644 old.db
: >old.db-wal
chmod 664 old.db-wal
gpulog --db old.db status >/dev/null
[ "$(stat -c %a old.db)" = 600 ] || fail "old database: $(stat -c %a old.db)"
[ ! -e old.db-wal ] || [ "$(stat -c %a old.db-wal)" = 600 ] ||
    fail "old -wal: $(stat -c %a old.db-wal)"
echo "private: ok"
