import unittest
from datetime import date

from roastery.batches import read_batches, total_roasted, weight_loss

LINES = [
    "date,batch,bean,roast,green_kg,roasted_kg",
    "2025-03-01,501,Kenya Nyeri,Medium,10.0,8.5",
    "",
    "2025-03-02,502,House Espresso,dark,12.0,9.9",
]


class ReadBatchesTests(unittest.TestCase):
    def test_reads_rows(self):
        batches = read_batches(LINES)
        self.assertEqual(len(batches), 2)
        self.assertEqual(batches[0].date, date(2025, 3, 1))
        self.assertEqual(batches[0].number, 501)
        self.assertEqual(batches[0].roast, "medium")

    def test_unknown_roast(self):
        with self.assertRaises(ValueError):
            read_batches(LINES[:1] + ["2025-03-01,503,Kenya Nyeri,burnt,10,8"])

    def test_heavier_after_roasting(self):
        with self.assertRaises(ValueError):
            read_batches(LINES[:1] + ["2025-03-01,504,Kenya Nyeri,light,8,9"])


class WeightTests(unittest.TestCase):
    def test_weight_loss(self):
        batch = read_batches(LINES)[0]
        self.assertAlmostEqual(weight_loss(batch), 15.0)

    def test_total_roasted(self):
        self.assertEqual(total_roasted(read_batches(LINES)), 18.4)


if __name__ == "__main__":
    unittest.main()
