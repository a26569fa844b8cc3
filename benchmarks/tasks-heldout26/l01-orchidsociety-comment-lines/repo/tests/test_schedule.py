import unittest
from datetime import date

from orchids.plants import Plant
from orchids.schedule import due


class ScheduleTests(unittest.TestCase):
    def test_due_most_overdue_first(self):
        plants = [Plant("A", "Phalaenopsis", 12, date(2023, 1, 1)),
                  Plant("B", "Cymbidium", 20, date(2023, 1, 1)),
                  Plant("C", "Oncidium", 14, date(2022, 1, 1))]
        rows = due(plants, date(2025, 6, 1))
        self.assertEqual([(p.name, d) for p, d in rows], [("C", 347), ("A", 152)])


if __name__ == "__main__":
    unittest.main()
