import sys
import unittest
from unittest import mock

from trip.rates import TERM_RATES, fetch_rates


class LiveRatesTest(unittest.TestCase):
    def test_falls_back_without_requests(self):
        with mock.patch.dict(sys.modules, {"requests": None}):
            self.assertEqual(fetch_rates(), TERM_RATES)

    def test_returns_a_copy(self):
        with mock.patch.dict(sys.modules, {"requests": None}):
            self.assertIsNot(fetch_rates(), TERM_RATES)


if __name__ == "__main__":
    unittest.main()
