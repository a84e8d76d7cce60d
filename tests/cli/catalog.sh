# The built-in catalog, the plan and exchange rates, and changing them.
gpulog platforms
gpulog platforms --json
gpulog plan
gpulog plan --start 2026-08-15
gpulog plan
gpulog fx
gpulog fx 84.25 --date 2026-11-01
gpulog fx --json
gpulog platforms set lightning --quota 22h/month
gpulog platforms set kaggle --reset "fri 18:30 UTC"
gpulog platforms set kaggle --reset "sat 05:30 +05:30"
gpulog platforms set vast --gpu "RTX 5090" --rate 0.55
gpulog platforms set colab-pro --monthly 899INR
gpulog platforms set colab-free --quota 12h/7d
gpulog platforms set modal --name "Modal" --billing hourly
gpulog platforms set modal --gpu A10G --rate 1.10
gpulog platforms set lightning --reset "sat 00:00 UTC"; echo "exit $?"
gpulog platforms set kaggle --quota 30; echo "exit $?"
gpulog add modal 1h -g A10G
gpulog status
gpulog fx --currency usd
gpulog status --short
gpulog fx --currency EUR; echo "exit $?"
