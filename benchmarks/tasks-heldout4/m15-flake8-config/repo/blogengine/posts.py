import re
from dataclasses import dataclass
from datetime import date

_FRONT = re.compile(r"^---\n(.*?)\n---\n", re.S)


@dataclass
class Post:
    title: str
    published: date
    body: str
    slug: str


def load_post(text, slug):
    m = _FRONT.match(text)
    meta = {}
    if m:
        for line in m.group(1).splitlines():
            key, _, value = line.partition(":")
            meta[key.strip()] = value.strip()
        text = text[m.end():]
    return Post(title=meta.get("title", slug),
                published=date.fromisoformat(meta.get("date", "1970-01-01")),
                body=text, slug=slug)
