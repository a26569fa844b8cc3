import unittest

from bunkhouse.config import load_settings
from bunkhouse.stays import check_nights, stay_price


class StaysTest(unittest.TestCase):
    def test_settings_load(self):
        settings = load_settings()
        self.assertEqual(settings["currency"], "EUR")
        self.assertIn("dorm8", settings["rooms"])

    def test_short_stay_ok(self):
        self.assertEqual(check_nights(3), 3)

    def test_zero_nights_rejected(self):
        with self.assertRaises(ValueError):
            check_nights(0)

    def test_price(self):
        self.assertEqual(stay_price("dorm8", 2), 48)

    def test_unknown_room(self):
        with self.assertRaises(KeyError):
            stay_price("suite", 1)


if __name__ == "__main__":
    unittest.main()
