# report --chart: the groups as bars in the terminal's width (--width,
# else $COLUMNS), the largest filling what the width leaves past the
# figures, in UTF-8 blocks to an eighth of a cell, or '#' to a cell when
# the locale is not UTF-8; of GPU-hours, spend or runs.
gpulog add kaggle --start "2026-10-05 10:00" --end "2026-10-05 11:00" >/dev/null
gpulog add kaggle --start "2026-11-02 00:00" --end "2026-11-02 09:00" -g P100 >/dev/null
gpulog add vast 3h -g "RTX 4090" --gpus 2 >/dev/null
gpulog add lightning 20m >/dev/null
gpulog spend 899INR colab-pro >/dev/null
echo "== 80 columns"
gpulog report --chart --width 80
echo "== 200 columns, from COLUMNS"
COLUMNS=200 gpulog report --chart
echo "== spend by platform, ASCII"
LC_ALL=C gpulog report --chart=spend --by platform --width 80
echo "== runs by day"
gpulog report --chart=runs --by day --width 60
echo "== bad input"
gpulog report --chart=hours; echo "exit $?"
gpulog report --chart --width 20; echo "exit $?"
gpulog report --width 80; echo "exit $?"
gpulog report --chart --json; echo "exit $?"
