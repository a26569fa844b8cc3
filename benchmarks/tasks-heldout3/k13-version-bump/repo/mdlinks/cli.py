import sys
from pathlib import Path

from . import __version__
from .scan import broken_links


def main(argv=None):
    args = sys.argv[1:] if argv is None else argv
    if args == ["--version"]:
        print(f"mdlinks {__version__}")
        return 0
    status = 0
    for root in args or ["."]:
        for md in sorted(Path(root).rglob("*.md")):
            for target in broken_links(md):
                print(f"{md}: broken link {target}")
                status = 1
    return status
