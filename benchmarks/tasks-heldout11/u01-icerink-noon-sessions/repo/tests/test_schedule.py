import unittest

from rinktime.schedule import Session, load, parse_line, render


class ScheduleTest(unittest.TestCase):
    def test_parse_line(self):
        self.assertEqual(parse_line("Public skate | 7:45 pm | 90"),
                         Session("Public skate", 1185, 90))

    def test_load_sorts_and_skips_comments(self):
        lines = ["# comment", "B | 5:00 pm | 60", "", "A | 9:30 am | 30"]
        self.assertEqual([s.name for s in load(lines)], ["A", "B"])

    def test_render(self):
        out = render([Session("Toddler hour", 570, 60)])
        self.assertEqual(out, "9:30 am  10:30 am Toddler hour")

    def test_bad_line(self):
        with self.assertRaises(ValueError):
            parse_line("Public skate | 7:45 pm")


if __name__ == "__main__":
    unittest.main()
