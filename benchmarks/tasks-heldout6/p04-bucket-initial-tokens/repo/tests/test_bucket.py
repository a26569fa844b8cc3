import unittest

from ratelimit import TokenBucket


class FakeClock:
    def __init__(self):
        self.now = 100.0

    def __call__(self):
        return self.now


class BucketTests(unittest.TestCase):
    def setUp(self):
        self.clock = FakeClock()

    def test_starts_full(self):
        b = TokenBucket(rate=2, capacity=4, clock=self.clock)
        self.assertEqual(b.tokens, 4)

    def test_drain_and_refill(self):
        b = TokenBucket(rate=2, capacity=3, clock=self.clock)
        self.assertTrue(all(b.try_acquire() for _ in range(3)))
        self.assertFalse(b.try_acquire())
        self.clock.now += 0.5
        self.assertTrue(b.try_acquire())

    def test_never_exceeds_capacity(self):
        b = TokenBucket(rate=10, capacity=5, clock=self.clock)
        self.clock.now += 60
        self.assertEqual(b.tokens, 5)

    def test_wait_time(self):
        b = TokenBucket(rate=4, capacity=2, clock=self.clock)
        b.try_acquire(2)
        self.assertAlmostEqual(b.wait_time(), 0.25)

    def test_invalid(self):
        with self.assertRaises(ValueError):
            TokenBucket(rate=0, capacity=1)


if __name__ == "__main__":
    unittest.main()
