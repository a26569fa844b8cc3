import unittest

from relkit.version import bump, compare_versions, latest, parse_version


class ParseTests(unittest.TestCase):
    def test_parse_prerelease(self):
        core, pre = parse_version("v1.4.2-rc1")
        self.assertEqual(pre, "rc1")
        self.assertEqual([int(n) for n in core], [1, 4, 2])

    def test_parse_rejects_garbage(self):
        with self.assertRaises(ValueError):
            parse_version("1.4")


class CompareTests(unittest.TestCase):
    def test_compare_simple(self):
        self.assertEqual(compare_versions("1.2.0", "1.3.0"), -1)
        self.assertEqual(compare_versions("2.0.0", "2.0.0"), 0)

    def test_prerelease_before_release(self):
        self.assertEqual(compare_versions("2.0.0-rc1", "2.0.0"), -1)
        self.assertEqual(compare_versions("2.0.0", "2.0.0-rc1"), 1)

    def test_compare_multi_digit_minor(self):
        self.assertEqual(compare_versions("1.10.0", "1.9.0"), 1)
        self.assertEqual(latest(["1.9.3", "1.10.0", "1.2.7"]), "1.10.0")


class BumpTests(unittest.TestCase):
    def test_bump_minor_resets_patch(self):
        self.assertEqual(bump("1.4.2", "minor"), "1.5.0")

    def test_bump_patch(self):
        self.assertEqual(bump("v0.9.9"), "0.9.10")
