import unittest

from walkies import settings
from walkies.plan import walks


class PlanTest(unittest.TestCase):
    def test_walks(self):
        self.assertEqual(walks(["a", "b", "c"], 2), [["a", "b"], ["c"]])

    def test_settings_load(self):
        conf = settings.load()
        self.assertIn("max_dogs", conf)
        self.assertIn("walk_minutes", conf)


if __name__ == "__main__":
    unittest.main()
