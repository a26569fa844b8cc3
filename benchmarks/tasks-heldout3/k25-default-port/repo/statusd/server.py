import json
import os
from http.server import BaseHTTPRequestHandler, HTTPServer

from . import defaults
from .probe import snapshot


def settings(env=None):
    env = os.environ if env is None else env
    return {
        "host": env.get("STATUSD_HOST", defaults.HOST),
        "port": int(env.get("STATUSD_PORT", defaults.PORT)),
        "disk": env.get("STATUSD_DISK", defaults.DISK_PATH),
    }


class Handler(BaseHTTPRequestHandler):
    disk = defaults.DISK_PATH

    def do_GET(self):
        if self.path != "/status":
            self.send_error(404)
            return
        body = json.dumps(snapshot(self.disk)).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


def main():
    cfg = settings()
    Handler.disk = cfg["disk"]
    server = HTTPServer((cfg["host"], cfg["port"]), Handler)
    print(f"statusd on http://{cfg['host']}:{cfg['port']}/status")
    server.serve_forever()
