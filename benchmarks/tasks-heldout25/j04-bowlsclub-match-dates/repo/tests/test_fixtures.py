import os
import unittest

from bowls.fixtures import fixture_line, read_fixtures

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


class FixtureTests(unittest.TestCase):
    def test_reads_in_date_order(self):
        fixtures = read_fixtures(os.path.join(HERE, "fixtures.csv"))
        self.assertEqual(len(fixtures), 6)
        self.assertEqual(fixtures[3].opponent, "Corby Thistle")
        self.assertEqual(fixtures[3].venue, "away")

    def test_line_names_the_opponent(self):
        fixtures = read_fixtures(os.path.join(HERE, "fixtures.csv"))
        self.assertIn("Away at Corby Thistle (4 rinks)", fixture_line(fixtures[3]))


if __name__ == "__main__":
    unittest.main()
