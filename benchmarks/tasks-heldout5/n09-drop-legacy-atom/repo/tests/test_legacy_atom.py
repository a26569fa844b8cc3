import datetime
import unittest

from feedgen import Entry
from feedgen.legacy_atom import render_atom_03

WHEN = datetime.datetime(2026, 1, 5, tzinfo=datetime.timezone.utc)


class AtomTests(unittest.TestCase):
    def test_version_and_entry(self):
        xml = render_atom_03("Notes", "https://ex.test/", [Entry("r1", "R", "https://ex.test/1", WHEN, "s")])
        self.assertIn('version="0.3"', xml)
        self.assertIn("<issued>2026-01-05T00:00:00+00:00</issued>", xml)
