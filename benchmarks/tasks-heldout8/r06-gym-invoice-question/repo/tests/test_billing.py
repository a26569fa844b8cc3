import unittest

from gymdesk.billing import first_invoice, format_cents, joining_fee, monthly_invoice


class BillingTest(unittest.TestCase):
    def test_join_on_the_first(self):
        self.assertEqual(first_invoice("basic", 1), 3000 + 1500)

    def test_join_mid_month(self):
        self.assertEqual(first_invoice("basic", 16), 1500 + 1500)

    def test_student_fee_discount(self):
        self.assertEqual(joining_fee("student"), 750)

    def test_promo_waives_fee(self):
        self.assertEqual(joining_fee("family", promo="spring"), 0)

    def test_bad_day(self):
        with self.assertRaises(ValueError):
            first_invoice("basic", 31)

    def test_monthly_and_format(self):
        self.assertEqual(format_cents(monthly_invoice("off_peak")), "$19.00")


if __name__ == "__main__":
    unittest.main()
