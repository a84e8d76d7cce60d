# The network paths against tests/httpd.py on 127.0.0.1: fx update (and its
# fallback), prices update, import kaggle --api.  Every failure (401, 403,
# 404, 429, 5xx, a cut-short or non-JSON answer, the wrong content type, a
# stall) gives a clear message, exit 1, and leaves the database as it was;
# credentials never show in output or in the database.  Checks itself.
G=${GPULOG:-gpulog}
D=${DATA:-$(cd "$(dirname "$0")/../data" && pwd)}
here=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(pwd)
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
run() { "$G" "$@" >"$tmp/out" 2>"$tmp/err"; rc=$?; }
expect() { [ "$rc" = "$1" ] || fail "$2: exit $rc, want $1: $(cat "$tmp/err")"; }
has() { grep -q -- "$1" "$tmp/$2" || fail "$3: $(cat "$tmp/$2")"; }

. "$here/httpd.inc"
export GPULOG_NET_TIMEOUT=3 GPULOG_FX_FALLBACK_URL=$U/404
# Nothing may reach the real network.
export GPULOG_KAGGLE_URL=$U/404 GPULOG_VAST_URL=$U/404 GPULOG_RUNPOD_URL=$U/404
export GPULOG_LAMBDA_URL=$U/404
export HOME=$tmp KAGGLE_CONFIG_DIR=$tmp/nowhere
unset KAGGLE_API_TOKEN KAGGLE_USERNAME KAGGLE_KEY RUNPOD_API_KEY LAMBDA_API_KEY

state() { "$G" export | python3 -c 'import json,sys
d = json.load(sys.stdin); d.pop("exported", None); print(json.dumps(d, sort_keys=True))'; }
"$G" add kaggle 1h >/dev/null
before=$(state)

# Each failure: its message, exit 1, nothing written.
check() {  # MODE PATTERN
	GPULOG_FX_URL=$U/$1 run fx update
	expect 1 "fx $1"
	has "$2" err "fx $1 said"
	[ "$(state)" = "$before" ] || fail "fx $1 wrote"
}
check 401 'Frankfurter refused the request (HTTP 401)'
check 403 'Frankfurter refused the request (HTTP 403)'
check 404 'Frankfurter has no such address (HTTP 404)'
check 429 'too many requests (HTTP 429); try again in 120 s'
check 500 'Frankfurter failed on its side (HTTP 500)'
check truncated "Frankfurter's answer was cut short"
check html 'answered with text/html; charset=utf-8, not JSON'
check notjson 'Frankfurter: not valid JSON'
check stall 'did not answer within 3 s (the server stalled)'
has 'and the fallback: open.er-api.com has no such address' err "fallback"

# A short Retry-After is waited out once.
GPULOG_FX_URL=$U/429short run fx update
expect 0 "429 then ok"
has '^USD 1 = INR 88.41 from 2026-10-02 (Frankfurter)' out "fx said"
run fx --json
has '"date": "2026-10-02", "usd_inr": 88.41' out "fx stored dated"
# The fallback, and a file:// URL for the offline path.
GPULOG_FX_URL=$U/500 GPULOG_FX_FALLBACK_URL=$U/ok run fx update
expect 0 "fallback"
has 'used open.er-api.com' out "fallback said"
has 'INR 88.3927 from 2026-10-02' out "fallback rate"
GPULOG_FX_URL="file://$D/fx-usd-inr.json?" run fx update
expect 0 "file url"

# prices update: Vast's median, RunPod with a key; failures write nothing.
before=$(state)
GPULOG_VAST_URL=$U/503 run prices update
expect 1 "vast 503"
has 'Vast.ai failed on its side (HTTP 503)' err "vast 503"
[ "$(state)" = "$before" ] || fail "a failed prices update wrote"
GPULOG_VAST_URL=$U/ok RUNPOD_API_KEY=rp-secret-123 \
    GPULOG_RUNPOD_URL=$U/401 run prices update
expect 1 "runpod 401"
has 'RunPod refused the credentials (HTTP 401): check the key in RUNPOD_API_KEY' err "runpod 401"
[ "$(state)" = "$before" ] || fail "a failed RunPod fetch wrote"
GPULOG_VAST_URL=$U/ok RUNPOD_API_KEY=rp-secret-123 \
    GPULOG_RUNPOD_URL=$U/ok run prices update
expect 0 "prices"
has 'vast    RTX 4090   \$0.3269/h (median of 1 offer' out "vast 4090"
has 'vast    A100 80GB  \$0.96735/h' out "vast per GPU"
has 'runpod  A100 80GB  \$1.19/h (lowest of 2 offers' out "runpod REST"
has 'runpod  H100 80GB  \$1.99/h (lowest of 2 offers' out "runpod H100"
has 'lambda  (set LAMBDA_API_KEY' out "lambda without a key"
grep -q 'GraphQL' "$tmp/out" && fail "REST answered, yet GraphQL was said"
grep -q 'rp-secret-123' "$tmp/out" "$tmp/err" && fail "the key was printed"
run platforms --json
python3 - "$tmp/out" <<'PY' || fail "rates stored"
import json, sys
d = json.load(open(sys.argv[1]))
r = {(x["platform"], x["gpu"]): x for x in d["rates"]}
assert r[("vast", "RTX 4090")]["per_gpu_hour"] == 0.3269, r[("vast", "RTX 4090")]
assert r[("vast", "RTX 4090")]["source"] == "vast", r[("vast", "RTX 4090")]
assert r[("vast", "H100 80GB")]["source"] == "catalog"
PY
grep -q 'GET /ok/v2/catalog/gpus Bearer rp-secret-123' "$tmp/requests" ||
    fail "RunPod's REST catalog got no Bearer key"
grep -q 'POST /401/graphql' "$tmp/requests" &&
    fail "refused credentials were tried again on GraphQL"

# RunPod's REST catalog gone: its GraphQL API, said so; both failing: both
# named, nothing written.
GPULOG_VAST_URL=$U/ok RUNPOD_API_KEY=rp-secret-123 \
    GPULOG_RUNPOD_URL=$U/norest run prices update
expect 0 "runpod fallback"
has 'runpod  A100 80GB  \$1.19/h (lowest of 1 offer' out "runpod GraphQL"
has 'its REST catalog answered HTTP 404; used its GraphQL API' out "fallback said"
grep -q 'POST /norest/graphql Bearer rp-secret-123' "$tmp/requests" ||
    fail "GraphQL got no Bearer key"
before=$(state)
GPULOG_VAST_URL=$U/ok RUNPOD_API_KEY=rp-secret-123 \
    GPULOG_RUNPOD_URL=$U/500 run prices update
expect 1 "runpod 500 twice"
has 'RunPod failed on its side (HTTP 500); try again later; and its GraphQL API: RunPod failed' err "both named"
[ "$(state)" = "$before" ] || fail "a failed RunPod fallback wrote"

# Lambda's instance types with LAMBDA_API_KEY: one GPU's price, else a
# GPU's share of eight; refused, nothing written.
GPULOG_VAST_URL=$U/ok LAMBDA_API_KEY=lb-secret-321 \
    GPULOG_LAMBDA_URL=$U/401 run prices update
expect 1 "lambda 401"
has 'Lambda refused the credentials (HTTP 401): check the key in LAMBDA_API_KEY' err "lambda 401"
[ "$(state)" = "$before" ] || fail "a failed Lambda fetch wrote"
GPULOG_VAST_URL=$U/ok LAMBDA_API_KEY=lb-secret-321 \
    GPULOG_LAMBDA_URL=$U/ok run prices update
expect 0 "lambda"
has 'lambda  A100 40GB  \$1.99/h (lowest of 1 offer' out "lambda A100 40GB"
has 'lambda  A100 80GB  \$2.79/h' out "lambda 8x share"
has 'lambda  H100 80GB  \$3.29/h (lowest of 3 offers' out "lambda one H100"
grep -q 'lb-secret-321' "$tmp/out" "$tmp/err" && fail "the Lambda key was printed"
grep -q 'GET /ok/api/v1/instance-types Bearer lb-secret-321' "$tmp/requests" ||
    fail "Lambda got no Bearer key"
run platforms --json
python3 - "$tmp/out" <<'PY' || fail "lambda rates stored"
import json, sys
d = json.load(open(sys.argv[1]))
r = {(x["platform"], x["gpu"]): x for x in d["rates"]}
h = r[("lambda", "H100 80GB")]
assert (h["per_gpu_hour"], h["low"], h["high"], h["source"]) == (3.29, 2.99, 4.29, "lambda"), h
a = r[("lambda", "A10")]
assert (a["low"], a["high"]) == (0, 0), a
PY

# Kaggle --api: no credentials, then each kind as Kaggle's tools keep them.
before=$(state)
run import kaggle --api
expect 1 "no credentials"
has 'no Kaggle credentials: set KAGGLE_API_TOKEN' err "no credentials"
for m in 401 403; do
	GPULOG_KAGGLE_URL=$U/$m KAGGLE_API_TOKEN=kg-secret-456 \
	    run import kaggle --api
	expect 1 "kaggle $m"
	has "Kaggle refused the credentials (HTTP $m): check the token in KAGGLE_API_TOKEN" err "kaggle $m"
done
for m in 404 429 500 truncated html notjson stall; do
	GPULOG_KAGGLE_URL=$U/$m KAGGLE_API_TOKEN=kg-secret-456 \
	    run import kaggle --api
	expect 1 "kaggle $m"
done
[ "$(state)" = "$before" ] || fail "a failed Kaggle import wrote"
mkdir -p "$tmp/kc"
printf '{"username":"priya-ml","key":"kg-legacy-789"}' >"$tmp/kc/kaggle.json"
chmod 644 "$tmp/kc/kaggle.json"
GPULOG_KAGGLE_URL=$U/ok KAGGLE_CONFIG_DIR=$tmp/kc run import kaggle --api
expect 0 "kaggle api"
has "kaggle.json is readable by others; chmod 600" out "permission warning"
has "^recorded Kaggle's own quota figures: 11.3 h of 30.0 h used" out "api quota"
has "^imported 2 runs" out "api kernels with their logs"
grep -q "POST /ok/v1/kernels.KernelsApiService/ListKernels Basic $(printf \
    'priya-ml:kg-legacy-789' | base64)" "$tmp/requests" || fail "no Basic auth"
mkdir -p "$tmp/.kaggle"
printf 'kg-file-000\n' >"$tmp/.kaggle/access_token"
GPULOG_KAGGLE_URL=$U/ok KAGGLE_CONFIG_DIR=$tmp/kc run import kaggle --api \
    --reconcile
expect 0 "kaggle api again"
grep -q '^imported [1-9]' "$tmp/out" && fail "api twice imported again"
has "^reconcile: logged 11.3 h that Kaggle counted this week" out "api reconcile"
grep -q 'Bearer kg-file-000' "$tmp/requests" || fail "access_token not used"
for s in kg-secret-456 kg-legacy-789 kg-file-000 rp-secret-123 lb-secret-321; do
	grep -q "$s" "$tmp/out" "$tmp/err" && fail "$s printed"
	"$G" export | grep -q "$s" && fail "$s in the database"
done

if [ "$fails" -ne 0 ]; then
	echo "$fails failed"
	exit 1
fi
echo "import-net: all passed"
