import argparse
import os
from http.server import HTTPServer

from . import settings
from .handler import FixtureHandler


def resolve_port(cli_port=None, environ=os.environ):
    """--port wins, then the MOCKAPI_PORT environment variable, then the default."""
    if cli_port is not None:
        return cli_port
    if environ.get("MOCKAPI_PORT"):
        return int(environ["MOCKAPI_PORT"])
    return settings.DEFAULT_PORT


def main(argv=None):
    p = argparse.ArgumentParser(prog="mockapi")
    p.add_argument("--host", default=settings.DEFAULT_HOST)
    p.add_argument("--port", type=int, default=None)
    p.add_argument("--fixtures", default=None)
    args = p.parse_args(argv)
    FixtureHandler.fixtures_dir = args.fixtures
    port = resolve_port(args.port)
    httpd = HTTPServer((args.host, port), FixtureHandler)
    print("serving fixtures on http://%s:%d/" % (args.host, port))
    httpd.serve_forever()
