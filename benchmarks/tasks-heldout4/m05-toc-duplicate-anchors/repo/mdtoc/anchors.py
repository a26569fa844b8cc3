import re

_DROP = re.compile(r"[^\w\- ]", re.UNICODE)


def anchor(text):
    """GitHub-style anchor for a heading's text (without the leading '#')."""
    text = text.strip().lower()
    text = _DROP.sub("", text)
    return text.replace(" ", "-")
