import unittest

from invoicer.format import format_cents


class FormatTests(unittest.TestCase):
    def test_format(self):
        self.assertEqual(format_cents(123456), "$1234.56")
        self.assertEqual(format_cents(-5), "-$0.05")


if __name__ == "__main__":
    unittest.main()
