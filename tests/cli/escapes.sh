# Text from outside is stored as given and printed harmlessly; names
# (projects, tags) refuse control characters.
note=$(printf 'bad \033[2J\033]0;owned\007 note\nline2 \302\233 tab\there \\ end')
gpulog add kaggle 1h -n "$note" --project vision
gpulog add kaggle 1h --project "$(printf 'p\033[31m')"; echo "exit $?"
gpulog log
gpulog log --json | sed "s/\"uid\":\"[0-9a-f]*\"/\"uid\":\"UID\"/"
gpulog log --csv
gpulog status | grep -c "$(printf '\033')"
# A file's or a folder's name is the user's too: import and sync print it
# harmless.
printf 'platform,start,end\nvast,2026-11-01T08:00Z,2026-11-01T09:00Z\n' \
    >"$(printf 'bad\033[2Jname.csv')"
gpulog import csv "$(printf 'bad\033[2Jname.csv')"
mkdir "$(printf 'sync\033]0;x\007dir')"
gpulog sync "$(printf 'sync\033]0;x\007dir')" --name laptop
