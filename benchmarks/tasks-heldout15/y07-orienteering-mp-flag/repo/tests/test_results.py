import unittest

from punchcard.results import finishers, format_time, load_runs, parse_time, result_lines


class ResultTests(unittest.TestCase):
    def setUp(self):
        self.runs = load_runs("data/event.csv")

    def test_times(self):
        self.assertEqual(parse_time("42:10"), 2530)
        self.assertEqual(parse_time("1:02:45"), 3765)
        self.assertIsNone(parse_time(""))
        self.assertEqual(format_time(3765), "1:02:45")
        self.assertEqual(format_time(545), "9:05")

    def test_only_ok_runs_ranked(self):
        self.assertEqual([r.name for r in finishers(self.runs, "Blue")],
                         ["Priya Nair", "Ana Silva", "Lena Vogt"])

    def test_shared_position(self):
        lines = result_lines(self.runs, "Green")
        self.assertEqual([x.split()[0] for x in lines], ["1", "1", "3"])
        self.assertEqual(lines[0], "  1  Mia Chen           SYO      29:40")


if __name__ == "__main__":
    unittest.main()
