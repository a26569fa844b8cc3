import unittest

from mdlint.config import DEFAULTS, load_config
from mdlint.rules import lint_text


class RuleTests(unittest.TestCase):
    def test_clean_document(self):
        self.assertEqual(lint_text("# Title\n\nShort line.\n"), [])

    def test_long_line(self):
        self.assertEqual(lint_text("x" * 81), [(1, "line too long (81 > 80)")])
        self.assertEqual(lint_text("x" * 81, max_line_length=100), [])

    def test_url_lines_are_exempt(self):
        self.assertEqual(lint_text("- https://example.com/" + "a" * 90), [])

    def test_heading_and_whitespace(self):
        self.assertEqual(lint_text("#Title \n"),
                         [(1, "trailing whitespace"), (1, "missing space after heading marker")])

    def test_missing_config_uses_defaults(self):
        self.assertEqual(load_config("no-such-file.toml"), DEFAULTS)
