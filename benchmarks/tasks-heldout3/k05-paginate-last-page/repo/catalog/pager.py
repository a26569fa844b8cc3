"""Split a list into numbered pages (1-based)."""
from dataclasses import dataclass


@dataclass
class Page:
    items: list
    number: int
    total_pages: int

    @property
    def has_next(self):
        return self.number < self.total_pages

    @property
    def has_previous(self):
        return self.number > 1


def total_pages(count, per_page):
    """Number of pages needed to show *count* items, *per_page* at a time (at least 1)."""
    if per_page <= 0:
        raise ValueError("per_page must be positive")
    return max(1, count // per_page)


def paginate(items, page, per_page=10):
    pages = total_pages(len(items), per_page)
    if not 1 <= page <= pages:
        raise ValueError(f"page {page} out of range 1..{pages}")
    start = (page - 1) * per_page
    return Page(items[start:start + per_page], page, pages)
