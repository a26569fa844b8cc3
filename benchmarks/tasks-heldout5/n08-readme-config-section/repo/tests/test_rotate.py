import datetime
import unittest

from pgrotate.config import load_settings
from pgrotate.rotate import files_to_delete


def names(days, prefix="db-"):
    start = datetime.date(2026, 3, 1)
    return [prefix + (start + datetime.timedelta(d)).isoformat() + ".sql.gz" for d in days]


class RotateTests(unittest.TestCase):
    def test_keeps_daily_and_weekly(self):
        files = names(range(21)) + ["notes.txt"]
        gone = files_to_delete(files, "db-", keep_daily=3, keep_weekly=2)
        self.assertEqual(len(gone), 17)
        self.assertNotIn("db-2026-03-21.sql.gz", gone)
        self.assertNotIn("notes.txt", gone)

    def test_other_prefix_ignored(self):
        self.assertEqual(files_to_delete(names(range(5), "x-"), "db-", 1, 0), [])

    def test_settings_defaults_and_overrides(self):
        s = load_settings({"PGROTATE_KEEP_DAILY": "2", "PGROTATE_DRY_RUN": "yes"})
        self.assertEqual((s.keep_daily, s.keep_weekly, s.dry_run), (2, 4, True))
        self.assertEqual(load_settings({}).backup_dir, "/var/backups/postgres")
