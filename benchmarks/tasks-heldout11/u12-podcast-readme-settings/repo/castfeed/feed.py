"""Render the feed XML (a small subset of RSS 2.0)."""

from xml.sax.saxutils import escape

from castfeed.episodes import select


def render(episodes, settings):
    base = settings["base_url"].rstrip("/")
    size = settings["artwork_size"]
    out = ['<rss version="2.0"><channel>',
           "<title>%s</title>" % escape(settings["title"]),
           "<language>%s</language>" % escape(settings["language"]),
           '<image><url>%s/artwork-%dx%d.jpg</url></image>' % (base, size, size)]
    for ep in select(episodes, settings):
        out.append("<item><title>%s</title><pubDate>%s</pubDate>"
                   '<enclosure url="%s/audio/%s" type="audio/mpeg"/></item>'
                   % (escape(ep.title), ep.published, base, escape(ep.filename)))
    out.append("</channel></rss>")
    return "\n".join(out)
