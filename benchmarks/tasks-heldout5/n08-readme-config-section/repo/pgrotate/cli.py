"""python -m pgrotate.cli: delete dumps outside the retention window."""
import os
import sys

from pgrotate.config import load_settings
from pgrotate.rotate import files_to_delete


def main():
    s = load_settings()
    names = os.listdir(s.backup_dir)
    for name in files_to_delete(names, s.prefix, s.keep_daily, s.keep_weekly):
        print(("would delete " if s.dry_run else "deleting ") + name)
        if not s.dry_run:
            os.remove(os.path.join(s.backup_dir, name))
    return 0


if __name__ == "__main__":
    sys.exit(main())
