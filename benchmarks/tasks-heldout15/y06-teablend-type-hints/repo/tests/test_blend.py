import unittest

from leafmix.blend import Blend, caffeine_mg, merge, parse_recipe, scale


class BlendTests(unittest.TestCase):
    def test_parse(self):
        self.assertEqual(parse_recipe("Assam:6, ceylon:3, assam:1"), {"assam": 7, "ceylon": 3})
        for bad in ("assam", "assam:x", "gunpowder:2"):
            with self.assertRaises(ValueError):
                parse_recipe(bad)

    def test_scale(self):
        self.assertEqual(scale({"assam": 6, "ceylon": 3, "bergamot": 1}, 500),
                         {"assam": 300.0, "ceylon": 150.0, "bergamot": 50.0})
        self.assertEqual(scale({"assam": 1, "ceylon": 2}, 100), {"assam": 33.3, "ceylon": 66.7})

    def test_caffeine(self):
        self.assertEqual(caffeine_mg({"assam": 6, "ceylon": 3, "bergamot": 1}), 48.0)
        self.assertEqual(caffeine_mg({"rooibos": 1}), 0.0)

    def test_merge(self):
        self.assertEqual(merge({"assam": 1}, {"assam": 2, "kenya": 1}, weight=2), {"assam": 6, "kenya": 2})

    def test_blend(self):
        b = Blend.from_line(" Harbour Grey = assam:6, ceylon:3, bergamot:1")
        self.assertEqual(b.name, "Harbour Grey")
        self.assertEqual(b.scaled(10), {"assam": 6.0, "ceylon": 3.0, "bergamot": 1.0})
        self.assertFalse(b.caffeine_free)
        with self.assertRaises(ValueError):
            Blend.from_line("= assam:1")


if __name__ == "__main__":
    unittest.main()
