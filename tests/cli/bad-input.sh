# bad input: each is refused with a message, exit 2, and nothing written.
try() { gpulog "$@"; echo "exit $?"; }
try add kaggle 2h3x
try add kaggle 90
try add kaggle 0m
try add kaggle -1h
try add kaggle 17:00-17:00
try add kaggle 2026-02-30 10:00-11:00
try add kaggle 2026-11-28 25:00-26:00
try add kaggle --start 2026-11-28T12:00:00Z --end 2026-11-28T10:00:00Z
try add kaggle --start 2026-12-01T11:00:00Z --end 2026-12-01T13:00:00Z
try add kagle 2h
try add xyz 2h
try add c 2h
try add vast 2h --cost 12EUR
try add vast 2h --cost 3.205USD
try add vast 2h --gpus 0
try add vast 2h -t "a,b"
try add vast 2h --bogus
try add vast
try add kaggle 2h 3h 4h
try add kaggle 2h --start 2026-11-28T10:00
try spend -5INR
try spend 0
try spend 12 nowhere
try fx abc
try plan --start 2026-13-01
try report --by year
try log --since yesterday --until 2026-01-01
try edit 99 -n x
try rm 99
try rm -3
try stop
try undo
try nosuch
GPULOG_NOW=garbage gpulog status; echo "exit $?"
gpulog log
