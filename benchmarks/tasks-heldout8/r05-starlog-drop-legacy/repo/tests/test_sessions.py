import unittest

from starlog.sessions import load_log, parse_line


class SessionsTest(unittest.TestCase):
    def test_parse_line(self):
        obs = parse_line("2026-02-11 21:40 m42 seeing=3 nice nebulosity")
        self.assertEqual(obs.target, "M42")
        self.assertEqual(obs.seeing, 3)
        self.assertEqual(obs.notes, "nice nebulosity")

    def test_parse_line_without_notes(self):
        self.assertEqual(parse_line("2026-02-11 22:05 M45 seeing=4").notes, "")

    def test_bad_line(self):
        with self.assertRaises(ValueError):
            parse_line("2026-02-11 M42")

    def test_load_skips_comments(self):
        obs = load_log(["# cold night", "", "2026-02-11 21:40 M42 seeing=3"])
        self.assertEqual(len(obs), 1)


if __name__ == "__main__":
    unittest.main()
