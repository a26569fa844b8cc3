import html

HEADER = """<!DOCTYPE NETSCAPE-Bookmark-file-1>
<META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=UTF-8">
<TITLE>Bookmarks</TITLE>
<H1>Bookmarks</H1>
<DL><p>"""


def export(bookmarks):
    lines = [HEADER]
    for b in bookmarks:
        tags = html.escape(",".join(b.tags), quote=True)
        lines.append('    <DT><A HREF="%s" TAGS="%s">%s</A>'
                     % (html.escape(b.url, quote=True), tags, html.escape(b.title)))
    lines.append("</DL><p>")
    return "\n".join(lines) + "\n"
