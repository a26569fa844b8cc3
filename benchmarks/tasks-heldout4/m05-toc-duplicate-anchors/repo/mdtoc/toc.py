import re

from .anchors import anchor

_HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
_FENCE = re.compile(r"^\s*(```|~~~)")


def extract_headings(markdown):
    """Yield (level, text) for each ATX heading outside fenced code blocks."""
    in_fence = False
    for line in markdown.splitlines():
        if _FENCE.match(line):
            in_fence = not in_fence
            continue
        if in_fence:
            continue
        m = _HEADING.match(line)
        if m:
            yield len(m.group(1)), m.group(2)


def build_toc(markdown, max_level=6):
    """Return the TOC as a list of markdown list lines."""
    headings = [(lvl, txt) for lvl, txt in extract_headings(markdown) if lvl <= max_level]
    if not headings:
        return []
    top = min(lvl for lvl, _ in headings)
    lines = []
    for level, text in headings:
        indent = "  " * (level - top)
        lines.append("%s- [%s](#%s)" % (indent, text, anchor(text)))
    return lines
