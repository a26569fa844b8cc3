import json
import unittest

from karaoke import SongQueue, to_json, to_text
from karaoke.cli import read_signups


def sample():
    q = SongQueue()
    q.add("mia", "Dancing Queen", "ABBA")
    q.add("mia", "Valerie")
    q.add("raj", "Wonderwall", "Oasis")
    return q


class QueueTests(unittest.TestCase):
    def test_round_robin(self):
        order = [(s, t) for s, t, _ in sample().upcoming()]
        self.assertEqual(order, [("mia", "Dancing Queen"), ("raj", "Wonderwall"),
                                 ("mia", "Valerie")])

    def test_next_consumes(self):
        q = sample()
        self.assertEqual(q.next(), ("mia", "Dancing Queen", "ABBA"))
        self.assertEqual(len(q), 2)
        q.next(), q.next()
        self.assertIsNone(q.next())

    def test_text(self):
        self.assertEqual(to_text(sample()).splitlines()[1], " 2. raj        Wonderwall (Oasis)")

    def test_json(self):
        rows = json.loads(to_json(sample()))
        self.assertEqual(rows[2], {"position": 3, "singer": "mia", "title": "Valerie",
                                   "artist": ""})

    def test_read_signups(self):
        q = read_signups("# tonight\nmia | Valerie\n\nraj | Creep | Radiohead\n")
        self.assertEqual(q.upcoming()[1], ("raj", "Creep", "Radiohead"))


if __name__ == "__main__":
    unittest.main()
