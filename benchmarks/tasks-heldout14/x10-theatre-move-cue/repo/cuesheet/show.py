"""Shows and their lighting cues, as read from a .cues file."""
import re
from dataclasses import dataclass, field

CUE_LINE = re.compile(r"^Q(?P<number>\d+(?:\.\d+)?)\s+'(?P<label>[^']*)'(?P<rest>.*)$")


@dataclass(order=True)
class Cue:
    """One lighting cue. Cues sort by number; 12.5 goes between 12 and 13."""
    number: float
    label: str = field(compare=False)
    fade: float = field(default=3.0, compare=False)
    follow: float = field(default=None, compare=False)

    @classmethod
    def parse(cls, line):
        """A cue from a line like: Q12.5 'Blackout' fade=0 follow=2"""
        m = CUE_LINE.match(line.strip())
        if not m:
            raise ValueError("not a cue line: %r" % (line,))
        opts = dict(part.split("=", 1) for part in m.group("rest").split())
        follow = opts.get("follow")
        return cls(float(m.group("number")), m.group("label"), float(opts.get("fade", 3.0)),
                   float(follow) if follow is not None else None)

    def describe(self):
        text = "Q%g %s (%gs)" % (self.number, self.label, self.fade)
        if self.follow is not None:
            text += ", auto-follow after %gs" % self.follow
        return text


class Show:
    def __init__(self, title, cues=()):
        self.title = title
        self.cues = sorted(cues)

    def add(self, cue):
        if any(c.number == cue.number for c in self.cues):
            raise ValueError("there is already a Q%g" % cue.number)
        self.cues = sorted(self.cues + [cue])

    def find(self, number):
        return next((c for c in self.cues if c.number == number), None)


def load_show(path):
    """A Show from a .cues file: a title line, then one cue per line (# comments)."""
    with open(path) as fh:
        lines = [x.strip() for x in fh if x.strip() and not x.lstrip().startswith("#")]
    return Show(lines[0], [Cue.parse(x) for x in lines[1:]])
