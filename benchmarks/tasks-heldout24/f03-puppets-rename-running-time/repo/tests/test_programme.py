import unittest

import puppets
from puppets.programme import ends_at, programme
from puppets.scenes import Scene


class ProgrammeTests(unittest.TestCase):
    def test_ends_at(self):
        self.assertEqual(ends_at("14:00", [Scene("A", 20), Scene("B", 25)]), "15:02")

    def test_programme_last_line(self):
        lines = programme([Scene("A", 10, ["Owl"])], "10:30")
        self.assertEqual(lines[-1], "Curtain up 10:30, down 10:40 (10 minutes)")

    def test_package_exports(self):
        self.assertIs(puppets.show_length, puppets.scenes.show_length)


if __name__ == "__main__":
    unittest.main()
