import unittest

from plotkeeper.plots import held_by, load_plots


class PlotTests(unittest.TestCase):
    def test_load(self):
        plots = load_plots("data/plots.csv")
        self.assertEqual(len(plots), 5)
        self.assertEqual(plots[0].size_m2, 120)

    def test_held_by(self):
        plots = load_plots("data/plots.csv")
        self.assertEqual([p.plot for p in held_by(plots, "okafor")], ["A2", "B2"])


if __name__ == "__main__":
    unittest.main()
