import unittest

from fairground.tokens import group_tokens, ride_cost


class TokensTest(unittest.TestCase):
    def test_adult(self):
        self.assertEqual(ride_cost("dodgems", 30), 4)

    def test_child_discount_never_free(self):
        self.assertEqual(ride_cost("dodgems", 8), 3)
        self.assertEqual(ride_cost("carousel", 8), 1)

    def test_toddler_free(self):
        self.assertEqual(ride_cost("big wheel", 2), 0)

    def test_small_group(self):
        self.assertEqual(group_tokens([40, 8], ["carousel", "dodgems"]), 10)


if __name__ == "__main__":
    unittest.main()
