import datetime
import unittest

from relkit.changelog import next_heading, released_versions

SAMPLE = """# Changelog

## [0.9.1] - 2026-03-02
- fix crash when the config file is empty

## [0.9.0] - 2026-02-11
- first beta
"""


class ChangelogTests(unittest.TestCase):
    def test_released_versions(self):
        self.assertEqual(released_versions(SAMPLE), ["0.9.1", "0.9.0"])

    def test_next_heading_minor(self):
        got = next_heading(SAMPLE, "minor", today=datetime.date(2026, 4, 1))
        self.assertEqual(got, "## [0.10.0] - 2026-04-01")

    def test_next_heading_empty_changelog(self):
        got = next_heading("# Changelog\n", today=datetime.date(2026, 4, 1))
        self.assertEqual(got, "## [0.0.1] - 2026-04-01")
