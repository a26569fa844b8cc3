import unittest

from keycut.ticket import job_ticket


class TicketTest(unittest.TestCase):
    def test_ticket(self):
        self.assertEqual(job_ticket("2468", "M1", copies=2), [
            "Blank M1 x2", "  pos 1: depth 2", "  pos 2: depth 4",
            "  pos 3: depth 6", "  pos 4: depth 8"])


if __name__ == "__main__":
    unittest.main()
