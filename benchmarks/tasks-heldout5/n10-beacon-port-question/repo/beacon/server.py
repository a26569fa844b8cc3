"""The HTTP handler and server loop."""
import json
import os
import socket
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

STARTED = time.time()


def status(job_marker):
    """The JSON-serialisable status document."""
    try:
        age = round(time.time() - os.path.getmtime(job_marker))
    except OSError:
        age = None
    return {"host": socket.gethostname(), "uptime_s": round(time.time() - STARTED), "last_job_age_s": age}


def make_handler(settings):
    class Handler(BaseHTTPRequestHandler):
        def do_GET(self):
            if self.path != "/status":
                self.send_error(404)
                return
            body = json.dumps(status(settings["job_marker"])).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
    return Handler


def serve(settings):
    httpd = ThreadingHTTPServer((settings["host"], settings["port"]), make_handler(settings))
    print("beacon listening on %s:%d" % (settings["host"], settings["port"]))
    httpd.serve_forever()
