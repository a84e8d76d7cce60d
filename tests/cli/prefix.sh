# A command abbreviated to a unique prefix runs that command, here, after
# help and before --help; an ambiguous prefix is a usage error naming the
# candidates; a typo suggests the nearest name; case does not matter.
gpulog stat --short; echo "exit $?"
gpulog STAT --short; echo "exit $?"
gpulog plat --json >/dev/null; echo "exit $?"
gpulog help stat; echo "exit $?"
gpulog he | head -n 1; echo "exit $?"
gpulog wh --help | head -n 1; echo "exit $?"
gpulog st; echo "exit $?"
gpulog s; echo "exit $?"
gpulog r --help; echo "exit $?"
gpulog statsu; echo "exit $?"
gpulog help statsu; echo "exit $?"
gpulog strat kaggle; echo "exit $?"
gpulog xyzzy; echo "exit $?"
gpulog "$(printf 'st\033[2J')"; echo "exit $?"
gpulog ''; echo "exit $?"
# Unique prefixes of run and log.
gpulog ru --help | head -n 1; echo "exit $?"
gpulog log; echo "exit $?"
