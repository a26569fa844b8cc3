import unittest

from subshift.srt import Cue, dump, parse, shift
from subshift.timing import format_ts, parse_ts

DOC = """1
00:00:01,000 --> 00:00:02,500
Hello.

2
00:01:00,250 --> 00:01:03,000
Two lines
of text.
"""


class TimingTests(unittest.TestCase):
    def test_round_trip(self):
        self.assertEqual(parse_ts("01:02:03,004"), 3723004)
        self.assertEqual(format_ts(3723004), "01:02:03,004")

    def test_bad_timestamp(self):
        with self.assertRaises(ValueError):
            parse_ts("1:02:03.004")


class SrtTests(unittest.TestCase):
    def test_parse(self):
        cues = parse(DOC)
        self.assertEqual(cues[0], Cue(1, 1000, 2500, "Hello."))
        self.assertEqual(cues[1].text, "Two lines\nof text.")

    def test_dump_round_trip(self):
        self.assertEqual(dump(parse(DOC)), DOC)

    def test_shift_clamps(self):
        cues = shift(parse(DOC), -1500)
        self.assertEqual((cues[0].start, cues[0].end), (0, 1000))
        self.assertEqual(cues[1].start, 58750)


if __name__ == "__main__":
    unittest.main()
