import unittest
import warnings

from mdtable import format_table_v1


class LegacyTests(unittest.TestCase):
    def test_v1_output(self):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            got = format_table_v1([["a", 1]], ["k", "v"])
        self.assertEqual(got, "|k|v|\n|---|---|\n|a|1|")

    def test_warns(self):
        with self.assertWarns(DeprecationWarning):
            format_table_v1([], ["k"])


if __name__ == "__main__":
    unittest.main()
