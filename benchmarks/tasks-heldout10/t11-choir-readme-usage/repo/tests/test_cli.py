import contextlib
import io
import unittest

from choirbook.cli import main


def run(argv):
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        main(argv)
    return buf.getvalue().splitlines()


class CliTests(unittest.TestCase):
    def test_roster_voice(self):
        self.assertEqual([l.split()[0] for l in run(["roster", "--voice", "soprano"])], ["Ada", "Eli"])

    def test_attendance(self):
        self.assertEqual(run(["attendance", "--rehearsal", "2026-11-12"]), ["Ada Moss", "Cleo Park"])
        self.assertEqual(run(["attendance", "--rehearsal", "2026-11-05", "--absent-only"]),
                         ["Cleo Park", "Eli Shaw"])

    def test_parts_csv(self):
        self.assertEqual(run(["parts", "Shenandoah", "--format", "csv"])[0], "soprano,melody")


if __name__ == "__main__":
    unittest.main()
