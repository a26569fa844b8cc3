"""Shorten text for previews."""


def shorten(text, width, placeholder="…"):
    """Cut *text* to at most *width* characters, ending with *placeholder*."""
    text = " ".join(text.split())
    if len(text) <= width:
        return text
    cut = text[: width - len(placeholder)].rstrip()
    return cut + placeholder
