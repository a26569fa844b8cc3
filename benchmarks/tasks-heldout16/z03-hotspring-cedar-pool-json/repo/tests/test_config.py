import os
import unittest

from onsen.config import load_pools, pools_from_dict

HERE = os.path.dirname(os.path.abspath(__file__))
POOLS_JSON = os.path.join(HERE, os.pardir, "pools.json")


class ConfigTest(unittest.TestCase):
    def test_shipped_file_loads(self):
        pools = load_pools(POOLS_JSON)
        self.assertIn("Mori", pools)
        self.assertEqual(pools["Mori"].max_bathers, 4)
        self.assertEqual(pools["Yuki"].closes, "20:00")

    def test_defaults_fill_in(self):
        pools = pools_from_dict({"defaults": {"temp_c": 40, "max_bathers": 8, "min_age": 0,
                                              "opens": "06:00", "closes": "22:00",
                                              "tattoos_ok": False},
                                 "pools": {"A": {"temp_c": 41}}})
        self.assertEqual(pools["A"].temp_c, 41)
        self.assertEqual(pools["A"].opens, "06:00")

    def test_bad_values(self):
        base = {"temp_c": 40, "max_bathers": 8, "min_age": 0, "opens": "06:00",
                "closes": "22:00", "tattoos_ok": False}
        for bad in ({"temp_c": "40"}, {"opens": "6am"}, {"colour": "blue"},
                    {"opens": "23:00"}, {"tattoos_ok": 1}):
            with self.assertRaises(ValueError):
                pools_from_dict({"defaults": base, "pools": {"A": bad}})


if __name__ == "__main__":
    unittest.main()
