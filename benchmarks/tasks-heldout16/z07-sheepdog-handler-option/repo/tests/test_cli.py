import io
import os
import tempfile
import unittest

from crookrun.cli import main

CSV = """handler,dog,class,outrun,lift,fetch,drive,shed,pen,retired
Ann Price,Moss,open,18,9,17,26,8,9,no
Bob Hill,Fly,open,15,8,16,28,9,10,no
Ann Price,Tess,novice,12,6,14,20,5,6,no
Dan Ross,Glen,open,10,5,10,10,0,0,yes
"""


class CliTest(unittest.TestCase):
    def setUp(self):
        fd, self.path = tempfile.mkstemp(suffix=".csv")
        with os.fdopen(fd, "w") as fh:
            fh.write(CSV)

    def tearDown(self):
        os.remove(self.path)

    def run_cli(self, *argv):
        out = io.StringIO()
        self.assertEqual(main(list(argv), out), 0)
        return out.getvalue().splitlines()

    def test_results(self):
        lines = self.run_cli("results", "--file", self.path)
        self.assertEqual(lines[0], "Open class, 3 runs")
        self.assertIn("Moss", lines[1])
        self.assertIn("RT", lines[3])

    def test_dogs(self):
        self.assertEqual(self.run_cli("dogs", "--file", self.path),
                         ["Ann Price: Moss, Tess", "Bob Hill: Fly", "Dan Ross: Glen"])


if __name__ == "__main__":
    unittest.main()
