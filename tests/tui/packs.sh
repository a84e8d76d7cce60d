# packs: the Expenses view names a pack with its units in the quota's
# unit, whole ones without decimals ("pack of 100 CU", "pack of 12.50
# CU"), its kind column as wide as that at 80 columns, never cut.
gpulog spend '$9.99' colab-payg --units 100 -n "100 units" >/dev/null ||
    exit 1
gpulog spend '$4.99' colab-payg --units 12.5 >/dev/null || exit 1
start 80 24 -- tui || exit 1
wait_for "Latest runs" || exit 1
keys 6; wait_for "Expenses · 2 · newest first" || exit 1
wait_for "pack of 100 CU          \$9.99  100 units" || exit 1
wait_for "pack of 12.50 CU        \$4.99" || exit 1
keys q; wait_for "exit 0" || exit 1
