import unittest

import anvil
from anvil.steels import can_forge, forging_window


class SteelsTest(unittest.TestCase):
    def test_window(self):
        self.assertEqual(forging_window("1084"), ("cherry red", "orange"))
        self.assertEqual(forging_window("5160"), ("cherry red", "yellow"))
        with self.assertRaises(KeyError):
            forging_window("304")

    def test_can_forge(self):
        self.assertTrue(can_forge("1084", "orange"))
        self.assertFalse(can_forge("1084", "dull red"))

    def test_package_exports(self):
        self.assertEqual(anvil.colour_for(1000), "orange")
        self.assertEqual(anvil.temp_for("yellow"), 1100)


if __name__ == "__main__":
    unittest.main()
