#!/usr/bin/env python3
"""httpd.py: a loopback HTTP server for gpulog's network tests.

usage: python3 tests/httpd.py DATA_DIR PORT_FILE [LOG_FILE]

Binds 127.0.0.1 on a free port, writes the port to PORT_FILE, and serves
canned answers shaped like the real APIs from DATA_DIR.  The first path
segment picks a behaviour, the rest the answer, so one server covers every
case:

  /ok/...         200, application/json, the fixture
  /401/ /403/ /404/ /500/ /503/   that status, a JSON error body
  /429/...        429 with Retry-After: 120
  /429short/...   429 with Retry-After: 1 the first time, then the fixture
  /truncated/...  Content-Length larger than the body sent, then closes
  /html/...       200 text/html (a login page)
  /notjson/...    200 application/json whose body is not JSON
  /stall/...      answers nothing for 60 s
  /runpoderr/...  200 with a GraphQL {"errors": [...]}
  /norest/...     404 for RunPod's REST paths (/v2/...), the fixture for
                  the rest (a REST catalog gone, GraphQL still there)
  /logs403/...    Kaggle: 403 for every ListKernelSessionOutput, the
                  fixture for the rest (a key that may list, not read)
  /private/...    Kaggle: ListKernels answers
                  kagglesdk-0.1.37-list-kernels-private.json
  /STEP/...       where DATA_DIR/cloud/STEP is a folder: the fixture of
                  the same name from that folder (a provider's instances
                  as they stand at one refresh of a simulated week)

Fixtures by the path's end: /v1/latest (Frankfurter), /v6/latest/USD
(open.er-api), /api/v0/bundles/ (Vast), /graphql and /v2/catalog/gpus
(RunPod), /api/v1/instance-types (Lambda), /api/v1/instances/ (Vast's
instances; with after_token, its second page), /api/v0/charges/ (Vast's
charges), /v1/pods (RunPod's pods), /api/v1/instances (Lambda's),
/GetAcceleratorQuotaStatistics, /ListKernels, /ListKernelSessionOutput
(Kaggle), /gpulog-alerts (an ntfy topic: `gpulog notify`'s posts).  Each
request is logged to LOG_FILE as "METHOD PATH AUTH-SCHEME AUTH-VALUE", and
a POST's Title header and body to LOG_FILE.body as "TITLE<TAB>BODY".  The test that starts the server kills it.
"""
import json
import os
import sys
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

DATA = sys.argv[1]
LOG = sys.argv[3] if len(sys.argv) > 3 else None
SEEN = {}

FIXTURES = [
    ("/v1/latest", "fx-usd-inr.json"),
    ("/v6/latest/USD", "fx-usd-inr-erapi.json"),
    ("/api/v0/bundles/", "vast-bundles.json"),
    ("/graphql", "runpod-gputypes.json"),
    ("/v2/catalog/gpus", "runpod-rest-2.0.0-catalog-gpus.json"),
    ("/api/v1/instance-types", "lambda-cloud-api-1.10-instance-types.json"),
    ("/api/v1/instances/", "vastai-1.5.2-api-v1-instances.json"),
    ("/api/v0/charges/", "vastai-1.5.2-api-v0-charges.json"),
    ("/v1/pods", "runpod-rest-0.1.0-pods.json"),
    ("/api/v1/instances", "lambda-cloud-api-1.10-instances.json"),
    ("/GetAcceleratorQuotaStatistics", "kaggle-quota.json"),
    ("/ListKernels", "kaggle-kernels-list.json"),
    ("/gpulog-alerts", "ntfy-2.11-publish.json"),
]


def fixture(path):
    path, _, query = path.partition("?")
    base = DATA
    step = path.split("/")[1] if path.count("/") > 1 else ""
    if step and os.path.isdir(os.path.join(DATA, "cloud", step)):
        base = os.path.join(DATA, "cloud", step)
    if path.startswith("/private/") and path.endswith("/ListKernels"):
        with open(os.path.join(DATA, "kagglesdk-0.1.37-list-kernels-"
                               "private.json"), "rb") as f:
            return f.read()
    if path.endswith("/ListKernelSessionOutput"):
        with open(os.path.join(DATA, "kaggle-kernel-log.json")) as f:
            return json.dumps({"log": f.read(), "files": []}).encode()
    for end, name in FIXTURES:
        if path.endswith(end):
            if "after_token=" in query:
                name = name.replace(".json", "-page2.json")
            full = os.path.join(base, name)
            if not os.path.exists(full):
                return None
            with open(full, "rb") as f:
                return f.read()
    return None


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, fmt, *args):
        pass

    def send(self, code, body, ctype="application/json", extra=None,
             length=None):
        self.send_response(code)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length",
                         str(len(body) if length is None else length))
        for k, v in (extra or {}).items():
            self.send_header(k, v)
        self.end_headers()
        self.wfile.write(body)
        self.wfile.flush()

    def handle_any(self):
        n = int(self.headers.get("Content-Length") or 0)
        data = self.rfile.read(n) if n else b""
        if LOG and self.command == "POST":
            with open(LOG + ".body", "ab") as f:
                f.write(self.headers.get("Title", "-").encode() + b"\t" +
                        data + b"\n")
        if LOG:
            auth = self.headers.get("Authorization", "- -").split(" ", 1)
            with open(LOG, "a") as f:
                f.write("%s %s %s\n" % (self.command, self.path,
                                        " ".join(auth)))
        parts = self.path.split("/", 2)
        mode = parts[1] if len(parts) > 1 else ""
        body = fixture(self.path)
        if body is None:
            self.send(404, b'{"error": "no such fixture"}')
            return
        if mode == "norest" and self.path.split("?")[0].find("/v2/") >= 0:
            mode = "404"
        if mode == "logs403" and self.path.endswith(
                "/ListKernelSessionOutput"):
            mode = "403"
        if mode in ("401", "403", "404", "500", "503"):
            self.send(int(mode), b'{"code": %s, "message": "canned"}'
                      % mode.encode())
        elif mode == "429":
            self.send(429, b'{"message": "slow down"}', extra={
                "Retry-After": "120"})
        elif mode == "429short":
            SEEN[self.path] = SEEN.get(self.path, 0) + 1
            if SEEN[self.path] == 1:
                self.send(429, b'{"message": "slow down"}', extra={
                    "Retry-After": "1"})
            else:
                self.send(200, body)
        elif mode == "truncated":
            self.send(200, body[: len(body) // 2], length=len(body))
            self.close_connection = True
        elif mode == "html":
            self.send(200, b"<html><body>Please sign in</body></html>",
                      ctype="text/html; charset=utf-8")
        elif mode == "notjson":
            self.send(200, b"this is not json {")
        elif mode == "stall":
            time.sleep(60)
        elif mode == "runpoderr":
            self.send(200, b'{"errors": [{"message": "Unauthorized"}]}')
        else:
            self.send(200, body)

    do_GET = handle_any
    do_POST = handle_any


def main():
    srv = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    srv.daemon_threads = True
    tmp = sys.argv[2] + ".tmp"
    with open(tmp, "w") as f:
        f.write(str(srv.server_address[1]))
    os.rename(tmp, sys.argv[2])
    srv.serve_forever()


if __name__ == "__main__":
    main()
