import unittest

from trailpack import format_summary, parse_items, total_weight, base_weight

PACK = parse_items("""tent, 1150
sleeping bag, 890
pegs, 12, 8
boots, 780, 1, worn
trail mix, 200, 3, food
""")


class WeightTests(unittest.TestCase):
    def test_total(self):
        self.assertEqual(total_weight(PACK), 2736.0)
        self.assertEqual(total_weight(PACK, include_worn=True), 3516.0)

    def test_base(self):
        self.assertEqual(base_weight(PACK), 2136.0)

    def test_summary(self):
        self.assertEqual(format_summary(PACK).splitlines(), [
            "Base weight:  2136 g",
            "Food:         600 g",
            "Worn:         780 g",
            "Total:        3516 g",
        ])


if __name__ == "__main__":
    unittest.main()
