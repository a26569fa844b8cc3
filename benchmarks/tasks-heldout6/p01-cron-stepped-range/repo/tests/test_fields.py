import unittest

from cronhelp.fields import parse_field


class FieldTests(unittest.TestCase):
    def test_star(self):
        self.assertEqual(parse_field("*", "month"), list(range(1, 13)))

    def test_single_and_list(self):
        self.assertEqual(parse_field("5", "hour"), [5])
        self.assertEqual(parse_field("30,0,15", "minute"), [0, 15, 30])

    def test_plain_range(self):
        self.assertEqual(parse_field("1-5", "weekday"), [1, 2, 3, 4, 5])

    def test_star_step(self):
        self.assertEqual(parse_field("*/15", "minute"), [0, 15, 30, 45])

    def test_stepped_range(self):
        self.assertEqual(parse_field("0-30/10", "minute"), [0, 10, 20, 30])
        self.assertEqual(parse_field("9-17/4", "hour"), [9, 13, 17])

    def test_start_with_step(self):
        self.assertEqual(parse_field("5/20", "minute"), [5, 25, 45])

    def test_out_of_range(self):
        with self.assertRaises(ValueError):
            parse_field("60", "minute")
        with self.assertRaises(ValueError):
            parse_field("5-2", "hour")

    def test_unknown_field(self):
        with self.assertRaises(KeyError):
            parse_field("1", "second")


if __name__ == "__main__":
    unittest.main()
