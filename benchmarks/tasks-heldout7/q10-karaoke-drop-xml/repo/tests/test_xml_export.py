import unittest
import xml.etree.ElementTree as ET

from karaoke import SongQueue, to_xml


class XmlExportTests(unittest.TestCase):
    def test_tracks(self):
        q = SongQueue()
        q.add("mia", "Valerie")
        q.add("raj", "Creep", "Radiohead")
        root = ET.fromstring(to_xml(q))
        self.assertEqual(root.tag, "playlist")
        tracks = root.findall("track")
        self.assertEqual([t.get("position") for t in tracks], ["1", "2"])
        self.assertIsNone(tracks[0].find("artist"))
        self.assertEqual(tracks[1].find("artist").text, "Radiohead")


if __name__ == "__main__":
    unittest.main()
