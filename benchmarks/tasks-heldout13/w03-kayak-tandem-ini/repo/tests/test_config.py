import unittest

from paddlehire.config import load_fleet


class ConfigTests(unittest.TestCase):
    def test_known_types(self):
        fleet = load_fleet()
        self.assertIn("single", fleet)
        self.assertEqual(fleet["canoe"].hourly_cents, 1600)
        self.assertEqual(fleet["canoe"].seats, 3)

    def test_every_type_is_sane(self):
        for boat in load_fleet().values():
            self.assertGreater(boat.hourly_cents, 0)
            self.assertGreaterEqual(boat.seats, 1)


if __name__ == "__main__":
    unittest.main()
