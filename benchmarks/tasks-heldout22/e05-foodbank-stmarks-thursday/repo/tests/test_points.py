import unittest

from foodbank.points import load_points, open_at, open_on, parse_points, week_lines

SAMPLE = [
    {"name": "Hall", "area": "East", "day": "tuesday", "opens": "09:30", "closes": "12:00", "step_free": True},
    {"name": "Library", "area": "Mill", "day": "Tuesday", "opens": "09:00", "closes": "10:00"},
]


class PointsTests(unittest.TestCase):
    def test_parse(self):
        sessions = parse_points(SAMPLE)
        self.assertEqual(sessions[0].day, "Tuesday")
        self.assertFalse(sessions[1].step_free)

    def test_open_on_sorted_by_time(self):
        names = [s.name for s in open_on(parse_points(SAMPLE), "tuesday")]
        self.assertEqual(names, ["Library", "Hall"])

    def test_open_at(self):
        sessions = parse_points(SAMPLE)
        self.assertEqual([s.name for s in open_at(sessions, "Tuesday", "09:45")], ["Library", "Hall"])
        self.assertEqual([s.name for s in open_at(sessions, "Tuesday", "10:00")], ["Hall"])

    def test_closes_before_opens(self):
        with self.assertRaises(ValueError):
            parse_points([{"name": "X", "area": "Y", "day": "Monday", "opens": "12:00", "closes": "09:00"}])

    def test_real_file_loads(self):
        sessions = load_points()
        self.assertEqual(len(sessions), 8)
        self.assertTrue(all(line[:3] in ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat") for line in week_lines(sessions)))


if __name__ == "__main__":
    unittest.main()
