import unittest

from anvil.temps import c_to_f, colour_for, temp_for


class TempsTest(unittest.TestCase):
    def test_colour_for(self):
        self.assertEqual(colour_for(900), "bright cherry red")
        self.assertEqual(colour_for(1250), "white")
        self.assertEqual(colour_for(450), "black")

    def test_temp_for(self):
        self.assertEqual(temp_for(" Cherry Red "), 800)
        with self.assertRaises(ValueError):
            temp_for("blue")

    def test_c_to_f(self):
        self.assertEqual(c_to_f(100), 212)
        self.assertEqual(c_to_f(815), 1499)


if __name__ == "__main__":
    unittest.main()
