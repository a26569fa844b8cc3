import unittest

from rampqueue.waitlist import MAX_WAITING, join, next_rider


class WaitlistTest(unittest.TestCase):
    def test_join_adds_to_given_list(self):
        evening = []
        join("Kai", evening)
        join("Lou", evening)
        self.assertEqual(evening, ["Kai", "Lou"])

    def test_no_duplicates(self):
        self.assertEqual(join("Kai", ["Kai", "Lou"]), ["Kai", "Lou"])

    def test_full_list(self):
        full = ["rider%d" % i for i in range(MAX_WAITING)]
        with self.assertRaises(ValueError):
            join("Kai", full)

    def test_blank_name(self):
        with self.assertRaises(ValueError):
            join("  ", [])

    def test_next_rider(self):
        evening = ["Kai", "Lou"]
        self.assertEqual(next_rider(evening), "Kai")
        self.assertEqual(evening, ["Lou"])
        self.assertIsNone(next_rider([]))


if __name__ == "__main__":
    unittest.main()
