import unittest
from datetime import date

from watchshop.jobs import format_line, format_pence, overdue, parse_line, parse_pence, read_jobs, uncollected

BOOK = """# job book
A1040 | 2025-02-01 | Mr Owen | Rolex Oyster, service | in progress | £310.00
A1041 | 2025-02-20 | Ms Lee | Casio, battery | ready | £8.50
A1042 | 2025-03-04 | Mrs Patel | Seiko 5, new crown | waiting | £38.50
A1043 | 2025-03-05 | Mr Grant | Mantel clock, strike | waiting |
"""


class ParseTests(unittest.TestCase):
    def test_pence(self):
        self.assertEqual(parse_pence("£38.50"), 3850)
        self.assertEqual(parse_pence("38.5"), 3850)
        self.assertEqual(parse_pence(" 1,200 "), 120000)
        self.assertIsNone(parse_pence(""))

    def test_format_pence(self):
        self.assertEqual(format_pence(3850), "£38.50")
        self.assertEqual(format_pence(None), "")

    def test_line_round_trip(self):
        line = "A1042 | 2025-03-04 | Mrs Patel | Seiko 5, new crown | waiting | £38.50"
        self.assertEqual(format_line(parse_line(line)), line)

    def test_unknown_status(self):
        with self.assertRaises(ValueError):
            parse_line("A1 | 2025-01-01 | X | Y | lost | ")


class QueryTests(unittest.TestCase):
    def setUp(self):
        self.jobs = read_jobs(BOOK.splitlines())

    def test_overdue(self):
        self.assertEqual([j.ticket for j in overdue(self.jobs, date(2025, 3, 10))], ["A1040"])

    def test_uncollected(self):
        self.assertEqual([j.ticket for j in uncollected(self.jobs)], ["A1041"])


if __name__ == "__main__":
    unittest.main()
