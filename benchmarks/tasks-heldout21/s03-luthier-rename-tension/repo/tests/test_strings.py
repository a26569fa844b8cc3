import unittest

from violin.setup_sheet import retune, sheet_lines
from violin.strings import heaviest_string, tension_kg, total_tension


class TensionTests(unittest.TestCase):
    def test_violin_a(self):
        self.assertAlmostEqual(tension_kg(328, 440.0, 0.00060), 5.10, places=2)

    def test_longer_is_tighter(self):
        self.assertGreater(tension_kg(340, 440.0, 0.0006), tension_kg(328, 440.0, 0.0006))

    def test_bad_input(self):
        with self.assertRaises(ValueError):
            tension_kg(0, 440.0, 0.0006)

    def test_total(self):
        self.assertAlmostEqual(total_tension("violin"), 19.93, places=2)


class SheetTests(unittest.TestCase):
    def test_first_line(self):
        self.assertEqual(sheet_lines("cello")[0], "Cello, 690 mm scale")

    def test_heaviest(self):
        self.assertIn("heaviest " + heaviest_string("viola"), sheet_lines("viola")[-1])

    def test_retune(self):
        self.assertEqual(retune("violin", "G", 196.0), tension_kg(328, 196.0, 0.0028))
        with self.assertRaises(KeyError):
            retune("violin", "C", 130.8)


if __name__ == "__main__":
    unittest.main()
