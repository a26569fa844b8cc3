import sys
from pathlib import Path

from . import settings


def main(argv):
    if len(argv) != 1:
        print("usage: python -m uploader ARCHIVE", file=sys.stderr)
        return 2
    cfg = settings.load()
    size = Path(argv[0]).stat().st_size
    chunks = -(-size // cfg["upload"]["chunk_size"])
    server = cfg["server"]
    print(f"would upload {chunks} chunk(s) to {server['host']}:{server['port']} "
          f"({cfg['upload']['max_parallel']} at a time, timeout {server['timeout']}s)")
    return 0


sys.exit(main(sys.argv[1:]))
