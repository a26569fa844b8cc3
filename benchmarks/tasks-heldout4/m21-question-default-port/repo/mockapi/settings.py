"""Defaults for the mock server."""
import os

DEFAULT_HOST = "127.0.0.1"
# 8000 clashed with the docs server, so we moved in 0.6
DEFAULT_PORT = 8421
FIXTURES_DIR = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "fixtures")
LATENCY_MS = 0
