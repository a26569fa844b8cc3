"""XBEL-style XML export, kept for the old desktop sync tool. Deprecated."""


def export(bookmarks):
    from lxml import etree  # imported lazily: optional dependency

    root = etree.Element("xbel", version="1.0")
    for b in bookmarks:
        node = etree.SubElement(root, "bookmark", href=b.url)
        etree.SubElement(node, "title").text = b.title
        if b.tags:
            etree.SubElement(node, "desc").text = "tags: " + ", ".join(b.tags)
    return etree.tostring(root, pretty_print=True, xml_declaration=True,
                          encoding="UTF-8").decode("utf-8")
