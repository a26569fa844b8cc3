import unittest
from datetime import date

from flipperfix.coins import coin_audit
from flipperfix.faults import listing, log_fault, weekly_report


class FaultTests(unittest.TestCase):
    def setUp(self):
        self.faults = []
        log_fault(self.faults, "Twilight Zone", "left flipper weak", date(2025, 4, 7), "major")
        log_fault(self.faults, "Addams Family", "tilt bob loose", date(2025, 4, 2))
        log_fault(self.faults, "Twilight Zone", "GI lamp out", date(2025, 4, 9))
        self.faults[1].closed = date(2025, 4, 3)

    def test_listing_oldest_first(self):
        self.assertEqual([f.text for f in listing(self.faults, "any")],
                         ["tilt bob loose", "left flipper weak", "GI lamp out"])
        self.assertEqual(len(listing(self.faults, machine="Twilight Zone")), 2)
        self.assertEqual(len(listing(self.faults, "closed")), 1)

    def test_bad_severity(self):
        with self.assertRaises(ValueError):
            log_fault(self.faults, "Addams Family", "x", date(2025, 4, 2), "urgent")

    def test_weekly_report(self):
        report = weekly_report(self.faults, date(2025, 3, 31), date(2025, 4, 6))
        self.assertEqual(report, {"Addams Family": 1})

    def test_coin_audit(self):
        self.assertEqual(coin_audit({"Twilight Zone": 4500}, {"Twilight Zone": 95, "Medieval": 10}),
                         {"Medieval": 500, "Twilight Zone": 250})


if __name__ == "__main__":
    unittest.main()
