import unittest

from boxmover.box import Box
from boxmover.loadplan import loading_order, plan_vans


class LoadPlanTest(unittest.TestCase):
    def setUp(self):
        self.boxes = [Box("Vase", "hall", 5, True), Box("Books", "study", 25),
                      Box("Desk", "study", 40), Box("Mirror", "hall", 15, True)]

    def test_order(self):
        self.assertEqual([b.label for b in loading_order(self.boxes)],
                         ["Desk", "Books", "Mirror", "Vase"])

    def test_vans(self):
        vans = plan_vans(self.boxes, capacity_kg=60)
        self.assertEqual([[b.label for b in van] for van in vans],
                         [["Desk"], ["Books", "Mirror", "Vase"]])

    def test_too_heavy(self):
        with self.assertRaises(ValueError):
            plan_vans([Box("Piano", "lounge", 250)], capacity_kg=200)

    def test_empty(self):
        self.assertEqual(plan_vans([]), [])


if __name__ == "__main__":
    unittest.main()
