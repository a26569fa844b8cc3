import unittest

from ramen.bill import bill_total, service_charge, split_bill, subtotal


class BillTests(unittest.TestCase):
    def test_subtotal(self):
        self.assertEqual(subtotal(["tonkotsu", "gyoza", "gyoza"]), 2650)

    def test_service_rounds_halves_up(self):
        self.assertEqual(service_charge(1250), 156)
        self.assertEqual(service_charge(1260), 158)

    def test_total_without_service(self):
        self.assertEqual(bill_total(["shoyu", "asahi"], service=False), 1800)

    def test_even_split(self):
        self.assertEqual(split_bill(3000, 4), [750, 750, 750, 750])

    def test_split_keeps_every_penny(self):
        # The shares add up to the total exactly, differ by at most a
        # penny, and any odd pennies go to the first diners.
        self.assertEqual(split_bill(1000, 3), [334, 333, 333])
        self.assertEqual(split_bill(2005, 4), [502, 501, 501, 501])
        self.assertEqual(split_bill(900, 3), [300, 300, 300])
        self.assertEqual(sum(split_bill(4471, 6)), 4471)
        with self.assertRaises(ValueError):
            split_bill(1000, 0)


if __name__ == "__main__":
    unittest.main()
