import unittest

from castfeed.episodes import parse_episodes, select
from castfeed.feed import render
from castfeed.settings import load_settings

LINES = ["2025-01-10 | Pilot | ep1.mp3", "2025-02-07 | Second | ep2.mp3",
         "2025-03-07 | Third | ep3.mp3"]


class FeedTest(unittest.TestCase):
    def test_select_newest(self):
        settings = dict(load_settings(), max_episodes=2)
        self.assertEqual([e.title for e in select(parse_episodes(LINES), settings)],
                         ["Third", "Second"])

    def test_select_oldest(self):
        settings = dict(load_settings(), episode_order="oldest")
        self.assertEqual(select(parse_episodes(LINES), settings)[0].title, "Pilot")

    def test_render(self):
        xml = render(parse_episodes(LINES[:1]), load_settings())
        self.assertIn("<title>Untitled podcast</title>", xml)
        self.assertIn("artwork-1400x1400.jpg", xml)
        self.assertIn('url="http://localhost:8000/audio/ep1.mp3"', xml)


if __name__ == "__main__":
    unittest.main()
