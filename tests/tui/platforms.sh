# platforms: the selected platform's quota says its next reset in local
# time, as the Overview does (Kaggle's week resets Saturday 00:00 UTC, which
# is Sat 05:30 in India); a click on a row selects it.
start 80 24 TZ=Asia/Kolkata -- tui || exit 1
wait_for "Latest runs" || exit 1
keys Right Right; wait_for "seed's matrix" || exit 1
keys j j j; wait_for "kaggle · Kaggle" || exit 1
wait_for "30.0 h a week, resets Sat 05:30" || exit 1
screen kaggle || exit 1
# A click on the colab-pro row (row 6 of the screen, 0-based 5).
typed "$(printf '\033[M %s\033[M#%s' '+&' '+&')"
wait_for "colab-pro · " || exit 1
keys Left; wait_for "newest first" || exit 1
keys q; wait_for "exit 0" || exit 1
