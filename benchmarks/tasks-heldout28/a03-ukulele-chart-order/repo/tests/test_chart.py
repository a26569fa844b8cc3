import unittest

from uke.chart import chart
from uke.requests import Request, counts
from uke.songbook import songbook

REQUESTS = [Request("n1", "Valerie", "Amy Winehouse", "A"), Request("n1", "Jolene", "Dolly Parton", "B"),
            Request("n2", "Valerie", "Amy Winehouse", "C")]


class ChartTest(unittest.TestCase):
    def test_counts(self):
        self.assertEqual(counts(REQUESTS), {("Valerie", "Amy Winehouse"): 2, ("Jolene", "Dolly Parton"): 1})

    def test_chart_entries(self):
        self.assertEqual(sorted(chart(REQUESTS)), [(1, "Jolene", "Dolly Parton"), (2, "Valerie", "Amy Winehouse")])

    def test_top_limits_length(self):
        self.assertEqual(len(chart(REQUESTS, top=1)), 1)

    def test_songbook_a_to_z(self):
        self.assertEqual([r.title for r in songbook(REQUESTS)], ["Jolene", "Valerie"])
        self.assertEqual(songbook(REQUESTS)[1].by, "A")


if __name__ == "__main__":
    unittest.main()
