"""Bookmarks kept in a JSON-lines file."""
import json
import os
from dataclasses import asdict, dataclass, field
from typing import List


@dataclass
class Bookmark:
    url: str
    title: str
    tags: List[str] = field(default_factory=list)


class Store:
    def __init__(self, path):
        self.path = os.path.expanduser(path)

    def all(self):
        if not os.path.exists(self.path):
            return []
        with open(self.path, encoding="utf-8") as fh:
            return [Bookmark(**json.loads(line)) for line in fh if line.strip()]

    def add(self, bookmark):
        with open(self.path, "a", encoding="utf-8") as fh:
            fh.write(json.dumps(asdict(bookmark)) + "\n")

__all__ = ["Bookmark", "Store"]
