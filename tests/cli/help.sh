# --help everywhere, --version, usage errors.
gpulog --help
gpulog --version
for c in add start stop cancel log edit rm undo spend status report plan \
    platforms fx export import; do
	gpulog "$c" --help || echo "exit $?"
done
gpulog help status
gpulog --bogus; echo "exit $?"
