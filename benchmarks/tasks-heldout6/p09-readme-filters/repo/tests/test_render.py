import unittest

from tinytpl import FILTERS, render


class RenderTests(unittest.TestCase):
    def test_plain_and_dotted(self):
        self.assertEqual(render("{{ a }}-{{ b.c }}", {"a": 1, "b": {"c": "x"}}), "1-x")

    def test_missing_is_empty(self):
        self.assertEqual(render("[{{ nope }}]", {}), "[]")

    def test_filter_chain(self):
        ctx = {"tags": ["a", "b"]}
        self.assertEqual(render('{{ tags|join:" / "|upper }}', ctx), "A / B")

    def test_truncate_and_default(self):
        self.assertEqual(render("{{ s|truncate:8 }}", {"s": "abcdefghijkl"}), "abcde...")
        self.assertEqual(render('{{ s|default:"n/a" }}', {"s": ""}), "n/a")

    def test_escape(self):
        self.assertEqual(render("{{ s|escape }}", {"s": "<b>"}), "&lt;b&gt;")

    def test_unknown_filter(self):
        with self.assertRaises(KeyError):
            render("{{ a|nope }}", {"a": 1})

    def test_registry(self):
        self.assertIn("title", FILTERS)


if __name__ == "__main__":
    unittest.main()
