import unittest

from vending import Machine, coin_name, load_float, make_change


class MachineTests(unittest.TestCase):
    def setUp(self):
        self.m = Machine({"A1": 120, "B2": 95}, till={50: 4, 20: 10, 10: 10, 5: 10})

    def test_buy_with_change(self):
        self.assertEqual(self.m.insert([100, 50]), 150)
        self.assertEqual(self.m.buy("A1"), [20, 10])
        self.assertEqual(self.m.credit, 0)

    def test_not_enough_credit(self):
        self.m.insert([50])
        with self.assertRaises(ValueError):
            self.m.buy("B2")

    def test_rejects_foreign_coin(self):
        with self.assertRaises(ValueError):
            self.m.insert([50, 25])
        self.assertEqual(self.m.credit, 0)

    def test_cancel(self):
        self.m.insert([200])
        self.assertEqual(self.m.cancel(), [200])


class FloatTests(unittest.TestCase):
    def test_load_float(self):
        self.assertEqual(load_float({}, [5, 5, 200]), {5: 2, 200: 1})

    def test_load_float_limit(self):
        with self.assertRaises(ValueError):
            load_float({}, [10] * 21)

    def test_make_change_short(self):
        till = {50: 1}
        with self.assertRaises(ValueError):
            make_change(70, till)
        self.assertEqual(till, {50: 1})

    def test_coin_name(self):
        self.assertEqual([coin_name(c) for c in (5, 200)], ["5c", "2 EUR"])


if __name__ == "__main__":
    unittest.main()
