import unittest

from fold.models import find
from fold.plan import main, plan


class PlanTest(unittest.TestCase):
    def test_cranes_with_spare(self):
        self.assertEqual(plan(find("crane"), 20), (22, 120))

    def test_no_spare(self):
        self.assertEqual(plan(find("Star  Box"), 2, 0), (16, 50))

    def test_unknown_model(self):
        self.assertEqual(main(["swan", "3"]), 2)


if __name__ == "__main__":
    unittest.main()
