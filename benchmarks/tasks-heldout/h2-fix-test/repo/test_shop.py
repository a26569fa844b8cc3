import unittest
from shop import discount


class T(unittest.TestCase):
    def test_ten_percent(self):
        self.assertEqual(discount(200, 10), 180)


if __name__ == '__main__':
    unittest.main()
