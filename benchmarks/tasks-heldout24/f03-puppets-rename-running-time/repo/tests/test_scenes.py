import unittest

from puppets.scenes import Scene, parse_scene, puppets_needed, show_length


class SceneTests(unittest.TestCase):
    def test_parse(self):
        s = parse_scene("The Dragon Wakes | 12 | Dragon, Knight")
        self.assertEqual(s, Scene("The Dragon Wakes", 12, ["Dragon", "Knight"]))
        with self.assertRaises(ValueError):
            parse_scene("No minutes | | Owl")

    def test_short_show_has_no_interval(self):
        scenes = [Scene("A", 10), Scene("B", 12), Scene("C", 8)]
        self.assertEqual(show_length(scenes), 34)

    def test_long_show_has_interval(self):
        scenes = [Scene("A", 20), Scene("B", 25)]
        self.assertEqual(show_length(scenes), 62)
        self.assertEqual(show_length(scenes, interval=20), 67)

    def test_empty_show(self):
        self.assertEqual(show_length([]), 0)

    def test_puppets_needed(self):
        scenes = [Scene("A", 5, ["Owl", "Fox"]), Scene("B", 5, ["Fox", "Hare"])]
        self.assertEqual(puppets_needed(scenes), ["Owl", "Fox", "Hare"])


if __name__ == "__main__":
    unittest.main()
