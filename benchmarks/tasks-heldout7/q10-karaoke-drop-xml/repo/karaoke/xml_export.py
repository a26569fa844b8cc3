"""XML playlist for the old DJ software."""
import xml.etree.ElementTree as ET


def to_xml(queue):
    root = ET.Element("playlist", version="1")
    for n, (singer, title, artist) in enumerate(queue.upcoming(), 1):
        track = ET.SubElement(root, "track", position=str(n))
        ET.SubElement(track, "singer").text = singer
        ET.SubElement(track, "title").text = title
        if artist:
            ET.SubElement(track, "artist").text = artist
    return ET.tostring(root, encoding="unicode")
