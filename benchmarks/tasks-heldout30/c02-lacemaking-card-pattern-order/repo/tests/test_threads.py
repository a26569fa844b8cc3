import unittest

from lace.threads import Thread, longest_first, total_length_cm


class ThreadsTest(unittest.TestCase):
    def setUp(self):
        self.threads = [Thread(1, "ecru", 50), Thread(2, "red", 80), Thread(3, "gold", 20)]

    def test_longest_first(self):
        self.assertEqual([t.pair for t in longest_first(self.threads)], [2, 1, 3])

    def test_total(self):
        self.assertEqual(total_length_cm(self.threads), 150)


if __name__ == "__main__":
    unittest.main()
