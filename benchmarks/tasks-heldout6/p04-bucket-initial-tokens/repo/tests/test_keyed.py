import unittest

from ratelimit import KeyedLimiter


class KeyedTests(unittest.TestCase):
    def test_separate_keys(self):
        t = [0.0]
        lim = KeyedLimiter(rate=1, capacity=1, clock=lambda: t[0])
        self.assertTrue(lim.allow("a"))
        self.assertFalse(lim.allow("a"))
        self.assertTrue(lim.allow("b"))

    def test_max_keys(self):
        lim = KeyedLimiter(rate=1, capacity=1, max_keys=2)
        for key in "abc":
            lim.allow(key)
        self.assertEqual(len(lim), 2)


if __name__ == "__main__":
    unittest.main()
