import unittest

from circus.fees import status


class FeesTest(unittest.TestCase):
    def test_owes(self):
        self.assertEqual(status(86.0, [40.0]), "owes \u00a346.00")

    def test_paid_in_one_go(self):
        self.assertEqual(status(50.0, [50.0]), "paid")

    def test_in_credit(self):
        self.assertEqual(status(25.8, [30.0]), "in credit \u00a34.20")

    def test_nothing_paid(self):
        self.assertEqual(status(30.0, []), "owes \u00a330.00")


if __name__ == "__main__":
    unittest.main()
