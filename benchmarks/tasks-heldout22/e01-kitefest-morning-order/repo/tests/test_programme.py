import unittest

from kitefest.programme import (Display, clashes, end_time, parse_programme, programme_lines,
                                running_order, to_minutes, up_next)

CSV = """arena,start,minutes,title,flyer
Main,14:15,20,Fighter Kite Duel,Patang Friends
Main,10:15,30,Stunt Kite Ballet,Aerial Tricks
Family,11:00,30,Parachute Drop,Moorland Inflatables
Main,11:00,25,Giant Octopus,Moorland Inflatables
Family,11:20,40,Bubble Kites,Hallam Kite Club
"""


class ProgrammeTests(unittest.TestCase):
    def setUp(self):
        self.displays = parse_programme(CSV)

    def test_to_minutes(self):
        self.assertEqual(to_minutes("14:15"), 855)
        self.assertEqual(to_minutes("9:05"), 545)

    def test_end_time(self):
        self.assertEqual(end_time(Display("Main", "10:15", 30, "x", "y")), "10:45")
        self.assertEqual(end_time(Display("Main", "11:50", 25, "x", "y")), "12:15")

    def test_running_order(self):
        titles = [d.title for d in running_order(self.displays)]
        self.assertEqual(titles, ["Stunt Kite Ballet", "Parachute Drop", "Giant Octopus",
                                  "Bubble Kites", "Fighter Kite Duel"])

    def test_one_arena(self):
        titles = [d.title for d in running_order(self.displays, "main")]
        self.assertEqual(titles, ["Stunt Kite Ballet", "Giant Octopus", "Fighter Kite Duel"])

    def test_up_next(self):
        self.assertEqual(up_next(self.displays, "11:00").title, "Bubble Kites")
        self.assertIsNone(up_next(self.displays, "14:30"))

    def test_clashes(self):
        self.assertEqual(clashes(self.displays), [("Parachute Drop", "Bubble Kites")])

    def test_lines(self):
        self.assertEqual(programme_lines(self.displays, "Family")[0],
                         "11:00-11:30  Family       Parachute Drop (Moorland Inflatables)")

    def test_bad_length(self):
        with self.assertRaises(ValueError):
            parse_programme("arena,start,minutes,title,flyer\nMain,10:00,0,Nothing,Nobody\n")


if __name__ == "__main__":
    unittest.main()
