import sys
import time

from .check import is_up
from .config import load_config


def main(argv):
    if len(argv) != 1:
        print("usage: python -m pinger SERVICES_FILE", file=sys.stderr)
        return 2
    cfg = load_config()
    with open(argv[0], encoding="utf-8") as fh:
        urls = [line.strip() for line in fh if line.strip()]
    while True:
        with open(cfg["log_file"], "a", encoding="utf-8") as log:
            for url in urls:
                state = "up" if is_up(url, cfg["timeout"], cfg["retries"]) else "DOWN"
                log.write(f"{time.strftime('%Y-%m-%d %H:%M:%S')} {url} {state}\n")
        time.sleep(cfg["interval"])


sys.exit(main(sys.argv[1:]))
