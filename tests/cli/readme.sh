# README's "A week with gpulog" runs as written: each `$ gpulog ...` line
# (its comment left out; "A  ...  B" as A, then B an hour later; the
# dashboard itself skipped) exits 0 (status --check: 0 or 3), and an
# output line shown under a command is the first line the command prints,
# in India on Tuesday 2026-12-01 17:30.
export TZ=Asia/Kolkata
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
readme="$DATA/../../README.md"
[ -f "$readme" ] || { echo "no README.md beside the tests"; exit 77; }
echo 'print("training")' >train.py
awk '/^## A week with gpulog/ { on = 1; next } /^## / { on = 0 }
    on && /^    / { print substr($0, 5); seen = 1; next }
    on && seen { exit }' "$readme" >block
[ -s block ] || fail "no example block in README"
n=0
prev=
while IFS= read -r line; do
	case $line in
	'$ gpulog'*)
		cmd=${line#\$ }
		cmd=${cmd%%#*}
		prev=
		later=
		for part in "${cmd%%  ...  *}" "${cmd#*  ...  }"; do
			[ "$part" = "$cmd" ] && [ -n "$prev" ] && continue
			part=$(echo "$part" | sed 's/ *$//')
			[ "$part" = gpulog ] && continue
			# "A  ...  B": B an hour later.
			if [ -n "$later" ]; then
				GPULOG_NOW=2026-12-01T13:00:00Z eval "$part" \
				    >out 2>err
			else
				eval "$part" >out 2>err
			fi
			st=$?
			case "$part" in
			*--check*) [ $st = 0 ] || [ $st = 3 ] ||
			    fail "$part: exit $st: $(cat err)" ;;
			*) [ $st = 0 ] || fail "$part: exit $st: $(cat err)" ;;
			esac
			prev=$part
			later=1
			n=$((n + 1))
		done
		;;
	'$'*) ;;
	*)
		[ -n "$prev" ] || continue
		got=$(head -n 1 out)
		[ "$got" = "$line" ] ||
		    fail "$prev printed \"$got\", README shows \"$line\""
		prev=
		;;
	esac
done <block
[ $n -ge 10 ] || fail "only $n commands found in README's example"
echo "readme: $n commands"
[ $fails = 0 ]
