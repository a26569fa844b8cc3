"""Turn arbitrary titles into URL-friendly slugs."""
import re
import unicodedata

_NON_WORD = re.compile(r"[^a-z0-9]")


def slugify(text, max_length=60):
    """Return a lowercase, dash-separated slug for *text*.

    Accents are stripped, anything that is not a letter or digit becomes a
    single dash, and the result is cut to *max_length* characters.
    """
    text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")
    text = text.lower().strip()
    slug = _NON_WORD.sub("-", text)
    slug = slug.strip("-")
    return slug[:max_length].rstrip("-")
