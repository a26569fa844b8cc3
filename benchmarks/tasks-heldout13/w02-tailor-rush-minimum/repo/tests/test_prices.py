import unittest

from stitchwork.prices import job_price, rush_surcharge, subtotal


class PricesTests(unittest.TestCase):
    def test_job_price(self):
        self.assertEqual(job_price("hem"), 1200)
        self.assertEqual(job_price("button", 4), 1200)

    def test_unknown_job(self):
        with self.assertRaises(ValueError):
            job_price("dye")

    def test_subtotal(self):
        self.assertEqual(subtotal([("hem", 2), ("zip", 1)]), 3900)

    def test_rush_surcharge(self):
        self.assertEqual(rush_surcharge(4000), 1000)
        self.assertEqual(rush_surcharge(1200), 500)
        self.assertEqual(rush_surcharge(2010), 503)
        self.assertEqual(rush_surcharge(0), 0)


if __name__ == "__main__":
    unittest.main()
