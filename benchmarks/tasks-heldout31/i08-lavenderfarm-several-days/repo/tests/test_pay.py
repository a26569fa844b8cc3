import os
import tempfile
import unittest

from lavender.pay import pay_lines
from lavender.tally import load_tally, pay_pence


class PayTest(unittest.TestCase):
    def test_pay(self):
        self.assertEqual(pay_pence(10), 450)

    def test_lines(self):
        lines = pay_lines({"B": 10, "A": 2})
        self.assertTrue(lines[0].startswith("A"))
        self.assertEqual(lines[-1], "2 pickers, 12 bunches, \u00a35.40")

    def test_same_picker_twice_in_a_day(self):
        fd, path = tempfile.mkstemp(suffix=".csv")
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write("picker,bunches\nA,3\nA,4\n")
        try:
            self.assertEqual(load_tally(path), {"A": 7})
        finally:
            os.remove(path)


if __name__ == "__main__":
    unittest.main()
