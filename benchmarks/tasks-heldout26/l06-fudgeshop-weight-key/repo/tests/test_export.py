import unittest
from datetime import date

from fudge.export import export
from fudge.stock import Tray

TRAYS = [Tray("Vanilla", 1000, 300, date(2025, 10, 1)), Tray("Old", 500, 300, date(2025, 9, 1))]


class ExportTests(unittest.TestCase):
    def test_only_trays_on_sale(self):
        out = export(TRAYS, date(2025, 10, 10))
        self.assertEqual([t["flavour"] for t in out["trays"]], ["Vanilla"])
        self.assertEqual(out["trays"][0]["wt"], 1000)
        self.assertEqual(out["total_value"], 3000)


if __name__ == "__main__":
    unittest.main()
