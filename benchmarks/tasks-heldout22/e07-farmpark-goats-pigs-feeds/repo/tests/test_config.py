import unittest
from datetime import time

from farmpark.config import load, parse
from farmpark.feeding import feed_times, rota, sign

DATA = {
    "defaults": {"feeds_per_day": 2, "first_feed": "09:00", "last_feed": "17:00",
                 "visitor_feeding_until": "15:00", "visitor_food": "feed cups", "max_group": 10},
    "pens": {"hens": {"keeper": "Ann"}, "cows": {"keeper": "Bo", "feeds_per_day": 3, "max_group": 4}},
}


class ConfigTests(unittest.TestCase):
    def test_defaults_fill_in(self):
        pens = parse(DATA)
        self.assertEqual(pens["hens"].feeds_per_day, 2)
        self.assertEqual(pens["hens"].visitor_feeding_until, time(15, 0))
        self.assertEqual(pens["cows"].max_group, 4)

    def test_feed_times(self):
        pens = parse(DATA)
        self.assertEqual(feed_times(pens["hens"]), ["09:00", "17:00"])
        self.assertEqual(feed_times(pens["cows"]), ["09:00", "13:00", "17:00"])

    def test_rota_sorted(self):
        self.assertEqual(rota(parse(DATA))[:2], [("09:00", "cows", "Bo"), ("09:00", "hens", "Ann")])

    def test_sign(self):
        self.assertEqual(sign(parse(DATA)["cows"]),
                         "Cows: visitors may feed us feed cups until 15:00. Groups of up to 4 at a time, please.")

    def test_real_config(self):
        pens = load()
        self.assertEqual(len(pens), 6)
        self.assertEqual(pens["alpacas"].visitor_feeding_until, time(14, 0))
        self.assertEqual(pens["sheep"].max_group, 12)


if __name__ == "__main__":
    unittest.main()
