import unittest

from dojo.rota import read_bookings, rota_lines

FILE = """# week 12
== Tue 19:00 senior
Aiko
Ben   # new member
== Sat 10:00 junior
Cal
"""


class RotaTests(unittest.TestCase):
    def test_read(self):
        sessions = read_bookings(FILE.splitlines())
        self.assertEqual([s.kind for s in sessions], ["senior", "junior"])
        self.assertEqual(sessions[0].booked, ["Aiko", "Ben"])

    def test_lines(self):
        lines = rota_lines(read_bookings(FILE.splitlines()))
        self.assertEqual(lines[1], "Sat 10:00  junior   1/16 booked")

    def test_name_before_session(self):
        with self.assertRaises(ValueError):
            read_bookings(["Aiko", "== Tue 19:00"])


if __name__ == "__main__":
    unittest.main()
