import unittest

from cinema.money import format_cents
from cinema.tickets import group_price, ticket_price


class TicketTest(unittest.TestCase):
    def test_evening_adult(self):
        self.assertEqual(ticket_price("adult", 20), 1050)
        self.assertEqual(format_cents(ticket_price("adult", 20)), "GBP 10.50")

    def test_matinee(self):
        self.assertEqual(ticket_price("child", 14), 546)

    def test_rounding_half_up(self):
        self.assertEqual(ticket_price("child", 20), 683)  # 682.5

    def test_group_free_ticket(self):
        self.assertEqual(group_price(["adult"] * 5 + ["child"], 20), 5 * 1050)


if __name__ == "__main__":
    unittest.main()
