# Hostile text never reaches the terminal raw, the database and exports
# are private, empty database paths are refused, export never writes over
# the database, and output meant for spreadsheets and JSON stays harmless.
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
esc=$(printf '\033')
E=$(printf '\033]0;pwned\007\033[2J\302\233')
# noesc WHAT FILE: FILE holds no ESC and no C1 CSI (U+009B).
noesc() {
	if grep -q "$esc" "$2" || grep -q "$(printf '\302\233')" "$2"; then
		fail "$1: a raw escape reached the terminal: $(od -c "$2" | head -3)"
	fi
}

# Every field an error quotes, and every other message.
for col in cost currency duration gpus; do
	case $col in
	cost) printf 'platform,start,duration,cost\nvast,2026-11-28 09:00,1h,%s\n' "$E" ;;
	currency) printf 'platform,start,duration,cost,currency\nvast,2026-11-28 09:00,1h,3,%s\n' "$E" ;;
	duration) printf 'platform,start,duration\nvast,2026-11-28 09:00,%s\n' "$E" ;;
	gpus) printf 'platform,start,duration,gpus\nvast,2026-11-28 09:00,1h,%s\n' "$E" ;;
	esac >in.csv
	gpulog import csv in.csv >o 2>&1 && fail "csv $col: accepted"
	grep -q "line 2: $col" o || fail "csv $col: message: $(cat o)"
	noesc "csv $col" o
done
printf 'id,start,end,gpu,tier,cu_before,cu_after,notebook\nx,2026-11-20T09:00:00Z,2026-11-20T11:30:00Z,Tesla T4,pro,%s,95,nb\n' "$E" >c.csv
gpulog import colab c.csv >o 2>&1 && fail "colab cu_before: accepted"
noesc "colab cu_before" o
gpulog add kaggle "$E" >o 2>&1; [ $? = 2 ] || fail "bad duration: not exit 2"
noesc "add duration" o
gpulog report --by "$E" >o 2>&1; [ $? = 2 ] || fail "report --by: not exit 2"
noesc "report --by" o
gpulog "$E" >o 2>&1; [ $? = 2 ] || fail "unknown command: not exit 2"
noesc "unknown command" o
gpulog log "--$E" >o 2>&1; [ $? = 2 ] || fail "unknown option: not exit 2"
noesc "unknown option" o
gpulog "--$E" >o 2>&1; [ $? = 2 ] || fail "unknown global option: not exit 2"
noesc "unknown global option" o
gpulog import csv "x$E.csv" >o 2>&1 && fail "missing file: accepted"
noesc "import file name" o
gpulog add kaggle 1h -n "$E" >/dev/null 2>o || fail "note with escapes refused"
gpulog log >o 2>&1
noesc "log of a note" o

# Empty database paths are refused, and nothing is created for them.
gpulog --db "" log >o 2>&1; [ $? = 2 ] || fail "--db \"\": not exit 2"
grep -q "needs a path" o || fail "--db \"\": $(cat o)"
GPULOG_DB= gpulog log >o 2>&1; [ $? = 2 ] || fail "GPULOG_DB=\"\": not exit 2"
grep -q "GPULOG_DB is set but empty" o || fail "GPULOG_DB=\"\": $(cat o)"
[ -e .local ] && fail "a default database was made"

# Private: the database 0600, its new directory 0700, exports 0600.
umask 022
gpulog --db "$PWD/new/dir/g.db" add kaggle 1h >/dev/null ||
    fail "a new database in new directories"
mode() { stat -c %a "$1" 2>/dev/null || stat -f %Lp "$1"; }
[ "$(mode new/dir/g.db)" = 600 ] || fail "database mode $(mode new/dir/g.db)"
[ "$(mode new/dir)" = 700 ] || fail "directory mode $(mode new/dir)"
for f in new/dir/g.db-wal new/dir/g.db-shm; do
	[ ! -e $f ] || [ "$(mode $f)" = 600 ] || fail "$f mode $(mode $f)"
done
gpulog export -o out.json || fail "export"
[ "$(mode out.json)" = 600 ] || fail "export mode $(mode out.json)"

# export -o onto the database (by any name) is refused, and it survives.
for t in "$GPULOG_DB" "./$(basename "$GPULOG_DB")" "$GPULOG_DB-wal"; do
	[ -e "$t" ] || continue
	gpulog export -o "$t" >o 2>&1; [ $? = 2 ] || fail "export -o $t: not 2"
	grep -q "is the database" o || fail "export -o $t: $(cat o)"
done
gpulog log >/dev/null 2>&1 || fail "the database after export -o onto it"

# CSV cells a spreadsheet would run are quoted; JSON stays valid UTF-8.
gpulog add kaggle 1h -n '=HYPERLINK("http://x")' >/dev/null 2>&1
gpulog add kaggle 1h -n "$(printf 'bad \377\376 utf8')" >/dev/null 2>&1
gpulog add kaggle 1h --project '+cmd' >/dev/null 2>&1
gpulog log --csv >o.csv
grep -q "\"'=HYPERLINK(\"\"http://x\"\")\"" o.csv || fail "formula note: $(cat o.csv)"
grep -q ",'+cmd," o.csv || fail "formula project: $(cat o.csv)"
gpulog log --json >o.json
python3 -c '
import json, sys
d = json.load(open("o.json", encoding="utf-8"))
sys.exit(0 if any(r["note"] == "bad \ufffd\ufffd utf8" for r in d) else 1)' ||
    fail "log --json with a note that is not UTF-8"

# Output that cannot be written after a saved change says what was saved
# and keeps the command's status, so that a retry does not add it twice.
if [ -w /dev/full ]; then
	n0=$(gpulog log --csv | wc -l)
	gpulog add kaggle 1h -n full >/dev/full 2>o; st=$?
	[ $st = 0 ] || fail "add >/dev/full: exit $st"
	grep -q "but the change was saved: add #" o || fail "add >/dev/full: $(cat o)"
	[ $(gpulog log --csv | wc -l) = $((n0 + 1)) ] || fail "add >/dev/full: not saved once"
	gpulog log >/dev/full 2>o && fail "log >/dev/full: exit 0"
	grep -q "cannot write output" o || fail "log >/dev/full: $(cat o)"
fi

# A Kaggle token with a newline never becomes a header of its own: it is
# refused before any request (the URL is a port nothing listens on).
KAGGLE_API_TOKEN="$(printf 'abc\r\nX-Evil: 1')" \
    GPULOG_KAGGLE_URL=http://127.0.0.1:9 gpulog import kaggle --api >o 2>&1 &&
    fail "token with a newline accepted"
grep -q "holds a control character" o || fail "token with a newline: $(cat o)"
mkdir -p tokhome/.kaggle
printf 'abc\nX-Evil: 1\n' >tokhome/.kaggle/access_token
HOME=$PWD/tokhome GPULOG_KAGGLE_URL=http://127.0.0.1:9 \
    gpulog import kaggle --api >o 2>&1 && fail "access_token with a newline"
grep -q "holds a control character" o || fail "access_token: $(cat o)"

# Imports: endless input ends at once with a reason, a NUL is refused,
# CR-only line ends are lines, and a run after now needs --future.
for src in csv colab; do
	timeout 10 gpulog import $src /dev/zero >o 2>&1; st=$?
	[ $st = 124 ] && fail "import $src /dev/zero never ends"
	[ $st = 0 ] && fail "import $src /dev/zero: exit 0"
	grep -q "NUL byte" o || fail "import $src /dev/zero: $(cat o)"
done
printf 'platform,start,duration,note\nvast,2026-11-28 13:00,1h,nul\000cut\n' >nul.csv
gpulog import csv nul.csv >o 2>&1 && fail "a NUL in a note was imported"
grep -q "line 2: a NUL byte" o || fail "NUL: $(cat o)"
gpulog log | grep -q "nul" && fail "a note cut at its NUL"
printf 'platform,start,duration,note\rvast,2026-11-28 09:00,1h,cr one\rvast,2026-11-28 11:00,1h,cr two\r' >cr.csv
gpulog import csv cr.csv >o 2>&1 || fail "CR-only: $(cat o)"
grep -q "imported 2 runs" o || fail "CR-only: $(cat o)"
printf 'platform,start,duration\nvast,2062-11-28 09:00,1h\n' >fut.csv
gpulog import csv fut.csv >o 2>&1 && fail "a run in 2062 without --future"
grep -q "after now; give --future" o || fail "future: $(cat o)"
gpulog import csv --future fut.csv >o 2>&1 || fail "--future: $(cat o)"

# A database in a read-only directory can be read (as another user, for
# root writes through modes).
if [ "$(id -u)" = 0 ] && command -v setpriv >/dev/null 2>&1 &&
    id nobody >/dev/null 2>&1; then
	as() { setpriv --reuid=nobody --regid="$(id -g nobody)" --clear-groups "$@"; }
	# The test's own directory is closed to others: a temporary one
	# they may enter, removed on the way out.
	rod=$(mktemp -d /tmp/gpulog-harden.XXXXXX)
	trap 'chmod -R u+w "$rod"; rm -rf "$rod"' EXIT
	chmod 711 "$rod"
	mkdir -m 777 "$rod/w"
	# The binary itself, where that user can run it (under valgrind,
	# GPULOG is a wrapper in the suite's directory, closed to others).
	cp "$GPULOG_BIN" "$rod/gpulog" && chmod 755 "$rod/gpulog"
	GPULOG=$rod/gpulog
	as env HOME="$rod/w" "$GPULOG" --db "$rod/w/d/g.db" add kaggle 1h \
	    -n readable >o 2>&1 || fail "setup as nobody: $(cat o)"
	chmod 555 "$rod/w/d"
	as "$GPULOG" --db "$rod/w/d/g.db" log >o 2>&1 ||
	    fail "read-only directory: $(cat o)"
	grep -q readable o || fail "read-only directory: no run: $(cat o)"
	as "$GPULOG" --db "$rod/w/d/g.db" add kaggle 1h >o 2>&1
	[ $? = 1 ] || fail "a change in a read-only directory: not exit 1"
	grep -q "read-only" o || fail "read-only change: $(cat o)"
	# Another user cannot read a database made with a loose umask.
	cp -p new/dir/g.db "$rod/private.db"
	as cat "$rod/private.db" >/dev/null 2>&1 &&
	    fail "nobody can read the database"
fi
[ $fails = 0 ]
