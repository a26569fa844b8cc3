import unittest

from loftclock.results import Entry, race_result, result_sheet

ENTRIES = [
    Entry("J. Hale", "GB24N01234", "87m 1204y", "09:12:00"),
    Entry("R. Okoro", "GB24N05678", "91m 300y", "09:20:00"),
    Entry("M. Byrne", "GB24N04444", "88m 0y", "09:10:00"),
]


class ResultTests(unittest.TestCase):
    def test_fastest_first(self):
        placings = race_result("07:15:00", ENTRIES)
        self.assertEqual([p.fancier for p in placings], ["M. Byrne", "J. Hale", "R. Okoro"])
        self.assertEqual([p.position for p in placings], [1, 2, 3])
        self.assertEqual(placings[1].ypm, 1319.01)

    def test_sheet(self):
        lines = result_sheet("07:15:00", ENTRIES)
        self.assertEqual(lines[0], "Liberated 07:15:00")
        self.assertEqual(lines[2], " 2  J. Hale      GB24N01234     1319.01")


if __name__ == "__main__":
    unittest.main()
