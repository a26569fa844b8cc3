"""Laying out the archive pages."""
import json

from pressbox.paginate import paginate


def load_config(path="site.json"):
    with open(path, encoding="utf-8") as fh:
        return json.load(fh)


def page_path(number):
    """Output path of archive page `number` (1-based)."""
    if number == 1:
        return "archive/index.html"
    return "archive/page/%d/index.html" % number


def build_archive(posts, per_page):
    """{output path: [post slugs]} with the newest posts first."""
    ordered = sorted(posts, key=lambda p: p.date, reverse=True)
    return {page_path(i + 1): [p.slug for p in page]
            for i, page in enumerate(paginate(ordered, per_page))}
