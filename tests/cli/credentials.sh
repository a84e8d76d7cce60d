# Credentials: ~/.kaggle/access_token readable by others is warned about
# as kaggle.json is; an over-long key (Kaggle's or a cloud's, in the
# environment or in a file) is refused with a message, never cut.  The
# URL is a port nothing listens on: nothing is sent.
fail() { echo "FAIL: $*"; exit 1; }
mkdir -p home/.kaggle
printf 'kg-file-000\n' >home/.kaggle/access_token
chmod 644 home/.kaggle/access_token
HOME=$PWD/home GPULOG_KAGGLE_URL=http://127.0.0.1:9 \
    gpulog import kaggle --api >o 2>&1 && fail "no server, exit 0"
grep -q "access_token is readable by others; chmod 600 it" o ||
    fail "loose access_token: $(cat o)"
chmod 600 home/.kaggle/access_token
HOME=$PWD/home GPULOG_KAGGLE_URL=http://127.0.0.1:9 \
    gpulog import kaggle --api >o 2>&1
grep -q "readable by others" o && fail "a 0600 token warned about: $(cat o)"
long=$(printf '%0300d' 7)
HOME=$PWD/none KAGGLE_USERNAME=priya KAGGLE_KEY=$long \
    GPULOG_KAGGLE_URL=http://127.0.0.1:9 gpulog import kaggle --api >o 2>&1 &&
    fail "a 300-character key accepted"
grep -q "KAGGLE_USERNAME or KAGGLE_KEY is longer than 255 characters" o ||
    fail "long key: $(cat o)"
mkdir kc
printf '{"username":"priya","key":"%s"}' "$long" >kc/kaggle.json
chmod 600 kc/kaggle.json
HOME=$PWD/none KAGGLE_CONFIG_DIR=$PWD/kc \
    GPULOG_KAGGLE_URL=http://127.0.0.1:9 gpulog import kaggle --api >o 2>&1 &&
    fail "a 300-character key in kaggle.json accepted"
grep -q "kaggle.json: the username or key is longer than 255 characters" o ||
    fail "long key in kaggle.json: $(cat o)"

# The clouds' keys likewise: over-long in the environment, in the vast
# CLI's file or in runpodctl's config.toml, or with a space, is refused
# with a message naming where it was (never the key), not cut or sent.
long=$(printf '%0600d' 7)
VAST_API_KEY=$long GPULOG_VAST_URL=http://127.0.0.1:9 \
    gpulog import vast --api >o 2>&1 && fail "a 600-character vast key accepted"
grep -q "VAST_API_KEY: the key is longer than 511 characters" o ||
    fail "long vast key: $(cat o)"
grep -q "$long" o && fail "the long key was printed"
LAMBDA_API_KEY="two words" GPULOG_LAMBDA_URL=http://127.0.0.1:9 \
    gpulog import lambda --api >o 2>&1 && fail "a key with a space accepted"
grep -q "LAMBDA_API_KEY: the key holds a space or a control character" o ||
    fail "spaced lambda key: $(cat o)"
mkdir -p cl/.runpod cl/.config/vastai
printf "apikey = '%s'\n" "$long" >cl/.runpod/config.toml
chmod 600 cl/.runpod/config.toml
env -u RUNPOD_API_KEY HOME=$PWD/cl GPULOG_RUNPOD_REST_URL=http://127.0.0.1:9 \
    gpulog import runpod --api >o 2>&1 &&
    fail "a long key in config.toml accepted"
grep -q "config.toml: the key is longer than 511 characters" o ||
    fail "long runpod key: $(cat o)"
printf '%s\n' "$long" >cl/.config/vastai/vast_api_key
chmod 600 cl/.config/vastai/vast_api_key
env -u VAST_API_KEY -u XDG_CONFIG_HOME HOME=$PWD/cl \
    GPULOG_VAST_URL=http://127.0.0.1:9 gpulog import vast --api >o 2>&1 &&
    fail "a long key in vast_api_key accepted"
grep -q "vast_api_key: the key is longer than 511 characters" o ||
    fail "long vast key file: $(cat o)"
echo "credentials: ok"
