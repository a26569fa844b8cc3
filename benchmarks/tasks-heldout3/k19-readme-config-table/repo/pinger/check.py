"""Check one service, retrying a few times before calling it down."""
import urllib.request


def is_up(url, timeout, retries, opener=urllib.request.urlopen):
    for _ in range(retries + 1):
        try:
            with opener(url, timeout=timeout) as resp:
                if 200 <= resp.status < 400:
                    return True
        except OSError:
            pass
    return False
