import json
import urllib.request

from .retry import call_with_retry


def get_json(url, timeout=10, attempts=3):
    def _once():
        with urllib.request.urlopen(url, timeout=timeout) as resp:
            return json.loads(resp.read().decode("utf-8"))
    return call_with_retry(_once, attempts=attempts)
