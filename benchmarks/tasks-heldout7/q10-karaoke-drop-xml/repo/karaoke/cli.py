"""python -m karaoke.cli SIGNUPS [--format text|json|xml]"""
import argparse
import sys

from .export import to_json, to_text
from .queue import SongQueue
from .xml_export import to_xml

RENDERERS = {"text": to_text, "json": to_json, "xml": to_xml}


def read_signups(text):
    queue = SongQueue()
    for line in text.splitlines():
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        parts = [p.strip() for p in line.split("|")] + [""]
        queue.add(parts[0], parts[1], parts[2])
    return queue


def main(argv=None):
    parser = argparse.ArgumentParser(prog="karaoke")
    parser.add_argument("signups", help="sign-up sheet, one 'singer | title | artist' per line")
    parser.add_argument("--format", choices=sorted(RENDERERS), default="text")
    args = parser.parse_args(argv)
    with open(args.signups, encoding="utf-8") as fh:
        queue = read_signups(fh.read())
    print(RENDERERS[args.format](queue))
    return 0


if __name__ == "__main__":
    sys.exit(main())
