import contextlib
import io
import json
import os
import tempfile
import unittest

from todo.cli import main


class CliTests(unittest.TestCase):
    def setUp(self):
        fd, self.path = tempfile.mkstemp(suffix=".json")
        os.close(fd)
        tasks = [
            {"id": 1, "title": "write report", "done": False},
            {"id": 2, "title": "call bank", "done": True},
            {"id": 3, "title": "water plants", "done": False},
        ]
        with open(self.path, "w") as fh:
            json.dump(tasks, fh)

    def tearDown(self):
        os.remove(self.path)

    def run_cli(self, *argv):
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            code = main(["--file", self.path, *argv])
        return code, out.getvalue()

    def test_list_hides_done(self):
        code, out = self.run_cli("list")
        self.assertEqual(code, 0)
        self.assertIn("write report", out)
        self.assertNotIn("call bank", out)

    def test_done_marks_task(self):
        self.run_cli("done", "3")
        code, out = self.run_cli("list")
        self.assertNotIn("water plants", out)
