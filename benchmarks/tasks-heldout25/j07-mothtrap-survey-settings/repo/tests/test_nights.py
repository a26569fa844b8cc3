import os
import unittest

from moths.nights import Night, is_cold, read_nights

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


class NightTests(unittest.TestCase):
    def test_reads_nights_in_order(self):
        nights = read_nights(os.path.join(HERE, "catches.csv"))
        self.assertEqual([n.night for n in nights], ["2025-07-12", "2025-07-13", "2025-07-14"])
        self.assertEqual(nights[0].moths, 60)

    def test_cold_is_below_ten(self):
        self.assertTrue(is_cold(Night("2025-07-13", 9.5)))
        self.assertFalse(is_cold(Night("2025-07-14", 10.0)))


if __name__ == "__main__":
    unittest.main()
