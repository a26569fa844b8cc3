import os
import tempfile
import unittest

from ferrets.entries import entries_and_fees

CSV = "owner,ferret,class,junior\nA,One,sandy,\nA,Two,Sandy,\nB,Three,Albino,yes\n"


class EntriesTest(unittest.TestCase):
    def setUp(self):
        fd, self.path = tempfile.mkstemp(suffix=".csv")
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(CSV)

    def tearDown(self):
        os.remove(self.path)

    def test_entries(self):
        entries, _fees = entries_and_fees(self.path)
        self.assertEqual([e.ferret for e in entries], ["One", "Two", "Three"])
        self.assertEqual(entries[1].show_class, "Sandy")

    def test_fees(self):
        _entries, fees = entries_and_fees(self.path)
        self.assertEqual(fees, {"A": 500, "B": 0})


if __name__ == "__main__":
    unittest.main()
