import unittest
from datetime import time

from showday.schedule import describe, fee, judging_order, load_classes


class ScheduleTests(unittest.TestCase):
    def setUp(self):
        self.classes = load_classes()

    def test_numbers_run_in_order(self):
        self.assertEqual([c.number for c in self.classes], list(range(1, len(self.classes) + 1)))

    def test_every_section_has_classes(self):
        sections = {c.section for c in self.classes}
        self.assertEqual(sections, {"Vegetables", "Fruit", "Flowers", "Baking", "Junior"})

    def test_judging_within_the_day(self):
        for c in self.classes:
            self.assertTrue(time(10, 0) <= c.judging <= time(15, 0), c.title)

    def test_judging_order(self):
        first = judging_order(self.classes)[0]
        self.assertEqual(first.section, "Flowers")

    def test_junior_classes_are_free(self):
        self.assertTrue(all(c.fee_pence == 0 for c in self.classes if c.section == "Junior"))


class FormatTests(unittest.TestCase):
    def test_fee(self):
        self.assertEqual(fee(0), "free")
        self.assertEqual(fee(50), "50p")
        self.assertEqual(fee(100), "£1.00")

    def test_describe(self):
        line = describe(load_classes()[0])
        self.assertTrue(line.startswith("11:00   1  Three potatoes (white)"))


if __name__ == "__main__":
    unittest.main()
