import unittest

from showday.entries import accept, fee_lines, fees_due, read_forms
from showday.schedule import ShowClass, load_classes


class EntryTests(unittest.TestCase):
    def test_read_forms(self):
        self.assertEqual(read_forms(["# Saturday", "Mrs Pugh: 1, 6, 14", "", "Tom (age 9): 17 19"]),
                         [("Mrs Pugh", [1, 6, 14]), ("Tom (age 9)", [17, 19])])

    def test_bad_form(self):
        with self.assertRaises(ValueError):
            read_forms(["Mrs Pugh 1, 6"])

    def test_accept_and_refuse(self):
        accepted, refused = accept([("Mrs Pugh", [1, 1, 99])])
        self.assertEqual(accepted, [("Mrs Pugh", 1)])
        self.assertEqual([r[2] for r in refused], ["already entered", "no such class"])

    def test_class_full(self):
        tiny = [ShowClass(1, "Fruit", "One plum", None, 50, 1)]
        accepted, refused = accept([("A", [1]), ("B", [1])], tiny)
        self.assertEqual(accepted, [("A", 1)])
        self.assertEqual(refused, [("B", 1, "class full")])

    def test_fees(self):
        accepted, _ = accept([("Mrs Pugh", [1, 6]), ("Tom", [17])])
        due = fees_due(accepted)
        self.assertEqual(due, {"Mrs Pugh": 150, "Tom": 0})
        self.assertEqual(fee_lines(due)[1].split()[-1], "free")

    def test_every_class_takes_entries(self):
        self.assertTrue(all(c.max_entries > 0 for c in load_classes()))


if __name__ == "__main__":
    unittest.main()
