import unittest

from mason.lettering import count_letters, lettering_pence
from mason.money import percent_of, pounds, round_up_50
from mason.quote import memorial_lines, recut_lines


class MoneyTest(unittest.TestCase):
    def test_pounds(self):
        self.assertEqual(pounds(1146020), "£11,460.20")
        self.assertEqual(pounds(5), "£0.05")

    def test_already_on_50p(self):
        self.assertEqual(round_up_50(114650), 114650)
        self.assertEqual(round_up_50(0), 0)

    def test_percent(self):
        self.assertEqual(percent_of(1000, 20), 200)


class LetteringTest(unittest.TestCase):
    def test_count(self):
        self.assertEqual(count_letters("In loving memory, 1932-2024"), 22)

    def test_price(self):
        self.assertEqual(lettering_pence("Ada", "raised"), 3 * 735)
        with self.assertRaises(ValueError):
            lettering_pence("Ada", "painted")

    def test_lines(self):
        self.assertEqual(len(memorial_lines("portland", 58000, "Ada", "incised", fixing=True)), 3)
        self.assertEqual(recut_lines("Ada", "gilded")[0], ("site visit", 6000))


if __name__ == "__main__":
    unittest.main()
