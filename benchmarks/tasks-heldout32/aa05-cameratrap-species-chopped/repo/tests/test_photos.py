import unittest

from trapcam.night import is_night
from trapcam.photos import Photo, parse_name


class PhotosTest(unittest.TestCase):
    def test_parse_name(self):
        self.assertEqual(parse_name("photos/path_20240505_2333_fox.jpg"), Photo("path", "2024-05-05", "23:33", "fox"))

    def test_two_word_species(self):
        self.assertEqual(parse_name("gate_20240504_0612_roe-deer.jpg").species, "roe deer")

    def test_night(self):
        self.assertTrue(is_night("21:00"))
        self.assertTrue(is_night("05:59"))
        self.assertFalse(is_night("06:00"))


if __name__ == "__main__":
    unittest.main()
