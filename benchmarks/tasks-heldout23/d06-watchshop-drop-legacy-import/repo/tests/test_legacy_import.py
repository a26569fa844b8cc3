import unittest
from datetime import date

from watchshop.legacy_import import convert, convert_row

SHEET = """Ticket No,Date In,Name,Watch,Status,Price
17,03/09/2019,Mr Hughes,"Omega, service",gone,£180
18,05/09/2019,Mrs Khan,Timex battery,DONE,6.5
,,,,,
"""


class LegacyImportTests(unittest.TestCase):
    def test_convert(self):
        jobs = convert(SHEET.splitlines())
        self.assertEqual(len(jobs), 2)
        self.assertEqual(jobs[0].ticket, "L0017")
        self.assertEqual(jobs[0].received, date(2019, 9, 3))

    def test_statuses(self):
        self.assertEqual([j.status for j in convert(SHEET.splitlines())], ["collected", "ready"])

    def test_price(self):
        self.assertEqual(convert(SHEET.splitlines())[1].quote_pence, 650)

    def test_unknown_status(self):
        with self.assertRaises(ValueError):
            convert_row({"Ticket No": "19", "Date In": "01/10/2019", "Name": "X", "Watch": "Y",
                         "Status": "lost", "Price": ""})


if __name__ == "__main__":
    unittest.main()
