import unittest

from logslice.filters import select
from logslice.parse import parse_line

LOG = [
    "2026-05-01 12:00:01 DEBUG cache: miss key=a\n",
    "2026-05-01 12:00:02 INFO http: GET /health 200\n",
    "2026-05-01 12:00:03 ERROR db: connection reset\n",
    "Traceback (most recent call last):\n",
    "2026-05-01 12:00:04 WARNING http: slow request timeout=2s\n",
]


class FilterTests(unittest.TestCase):
    def test_parse(self):
        self.assertEqual(parse_line(LOG[2]).level, "ERROR")
        self.assertIsNone(parse_line(LOG[3]))

    def test_default_level_is_info(self):
        self.assertEqual(len(list(select(LOG))), 3)

    def test_level_and_text(self):
        self.assertEqual(list(select(LOG, "warning", "timeout")), [LOG[4]])

    def test_unknown_level(self):
        with self.assertRaises(ValueError):
            list(select(LOG, "LOUD"))
