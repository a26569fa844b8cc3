import unittest

from plugpoint.session import Session, cost, energy_cost, idle_fee, idle_minutes
from plugpoint.tariffs import tariff


class SessionTest(unittest.TestCase):
    def test_guest_within_grace(self):
        s = Session("guest", "08:00", "09:00", "09:30", 20.0)
        self.assertEqual(idle_minutes(s), 0)
        self.assertEqual(cost(s), 100 + 1180)

    def test_guest_idle(self):
        s = Session("guest", "08:00", "09:00", "10:15", 10.0)
        self.assertEqual(idle_fee(s), 450)
        self.assertEqual(cost(s), 100 + 590 + 450)

    def test_idle_cap(self):
        s = Session("guest", "08:00", "09:00", "13:00", 10.0)
        self.assertEqual(idle_fee(s), 1500)

    def test_member_energy(self):
        s = Session("member", "07:00", "08:00", "08:00", 12.5)
        self.assertEqual(energy_cost(s), 562)

    def test_unknown_tariff(self):
        with self.assertRaises(ValueError):
            tariff("staff")


if __name__ == "__main__":
    unittest.main()
