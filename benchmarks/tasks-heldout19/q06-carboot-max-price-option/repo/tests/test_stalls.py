import unittest

from carboot.stalls import items, line


class StallsTest(unittest.TestCase):
    def test_all_items(self):
        self.assertEqual(len(items()), 8)

    def test_one_stall_any_case(self):
        self.assertEqual([i[1] for i in items("lou")], ["garden chair", "vase"])

    def test_line(self):
        self.assertEqual(line(("Pat", "jigsaw", 75)), "Pat   jigsaw             0.75")


if __name__ == "__main__":
    unittest.main()
