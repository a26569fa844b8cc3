import unittest
from datetime import date

from tunebook.clients import Piano, due_pianos, route

PIANOS = [Piano("Hall", "concert", date(2025, 5, 1)), Piano("Ames", "home", date(2024, 9, 1)),
          Piano("Oak School", "school", date(2024, 12, 2)), Piano("Byrd", "home", date(2024, 6, 2))]


class ClientTests(unittest.TestCase):
    def test_due_pianos(self):
        names = [p.owner for p in due_pianos(PIANOS, date(2025, 6, 2))]
        self.assertEqual(names, ["Hall", "Byrd", "Oak School"])

    def test_route(self):
        self.assertEqual(route(PIANOS, date(2025, 6, 2))[0], "Hall (concert, 2 days overdue)")


if __name__ == "__main__":
    unittest.main()
