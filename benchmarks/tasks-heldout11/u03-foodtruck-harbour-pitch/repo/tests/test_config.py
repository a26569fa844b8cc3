import os
import tempfile
import unittest

from truckstop.config import load_pitches

SAMPLE = b"""
[defaults]
opens = "11:00"
closes = "14:00"

[[pitch]]
name = "Corner"
days = ["mon", "sat"]
fee = 20

[[pitch]]
name = "Late"
days = ["fri"]
fee = 35
opens = "18:00"
closes = "23:00"
"""


def _write(data):
    fd, path = tempfile.mkstemp(suffix=".toml")
    with os.fdopen(fd, "wb") as fh:
        fh.write(data)
    return path


class LoadTest(unittest.TestCase):
    def test_defaults_filled_in(self):
        path = _write(SAMPLE)
        try:
            corner, late = load_pitches(path)
        finally:
            os.remove(path)
        self.assertEqual((corner.opens, corner.closes), ("11:00", "14:00"))
        self.assertEqual((late.opens, late.closes, late.fee), ("18:00", "23:00", 35))
        self.assertEqual(corner.days, ("mon", "sat"))

    def test_unknown_day(self):
        path = _write(SAMPLE.replace(b'"sat"', b'"saturday"'))
        try:
            with self.assertRaises(ValueError):
                load_pitches(path)
        finally:
            os.remove(path)

    def test_shipped_file_loads(self):
        pitches = load_pitches()
        self.assertTrue(pitches)
        self.assertTrue(all(p.fee > 0 for p in pitches))


if __name__ == "__main__":
    unittest.main()
