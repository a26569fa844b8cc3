"""The feed entry record shared by all renderers."""
from collections import namedtuple

Entry = namedtuple("Entry", "id title link published summary")


def newest_first(entries, limit=None):
    """Entries sorted by publication time, newest first, at most limit."""
    ordered = sorted(entries, key=lambda e: e.published, reverse=True)
    return ordered if limit is None else ordered[:limit]
