import unittest

from cuesheet.show import Cue


class CueTest(unittest.TestCase):
    def test_parse(self):
        c = Cue.parse("Q12.5 'Blackout' fade=0 follow=2")
        self.assertEqual((c.number, c.label, c.fade, c.follow), (12.5, "Blackout", 0.0, 2.0))

    def test_defaults(self):
        self.assertEqual(Cue.parse("Q3 'Warm'").fade, 3.0)

    def test_bad_line(self):
        with self.assertRaises(ValueError):
            Cue.parse("12 Blackout")

    def test_order_and_describe(self):
        self.assertLess(Cue(12, "a"), Cue(12.5, "b"))
        self.assertEqual(Cue(4, "Sunset", 8, 1).describe(), "Q4 Sunset (8s), auto-follow after 1s")
