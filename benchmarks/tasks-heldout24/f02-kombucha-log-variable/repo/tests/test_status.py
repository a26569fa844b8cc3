import unittest
from datetime import date

from kombucha.batches import Batch
from kombucha.status import status_line


class StatusLineTests(unittest.TestCase):
    def test_brewing(self):
        line = status_line(Batch("Ginger Zing", "black", date(2025, 3, 1), 10), date(2025, 3, 5))
        self.assertIn("brewing", line)
        self.assertTrue(line.endswith("bottle on 2025-03-11"))

    def test_ready(self):
        line = status_line(Batch("Ginger Zing", "black", date(2025, 3, 1), 10), date(2025, 4, 1))
        self.assertTrue(line.endswith("ready since 2025-03-14"))


if __name__ == "__main__":
    unittest.main()
