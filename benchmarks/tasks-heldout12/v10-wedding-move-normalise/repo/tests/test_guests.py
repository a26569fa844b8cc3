import unittest

from seatplan.guests import load_guests, normalise_name


class NameTest(unittest.TestCase):
    def test_normalise(self):
        self.assertEqual(normalise_name("  mary   o'brien "), "Mary O'Brien")
        self.assertEqual(normalise_name("ANNE-MARIE smith"), "Anne-Marie Smith")

    def test_load(self):
        guests = load_guests(["# name; side; diet", "tom jones; Groom", "mary o'brien; bride; vegan"])
        self.assertEqual([(g.name, g.side, g.diet) for g in guests],
                         [("Tom Jones", "groom", ""), ("Mary O'Brien", "bride", "vegan")])


if __name__ == "__main__":
    unittest.main()
