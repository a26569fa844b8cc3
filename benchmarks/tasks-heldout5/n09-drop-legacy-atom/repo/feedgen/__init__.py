"""feedgen: build RSS and JSON feeds from entries."""
from feedgen.entry import Entry
from feedgen.jsonfeed import render_json_feed
from feedgen.legacy_atom import render_atom_03
from feedgen.rss import render_rss

__all__ = ["Entry", "render_atom_03", "render_json_feed", "render_rss"]
