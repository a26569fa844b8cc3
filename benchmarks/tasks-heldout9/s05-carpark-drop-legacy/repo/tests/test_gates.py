import unittest

from carpark.gates import exit_ticket


class GatesTest(unittest.TestCase):
    def test_ticket(self):
        self.assertEqual(exit_ticket("ab-123", 95), "AB-123  1h35  EUR 3.60")

    def test_free_ticket(self):
        self.assertEqual(exit_ticket("x1", 15), "X1  0h15  EUR 0.00")


if __name__ == "__main__":
    unittest.main()
