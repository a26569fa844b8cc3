import contextlib
import io
import os
import tempfile
import unittest

from spendlog.cli import main

CSV = """date,category,amount,note
2026-01-30,groceries,20.00,
2026-02-03,groceries,54.20,market
2026-02-05,transport,12,bus
"""


class CliTest(unittest.TestCase):
    def test_report(self):
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "x.csv")
            with open(path, "w") as fh:
                fh.write(CSV)
            out = io.StringIO()
            with contextlib.redirect_stdout(out):
                self.assertEqual(main(["report", path]), 0)
        self.assertEqual(out.getvalue(),
                         "groceries: 74.20\ntransport: 12.00\ntotal: 86.20\n")


if __name__ == "__main__":
    unittest.main()
