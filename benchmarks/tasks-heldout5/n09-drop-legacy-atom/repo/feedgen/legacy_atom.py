"""Atom 0.3 rendering, for the old desktop widget. Deprecated."""
from feedgen.entry import newest_first
from feedgen.xmlutil import element


def render_atom_03(title, link, entries, limit=20):
    """An Atom 0.3 document as a string."""
    parts = []
    for e in newest_first(entries, limit):
        parts.append('<entry>%s<link rel="alternate" href="%s"/>%s%s%s</entry>' % (
            element("title", e.title), e.link, element("id", e.id),
            element("issued", e.published.isoformat()), element("summary", e.summary)))
    return ('<?xml version="1.0" encoding="utf-8"?>\n'
            '<feed version="0.3" xmlns="http://purl.org/atom/ns#">%s<link rel="alternate" href="%s"/>%s</feed>\n'
            % (element("title", title), link, "".join(parts)))
