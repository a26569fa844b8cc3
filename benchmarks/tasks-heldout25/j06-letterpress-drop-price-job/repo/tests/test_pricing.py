import unittest

from letterpress.pricing import Job, quote


class QuoteTests(unittest.TestCase):
    def test_one_ink_one_side(self):
        self.assertEqual(quote(Job(100, 1)), 2500 + 400 + 900)

    def test_two_inks_both_sides(self):
        self.assertEqual(quote(Job(250, 2, "uncoated", 2)), 10000 + 4000 + 2250)

    def test_paper(self):
        self.assertEqual(quote(Job(10, 1, "cotton")) - quote(Job(10, 1, "uncoated")), 130)

    def test_bad_jobs(self):
        for job in (Job(0, 1), Job(10, 0), Job(10, 1, "vellum"), Job(10, 1, sides=3)):
            with self.assertRaises(ValueError):
                quote(job)


if __name__ == "__main__":
    unittest.main()
