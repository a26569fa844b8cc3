import unittest

from shop.giftaid import claim_pence, donor_totals
from shop.sales import Sale, load_sales, pounds


class GiftAidTest(unittest.TestCase):
    def test_claim_is_a_quarter_rounded_down(self):
        self.assertEqual(claim_pence(400), 100)
        self.assertEqual(claim_pence(650), 162)

    def test_pounds(self):
        self.assertEqual(pounds(1205), "£12.05")

    def test_non_giftaid_left_out(self):
        sales = [Sale("d", "x", "D1", "A", 500, False), Sale("d", "y", "D2", "B", 300, True)]
        self.assertEqual(donor_totals(sales), {"D2": 300})

    def test_load(self):
        sales = load_sales("sales.csv")
        self.assertEqual(len(sales), 7)
        self.assertFalse(sales[3].giftaid)


if __name__ == "__main__":
    unittest.main()
