# gpu-names: one GPU reached by different paths is one model with one
# price.  The T4 comes as a CSV's "Tesla T4" and "t4" and as Kaggle's
# NvidiaTeslaT4Highmem machine shape, and its free hours are priced at the
# market rate; the A100 40GB as an old driver's nvidia-smi log in Colab
# ("A100-SXM4-40GB"), a CSV's "A100-SXM4-40GB" and a typed "a100", each
# Colab hour burning the A100's 12 compute units; the H100 80GB as a CSV's
# "NVIDIA H100 80GB HBM3" and as what `gpulog run` reads from nvidia-smi
# ("NVIDIA H100 PCIe", 81559 MiB), the run priced at Vast's H100 80GB rate.
# `where -g` takes any spelling too.  A database made before the Colab rate
# was named "A100 40GB" has its built-in "A100" rate brought to this
# build's "A100 40GB" on open, which meters the A100 as before.
mkdir -p fakebin
ln -s "$DATA/../fake-nvidia-smi" fakebin/nvidia-smi
# Copies, so that messages name the files alike wherever the tests run.
cp "$DATA/gpu-names.csv" "$DATA/kaggle-kernels-list-t4-highmem.json" \
    "$DATA/vit-tiny-flowers.log" "$DATA/nvidia-smi-460-colab-a100.csv" .

gpulog import csv gpu-names.csv
gpulog import kaggle kaggle-kernels-list-t4-highmem.json vit-tiny-flowers.log
gpulog import colab nvidia-smi-460-colab-a100.csv -p colab-pro
# The command waits for nvidia-smi's first answer, so that it is read.
FAKE_SMI_NAME="NVIDIA H100 PCIe" FAKE_SMI_TOTAL=81559 \
    FAKE_SMI_STATE="$PWD/smi.calls" PATH="$PWD/fakebin:$PATH" \
    gpulog run -p vast -n "h100 run" --sample-interval 100ms -- \
    sh -c 'while [ ! -s smi.calls ]; do sleep 0.02; done' 2>run.err
echo "run exit $?"
sed -n 's/.*\(1x H100 80GB\), peak [0-9]* \(of 81559 MiB\).*/\1, peak N \2/p' \
    run.err
# The run's own times depend on the clock; two hours make its price plain.
gpulog edit -1 --start 2026-11-30T14:00Z --end 2026-11-30T16:00Z >/dev/null
echo "edit exit $?"
gpulog log
gpulog report --by gpu
gpulog status --short
gpulog where 3h -g "NVIDIA A100 80GB PCIe"

python3 -c 'import sqlite3, sys
sqlite3.connect(sys.argv[1]).executescript(open(sys.argv[2]).read())' \
    old.db "$DATA/schema-v4.sql"
gpulog --db old.db import colab nvidia-smi-460-colab-a100.csv -p colab-pro
gpulog --db old.db platforms | grep "colab-pro *A100"
gpulog --db old.db status --short

# A name the catalog does not know keeps its spelling, and the columns of
# log and report line up by the terminal columns it takes: a CJK name is
# two columns a character, an accented one is one.
gpulog --db wide.db add kaggle --start 2026-11-30T08:00Z --end 2026-11-30T09:00Z \
    --gpu "全角GPU" 2>/dev/null
gpulog --db wide.db add kaggle --start 2026-11-30T10:00Z --end 2026-11-30T11:00Z \
    --gpu "Tëslà T4" 2>/dev/null
gpulog --db wide.db log
gpulog --db wide.db report --by gpu
