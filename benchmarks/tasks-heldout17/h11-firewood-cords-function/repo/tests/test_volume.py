import unittest

from logpile.volume import loose_to_stacked, stack_volume


class StackVolumeTest(unittest.TestCase):
    def test_volume(self):
        self.assertEqual(stack_volume(2.4, 1.2, 0.5), 1.44)

    def test_negative_rejected(self):
        with self.assertRaises(ValueError):
            stack_volume(2, -1, 1)


class LooseTest(unittest.TestCase):
    def test_settles(self):
        self.assertEqual(loose_to_stacked(3.0), 2.1)


if __name__ == "__main__":
    unittest.main()
