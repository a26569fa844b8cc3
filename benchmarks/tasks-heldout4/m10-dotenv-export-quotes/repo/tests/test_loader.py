import os
import tempfile
import unittest

from envload import load_env


class LoaderTests(unittest.TestCase):
    def test_override_flag(self):
        fd, path = tempfile.mkstemp()
        with os.fdopen(fd, "w") as fh:
            fh.write("A=file\nB=file\n")
        self.addCleanup(os.remove, path)
        env = {"A": "env"}
        load_env(path, environ=env)
        self.assertEqual(env, {"A": "env", "B": "file"})
        load_env(path, override=True, environ=env)
        self.assertEqual(env["A"], "file")

    def test_missing_file(self):
        self.assertEqual(load_env("/nonexistent/.env", environ={}), {})
