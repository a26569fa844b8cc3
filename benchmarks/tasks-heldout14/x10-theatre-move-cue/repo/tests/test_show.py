import unittest
from pathlib import Path

from cuesheet.export import from_csv, to_csv
from cuesheet.show import Cue, Show, load_show
from cuesheet.timing import longest_fade, sequence_seconds

TEMPEST = Path(__file__).resolve().parent.parent / "shows" / "tempest.cues"


class ShowTest(unittest.TestCase):
    def setUp(self):
        self.show = load_show(TEMPEST)

    def test_load(self):
        self.assertEqual(self.show.title, "The Tempest (studio)")
        self.assertEqual([c.number for c in self.show.cues], [1, 2, 10, 10.5, 11])

    def test_add(self):
        show = Show("x", [Cue(2, "b")])
        show.add(Cue(1.5, "a"))
        self.assertEqual([c.label for c in show.cues], ["a", "b"])
        with self.assertRaises(ValueError):
            show.add(Cue(2, "again"))

    def test_timing(self):
        self.assertEqual(sequence_seconds(self.show.cues), 10.0)
        self.assertEqual(longest_fade(self.show.cues).label, "Island dawn")

    def test_csv_round_trip(self):
        self.assertEqual(from_csv(to_csv(self.show.cues)), self.show.cues)
        self.assertEqual(to_csv(self.show.cues[:1]), "cue,label,fade,follow\n1,House to half,5,2\n")


if __name__ == "__main__":
    unittest.main()
