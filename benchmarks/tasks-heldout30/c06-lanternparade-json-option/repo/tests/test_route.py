import unittest

from parade.route import route_lines
from parade.stops import Stop, running_totals


class RouteTest(unittest.TestCase):
    def test_running_totals(self):
        stops = [Stop("A", "17:00", 10), Stop("B", "17:10", 5)]
        self.assertEqual([t for _s, t in running_totals(stops)], [10, 15])

    def test_sheet_has_header_and_rows(self):
        lines = route_lines([Stop("A", "17:00", 10)])
        self.assertEqual(len(lines), 2)
        self.assertIn("A", lines[1])


if __name__ == "__main__":
    unittest.main()
