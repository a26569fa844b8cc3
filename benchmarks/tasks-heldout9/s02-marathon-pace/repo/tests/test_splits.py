import unittest

from splitwatch.splits import even_splits, negative_split


class SplitsTest(unittest.TestCase):
    def test_even(self):
        self.assertEqual(even_splits("1:45:00", 5),
                         ["21:00", "42:00", "1:03:00", "1:24:00", "1:45:00"])

    def test_even_rejects_zero(self):
        with self.assertRaises(ValueError):
            even_splits("20:00", 0)

    def test_negative(self):
        self.assertEqual(negative_split("1:40:00", 60), ("50:30", "49:30"))


if __name__ == "__main__":
    unittest.main()
