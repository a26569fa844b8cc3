import unittest

from tablefmt import column_widths, format_row, render_table


class RenderTests(unittest.TestCase):
    def test_widths(self):
        self.assertEqual(column_widths([["a", "bbb"], ["cc", "d"]]), [2, 3])

    def test_format_row(self):
        self.assertEqual(format_row(["a", "b"], [3, 2]), "a   | b")

    def test_render_table(self):
        table = render_table([["name", "qty"], ["apple", 3]])
        self.assertEqual(table, "name  | qty\napple | 3")
