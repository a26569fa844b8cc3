import unittest

from envload import parse_env, ParseError


class ParserTests(unittest.TestCase):
    def test_basic(self):
        self.assertEqual(parse_env("A=1\nB = two\n"), {"A": "1", "B": "two"})

    def test_comments_and_blanks(self):
        self.assertEqual(parse_env("# hi\n\nA=1\n   # indented comment\n"), {"A": "1"})

    def test_value_may_contain_equals(self):
        self.assertEqual(parse_env("URL=postgres://u:p@h/db?x=1"), {"URL": "postgres://u:p@h/db?x=1"})

    def test_empty_value(self):
        self.assertEqual(parse_env("EMPTY="), {"EMPTY": ""})

    def test_errors(self):
        with self.assertRaises(ParseError):
            parse_env("JUSTAWORD")
        with self.assertRaises(ParseError):
            parse_env("1BAD=x")
