import unittest

from scoutcamp.kit import Camper
from scoutcamp.register import load_register, packing_sheet, parse_line


class KitTests(unittest.TestCase):
    def test_clothes_for_each_night(self):
        kit = dict(Camper("Ava", 3).kit())
        self.assertEqual(kit["socks"], 3)
        self.assertEqual(kit["sleeping bag"], 1)

    def test_wet_weather_gear(self):
        self.assertNotIn("wellies", dict(Camper("Ava", 2).kit()))
        self.assertIn("wellies", dict(Camper("Ava", 2).kit(wet=True)))

    def test_too_long(self):
        with self.assertRaises(ValueError):
            Camper("Ava", 8)

    def test_extra_added_once(self):
        c = Camper("Ava", 2, ["epipen"])
        c.add_extra(" EpiPen ")
        self.assertEqual([i for i, _ in c.kit()].count("epipen"), 1)


class RegisterTests(unittest.TestCase):
    def test_parse_line(self):
        self.assertEqual(parse_line("Ben Okafor, 2, spare glasses; snacks"),
                         ("Ben Okafor", 2, ["spare glasses", "snacks"]))
        self.assertEqual(parse_line("Cal Reid, 3"), ("Cal Reid", 3, []))

    def test_sheet(self):
        camper = load_register("# troop 4\nCal Reid, 1\n")[0]
        sheet = packing_sheet(camper)
        self.assertTrue(sheet.startswith("Kit for Cal Reid (1 night)"))
        self.assertIn("[ ] 1 x socks", sheet)
        self.assertTrue(sheet.endswith("8 items in all"))


if __name__ == "__main__":
    unittest.main()
