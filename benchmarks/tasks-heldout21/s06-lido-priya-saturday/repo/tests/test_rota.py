import unittest
from datetime import time

from lido.rota import hours_by_guard, load_rota, parse_rota, thin_cover

SAMPLE = """guard,day,start,end,post
Ann,Tue,07:00,13:30,pool
Bob,Tue,07:00,12:00,deck
Cat,tuesday,12:30,20:00,deck
Ann,Tue,13:30,20:00,pool
"""


class RotaTests(unittest.TestCase):
    def test_parse(self):
        shifts = parse_rota(SAMPLE)
        self.assertEqual(len(shifts), 4)
        self.assertEqual(shifts[2].day, "Tue")
        self.assertEqual(shifts[0].end, time(13, 30))

    def test_hours(self):
        self.assertEqual(hours_by_guard(parse_rota(SAMPLE)), {"Ann": 13.0, "Bob": 5.0, "Cat": 7.5})

    def test_thin_cover(self):
        self.assertEqual(thin_cover(parse_rota(SAMPLE), "Tue"), [("12:00", "12:30")])

    def test_backwards_shift(self):
        with self.assertRaises(ValueError):
            parse_rota("guard,day,start,end,post\nAnn,Mon,14:00,13:00,pool\n")

    def test_real_rota_loads(self):
        shifts = load_rota()
        self.assertTrue(shifts)
        self.assertTrue(all(s.guard for s in shifts))


if __name__ == "__main__":
    unittest.main()
