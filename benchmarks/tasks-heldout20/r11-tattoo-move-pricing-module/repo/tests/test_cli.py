import io
import unittest
from contextlib import redirect_stdout

from tattoo.cli import deposit, main, quote


class QuoteTests(unittest.TestCase):
    def test_quote(self):
        self.assertEqual(quote(2, "suki"), 220)

    def test_colour(self):
        self.assertEqual(quote(2, "dev", colour=True), 172.5)

    def test_minimum(self):
        self.assertEqual(quote(0.5, "dev"), 60)

    def test_deposit_capped(self):
        self.assertEqual(deposit(100), 25)
        self.assertEqual(deposit(1000), 150)

    def test_cli(self):
        out = io.StringIO()
        with redirect_stdout(out):
            main(["quote", "3", "--artist", "suki"])
        self.assertEqual(out.getvalue(), "suki, 3 h: 330.00 (deposit 82.50)\n")
