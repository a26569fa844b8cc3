"""Exporters: each takes a list of Bookmark objects and returns a string."""
from . import html_export, json_export, legacy_xml

EXPORTERS = {
    "html": html_export.export,
    "json": json_export.export,
    "xml": legacy_xml.export,
}


def export(bookmarks, fmt):
    try:
        exporter = EXPORTERS[fmt]
    except KeyError:
        raise ValueError("unknown format %r (choose from %s)" % (fmt, ", ".join(sorted(EXPORTERS))))
    return exporter(bookmarks)
