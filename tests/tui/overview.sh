# overview: the Overview at 80x24 and 120x40 with a realistic day, the
# other views at both sizes, and q restoring the terminal.
gpulog add kaggle 2h30m -g P100 -n "resnet18 cifar10" --checkpointed >/dev/null
gpulog add vast yesterday 14:00-17:30 -g "RTX 4090" -t cnn --project vision >/dev/null
gpulog add lightning 2026-11-28 10:00-12:30 --gpus 2 >/dev/null
gpulog add runpod 2h --cost 250INR -g "A100 80GB" >/dev/null
gpulog spend 899INR colab-pro >/dev/null
gpulog start colab-pro -g T4 -n "bert finetune" >/dev/null
start 80 24 -- tui || exit 1
wait_for "Latest runs" || exit 1
screen 80-overview || exit 1
keys 2; wait_for "newest first" || exit 1
screen 80-runs || exit 1
keys 3; wait_for "seed's matrix" || exit 1
screen 80-platforms || exit 1
keys 4; wait_for "budget" || exit 1
screen 80-plan || exit 1
keys 5; wait_for "GPU-hours a week" || exit 1
screen 80-reports || exit 1
keys q; wait_for "exit 0" || exit 1
tx kill-server
start 120 40 -- tui || exit 1
wait_for "Latest runs" || exit 1
screen 120-overview || exit 1
keys Tab; wait_for "newest first" || exit 1
screen 120-runs || exit 1
keys Tab; wait_for "seed's matrix" || exit 1
screen 120-platforms || exit 1
keys Tab; wait_for "budget" || exit 1
screen 120-plan || exit 1
keys Tab; wait_for "GPU-hours a week" || exit 1
screen 120-reports || exit 1
keys C-c; wait_for "exit 0" || exit 1
