"""Splitting a list of posts into archive pages."""


def page_count(total, per_page):
    """Number of archive pages needed for `total` posts (at least one)."""
    if per_page < 1:
        raise ValueError("per_page must be at least 1")
    return max(1, total // per_page)


def paginate(items, per_page):
    """Split items into a list of pages, each a list of at most per_page items."""
    items = list(items)
    return [items[n * per_page:(n + 1) * per_page]
            for n in range(page_count(len(items), per_page))]
