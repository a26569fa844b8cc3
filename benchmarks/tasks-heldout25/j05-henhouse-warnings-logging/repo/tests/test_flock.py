import unittest

from henhouse.flock import breed_of, names


class FlockTests(unittest.TestCase):
    def test_breed(self):
        self.assertEqual(breed_of("Pip"), "Pekin")

    def test_names_sorted(self):
        self.assertEqual(names()[0], "Bess")


if __name__ == "__main__":
    unittest.main()
