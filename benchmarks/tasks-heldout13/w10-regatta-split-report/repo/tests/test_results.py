import unittest

from regatta.results import race_report


class ReportTests(unittest.TestCase):
    def test_race7(self):
        with open("data/race7.txt") as fh:
            lines = race_report(fh, "Race 7").splitlines()
        self.assertEqual(lines[:3], ["Race 7", "======",
                                     " 1. Kittiwake    Laser       52:10   47:25"])
        self.assertEqual(lines[-1], "    Puffin       Laser         DNF")
        self.assertEqual(len(lines), 7)

    def test_no_finishers(self):
        text = race_report(["Tern, Solo, DNS"], "Race 8")
        self.assertEqual(text.splitlines(), ["Race 8", "======", "No finishers",
                                             "    Tern         Solo          DNS"])

    def test_unknown_class(self):
        with self.assertRaises(ValueError):
            race_report(["Yacht, Cruiser, 40:00"])


if __name__ == "__main__":
    unittest.main()
