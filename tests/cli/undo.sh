# undo takes back each change in turn: add, edit, rm, spend, settings.
gpulog add kaggle 2h -g P100
gpulog add vast 1h -g "RTX 3090"
gpulog edit -1 -n "fixed note" --gpus 2
gpulog rm 1
gpulog spend 899INR colab-pro
gpulog platforms set kaggle --quota 25h/week
gpulog log
gpulog undo
gpulog undo
gpulog undo
gpulog log
gpulog undo
gpulog log
gpulog undo
gpulog undo
gpulog undo; echo "exit $?"
gpulog log
