# status, where and plan as CSV: a header and a row each, the fields the
# manual lists; text cells written by the one CSV writer (quoted when they
# hold a comma); and the mixes refused, exit 2, nothing printed.
gpulog add kaggle 3h -g P100 >/dev/null
gpulog spend '$20' vast --credit -d "2026-12-01 02:00" >/dev/null
gpulog add vast 2h -g "RTX 4090" --rate 0.5 -n "after the top-up" >/dev/null
gpulog spend 899INR colab-pro -d "2026-12-01 01:00" >/dev/null
gpulog status --csv
gpulog where 2h --csv
gpulog where 3h -g "A100 80GB" --csv
gpulog plan --csv
echo "plan and report count spend as the budget does, credit by its runs:"
gpulog report --by platform --csv
echo "mistakes:"
gpulog status --csv --json
echo "exit $?"
gpulog status --csv --check
echo "exit $?"
gpulog where 2h --csv --json
echo "exit $?"
gpulog plan --csv --json
echo "exit $?"
gpulog plan --csv --start 2026-11-01
echo "exit $?"
gpulog plan | head -2
