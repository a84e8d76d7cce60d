#!/bin/sh
# layering.sh: dependencies point one way.  core/ includes only libc and
# core/; importers/ and store/ never include cli/, tui/ or ops/;
# importers/ never opens the database; only store/ includes sqlite3.h; only
# tui/ curses, and tui/ no SQL, libcurl, cJSON or importer;
# ops/ (the operations layer) sits above store/ and below the rest, and
# cli/, tui/ and importers/ change data only by calling it; and
# only tui/ sees the dashboard's insides (tui/internal.h).
# Each rule is one test of the closing line.
cd "$(dirname "$0")/.." || exit 2
pass=0 fail=0
check() {
	# $1: files, $2: forbidden include pattern, $3: why
	hits=$(grep -nE "#include [<\"]($2)" $1 2>/dev/null)
	if [ -n "$hits" ]; then
		echo "layering: $3:"
		echo "$hits"
		fail=$((fail + 1))
	else
		pass=$((pass + 1))
	fi
}
check "core/*.[ch]" "store/|cli/|tui/|importers/|sqlite3|curl|cjson|curses|ncurses" "core uses only libc"
check "store/*.[ch]" "cli/|tui/|importers/|ops/|curses|ncurses|curl" "store knows no front end and nothing above it"
check "importers/*.[ch]" "store/|cli/|tui/|ops/|sqlite3|curses|ncurses" "importers never open the database or change it"
check "tui/*.[ch]" "cli/|importers/|sqlite3|curl|cjson" "tui draws through store/ and ops/: no SQL, network or importer"
check "cli/*.[ch]" "sqlite3|curses|ncurses" "cli speaks no SQL and starts no curses"
check "ops/*.[ch]" "cli/|tui/|importers/|sqlite3|curses|ncurses|curl|cjson" "ops sits below the front ends and speaks no SQL"

# Only the operations layer changes data: the front ends and the
# importers call no store function that writes.
writes='\b(store_(begin|commit|rollback|change_label|part_[a-z]+|merge_[a-z_]+|add_[a-z_]+|update_[a-z_]+|delete_[a-z_]+|set_[a-z_]+|edit_[a-z_]+|import_[a-z_]+|record_[a-z_]+|undo|bulk_[a-z_]+)|metrics_put)\('
hits=$(grep -nE "$writes" cli/*.c tui/*.c importers/*.c 2>/dev/null)
if [ -n "$hits" ]; then
	echo "layering: only ops/ changes data; these write past it:"
	echo "$hits"
	fail=$((fail + 1))
else
	pass=$((pass + 1))
fi
check "core/*.[ch] store/*.[ch] ops/*.[ch] importers/*.[ch] cli/*.[ch] tests/unit/*.[ch] tests/fuzz/*.[ch]" "tui/internal\\.h" "only tui/ includes tui/internal.h"
echo "layering: $pass passed, $fail failed, 0 skipped"
[ "$fail" -eq 0 ]
