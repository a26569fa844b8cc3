import os
import tempfile
import unittest

from loom.cost import money, project_pence
from loom.projects import load_project, yarn_totals
from loom.yarn import yarn_lines


class ProjectTest(unittest.TestCase):
    def test_load(self):
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "p.txt")
            with open(path, "w", encoding="utf-8") as f:
                f.write("name: Tea towel\n# note\nwarp, 8/2 cotton natural, 500\n\nWEFT, 8/2 cotton rust, 300\n")
            self.assertEqual(load_project(path),
                             ("Tea towel", [("warp", "8/2 cotton natural", 500), ("weft", "8/2 cotton rust", 300)]))

    def test_totals(self):
        self.assertEqual(yarn_totals([("warp", "a", 100), ("weft", "a", 50), ("weft", "b", 10)], {}),
                         {"a": 150, "b": 10})

    def test_yarn_lines(self):
        lines = yarn_lines("Mat", [("warp", "x", 1600)])
        self.assertEqual(lines[1].split(), ["x", "1760", "m", "2", "cone(s)"])

    def test_cost(self):
        self.assertEqual(project_pence({"a": 150}, {"a": 100}), 150)
        self.assertEqual(project_pence({"a": 1}, {"a": 95}), 1)
        self.assertEqual(money(1234), "£12.34")


if __name__ == "__main__":
    unittest.main()
