"""Command line: python -m mdlint.cli FILE..."""
import sys

from mdlint.config import load_config
from mdlint.rules import lint_text


def main(argv=None):
    paths = sys.argv[1:] if argv is None else argv
    settings = load_config()
    found = 0
    for path in paths:
        with open(path, encoding="utf-8") as fh:
            text = fh.read()
        for number, message in lint_text(text, settings["max-line-length"],
                                         settings["check-trailing-whitespace"]):
            print("%s:%d: %s" % (path, number, message))
            found += 1
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
