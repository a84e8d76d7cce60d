# --help everywhere, --version, usage errors.
gpulog --help
gpulog --version
for c in add start stop cancel log edit rm undo spend status report plan \
    platforms fx export import; do
	gpulog "$c" --help || echo "exit $?"
done
gpulog help status
gpulog --bogus; echo "exit $?"
# Every command's --help, and gpulog --help, fit 80 columns.
echo "help lines past 80 columns:"
{ gpulog --help; for c in $(gpulog __complete commands); do
	gpulog "$c" --help 2>&1; done; } | python3 -c '
import sys
for l in sys.stdin.read().split("\n"):
    if len(l) > 80: print(len(l), l)'
echo "(none above)"
