"""Tiny helpers for writing XML by hand."""
from xml.sax.saxutils import escape


def element(tag, text):
    """<tag>text</tag> with text escaped."""
    return "<%s>%s</%s>" % (tag, escape(str(text)), tag)
