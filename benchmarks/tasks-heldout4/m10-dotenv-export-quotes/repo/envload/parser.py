"""Parse the contents of a .env file."""
import re

_KEY = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")


class ParseError(ValueError):
    def __init__(self, lineno, line, reason):
        super().__init__("line %d: %s: %r" % (lineno, reason, line))
        self.lineno = lineno


def parse_env(text):
    """Return a dict of the KEY=VALUE pairs in `text`, in file order."""
    result = {}
    for lineno, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if "=" not in line:
            raise ParseError(lineno, raw, "expected KEY=VALUE")
        key, value = line.split("=", 1)
        key = key.strip()
        if not _KEY.match(key):
            raise ParseError(lineno, raw, "invalid key")
        result[key] = value.strip()
    return result
