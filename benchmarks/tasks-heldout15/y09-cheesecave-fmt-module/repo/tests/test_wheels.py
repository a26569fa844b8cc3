import unittest
from datetime import date

from cavekeeper.wheels import Wheel, _age, _kg, cave_report, wheel_line

TODAY = date(2025, 2, 3)
WHEELS = [Wheel("BL-003", "blue", date(2024, 12, 20), 2400),
          Wheel("GR-014", "alpine", date(2024, 6, 1), 12350)]


class WheelTests(unittest.TestCase):
    def test_weights(self):
        self.assertEqual(_kg(850), "850 g")
        self.assertEqual(_kg(12350), "12.35 kg")

    def test_ages(self):
        self.assertEqual(_age(12), "12 d")
        self.assertEqual(_age(247), "8 mo 7 d")

    def test_line(self):
        self.assertEqual(wheel_line(WHEELS[1], TODAY), "GR-014  Alpine tomme  12.35 kg  8 mo 7 d")

    def test_report(self):
        lines = cave_report(WHEELS, TODAY)
        self.assertEqual(lines[0].split()[0], "GR-014")
        self.assertEqual(lines[-1], "Total  14.75 kg in 2 wheels")


if __name__ == "__main__":
    unittest.main()
