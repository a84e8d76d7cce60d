#!/bin/sh
# shots.sh GPULOG OUTDIR: the dashboard's Overview as a person sees it, in
# real xterm windows under Xvfb, as PNG files: each size from 60x15 to
# 200x60 on a dark and a light background (TERM=xterm-256color, the theme
# found by asking the terminal), then 80x24 with TERM=xterm, with NO_COLOR
# and with LANG=C.  The history is tests/tui/columns.sh's and a paid run,
# at the tests' fixed time.  Needs Xvfb, xterm, ImageMagick's import and the DejaVu Sans
# Mono font (Debian: xvfb xterm imagemagick fonts-dejavu-core).  Not a
# test: the pictures are for eyes (make shots).
set -eu
gpulog=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
out=$2
for tool in Xvfb xterm import; do
	command -v "$tool" >/dev/null 2>&1 || {
		echo "shots: $tool is missing (Debian: apt-get install xvfb" \
		    "xterm imagemagick fonts-dejavu-core)" >&2
		exit 1
	}
done
mkdir -p "$out"
out=$(cd "$out" && pwd)
work=$(mktemp -d)
trap 'kill "$xvfb" 2>/dev/null; rm -rf "$work"' EXIT INT TERM

export GPULOG_DB="$work/gpulog.db" GPULOG_NOW=2026-12-01T12:00:00Z TZ=UTC
# The history of tests/tui/columns.sh, and a paid run.
"$gpulog" add kaggle 2h30m -g P100 -n "resnet18 cifar10" --checkpointed
"$gpulog" add vast yesterday 14:00-17:30 -g "RTX 4090" -t cnn
"$gpulog" add lightning 2026-11-28 10:00-12:30 --gpus 2
"$gpulog" add runpod 10:00-12:00 -g "A100 80GB" -n "llama lora 7b, r=16"
"$gpulog" spend 899INR colab-pro
"$gpulog" start colab-pro -g T4 -n "bert finetune"

display=:$((90 + $$ % 9))
Xvfb "$display" -screen 0 2400x1500x24 >/dev/null 2>&1 &
xvfb=$!
sleep 1

# shot NAME COLSxROWS BACKGROUND FOREGROUND [VAR=VALUE...]
shot() {
	name=$1 geo=$2 bg=$3 fg=$4
	shift 4
	DISPLAY=$display env "$@" xterm -geometry "$geo+0+0" -bg "$bg" \
	    -fg "$fg" -fa "DejaVu Sans Mono" -fs 10 -e "$gpulog" tui &
	term=$!
	sleep 3
	DISPLAY=$display import -window root -trim "$out/$name.png"
	kill "$term" 2>/dev/null || true
	wait "$term" 2>/dev/null || true
	echo "$out/$name.png"
}

for geo in 60x15 80x23 80x24 120x40 160x40 200x60; do
	shot "dark-$geo" "$geo" black gray90 TERM=xterm-256color
	shot "light-$geo" "$geo" white black TERM=xterm-256color
done
shot xterm-80x24 80x24 white black TERM=xterm
shot no-color-80x24 80x24 black gray90 TERM=xterm-256color NO_COLOR=1
shot lang-c-80x24 80x24 white black TERM=xterm-256color LANG=C LC_ALL=C
