# The manual's status example is what gpulog prints for the example's own
# dates: India (TZ=Asia/Kolkata), plan month 1 from 2026-11-01, Colab Pro
# paid for December, Lightning AI's credits set to 15 a month, at 17:30 on
# December 1 with a Colab Pro run open since 16:00.  The block between
# "$ gpulog status" and the next command in EXAMPLES must equal the
# output.
export TZ=Asia/Kolkata
man="$DATA/../../man/gpulog.1"
gpulog plan --start 2026-11-01 >/dev/null
gpulog platforms set lightning --quota 15cr/month >/dev/null
GPULOG_NOW=2026-12-01T03:30:00Z gpulog spend 899INR colab-pro \
    -n "Colab Pro, December" >/dev/null
gpulog add kaggle 2026-11-29 10:00-18:30 -g P100 --checkpointed >/dev/null
gpulog add colab-pro 2026-11-20 10:00-12:00 -g T4 >/dev/null
gpulog add colab-pro 2026-12-01 10:00-12:00 -g T4 >/dev/null
GPULOG_NOW=2026-12-01T10:30:00Z gpulog start colab-pro -g T4 >/dev/null
gpulog status >got
python3 - "$man" >want <<'PY'
import sys
lines = open(sys.argv[1], encoding="utf-8").read().split("\n")
ex = lines.index(".Sh EXAMPLES")
start = lines.index("$ gpulog status", ex) + 1
end = start
while not lines[end].startswith("$ "):
    end += 1
for l in lines[start:end]:
    print(l.replace("\\(pc", "\u00b7").replace("\\[u20B9]", "\u20b9")
          .replace("\\(en", "\u2013"))
PY
diff -u want got
