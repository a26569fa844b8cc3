import unittest

from timesheet import parse_budget


class BudgetTests(unittest.TestCase):
    def test_parse(self):
        b = parse_budget("client-a = 12h30m")
        self.assertEqual((b.project, b.weekly_minutes), ("client-a", 750))
        self.assertEqual(b.remaining(700), 50)

    def test_upper_case(self):
        self.assertEqual(parse_budget("ops=2H").weekly_minutes, 120)

    def test_errors(self):
        for spec in ("ops", "=2h", "ops=", "ops=2d"):
            with self.assertRaises(ValueError):
                parse_budget(spec)


if __name__ == "__main__":
    unittest.main()
