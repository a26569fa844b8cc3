"""Reading, writing and shifting .srt cues."""
from dataclasses import dataclass, replace

from .timing import format_ts, parse_ts


@dataclass
class Cue:
    index: int
    start: int
    end: int
    text: str


def parse(text):
    """All cues in an .srt document."""
    cues = []
    for block in text.replace("\r\n", "\n").strip().split("\n\n"):
        lines = block.strip().split("\n")
        if len(lines) < 2:
            continue
        start, _, end = lines[1].partition(" --> ")
        cues.append(Cue(int(lines[0]), parse_ts(start), parse_ts(end),
                        "\n".join(lines[2:])))
    return cues


def dump(cues):
    """An .srt document for `cues`."""
    blocks = ["%d\n%s --> %s\n%s" % (c.index, format_ts(c.start), format_ts(c.end), c.text)
              for c in cues]
    return "\n\n".join(blocks) + "\n"


def shift(cues, ms):
    """Copies of `cues` moved by `ms` milliseconds, clamped at zero."""
    return [replace(c, start=max(0, c.start + ms), end=max(0, c.end + ms)) for c in cues]
