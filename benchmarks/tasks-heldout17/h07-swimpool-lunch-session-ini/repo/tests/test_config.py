import os
import tempfile
import unittest

from lanes.config import capacity, load_sessions

SAMPLE = """
[DEFAULT]
lanes = 3
per_lane = 5

[session.dawn]
start = 06:00
end = 07:00
per_lane = 4
"""


class LoadSessionsTest(unittest.TestCase):
    def test_defaults_fill_in(self):
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "pool.ini")
            with open(path, "w") as fh:
                fh.write(SAMPLE)
            dawn = load_sessions(path)["dawn"]
        self.assertEqual(dawn, {"start": "06:00", "end": "07:00", "lanes": 3, "per_lane": 4})

    def test_real_timetable_has_three_sessions(self):
        self.assertEqual(sorted(load_sessions()), ["early", "evening", "lunch"])

    def test_capacity(self):
        self.assertEqual(capacity({"lanes": 6, "per_lane": 8}), 48)


if __name__ == "__main__":
    unittest.main()
