import unittest

from mdtable import format_table, parse_table

EXPECTED = """\
| fruit | qty |
| :---- | --: |
| apple |   3 |
| kiwi  |  12 |"""


class TableTests(unittest.TestCase):
    def test_format(self):
        got = format_table([["apple", 3], ["kiwi", 12]], ["fruit", "qty"], align="lr")
        self.assertEqual(got, EXPECTED)

    def test_round_trip(self):
        self.assertEqual(parse_table(EXPECTED), (["fruit", "qty"], [["apple", "3"], ["kiwi", "12"]]))

    def test_center(self):
        got = format_table([["x"]], ["abcde"], align="c")
        self.assertEqual(got.splitlines()[1:], ["| :---: |", "|   x   |"])

    def test_bad_align(self):
        with self.assertRaises(ValueError):
            format_table([["a"]], ["h"], align="lr")


if __name__ == "__main__":
    unittest.main()
