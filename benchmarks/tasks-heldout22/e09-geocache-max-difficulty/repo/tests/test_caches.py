import io
import unittest
from contextlib import redirect_stdout
from datetime import date

from geocache.caches import line, of_type, ordered, parse_caches
from geocache.cli import main

CSV = """code,name,type,difficulty,terrain,hidden,owner
GC8K2QA,Tarn Bridge,Traditional,1.5,2,2019-04-12,fellwalker
GC9ZX11,The Old Mill Puzzle,mystery,4,1.5,2021-08-01,mossyrock
GCA01B3,Three Stiles,multi,2.5,3,2022-03-19,fellwalker
"""


class CacheTests(unittest.TestCase):
    def setUp(self):
        self.caches = parse_caches(CSV)

    def test_parse(self):
        self.assertEqual(self.caches[0].kind, "traditional")
        self.assertEqual(self.caches[1].difficulty, 4.0)
        self.assertEqual(self.caches[2].hidden, date(2022, 3, 19))

    def test_bad_rating(self):
        with self.assertRaises(ValueError):
            parse_caches(CSV.replace("4,1.5", "4.2,1.5"))

    def test_of_type(self):
        self.assertEqual([c.code for c in of_type(self.caches, "Multi")], ["GCA01B3"])

    def test_ordered(self):
        self.assertEqual([c.code for c in ordered(self.caches, "difficulty")], ["GC8K2QA", "GCA01B3", "GC9ZX11"])
        self.assertEqual([c.code for c in ordered(self.caches, "newest")], ["GCA01B3", "GC9ZX11", "GC8K2QA"])

    def test_line(self):
        self.assertEqual(line(self.caches[0]),
                         "GC8K2QA  traditional D1.5 T2   Tarn Bridge                  2019-04-12 (fellwalker)")


class CliTests(unittest.TestCase):
    def test_type_filter(self):
        import tempfile, os
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "caches.csv")
            with open(path, "w", encoding="utf-8") as fh:
                fh.write(CSV)
            out = io.StringIO()
            with redirect_stdout(out):
                main([path, "--type", "mystery"])
        self.assertEqual(out.getvalue().splitlines()[-1], "1 cache")


if __name__ == "__main__":
    unittest.main()
