import unittest

from rowclub.booking import book, enough_notice, parse_when

NOW = parse_when("2025-06-10 12:00")


class BookingTests(unittest.TestCase):
    def test_enough_notice(self):
        self.assertTrue(enough_notice(parse_when("2025-06-12 12:00"), NOW))
        self.assertFalse(enough_notice(parse_when("2025-06-12 11:59"), NOW))

    def test_book(self):
        b = book("double", parse_when("2025-06-14 07:00"), 2, NOW, crew=2)
        self.assertEqual(b["end"], parse_when("2025-06-14 09:00"))

    def test_too_late(self):
        with self.assertRaisesRegex(ValueError, "2 days"):
            book("single", parse_when("2025-06-11 07:00"), 1, NOW, crew=1)

    def test_wrong_crew(self):
        with self.assertRaises(ValueError):
            book("four", parse_when("2025-06-14 07:00"), 1, NOW, crew=3)


if __name__ == "__main__":
    unittest.main()
