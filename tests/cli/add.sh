# add: every WHEN form, pricing, prefixes and the quota line.
export TZ=Asia/Kolkata
gpulog add kaggle 2h30m -g P100 -n "resnet18 cifar10" --checkpointed
gpulog add kag 14:00-15:30 -t cnn -t cifar --project vision
gpulog add kaggle 23:00-01:30 -g T4
gpulog add lightning yesterday 09:00-10:15
gpulog add lightning 2026-11-28 10:00-12:30 --gpus 2
gpulog add vast 90m -g "RTX 4090"
gpulog add vast 1.5h -g "RTX 4090" --rate 0.40
gpulog add runpod 2h --cost 250INR -g "A100 80GB"
gpulog add lambda --start 2026-11-29T10:00:00Z --end 2026-11-29T12:00:00Z
gpulog add cloud 1h -g A6000
gpulog add colab-pro 3h -g V100 --units 15.5
gpulog add colab-free 13h
gpulog add local 30m -g P10
echo "exit $?"
gpulog log
gpulog status --short
