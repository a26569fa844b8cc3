"""Filters for lists and longer text."""
import html

from tinytpl.filters import register


@register("truncate")
def _truncate(value, width="20"):
    text, width = str(value), int(width)
    if len(text) <= width:
        return text
    return text[:max(width - 3, 0)].rstrip() + "..."


@register("join")
def _join(value, separator=", "):
    return separator.join(str(item) for item in value)


@register("escape")
def _escape(value):
    return html.escape(str(value))
