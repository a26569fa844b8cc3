import urllib.request

from .config import load_settings


def fetch(url, settings=None):
    settings = settings or load_settings()
    req = urllib.request.Request(url, headers={"User-Agent": settings.http.user_agent})
    with urllib.request.urlopen(req, timeout=settings.http.timeout) as resp:
        return resp.read()
