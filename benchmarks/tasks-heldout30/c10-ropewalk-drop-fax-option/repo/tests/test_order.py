import os
import tempfile
import unittest

from rope.order import order_lines
from rope.sending import email_order, signature


class OrderTest(unittest.TestCase):
    def test_email_headers(self):
        lines = email_order(["a"], "x@example.org")
        self.assertEqual(lines[0], "To: x@example.org")
        self.assertEqual(lines[-1], "a")

    def test_sheet_total_and_signature(self):
        fd, path = tempfile.mkstemp(suffix=".csv")
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write("fibre,diameter_mm,metres\nhemp,10,10\n")
        try:
            lines = order_lines(path)
        finally:
            os.remove(path)
        self.assertIn("42.00", lines[-2])
        self.assertEqual(lines[-1], signature())


if __name__ == "__main__":
    unittest.main()
