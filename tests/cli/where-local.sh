# where --gpu cpu and --gpu MPS: one's own machine ranks first, in the
# seed's words, in months 1-3 ("CPU/MPS sufficient"), 6 and 11 (where it
# is for prototypes before scaling to a cloud GPU); the GPU platforms
# cannot take the job.  A GPU job in month 1 is unchanged.
gpulog plan --start 2026-12-01 >/dev/null
for m in 1 3 6 11; do
	now=$(python3 -c "import sys; m = int(sys.argv[1]) - 1
print('%04d-%02d-15T12:00:00Z' % (2026 + (11 + m) // 12, (11 + m) % 12 + 1))" $m)
	echo "== month $m ($now)"
	GPULOG_NOW=$now gpulog where 2h --gpu cpu | head -3
	GPULOG_NOW=$now gpulog where 2h --gpu MPS | head -3
done
echo "== JSON"
gpulog where 1h --gpu mps --json | head -c 300; echo
echo "== a GPU job"
gpulog where 2h | head -3
