import json
from dataclasses import asdict


def export(bookmarks):
    return json.dumps([asdict(b) for b in bookmarks], indent=2) + "\n"
