"""JSON Feed 1.1 rendering."""
import json

from feedgen.entry import newest_first


def render_json_feed(title, link, entries, limit=20):
    """A JSON Feed document as a string."""
    doc = {
        "version": "https://jsonfeed.org/version/1.1",
        "title": title,
        "home_page_url": link,
        "items": [
            {"id": e.id, "title": e.title, "url": e.link,
             "date_published": e.published.isoformat(), "summary": e.summary}
            for e in newest_first(entries, limit)
        ],
    }
    return json.dumps(doc, indent=2)
