import unittest

from stitchwork.ticket import money, ticket, total


class TicketTests(unittest.TestCase):
    def test_money(self):
        self.assertEqual(money(1905), "19.05")

    def test_total_without_rush(self):
        self.assertEqual(total([("taper", 1), ("button", 2)]), 2400)

    def test_total_with_rush(self):
        self.assertEqual(total([("hem", 2), ("taper", 1)], rush=True), 5250)

    def test_ticket_lines(self):
        text = ticket("Ines", [("hem", 2), ("taper", 1)], rush=True)
        self.assertEqual(text.splitlines()[-2:], ["  rush            10.50", "  TOTAL           52.50"])


if __name__ == "__main__":
    unittest.main()
