import json
import os
import tempfile
import unittest

from escapehq.config import load_rooms


class ConfigTest(unittest.TestCase):
    def test_rooms_file_loads(self):
        rooms = load_rooms()
        self.assertIn("Sunken Submarine", [r.name for r in rooms])
        for room in rooms:
            self.assertGreater(room.price_cents, 0)

    def test_defaults_fill_gaps(self):
        sub = [r for r in load_rooms() if r.name == "Sunken Submarine"][0]
        self.assertEqual((sub.minutes, sub.max_players, sub.difficulty), (75, 6, "medium"))

    def test_unknown_key_rejected(self):
        data = {"defaults": {}, "rooms": [{"name": "X", "players": 4}]}
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "rooms.json")
            with open(path, "w") as fh:
                json.dump(data, fh)
            with self.assertRaises(ValueError):
                load_rooms(path)


if __name__ == "__main__":
    unittest.main()
