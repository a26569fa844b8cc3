import unittest
from datetime import date

from kickabout.letters import welcome_letter
from kickabout.registration import register


class LetterTest(unittest.TestCase):
    def test_letter(self):
        reg = register("Sam Okafor", date(2016, 1, 15), date(2026, 3, 12))
        text = "\n".join(welcome_letter(reg))
        self.assertIn("Dear parent or carer of Sam Okafor,", text)
        self.assertIn("2025-26 season", text)
        self.assertIn("our U11 squad", text)
        self.assertIn("12 March 2026", text)
        self.assertIn("GBP 60", text)


if __name__ == "__main__":
    unittest.main()
