import unittest

from spokewrench.jobs import job_card, job_total, labour_cents


class JobsTest(unittest.TestCase):
    def test_labour(self):
        self.assertEqual(labour_cents(["Puncture", " gear index "]), 2700)

    def test_unknown_task(self):
        with self.assertRaises(ValueError):
            labour_cents(["paint job"])

    def test_total_with_parts(self):
        self.assertEqual(job_total(["brake bleed"], parts_cents=1999), 2500 + 1999 + 300)

    def test_job_card(self):
        card = job_card("R. Fahrer", ["Full Service"])
        self.assertEqual(card.splitlines(), ["Job card: R. Fahrer", "  - full service",
                                             "  total 65.00"])


if __name__ == "__main__":
    unittest.main()
