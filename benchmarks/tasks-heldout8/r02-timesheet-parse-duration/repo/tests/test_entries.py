import unittest

from timesheet.entries import load_entries, totals_by_client

CSV = """date,client,minutes,note
2026-03-02,acme,90,design review
2026-03-02,globex,45,call
2026-03-03,acme,30,fixes
"""


class EntriesTest(unittest.TestCase):
    def test_load(self):
        entries = load_entries(CSV.splitlines())
        self.assertEqual(len(entries), 3)
        self.assertEqual(entries[1].client, "globex")
        self.assertEqual(entries[1].minutes, 45)

    def test_totals(self):
        totals = totals_by_client(load_entries(CSV.splitlines()))
        self.assertEqual(list(totals.items()), [("acme", 120), ("globex", 45)])


if __name__ == "__main__":
    unittest.main()
