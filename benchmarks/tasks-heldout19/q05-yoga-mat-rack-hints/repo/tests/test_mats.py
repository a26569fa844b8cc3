import unittest

from studio.mats import MatRack


class MatRackTest(unittest.TestCase):
    def test_lends_lowest_number_first(self):
        rack = MatRack(3)
        self.assertEqual(rack.lend("Ana"), 1)
        self.assertEqual(rack.lend("Ben"), 2)
        rack.give_back("Ana")
        self.assertEqual(rack.lend("Cai"), 1)

    def test_no_double_lending(self):
        rack = MatRack(2)
        rack.lend("Ana")
        with self.assertRaises(ValueError):
            rack.lend("Ana")

    def test_rack_runs_out(self):
        rack = MatRack(1)
        rack.lend("Ana")
        with self.assertRaises(LookupError):
            rack.lend("Ben")

    def test_holder_board_and_takings(self):
        rack = MatRack(2, fee=2.0)
        rack.lend("Ana")
        self.assertEqual(rack.holder(1), "Ana")
        self.assertIsNone(rack.holder(2))
        self.assertEqual(rack.board(), ["mat 1: Ana", "mat 2: -"])
        self.assertEqual(rack.takings(), 2.0)


if __name__ == "__main__":
    unittest.main()
