import unittest

from paddlehire.hire import boats_needed, quote


class HireTests(unittest.TestCase):
    def test_boats_needed(self):
        self.assertEqual(boats_needed("canoe", 5), 2)
        self.assertEqual(boats_needed("single", 3), 3)

    def test_quote(self):
        self.assertEqual(quote("canoe", 2, 5), 6400)
        self.assertEqual(quote("sup", 1, 2), 2300)

    def test_unknown_type(self):
        with self.assertRaises(ValueError):
            quote("yacht", 1, 1)


if __name__ == "__main__":
    unittest.main()
