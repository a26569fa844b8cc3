"""RSS 2.0 rendering."""
from email.utils import format_datetime

from feedgen.entry import newest_first
from feedgen.xmlutil import element


def render_rss(title, link, entries, limit=20):
    """An RSS 2.0 document as a string."""
    items = []
    for e in newest_first(entries, limit):
        items.append("<item>%s%s%s%s%s</item>" % (
            element("guid", e.id), element("title", e.title), element("link", e.link),
            element("pubDate", format_datetime(e.published)), element("description", e.summary)))
    return ('<?xml version="1.0" encoding="utf-8"?>\n<rss version="2.0"><channel>%s%s%s</channel></rss>\n'
            % (element("title", title), element("link", link), "".join(items)))
