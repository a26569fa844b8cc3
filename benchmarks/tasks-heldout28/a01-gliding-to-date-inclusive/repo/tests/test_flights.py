import unittest
from datetime import date

from gliding.fees import bill, flight_pence
from gliding.flights import Flight, between
from gliding.logbook import hours, logbook

FLIGHTS = [
    Flight(date(2025, 6, 1), "A", "K21", "winch", 20),
    Flight(date(2025, 6, 2), "B", "LS8", "aerotow", 95),
    Flight(date(2025, 6, 5), "A", "K13", "aerotow", 30),
]


class FlightsTest(unittest.TestCase):
    def test_between_from(self):
        got = between(FLIGHTS, start=date(2025, 6, 2))
        self.assertEqual([f.pilot for f in got], ["B", "A"])

    def test_between_no_limits(self):
        self.assertEqual(len(between(FLIGHTS)), 3)

    def test_hours(self):
        self.assertEqual(hours(95), "1:35")

    def test_logbook_total(self):
        self.assertEqual(logbook(FLIGHTS)[-1].split()[-2:], ["3", "2:25"])

    def test_fees(self):
        self.assertEqual(flight_pence(FLIGHTS[0]), 900 + 20 * 40)
        self.assertEqual(flight_pence(FLIGHTS[1]), 3800)
        self.assertEqual(bill(FLIGHTS)[-1].split()[-1], "£105.00")


if __name__ == "__main__":
    unittest.main()
