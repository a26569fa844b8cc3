import os
import tempfile
import unittest
from datetime import date

from orchids.plants import by_genus, read_plants

ROWS = "name,genus,pot_cm,repotted\nPink Lady,Phalaenopsis,12,2023-03-14\nKingianum,Dendrobium,10,2024-05-20\n"


class PlantTests(unittest.TestCase):
    def setUp(self):
        fd, self.path = tempfile.mkstemp(suffix=".csv")
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(ROWS)

    def tearDown(self):
        os.remove(self.path)

    def test_reads_rows(self):
        plants = read_plants(self.path)
        self.assertEqual([p.name for p in plants], ["Pink Lady", "Kingianum"])
        self.assertEqual(plants[0].repotted, date(2023, 3, 14))
        self.assertEqual(plants[1].pot_cm, 10)

    def test_by_genus(self):
        self.assertEqual(by_genus(read_plants(self.path)),
                         {"Dendrobium": ["Kingianum"], "Phalaenopsis": ["Pink Lady"]})


if __name__ == "__main__":
    unittest.main()
