"""Post files: 'key: value' header lines, a blank line, then the body."""
import datetime
from collections import namedtuple

Post = namedtuple("Post", "slug title date body")


def parse_post(text):
    """Parse the text of one post file into a Post."""
    header, _, body = text.partition("\n\n")
    meta = {}
    for line in header.splitlines():
        key, _, value = line.partition(":")
        meta[key.strip().lower()] = value.strip()
    missing = {"title", "date", "slug"} - set(meta)
    if missing:
        raise ValueError("post header is missing: %s" % ", ".join(sorted(missing)))
    date = datetime.date.fromisoformat(meta["date"])
    return Post(meta["slug"], meta["title"], date, body.strip())
