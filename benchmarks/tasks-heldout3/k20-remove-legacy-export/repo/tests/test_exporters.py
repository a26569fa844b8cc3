import json
import unittest

from reportgen import export_csv, export_json

ROWS = [{"region": "north", "total": 3}, {"region": "south", "total": 4}]


class ExporterTests(unittest.TestCase):
    def test_csv(self):
        self.assertEqual(export_csv(ROWS), "region,total\nnorth,3\nsouth,4\n")

    def test_csv_empty(self):
        self.assertEqual(export_csv([]), "")

    def test_json_round_trip(self):
        self.assertEqual(json.loads(export_json(ROWS)), ROWS)
