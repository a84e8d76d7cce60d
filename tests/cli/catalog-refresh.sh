# A database made by an older build, whose built-in facts differ, has them
# brought to this build's on open: a built-in rate, platform and quota the
# user never changed take today's figures, a rate the build no longer ships
# goes; the user's own rate, platform change and a quota removed stay.
set -e
fail() { echo "FAIL: $*"; exit 1; }
gpulog status >/dev/null
gpulog platforms set vast -g "RTX 4090" --rate 0.40 >/dev/null
gpulog platforms set colab-free --no-quota >/dev/null 2>&1 || true
gpulog platforms set lambda --session-cap 5h >/dev/null
gpulog platforms set lightning --no-quota >/dev/null
want_vast3090=$(sqlite3 "$GPULOG_DB" "SELECT rate_micro FROM rates WHERE platform = 'vast' AND gpu = 'RTX 3090'")
want_cap=$(sqlite3 "$GPULOG_DB" "SELECT session_cap_s FROM platforms WHERE key = 'kaggle'")
# What an older build left: other built-in figures, a rate it shipped.
sqlite3 "$GPULOG_DB" "UPDATE counters SET value = 1 WHERE name = 'catalog';
    UPDATE rates SET rate_micro = 999 WHERE platform = 'vast' AND gpu = 'RTX 3090';
    UPDATE platforms SET session_cap_s = 60 WHERE key = 'kaggle';
    UPDATE quotas SET amount = 7 WHERE platform = 'kaggle';
    INSERT INTO rates VALUES ('cloud', 'K80', 'USD', 900000, 0, 0, 0, 0, 'catalog');"
gpulog status >/dev/null
q() { sqlite3 "$GPULOG_DB" "$1"; }
[ "$(q "SELECT rate_micro FROM rates WHERE platform = 'vast' AND gpu = 'RTX 3090'")" = "$want_vast3090" ] ||
    fail "built-in rate not refreshed"
[ "$(q "SELECT session_cap_s FROM platforms WHERE key = 'kaggle'")" = "$want_cap" ] ||
    fail "built-in platform not refreshed"
[ "$(q "SELECT amount FROM quotas WHERE platform = 'kaggle'")" = 108000 ] ||
    fail "built-in quota not refreshed: $(q "SELECT amount FROM quotas WHERE platform = 'kaggle'")"
[ -z "$(q "SELECT 1 FROM rates WHERE gpu = 'K80'")" ] || fail "a rate no longer shipped stayed"
[ "$(q "SELECT rate_micro FROM rates WHERE platform = 'vast' AND gpu = 'RTX 4090'")" = 400000 ] ||
    fail "the user's rate was replaced"
[ "$(q "SELECT session_cap_s FROM platforms WHERE key = 'lambda'")" = 18000 ] ||
    fail "the user's platform change was replaced"
[ -z "$(q "SELECT 1 FROM quotas WHERE platform = 'lightning'")" ] ||
    fail "a quota the user removed came back"
# Nothing to do the next time: the same figures, nothing written.
gpulog status >/dev/null
[ "$(q "SELECT value FROM counters WHERE name = 'catalog'")" != 1 ] || fail "fingerprint not kept"
echo "catalog-refresh: ok"
