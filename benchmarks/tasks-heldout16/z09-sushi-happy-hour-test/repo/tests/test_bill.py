import unittest

from kaiten.bill import bill_total, count_by_colour, service_charge


class BillTest(unittest.TestCase):
    def test_total(self):
        self.assertEqual(bill_total(["white", "red", "red"], "19:40"), 750)
        self.assertEqual(bill_total([], "12:00"), 0)

    def test_unknown_colour(self):
        with self.assertRaises(ValueError):
            bill_total(["white", "purple"], "12:00")

    def test_counts(self):
        self.assertEqual(count_by_colour(["red", "White", "red"]), {"red": 2, "white": 1})

    def test_service_charge(self):
        self.assertEqual(service_charge(750), 75)
        self.assertEqual(service_charge(445), 45)

    def test_happy_hour_discount(self):
        plates = ["white", "green", "red"]
        self.assertEqual(bill_total(plates, "14:59"), 670)
        self.assertEqual(bill_total(plates, "15:00"), 596)  # 120 + 176 + 300
        self.assertEqual(bill_total(plates, "16:59"), 596)
        self.assertEqual(bill_total(plates, "17:00"), 670)
        self.assertEqual(bill_total(["green", "green"], "16:30"), 352)


if __name__ == "__main__":
    unittest.main()
