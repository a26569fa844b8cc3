"""Reading CSV input."""
import csv


def load_rows(path, encoding="utf-8"):
    """All rows of a CSV file as dicts keyed by the header row."""
    with open(path, newline="", encoding=encoding) as fh:
        reader = csv.DictReader(fh)
        if reader.fieldnames is None:
            return []
        return [dict(row) for row in reader]
