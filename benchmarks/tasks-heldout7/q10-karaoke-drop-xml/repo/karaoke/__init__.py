"""Karaoke night song queue."""
from .export import to_json, to_text
from .queue import SongQueue
from .xml_export import to_xml

__all__ = ["SongQueue", "to_text", "to_json", "to_xml"]
