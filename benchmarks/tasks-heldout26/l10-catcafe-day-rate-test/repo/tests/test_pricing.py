import unittest

from catcafe.pricing import blocks, visit_price


class PricingTests(unittest.TestCase):
    def test_started_half_hours(self):
        self.assertEqual(blocks(30), 1)
        self.assertEqual(blocks(31), 2)

    def test_adult_and_child(self):
        self.assertEqual(visit_price(60, 30), 900)
        self.assertEqual(visit_price(60, 7), 450)

    def test_under_threes_free(self):
        self.assertEqual(visit_price(90, 2), 0)

    def test_never_more_than_the_day_rate(self):
        # However long they stay, nobody pays more than a day ticket:
        # £18 for an adult, half that for a child under 12.
        self.assertEqual(visit_price(90, 30), 1350)
        self.assertEqual(visit_price(240, 30), 1800)
        self.assertEqual(visit_price(300, 45), 1800)
        self.assertEqual(visit_price(600, 8), 900)
        self.assertEqual(visit_price(600, 2), 0)


if __name__ == "__main__":
    unittest.main()
