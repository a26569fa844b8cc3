import os
import tempfile
import unittest

from rolodex import read_contacts
from rolodex.book import merge


class ImporterTests(unittest.TestCase):
    def write(self, text):
        fd, path = tempfile.mkstemp(suffix=".csv")
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as fh:
            fh.write(text)
        self.addCleanup(os.remove, path)
        return path

    def test_reads_basic_file(self):
        path = self.write("name,email,phone\nAda,ADA@x.org,123\n")
        [c] = read_contacts(path)
        self.assertEqual((c.name, c.email, c.phone), ("Ada", "ada@x.org", "123"))

    def test_phone_optional(self):
        path = self.write("name,email\nBob,bob@x.org\n")
        [c] = read_contacts(path)
        self.assertEqual(c.phone, "")

    def test_skips_blank_rows(self):
        path = self.write("name,email\n,\nCy,cy@x.org\n")
        self.assertEqual([c.name for c in read_contacts(path)], ["Cy"])

    def test_merge_dedupes_by_email(self):
        a = read_contacts(self.write("name,email\nA,a@x.org\n"))
        b = read_contacts(self.write("name,email\nA2,a@x.org\nB,b@x.org\n"))
        self.assertEqual([c.name for c in merge(a, b)], ["A", "B"])


if __name__ == "__main__":
    unittest.main()
