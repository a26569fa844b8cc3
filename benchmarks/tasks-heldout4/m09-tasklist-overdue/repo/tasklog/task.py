import re
from dataclasses import dataclass, field
from datetime import date
from typing import List, Optional

_LINE = re.compile(r"^\[(?P<done>[ xX])\]\s+(?:(?P<due>\d{4}-\d{2}-\d{2})\s+)?(?P<rest>.*)$")


@dataclass
class Task:
    title: str
    due: Optional[date] = None
    done: bool = False
    tags: List[str] = field(default_factory=list)

    @classmethod
    def parse(cls, line):
        m = _LINE.match(line.strip())
        if not m:
            raise ValueError("not a task line: %r" % line)
        words = m.group("rest").split()
        tags = [w[1:] for w in words if w.startswith("#")]
        title = " ".join(w for w in words if not w.startswith("#"))
        due = date.fromisoformat(m.group("due")) if m.group("due") else None
        return cls(title=title, due=due, done=m.group("done") != " ", tags=tags)

    def format(self):
        parts = ["[x]" if self.done else "[ ]"]
        if self.due:
            parts.append(self.due.isoformat())
        parts.append(self.title)
        parts.extend("#" + t for t in self.tags)
        return " ".join(parts)
