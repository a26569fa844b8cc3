import unittest

from boxmover import Box
from boxmover.inventory import by_room, parse_inventory, parse_line, total_weight


class BoxTest(unittest.TestCase):
    def test_sticker(self):
        self.assertEqual(Box("Books 3", "study", 24.5).sticker(), "Books 3 -> STUDY [HEAVY]")
        self.assertEqual(Box("Glasses", "kitchen", 6, True).sticker(),
                         "Glasses -> KITCHEN [FRAGILE]")
        self.assertEqual(Box("Towels", "bathroom", 4).sticker(), "Towels -> BATHROOM")


class InventoryTest(unittest.TestCase):
    LINES = ["# label; room; kg", "Books 1; Study; 22", "Plates; Kitchen; 12.5; fragile",
             "", "Lamp; Study; 3.2; yes"]

    def test_parse(self):
        boxes = parse_inventory(self.LINES)
        self.assertEqual(len(boxes), 3)
        self.assertIsInstance(boxes[0], Box)
        self.assertEqual(boxes[1], Box("Plates", "kitchen", 12.5, True))

    def test_totals(self):
        boxes = parse_inventory(self.LINES)
        self.assertEqual(total_weight(boxes), 37.7)
        self.assertEqual(sorted(by_room(boxes)), ["kitchen", "study"])

    def test_bad_line(self):
        with self.assertRaises(ValueError):
            parse_line("Books; Study")


if __name__ == "__main__":
    unittest.main()
