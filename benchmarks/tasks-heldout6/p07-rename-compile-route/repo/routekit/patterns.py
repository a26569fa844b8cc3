"""Turn route patterns like '/users/<int:id>' into matchers."""
import re

CONVERTERS = {
    "str": (r"[^/]+", str),
    "int": (r"[0-9]+", int),
    "slug": (r"[a-z0-9]+(?:-[a-z0-9]+)*", str),
    "path": (r".+", str),
}

_PLACEHOLDER = re.compile(r"<(?:(\w+):)?(\w+)>")


class CompiledPattern:
    def __init__(self, pattern, regex, casts):
        self.pattern = pattern
        self.regex = regex
        self.casts = casts

    def match(self, path):
        """Dict of converted parameters, or None when `path` does not match."""
        m = self.regex.fullmatch(path)
        if m is None:
            return None
        return {name: cast(m.group(name)) for name, cast in self.casts.items()}

    def __repr__(self):
        return "CompiledPattern(%r)" % (self.pattern,)


def compile_pattern(pattern):
    """Compile a route pattern into a CompiledPattern."""
    parts, casts, pos = [], {}, 0
    for m in _PLACEHOLDER.finditer(pattern):
        kind, name = m.group(1) or "str", m.group(2)
        if kind not in CONVERTERS:
            raise ValueError("unknown converter %r in %r" % (kind, pattern))
        if name in casts:
            raise ValueError("duplicate placeholder %r in %r" % (name, pattern))
        regex, cast = CONVERTERS[kind]
        parts.append(re.escape(pattern[pos:m.start()]))
        parts.append("(?P<%s>%s)" % (name, regex))
        casts[name] = cast
        pos = m.end()
    parts.append(re.escape(pattern[pos:]))
    return CompiledPattern(pattern, re.compile("".join(parts)), casts)
