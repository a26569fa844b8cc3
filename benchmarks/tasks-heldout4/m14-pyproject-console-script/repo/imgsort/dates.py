import os
import re
from datetime import datetime

_NAME_DATE = re.compile(r"(?<!\d)(20\d{2})(\d{2})(\d{2})[_-]?(\d{2})?(\d{2})?(\d{2})?")


def date_from_name(filename):
    m = _NAME_DATE.search(os.path.basename(filename))
    if not m:
        return None
    year, month, day = (int(g) for g in m.group(1, 2, 3))
    try:
        return datetime(year, month, day)
    except ValueError:
        return None


def photo_date(path):
    return date_from_name(path) or datetime.fromtimestamp(os.path.getmtime(path))
