import contextlib
import io
import os
import tempfile
import unittest
from datetime import date

from treesurvey.cli import main
from treesurvey.trees import in_ward, next_inspection, parse_register, sort_trees

REGISTER = """tree_id,species,street,ward,height_m,last_inspected,risk
T0003,London plane,Mill Road,Riverside,21.5,2024-09-02,high
T0001,Silver birch,Park Lane,Abbey,11,2024-01-15,low
T0002,Horse chestnut,Mill Road,riverside,18,2024-05-20,medium
"""


class TreeTests(unittest.TestCase):
    def setUp(self):
        self.trees = parse_register(REGISTER)

    def test_next_inspection(self):
        self.assertEqual(next_inspection(self.trees[0]), date(2025, 3, 3))
        self.assertEqual(next_inspection(self.trees[1]), date(2026, 1, 14))

    def test_ward_ignores_case(self):
        self.assertEqual([t.tree_id for t in in_ward(self.trees, "RIVERSIDE")], ["T0003", "T0002"])

    def test_sort(self):
        self.assertEqual([t.tree_id for t in sort_trees(self.trees)], ["T0001", "T0002", "T0003"])
        self.assertEqual([t.tree_id for t in sort_trees(self.trees, "next")], ["T0003", "T0002", "T0001"])


class CliTests(unittest.TestCase):
    def run_cli(self, *args):
        fd, path = tempfile.mkstemp(suffix=".csv")
        with os.fdopen(fd, "w") as fh:
            fh.write(REGISTER)
        out = io.StringIO()
        try:
            with contextlib.redirect_stdout(out):
                main([path] + list(args))
        finally:
            os.remove(path)
        return out.getvalue().splitlines()

    def test_list_ward(self):
        lines = self.run_cli("--ward", "Riverside")
        self.assertEqual(len(lines), 3)
        self.assertTrue(lines[0].startswith("T0002"))
        self.assertEqual(lines[-1], "2 trees")


if __name__ == "__main__":
    unittest.main()
