# edit: only what is given changes; prices follow the platform and GPU.
gpulog add vast 2h -g "RTX 3090"
gpulog edit -1 -g "H100 80GB"
gpulog edit -1 --gpus 2
gpulog edit -1 --cost 5USD
gpulog edit -1 --gpus 1
gpulog edit -1 --rate 0.50
gpulog edit -1 -p kaggle -g T4
gpulog edit -1 -p lambda -g ""
gpulog edit -1 10:00-11:00 -n "moved" -t a -t b --project p
gpulog edit -1 --start 2027-01-01T10:00 --end 2027-01-01T11:00; echo "exit $?"
gpulog edit -1 --start 2027-01-01T10:00 --end 2027-01-01T11:00 --future
gpulog edit -1 --end 2027-01-01T12:00
gpulog add kaggle --end 11:00; echo "exit $?"
gpulog add vast 1h --cost 2USD --rate 1; echo "exit $?"
gpulog log
