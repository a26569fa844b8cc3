import os
import tempfile
import unittest

from yachts.fleet import Boat, by_class, classes, load_fleet


class FleetTest(unittest.TestCase):
    def test_by_class_any_case(self):
        boats = [Boat(9, "B", "IOM", "x"), Boat(3, "A", "IOM", "y"), Boat(5, "C", "RG65", "z")]
        self.assertEqual([b.sail for b in by_class(boats, "iom")], [3, 9])

    def test_classes(self):
        self.assertEqual(classes([Boat(1, "A", "RG65", "x"), Boat(2, "B", "IOM", "y")]), ["IOM", "RG65"])

    def test_load(self):
        fd, path = tempfile.mkstemp(suffix=".csv")
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write("sail,name,class,skipper\n4, Puffin ,iom,Al\n")
        try:
            self.assertEqual(load_fleet(path), [Boat(4, "Puffin", "IOM", "Al")])
        finally:
            os.remove(path)


if __name__ == "__main__":
    unittest.main()
