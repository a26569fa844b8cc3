import unittest

from tyrebay.tread import advice, average_depth


class AverageDepthTest(unittest.TestCase):
    def test_average(self):
        self.assertEqual(average_depth([4.0, 3.0, 3.5]), 3.5)

    def test_empty_rejected(self):
        with self.assertRaises(ValueError):
            average_depth([])


class AdviceTest(unittest.TestCase):
    def test_new_tyre_ok(self):
        self.assertEqual(advice([7.8, 8.0, 7.9]), "ok")

    def test_worn_shoulder(self):
        self.assertEqual(advice([4.1, 3.9, 1.2]), "replace now")

    def test_getting_low(self):
        self.assertEqual(advice([2.9, 3.4, 3.3]), "replace soon")


if __name__ == "__main__":
    unittest.main()
