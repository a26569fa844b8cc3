import unittest

from domeseats.booking import Show


class ShowTest(unittest.TestCase):
    def test_reserve(self):
        show = Show("Moons of Jupiter")
        self.assertEqual(show.reserve("Okafor", 4), 56)

    def test_same_name_adds_up(self):
        show = Show("Moons of Jupiter")
        show.reserve("Okafor", 4)
        self.assertEqual(show.reserve("Okafor", 2), 54)

    def test_sold_out(self):
        show = Show("Comets", seats=5)
        show.reserve("Lind", 4)
        with self.assertRaises(ValueError):
            show.reserve("Berg", 2)

    def test_cancel(self):
        show = Show("Comets", seats=10)
        show.reserve("Lind", 3)
        self.assertEqual(show.cancel("Lind"), 10)


if __name__ == "__main__":
    unittest.main()
