# Kaggle credentials: ~/.kaggle/access_token readable by others is warned
# about as kaggle.json is; an over-long key (in the environment or in
# kaggle.json) is refused with a message, never cut.  The URL is a port
# nothing listens on: nothing is sent.
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
echo "credentials: ok"
