import unittest

from keycut.bitting import deepest, validate_code


class ValidateTest(unittest.TestCase):
    def test_good_codes(self):
        self.assertEqual(validate_code("35624", "KW1"), [3, 5, 6, 2, 4])
        self.assertEqual(validate_code(" 2468 ", "m1"), [2, 4, 6, 8])

    def test_not_digits(self):
        with self.assertRaises(ValueError):
            validate_code("35a24", "KW1")

    def test_wrong_length(self):
        with self.assertRaises(ValueError):
            validate_code("3572", "KW1")

    def test_depth_out_of_range(self):
        with self.assertRaises(ValueError):
            validate_code("35824", "KW1")

    def test_unknown_blank(self):
        with self.assertRaises(ValueError):
            validate_code("35624", "XX9")

    def test_deepest(self):
        self.assertEqual(deepest("35754", "KW1"), 3)


if __name__ == "__main__":
    unittest.main()
