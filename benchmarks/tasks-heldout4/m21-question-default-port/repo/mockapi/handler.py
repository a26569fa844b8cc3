import json
import os
import time
from http.server import BaseHTTPRequestHandler

from . import settings


def load_fixture(name, fixtures_dir=None):
    path = os.path.join(fixtures_dir or settings.FIXTURES_DIR, name + ".json")
    if not os.path.isfile(path):
        return None
    with open(path, encoding="utf-8") as fh:
        return json.load(fh)


class FixtureHandler(BaseHTTPRequestHandler):
    fixtures_dir = None

    def do_GET(self):
        if settings.LATENCY_MS:
            time.sleep(settings.LATENCY_MS / 1000.0)
        name = self.path.strip("/").split("?", 1)[0] or "index"
        data = load_fixture(name, self.fixtures_dir)
        status = 200 if data is not None else 404
        body = json.dumps(data if data is not None else {"error": "no fixture %r" % name})
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.end_headers()
        self.wfile.write(body.encode("utf-8"))

    def log_message(self, fmt, *args):
        pass
