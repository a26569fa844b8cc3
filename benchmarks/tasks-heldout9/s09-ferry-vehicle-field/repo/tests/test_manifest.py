import unittest

from ferrydesk.manifest import manifest, manifest_line
from ferrydesk.models import Booking


class ManifestTest(unittest.TestCase):
    def test_line(self):
        b = Booking("Okafor", adults=2, children=1, bikes=1)
        self.assertEqual(manifest_line(b), "OKAFOR       2A 1C 1B")

    def test_manifest_total(self):
        text = manifest([Booking("A", 1), Booking("B", 2, 2)])
        self.assertEqual(text.splitlines()[-1], "TOTAL 5 passengers")


if __name__ == "__main__":
    unittest.main()
