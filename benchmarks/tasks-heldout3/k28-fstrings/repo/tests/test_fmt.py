import unittest

from invoicer.fmt import header, line_item, money


class FmtTests(unittest.TestCase):
    def test_money(self):
        self.assertEqual(money(3.5), "3.50 EUR")

    def test_header(self):
        self.assertEqual(header(42, "ACME"), "Invoice #00042 for ACME")

    def test_line_item(self):
        self.assertEqual(
            line_item("Tea", 2, 1.5),
            "Tea                    2 x   1.50 EUR =     3.00 EUR",
        )
