import unittest

from memo import TTLCache


class FakeClock:
    def __init__(self):
        self.now = 1000.0

    def __call__(self):
        return self.now


class CacheTests(unittest.TestCase):
    def test_rejects_bad_ttl(self):
        with self.assertRaises(ValueError):
            TTLCache(ttl=0)

    def test_missing_key_gives_default(self):
        self.assertEqual(TTLCache().get("nope", 5), 5)

    def test_purge_removes_expired(self):
        clock = FakeClock()
        c = TTLCache(ttl=10, clock=clock)
        c.set("a", 1)
        c.set("b", 2, ttl=100)
        clock.now += 50
        self.assertEqual(c.purge(), 1)
        self.assertEqual(len(c), 1)

    def test_clear_and_delete(self):
        c = TTLCache()
        c.set("a", 1)
        c.set("b", 2)
        c.delete("a")
        self.assertEqual(len(c), 1)
        c.clear()
        self.assertEqual(len(c), 0)


if __name__ == "__main__":
    unittest.main()
