import unittest

from trip.rates import to_currency, to_pounds


class RatesTest(unittest.TestCase):
    def test_to_currency(self):
        self.assertEqual(to_currency(40, "EUR"), 46.4)
        self.assertEqual(to_currency(10, "eur", {"EUR": 1.5}), 15.0)

    def test_to_pounds(self):
        self.assertEqual(to_pounds(116, "EUR"), 100.0)


if __name__ == "__main__":
    unittest.main()
