import unittest

from framing.quote import quote, quote_line
from framing.sizes import glass_area, outer_size


class QuoteTests(unittest.TestCase):
    def test_outer_size_with_mount(self):
        self.assertEqual(outer_size(30, 40, 5), (40, 50))

    def test_glass(self):
        self.assertEqual(glass_area(30, 40), 1200)

    def test_plain_black_frame(self):
        self.assertEqual(quote(30, 40), 66.0)

    def test_oak_with_mount(self):
        self.assertEqual(quote(20, 25, "oak", mount=5), 92.0)

    def test_line(self):
        self.assertEqual(quote_line(30, 40), "30x40 cm, black, 1.64 m of moulding: 66.00")
