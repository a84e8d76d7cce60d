#!/bin/sh
# run-man.sh: the manual is clean under mandoc -Tlint; at 80 columns it
# renders without a warning and without a line wider than 80 characters,
# under mandoc and under groff (as man-db's man(1) runs it); and it
# documents every command and every long option that `gpulog CMD --help`
# prints.  A renderer that is not installed skips its checks, saying so.
cd "$(dirname "$0")/.." || exit 2
bin=${GPULOG_BIN:-build/gpulog}
page=man/gpulog.1
pass=0 fail=0 skip=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT TERM

# wide FILE: the lines of FILE wider than 80 characters, numbered.  UTF-8
# continuation bytes and overstrikes (X backspace X) take no column.
wide() {
	LC_ALL=C sed -e "s/$(printf '[\200-\277]')//g" \
	    -e "s/.$(printf '\b')//g" "$1" |
	    LC_ALL=C awk 'length > 80 { print NR }' >"$tmp/wide"
	[ -s "$tmp/wide" ] || return 1
	while read -r n; do
		printf '  %s: ' "$n"
		sed -n "${n}p" "$1" | LC_ALL=C sed "s/.$(printf '\b')//g"
	done <"$tmp/wide" | head -n 20
	return 0
}

# rendered NAME: passes when $tmp/err is empty and no line of $tmp/out is
# wider than 80.
rendered() {
	if [ -s "$tmp/err" ]; then
		echo "man: $1 warns at 80 columns:"
		head -n 20 "$tmp/err"
		fail=$((fail + 1))
	else
		pass=$((pass + 1))
	fi
	if wide "$tmp/out" >"$tmp/lines"; then
		echo "man: $1 at 80 columns prints lines wider than 80:"
		cat "$tmp/lines"
		fail=$((fail + 1))
	else
		pass=$((pass + 1))
	fi
}

if command -v mandoc >/dev/null 2>&1; then
	if mandoc -Tlint -W warning "$page"; then
		pass=$((pass + 1))
	else
		echo "man: mandoc -Tlint reports problems"
		fail=$((fail + 1))
	fi
	mandoc -Tutf8 -Owidth=80 -W warning "$page" >"$tmp/out" 2>"$tmp/err"
	rendered "mandoc -Tutf8 -Owidth=80"
else
	echo "man: skipped: mandoc is not installed (mandoc -Tlint," \
	    "mandoc at 80 columns)"
	skip=$((skip + 3))
fi
if command -v groff >/dev/null 2>&1; then
	# What man-db runs for MANWIDTH=80, -ww turning every warning on;
	# -P-cbou: plain text, no overstrike or SGR.
	groff -mandoc -Tutf8 -ww -rLL=80n -rLT=80n -P-cbou "$page" \
	    >"$tmp/out" 2>"$tmp/err"
	rendered "groff -mandoc -Tutf8 -ww -rLL=80n"
else
	echo "man: skipped: groff is not installed (groff at 80 columns)"
	skip=$((skip + 2))
fi

for cmd in $("$bin" --help | sed -n 's/^  \([a-z]*\) .*/\1/p'); do
	if grep -q "^\.It Cm $cmd\b" "$page"; then
		pass=$((pass + 1))
	else
		echo "man: command $cmd is not documented (.It Cm $cmd)"
		fail=$((fail + 1))
	fi
	for o in $("$bin" "$cmd" --help | sed -n 's/^  .*--\([a-z-]*\).*/\1/p'); do
		if grep -q "Fl \(-\|[a-z] , Fl -\)\?$o\b\|Fl -$o\b" "$page"; then
			pass=$((pass + 1))
		else
			echo "man: $cmd --$o is not documented"
			fail=$((fail + 1))
		fi
	done
done
echo "man: $pass passed, $fail failed, $skip skipped"
[ "$fail" -eq 0 ]
